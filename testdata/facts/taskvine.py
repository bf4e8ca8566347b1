#!/usr/bin/python3
"""The summary facts of a report of a TaskVine transactions log, from the
raw lines with pandas (no jobframe code). An attempt is a TASK RUNNING
record (with the cores of its allocated box and its worker id); it ends
at the task's RETRIEVED (SUCCESS: success, anything else a failure), at
a READY that queues the task again without one (a failure: exhausted
when the attempt number grows, forsaken when it stays), at its worker's
DISCONNECTION (lost) or at CANCELED; one without an end is still
running. Library instances (LIBRARY records name them) are left out.
Facts: span (first to last record), tasks, attempts, successes,
failures, CPU-hours of ended attempts (run time times cores),
goodput and badput (run time of successful and failed attempts) and
workers (distinct worker ids). Prints one JSON object."""
import json
import sys

import pandas as pd

times, tasks, workers, libraries = [], set(), set(), set()
open_, ended = {}, []


def close(tid, t, state):
    s, cores, worker = open_.pop(tid)
    ended.append((tid, s, t, cores, state))


for line in open(sys.argv[1]):
    if line.startswith('#') or not line.strip():
        continue
    f = line.split()
    t = int(f[0]) / 1e6
    times.append(t)
    if f[2] == 'WORKER' and len(f) > 4 and f[4] == 'CONNECTION':
        workers.add(f[3])
    elif f[2] == 'WORKER' and len(f) > 4 and f[4] == 'DISCONNECTION':
        for tid in [k for k, v in open_.items() if v[2] == f[3]]:
            close(tid, t, 'lost')
    elif f[2] == 'LIBRARY':
        libraries.add(int(f[3]))
    elif f[2] == 'TASK':
        tid, kind = int(f[3]), f[4]
        tasks.add(tid)
        if kind == 'RUNNING':
            box = json.loads(f[-1])
            open_[tid] = (t, box.get('cores', [0])[0], f[5])
        elif kind == 'RETRIEVED' and tid in open_:
            close(tid, t, 'success' if f[5] == 'SUCCESS' else 'failed')
        elif kind in ('READY', 'WAITING') and tid in open_:
            close(tid, t, 'requeued')
        elif kind in ('CANCELED', 'CANCELLED') and tid in open_:
            close(tid, t, 'canceled')
a = pd.DataFrame(ended, columns=['task', 'start', 'end', 'cores', 'state'])
a = a[~a['task'].isin(libraries)]
a['run'] = a['end'] - a['start']
ok = a['state'] == 'success'
running = [k for k in open_ if k not in libraries]
facts = {
    'span': max(times) - min(times),
    'tasks': len(tasks - libraries),
    'attempts': len(a) + len(running),
    'successes': int(ok.sum()),
    'failures': int((~ok).sum()),
    'CPU-hours of ended attempts': float((a['run'] * a['cores']).sum() / 3600),
    'goodput': float(a.loc[ok, 'run'].sum()),
    'badput': float(a.loc[~ok, 'run'].sum()),
    'workers': len(workers),
}
print(json.dumps(facts, sort_keys=True))
