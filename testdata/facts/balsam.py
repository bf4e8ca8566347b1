#!/usr/bin/python3
"""The summary facts of a report of a Balsam folder (events, jobs and
batch jobs JSON), from the raw files with pandas (no jobframe code):
attempts (events into RUNNING, each ending at the job's next event out
of RUNNING: RUN_DONE a success, RUN_ERROR and RUN_TIMEOUT failures),
tasks (jobs with an attempt, or with an event at all), node-hours of ended attempts (each
ended attempt's run time times the num_nodes of its RUNNING event),
goodput and badput (run time of successful and failed attempts), jobs,
allocations (batch jobs) and the span (the first and last time of the
events and batch jobs). Prints one JSON object."""
import json
import sys

import pandas as pd

folder = sys.argv[1]
ev = pd.DataFrame(json.load(open(folder + '/synthetic_events.json')))
jobs = json.load(open(folder + '/synthetic_jobs.json'))
batch = pd.DataFrame(json.load(open(folder + '/synthetic_batchjobs.json')))
ev['t'] = pd.to_datetime(ev['timestamp'], utc=True)
ev = ev.sort_values(['t', 'id'])
attempts = []
for job, g in ev.groupby('job_id'):
    open_ = None
    for _, e in g.iterrows():
        if e['to_state'] == 'RUNNING':
            open_ = (e['t'], (e['data'] or {}).get('num_nodes'))
        elif e['from_state'] == 'RUNNING' and open_ is not None:
            state = {'RUN_DONE': 'success', 'RUN_ERROR': 'failed', 'RUN_TIMEOUT': 'timeout'}.get(e['to_state'], 'other')
            attempts.append((job, open_[0], e['t'], open_[1], state))
            open_ = None
a = pd.DataFrame(attempts, columns=['job', 'start', 'end', 'nodes', 'state'])
a['run'] = (a['end'] - a['start']).dt.total_seconds()
ok = a['state'] == 'success'
times = pd.concat([ev['t'], pd.to_datetime(batch['start_time'], utc=True), pd.to_datetime(batch['end_time'], utc=True)]).dropna()
facts = {
    'tasks': int(ev['job_id'].nunique()),
    'attempts': len(a),
    'successes': int(ok.sum()),
    'failures': int((~ok).sum()),
    'node-hours of ended attempts': float((a['run'] * a['nodes']).sum() / 3600),
    'goodput': float(a.loc[ok, 'run'].sum()),
    'badput': float(a.loc[~ok, 'run'].sum()),
    'jobs': len(jobs),
    'allocations': len(batch),
    'span': (times.max() - times.min()).total_seconds(),
}
print(json.dumps(facts, sort_keys=True))
