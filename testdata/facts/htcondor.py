#!/usr/bin/python3
"""The summary facts of a report of an HTCondor job event log, from the
raw lines with pandas (no jobframe code). An event is a first line
"NNN (cluster.proc.subproc) date time text", its body and a "..." line;
dates without a year are read in 2000, a year later when one falls more
than 183 days before the one before. A run is an execute event (001) of
a job (ids of -1 are events of no job) up to the job's next evicted
(004), terminated (005), checkpointed (003), executable error (002),
shadow exception (007), aborted (009), held (012), reconnect failed
(024) or execute event; a termination with no run open makes a run
without a start. A run succeeded when a 005 with "(return value 0)"
ended it. tasks = jobs with a run; attempts = runs; successes and
failures (ended, not success); goodput and badput (end - start of
successful and of other ended runs that have a start); CPU-hours of
ended attempts (end - start times the Request of the Cpus row of the
partitionable resources table of the event that ended the run, where
it has one); jobs = distinct cluster.proc; span from the first to the
last event; throughput: jobs ended (their last run ended, or aborted)
and completed (their last run a success, not aborted). Prints one JSON
object; a key "section/fact" is a fact of that section."""
import json
import re
import sys
from datetime import datetime, timedelta

import pandas as pd

HEAD = re.compile(r'^(\d{3}) \((-?\d+)\.(-?\d+)\.(-?\d+)\) (\S+) (\S+)')
ENDS = {'002', '003', '004', '005', '007', '009', '012', '024'}

events = []
year, prev = 2000, None
for path in sys.argv[1:]:
    cur = None
    with open(path, encoding='utf-8') as f:
        for line in f:
            line = line.rstrip('\n')
            if line == '...':
                events.append(cur)
                cur = None
                continue
            m = HEAD.match(line) if cur is None else None
            if m:
                code, cl, pr, _, date, clock = m.groups()
                if '/' in date:
                    t = datetime.strptime(f'{year}/{date} {clock}', '%Y/%m/%d %H:%M:%S')
                    if prev is not None and t < prev - timedelta(days=183):
                        year += 1
                        t = t.replace(year=year)
                    prev = t
                else:
                    t = datetime.fromisoformat(f'{date} {clock}'.replace('Z', ''))
                cur = {'code': code, 'job': None if int(cl) < 0 else f'{int(cl)}.{int(pr)}',
                       'time': t.timestamp(), 'body': []}
            elif cur is not None:
                cur['body'].append(line)
ev = pd.DataFrame(events)

runs, open_run, aborted = [], {}, set()
for e in ev[ev['job'].notna()].itertuples():
    j = e.job
    if e.code == '009':
        aborted.add(j)
    if e.code in ENDS or e.code == '001':
        r = open_run.pop(j, None)
        if r is None and e.code == '005':
            r = {'job': j, 'start': None}
        if r is not None:
            body = '\n'.join(e.body)
            m = re.search(r'^\s*Cpus\s*:\s*(\S+)\s+(\S+)\s+(\S+)\s*$', body, re.M) or \
                re.search(r'^\s*Cpus\s*:\s+(\S+)\s+(\S+)\s*$', body, re.M)
            r.update(end=e.time, ok=e.code == '005' and '(return value 0)' in body,
                     cpus=float(m.group(len(m.groups()) - 1)) if m else None)
            runs.append(r)
    if e.code == '001':
        open_run[j] = {'job': j, 'start': e.time}
runs.extend(open_run.values())
rd = pd.DataFrame(runs, columns=['job', 'start', 'end', 'ok', 'cpus'])
ended = rd[rd['end'].notna()]
timed = ended[ended['start'].notna()]
good, bad = timed[timed['ok'] == True], timed[timed['ok'] != True]
last = rd.groupby('job').last() if len(rd) else rd
jobs = ev['job'].dropna().unique()
facts = {
    'tasks': int(rd['job'].nunique()), 'attempts': len(rd),
    'successes': int((ended['ok'] == True).sum()), 'failures': int((ended['ok'] != True).sum()),
    'goodput': float((good['end'] - good['start']).sum()), 'badput': float((bad['end'] - bad['start']).sum()),
    'jobs': len(jobs), 'span': float(ev['time'].max() - ev['time'].min()),
}
withcpus = timed[timed['cpus'].notna()]
if len(withcpus):
    facts['CPU-hours of ended attempts'] = float(((withcpus['end'] - withcpus['start']) * withcpus['cpus']).sum()) / 3600
if len(rd):
    done = {j for j in jobs if j in aborted or (j in last.index and pd.notna(last.loc[j, 'end']))}
    facts['throughput/jobs ended'] = len(done)
    facts['throughput/jobs completed'] = sum(1 for j in done if j not in aborted and last.loc[j, 'ok'] == True)
print(json.dumps(facts))
