#!/usr/bin/python3
"""Independent figures for ops.CPUsUsed and the report's efficiency
section on a HyperQueue journal, from its lines (no jobframe code): each
worker-overview event's CPUs in use is the sum of its per-core percentages
/ 100; a worker's sample holds until its next one, the last ones to the
last sample. Times are whole µs. Prints the series' points (seconds after the first
sample, CPUs) and its integral in CPU-seconds.

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
