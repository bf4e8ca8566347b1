#!/usr/bin/python3
"""The summary facts of a report of LSF accounting logs (lsb.acct; the
files given, read as one log), from the raw records with pandas (no
jobframe code). Fields are read by IBM's documented order up to
maxNumProcessors and idx (the job key is jobId and idx). A run is a
JOB_FINISH record with startTime > 0; it succeeded when jStatus has
DONE (64). tasks = the jobs that ran (a requeued job runs again: one
task, several attempts); attempts = runs; successes and failures
(runs); goodput and
badput (event time - startTime of successful and of other runs);
CPU-hours of ended attempts (event time - startTime, times
numProcessors); jobs = allocations = distinct job keys; span from the
first to the last of every submitTime, beginTime, startTime (0 is
unset) and event time; throughput: jobs ended (every job has its
JOB_FINISH) and completed (its last record DONE after a run);
durations: the median of event time - startTime and of startTime -
submitTime over the jobs that ran, from each job's last record.
Prints one JSON object; a key "section/fact" is a fact of that
section."""
import json
import re
import sys

import pandas as pd

TOKEN = re.compile(r'"((?:[^"]|"")*)"|(\S+)')


def fields(line):
    return [m.group(2) if m.group(1) is None else m.group(1).replace('""', '"') for m in TOKEN.finditer(line)]


rows = []
for path in sys.argv[1:]:
    with open(path, encoding='utf-8') as f:
        for line in f:
            if not line.strip():
                continue
            v = fields(line)
            if v[0] != 'JOB_FINISH':
                continue
            i = 22
            i += 1 + int(v[i])  # numAskedHosts and the hosts
            i += 1 + int(v[i])  # numExHosts and the hosts
            jstatus = int(v[i])
            i += 4 + 19 + 2  # jStatus, hostFactor, jobName, command, lsfRusage, mailUser, projectName
            i += 2  # exitStatus, maxNumProcessors
            idx = int(v[i + 2]) if len(v) > i + 2 else 0  # after loginShell and timeEvent
            rows.append({'job': f'{v[3]}[{idx}]', 'end': int(v[2]), 'procs': int(v[6]), 'submit': int(v[7]),
                         'begin': int(v[8]), 'start': int(v[10]), 'done': bool(jstatus & 64)})
df = pd.DataFrame(rows)
ran = df[df['start'] > 0]
run = ran['end'] - ran['start']
good, bad = ran[ran['done']], ran[~ran['done']]
last = df.groupby('job', sort=False).last()
last_ran = last[last['start'] > 0]
times = pd.concat([df['submit'], df['begin'], df['start'], df['end']])
times = times[times > 0]
facts = {
    'tasks': int(ran['job'].nunique()), 'attempts': len(ran), 'successes': len(good), 'failures': len(bad),
    'goodput': float((good['end'] - good['start']).sum()), 'badput': float((bad['end'] - bad['start']).sum()),
    'CPU-hours of ended attempts': float((run * ran['procs']).sum()) / 3600,
    'jobs': len(last), 'allocations': len(last), 'span': float(times.max() - times.min()),
    'throughput/jobs ended': len(last),
    'throughput/jobs completed': int((last_ran['done']).sum()),
    'durations/median job run time': float((last_ran['end'] - last_ran['start']).median()),
    'durations/median job queue wait': float((last_ran['start'] - last_ran['submit']).median()),
}
print(json.dumps(facts))
