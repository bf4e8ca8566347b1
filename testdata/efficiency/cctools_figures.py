#!/usr/bin/python3
"""Independent right-sizing figures for a Work Queue or TaskVine
transactions log, straight from its lines (no jobframe code), for
ops.RightSize's tests. Per category: attempts (RUNNING lines), measured
(RETRIEVED lines whose measured object has cpu_time, memory or
wall_time), cpu_s and core_s (cpu_time and wall_time x the cores of the
attempt's RUNNING box, over attempts with both), unused_core_s (the sum
of max(0, core - cpu)), the largest memory and its 0.95 quantile, the
0.95 quantile of wall_time over SUCCESS attempts and of cpu_time /
wall_time, with numpy's default (linear) quantile. Prints one JSON object
per category, keys sorted.

usage: cctools_figures.py TRANSACTIONS_LOG"""
import json
import sys

import numpy as np


def objects(text):
    """The JSON objects of a line's tail, in order."""
    out, dec, i = [], json.JSONDecoder(), 0
    while True:
        i = text.find('{', i)
        if i < 0:
            return out
        obj, end = dec.raw_decode(text, i)
        out.append(obj)
        i = end


category, box, per = {}, {}, {}
for line in open(sys.argv[1]):
    f = line.split()
    if len(f) < 5 or f[0].startswith('#') or f[2] != 'TASK':
        continue
    task, kind = f[3], f[4]
    if kind in ('WAITING', 'READY'):
        category[task] = f[5]
    elif kind == 'RUNNING':
        box[task] = objects(line)[-1]
        c = per.setdefault(category[task], {'attempts': 0, 'measured': 0, 'cpu': [], 'core': [], 'unused': [], 'mem': [], 'wall_ok': [], 'used': []})
        c['attempts'] += 1
    elif kind == 'RETRIEVED':
        c = per[category[task]]
        m = objects(line)[-1]
        val = lambda k: m[k][0] if k in m else None
        cpu, wall, mem = val('cpu_time'), val('wall_time'), val('memory')
        if cpu is not None or mem is not None or wall is not None:
            c['measured'] += 1
        cores = box[task].get('cores', [None])[0]
        if cpu is not None and wall is not None and cores:
            c['cpu'].append(cpu)
            c['core'].append(wall * cores)
            c['unused'].append(max(0.0, wall * cores - cpu))
        if cpu is not None and wall:
            c['used'].append(cpu / wall)
        if mem is not None:
            c['mem'].append(mem)
        if wall is not None and f[5] == 'SUCCESS':
            c['wall_ok'].append(wall)

q = lambda v: float(np.quantile(v, 0.95)) if v else None
for name in sorted(per):
    c = per[name]
    print(json.dumps({'category': name, 'attempts': c['attempts'], 'measured': c['measured'],
                      'cpu_s': sum(c['cpu']), 'core_s': sum(c['core']), 'unused_core_s': sum(c['unused']),
                      'mem_mb_max': max(c['mem']) if c['mem'] else None, 'mem_mb_q': q(c['mem']),
                      'wall_s_q': q(c['wall_ok']), 'cpus_used_q': q(c['used'])}, sort_keys=True))
