#!/usr/bin/python3
"""The summary facts of a report of Snakemake run logs
(.snakemake/log/*.snakemake.log, the files given, one run each), from
the raw text with regular expressions and pandas (no jobframe code).
Each "[ctime]" line sets the time (UTC: the logs bundled were written
on a machine in UTC). A "rule NAME:" (or localrule, checkpoint) line
with an indented "jobid: N" starts an attempt of job N of its log;
"Finished job N." (or "Finished jobid: N ...") ends it in success,
"Error in rule NAME:" with its indented jobid in failure.
tasks = distinct (log, jobid); attempts = starts; successes and
failures; goodput and badput = the end - start seconds of the attempts
that succeeded and failed; jobs = runs = the logs; span from the
first to the last time of any log; the CPU-hours of ended attempts
(end - start times the threads: line, else 1), also the energy
section's core-hours. Prints one JSON object."""
import json
import re
import sys
from datetime import datetime, timezone

import pandas as pd

STAMP = re.compile(r'^\[(\w{3} \w{3} [ \d]\d \d\d:\d\d:\d\d \d{4})\]$')
START = re.compile(r'^(?:local)?(?:rule|checkpoint) (\S+):$')
ERROR = re.compile(r'^Error in rule (\S+):$')
DONE = re.compile(r'^Finished job (\d+)\.$|^Finished jobid: (\d+)')

rows, times, logs = [], [], []
for path in sys.argv[1:]:
    now, block, open_ = None, None, {}
    lines = open(path, encoding='utf-8').read().split('\n')
    for i, line in enumerate(lines + ['']):
        if block is not None:
            m = re.match(r'^    (\w+): ?(.*)$', line)
            if m:
                block[m.group(1)] = m.group(2).strip()
                continue
            if line.startswith('        '):
                continue
            kind = block.pop('_kind')
            job = int(block['jobid'])
            if kind == 'start':
                open_[job] = {'log': path, 'job': job, 'start': block['_time'], 'end': None, 'state': None,
                              'threads': float(block.get('threads', 1))}
                rows.append(open_[job])
            else:
                r = open_.pop(job)
                r['end'], r['state'] = block['_time'], 'failed'
            block = None
        m = STAMP.match(line)
        if m:
            now = datetime.strptime(m.group(1), '%a %b %d %H:%M:%S %Y').replace(tzinfo=timezone.utc).timestamp()
            times.append(now)
            continue
        if START.match(line):
            block = {'_kind': 'start', '_time': now}
        elif ERROR.match(line):
            block = {'_kind': 'error', '_time': now}
        elif DONE.match(line):
            m = DONE.match(line)
            job = int(m.group(1) or m.group(2))
            r = open_.pop(job)
            r['end'], r['state'] = now, 'success'
    logs.append(path)

df = pd.DataFrame(rows)
ended = df[df['end'].notna()]
ok, bad = ended[ended['state'] == 'success'], ended[ended['state'] == 'failed']
facts = {
    'tasks': int(df.groupby(['log', 'job']).ngroups), 'attempts': len(df),
    'successes': len(ok), 'failures': len(bad),
    'goodput': float((ok['end'] - ok['start']).sum()), 'badput': float((bad['end'] - bad['start']).sum()),
    'jobs': len(logs), 'span': max(times) - min(times),
    'CPU-hours of ended attempts': float(((ended['end'] - ended['start']) * ended['threads']).sum()) / 3600,
    'energy/core-hours': float(((ended['end'] - ended['start']) * ended['threads']).sum()) / 3600,
}
if len(logs) > 1:
    facts['runs'] = len(logs)
print(json.dumps(facts))
