#!/usr/bin/python3
"""The summary facts of a report of a Work Queue transactions log, from
the raw lines with pandas (no jobframe code). An attempt is a TASK
RUNNING record (with the cores of its allocated box and its worker's
address); it ends at the task's RETRIEVED (SUCCESS: success, anything
else a failure), at its worker's DISCONNECTION or at a WAITING that
requeues it (lost), or at CANCELED; one without an end is still running.
Facts: span (first to last record), tasks (distinct task ids), attempts,
successes, failures, CPU-hours of ended attempts (run time times cores of the ended
attempts), goodput and badput (run time of successful and of failed
attempts) and workers (distinct worker ids). One manager run only.
Prints one JSON object."""
import json
import sys

import pandas as pd

times, tasks, workers = [], set(), set()
open_, ended = {}, []


def close(tid, t, state):
    s, cores, addr = open_.pop(tid)
    ended.append((s, t, cores, state))


for line in open(sys.argv[1]):
    if line.startswith('#') or not line.strip():
        continue
    f = line.split()
    t = int(f[0]) / 1e6
    times.append(t)
    if f[2] == 'WORKER' and len(f) > 5 and f[5] == 'CONNECTION':
        workers.add(f[3])
    elif f[2] == 'WORKER' and len(f) > 5 and f[5] == 'DISCONNECTION':
        for tid in [k for k, v in open_.items() if v[2] == f[4]]:
            close(tid, t, 'lost')
    elif f[2] == 'TASK':
        tid, kind = int(f[3]), f[4]
        tasks.add(tid)
        if kind == 'RUNNING':
            box = json.loads(f[-1])
            open_[tid] = (t, box.get('cores', [0])[0], f[5])
        elif kind == 'RETRIEVED' and tid in open_:
            close(tid, t, 'success' if f[5] == 'SUCCESS' else 'failed')
        elif kind in ('WAITING', 'CANCELED') and tid in open_:
            close(tid, t, 'lost' if kind == 'WAITING' else 'canceled')
a = pd.DataFrame(ended, columns=['start', 'end', 'cores', 'state'])
a['run'] = a['end'] - a['start']
ok = a['state'] == 'success'
facts = {
    'span': max(times) - min(times),
    'tasks': len(tasks),
    'attempts': len(a) + len(open_),
    'successes': int(ok.sum()),
    'failures': int((~ok).sum()),
    'CPU-hours of ended attempts': float((a['run'] * a['cores']).sum() / 3600),
    'goodput': float(a.loc[ok, 'run'].sum()),
    'badput': float(a.loc[~ok, 'run'].sum()),
    'workers': len(workers),
}
print(json.dumps(facts, sort_keys=True))
