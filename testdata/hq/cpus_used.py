#!/usr/bin/python3
"""Independent figures for ops.CPUsUsed and the report's efficiency
section on a HyperQueue journal, from its lines (no jobframe code): each
worker-overview event's CPUs in use is the sum of its per-core percentages
/ 100; a worker's sample holds until its next one, the last ones to the
last sample. Times are whole µs. Prints the series' points (seconds after the first
sample, CPUs), its integral in CPU-seconds, and the CPU-seconds given to
running tasks on the sampled workers over the same span.

usage: cpus_used.py JOURNAL"""
import json
import sys
from datetime import datetime, timedelta, timezone

EPOCH = datetime(1970, 1, 1, tzinfo=timezone.utc)

samples = []
for line in open(sys.argv[1]):
    rec = json.loads(line)
    ev = rec['event']
    if ev['type'] != 'worker-overview':
        continue
    state = ev.get('hw-state', {}).get('state', {})
    usage = (state.get('cpu_usage') or {}).get('cpu_per_core_percent_usage')
    if usage is None:
        continue
    t = (datetime.fromisoformat(rec['time'].replace('Z', '+00:00')) - EPOCH) // timedelta(microseconds=1)
    samples.append((t, ev['id'], sum(usage) / 100))

samples.sort(key=lambda s: s[0])
current, points = {}, []
for t, worker, cpus in samples:
    current[worker] = cpus
    total = sum(current.values())
    if points and points[-1][0] == t:
        points[-1] = (t, total)
    else:
        points.append((t, total))
area = sum(v * (points[i + 1][0] - t) for i, (t, v) in enumerate(points[:-1])) / 1e6
t0 = points[0][0]
for t, v in points:
    print(f'{(t - t0) / 1e6:.3f} {v:.6f}')
print(f'integral {area:.6f}')

# CPUs given to running tasks on the sampled workers over the same span:
# job 1 asks 1 CPU (Compact 10000 = 1.0000), job 2 all of the worker's
# CPUs, job 3 (2 nodes) whole nodes; a task holds them from task-started
# to its task-finished, task-failed or task-canceled (worker 1 is never
# lost; the server stops after the last sample).
cpus_of_worker, asks, running, changes = {}, {}, {}, []
for line in open(sys.argv[1]):
    rec = json.loads(line)
    ev = rec['event']
    t = (datetime.fromisoformat(rec['time'].replace('Z', '+00:00')) - EPOCH) // timedelta(microseconds=1)
    kind = ev['type']
    if kind == 'worker-connected':
        res = {r['name']: r['kind'] for r in ev['configuration']['resources']['resources']}
        k = res['cpus']
        if 'Groups' in k:
            n = sum(len(g) for g in k['Groups']['groups'])
        elif 'List' in k:
            n = len(k['List']['values'])
        else:  # Range, inclusive
            n = k['Range']['end'] - k['Range']['start'] + 1
        cpus_of_worker[ev['id']] = n
    elif kind == 'job-created':
        v = ev['submit_desc']['task_desc']['resources']['variants'][0]
        policy = v['resources'][0]['policy']
        asks[ev['job']] = 'node' if v['n_nodes'] > 0 else ('all' if policy == 'All' else policy['Compact'] / 10000)
    elif kind == 'task-started':
        held_on = []
        for w in ev.get('workers') or [ev['worker']]:
            if w in current:  # a sampled worker
                a = asks[ev['job']]
                c = cpus_of_worker[w] if a in ('all', 'node') else a
                changes.append((t, c))
                held_on.append((w, c))
        running[(ev['job'], ev['task'])] = held_on
    elif kind in ('task-finished', 'task-failed', 'task-canceled'):
        keys = [(ev['job'], ev['task'])] if kind != 'task-canceled' else [(x['job_id'], x['job_task_id']) for x in ev['tasks']]
        for k in keys:
            for w, c in running.pop(k, []):
                changes.append((t, -c))
lo, hi = points[0][0], points[-1][0]
held, busy_area, prev = 0.0, 0.0, None
for t, d in sorted(changes, key=lambda c: c[0]):
    if prev is not None:
        a, b = max(prev, lo), min(t, hi)
        if b > a:
            busy_area += held * (b - a)
    held += d
    prev = t
if prev is not None and prev < hi:
    busy_area += held * (hi - max(prev, lo))
print(f'allocated {busy_area / 1e6:.6f}')
