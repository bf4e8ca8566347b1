#!/usr/bin/python3
"""The summary facts of a report of PBS or Torque accounting logs (the
files given, read as one log in name order), from the raw lines with
pandas (no jobframe code). A run is a (job, start) pair of an S record
or of an E record with start != 0; an E ends the run of its job and
start: success with Exit_status 0, canceled when a D record of the job
came while it ran, timeout with Torque's -11, failed otherwise (these
logs hold no R or A records, nor PBS Professional's). tasks = attempts
= runs; successes and failures (ended, not success); goodput and badput
(end - start of successful and of failed runs);
CPU-hours of ended attempts (end - start times the slots of exec_host);
jobs = allocations = distinct ids; span from the first to the last of
every ctime, etime, start and end and every record's date (read as
UTC, as jobframe reads them without JOBFRAME_TZ); throughput: jobs ended (an E
record) and completed (ended with a successful run); durations: the
median of end - start over the jobs that ended a run and of start -
ctime over the jobs that started one (the last run's start).
Prints one JSON object; a key "section/fact" is a fact of that section."""
import json
import sys
from datetime import datetime, timezone

import pandas as pd


def slots(eh):
    n = 0
    for chunk in eh.split('+'):
        spec = chunk.split('/', 1)[1]
        if '*' in spec:
            n += int(spec.split('*')[1])
            continue
        for part in spec.split(','):
            a, _, b = part.partition('-')
            n += int(b) - int(a) + 1 if b else 1
    return n


rows = []
for path in sorted(sys.argv[1:], key=lambda p: p.rsplit('/', 1)[-1]):
    with open(path) as f:
        for line in f:
            line = line.rstrip('\n')
            if not line:
                continue
            date, typ, jid, msg = line.split(';', 3)
            kv = dict(w.split('=', 1) for w in msg.split() if '=' in w)
            rows.append({'date': datetime.strptime(date, '%m/%d/%Y %H:%M:%S').replace(tzinfo=timezone.utc).timestamp(),
                         'type': typ, 'job': jid, **kv})
df = pd.DataFrame(rows)
for c in ('ctime', 'etime', 'start', 'end', 'Exit_status'):
    df[c] = pd.to_numeric(df.get(c), errors='coerce')

runs = {}  # (job, start) -> state
deleted_while_running = set()
running = {}
for r in df.itertuples():
    if r.type == 'S':
        runs.setdefault((r.job, r.start), None)
        running[r.job] = r.start
    elif r.type == 'D' and r.job in running:
        deleted_while_running.add((r.job, running[r.job]))
    elif r.type == 'E' and r.start != 0:
        key = (r.job, r.start)
        e = r.Exit_status
        if key in deleted_while_running:
            st = 'canceled'
        elif e == 0:
            st = 'success'
        elif e == -11:
            st = 'timeout'
        else:
            st = 'failed'
        runs[key] = (st, r.end - r.start, (r.end - r.start) * slots(df.at[r.Index, 'exec_host']))
        running.pop(r.job, None)
ended = {k: v for k, v in runs.items() if v is not None}
good = [v for v in ended.values() if v[0] == 'success']
bad = [v for v in ended.values() if v[0] != 'success']

jobs = df['job'].unique()
times = pd.concat([df[c] for c in ('ctime', 'etime', 'start', 'end')]).dropna()
times = times[times > 0]
times = pd.concat([times, df['date']])

e = df[df['type'] == 'E']
started = df[df['type'].isin(['S', 'E']) & (df['start'] > 0)].groupby('job')
waits = started['start'].last() - started['ctime'].last()
ran = e[e['start'] > 0]
facts = {
    'tasks': len(runs), 'attempts': len(runs), 'successes': len(good), 'failures': len(bad),
    'goodput': sum(v[1] for v in good), 'badput': sum(v[1] for v in bad),
    'CPU-hours of ended attempts': sum(v[2] for v in ended.values()) / 3600,
    'jobs': len(jobs), 'allocations': len(jobs), 'span': float(times.max() - times.min()),
    'throughput/jobs ended': int(e['job'].nunique()),
    'throughput/jobs completed': sum(1 for k, v in ended.items() if v[0] == 'success'),
    'durations/median job run time': float((ran['end'] - ran['start']).median()),
    'durations/median job queue wait': float(waits.median()),
}
print(json.dumps(facts))
