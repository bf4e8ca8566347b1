#!/usr/bin/python3
"""Independent figures for the WfCommons loader's tests, straight from the
instance files (no jobframe code): tasks, machines, edges (parents and
children read both ways, each edge once), summed runtime, summed cores
of the machines, largest task memory in MiB, makespan, summed file bytes
read by tasks, and the critical path (the longest chain of runtimes
along the edges)."""
import json
import sys

for path in sys.argv[1:]:
    d = json.load(open(path))
    w = d['workflow']
    if d['schemaVersion'] == '1.4':
        tasks, execs, machines = w['tasks'], w['tasks'], w.get('machines', [])
        ref = {}
        for t in tasks:
            ref.setdefault(t['name'], t['name'])
            ref.setdefault(t.get('id', t['name']), t['name'])
        key = lambda t: t['name']
        makespan = w['makespanInSeconds']
        inbytes = sum(f['sizeInBytes'] for t in tasks for f in t.get('files', []) if f['link'] == 'input')
        cores = sum(m['cpu']['count'] for m in machines)
    else:
        tasks, execs = w['specification']['tasks'], w['execution']['tasks']
        machines = w['execution'].get('machines', [])
        ref = {t['id']: t['id'] for t in tasks}
        key = lambda t: t['id']
        makespan = w['execution']['makespanInSeconds']
        size = {f['id']: f['sizeInBytes'] for f in w['specification'].get('files', [])}
        inbytes = sum(size.get(f, 0) for t in tasks for f in t.get('inputFiles', []))
        cores = sum(m['cpu']['coreCount'] for m in machines)
    edges = set()
    for t in tasks:
        for p in t.get('parents', []):
            edges.add((ref[p], key(t)))
        for c in t.get('children', []):
            edges.add((key(t), ref[c]))
    runtime = sum(t['runtimeInSeconds'] for t in execs)
    # critical path: the longest chain of runtimes along the edges
    rt = {key(t) if d['schemaVersion'] == '1.4' else t['id']: t['runtimeInSeconds'] for t in execs}
    kids = {}
    for a, b in edges:
        kids.setdefault(a, []).append(b)
    memo = {}
    def longest(n):
        if n not in memo:
            memo[n] = rt.get(n, 0) + max((longest(c) for c in kids.get(n, [])), default=0)
        return memo[n]
    nodes = {n for e in edges for n in e}
    crit = max((longest(n) for n in nodes), default=0)
    mem = max(t.get('memoryInBytes', 0) for t in execs) / 2 ** 20
    print(path.split('/')[-1], 'tasks', len(tasks), 'machines', len(machines),
          'cores', cores, 'edges', len(edges), 'runtime sum %.6f' % runtime,
          'max mem MiB %.4f' % mem, 'makespan', makespan, 'input bytes', inbytes,
          'critical path s %.6f' % crit)
