#!/usr/bin/python3
"""The summary facts of a report of a HyperQueue journal, from the raw
journal (no jobframe code): span (first to last record), tasks (the ids
job-created declares), attempts (task-started), successes
(task-finished), failures (task-failed, tasks running on a worker when it
is lost, and running tasks canceled), CPU-hours of ended attempts (each ended attempt's
run time times the CPUs it held: the policy's amount, all of its worker's
for "All", summed over its workers when it has several), goodput and
badput (run time of successful and of failed attempts), workers,
allocations (autoalloc allocations queued) and jobs. Prints one JSON
object."""
import datetime
import json
import sys

import pandas as pd


def ts(s):
    return datetime.datetime.fromisoformat(s.replace('Z', '+00:00')).timestamp()


def size(r):
    k = r['kind']
    if 'List' in k:
        return len(k['List']['values'])
    if 'Groups' in k:
        return sum(len(g) for g in k['Groups']['groups'])
    if 'Range' in k:
        return k['Range']['end'] - k['Range']['start'] + 1
    return k['Sum']['size'] / 10000


lines = [json.loads(l) for l in open(sys.argv[1]) if l.strip()]
times = [ts(l['time']) for l in lines]
cpus, policy, running, attempts = {}, {}, {}, []
facts = {'tasks': 0, 'jobs': 0, 'allocations': 0}
for l, t in zip(lines, times):
    e = l['event']
    ty = e['type']
    if ty == 'worker-connected':
        c = [size(r) for r in e['configuration']['resources']['resources'] if r['name'] == 'cpus']
        cpus[e['id']] = c[0] if c else 0
    elif ty == 'job-created':
        facts['jobs'] += 1
        td = e['submit_desc']['task_desc']
        facts['tasks'] += sum(r['count'] for r in td['ids']['ranges'])
        res = [r for r in td['resources']['variants'][0]['resources'] if r['resource'] == 'cpus']
        policy[e['job']] = res[0]['policy'] if res else {'Compact': 0}
    elif ty == 'autoalloc-allocation-queued':
        facts['allocations'] += 1
    elif ty == 'task-started':
        ws = e.get('workers') or [e['worker']]
        p = policy[e['job']]
        held = sum(cpus[w] for w in ws) if p == 'All' or len(ws) > 1 else list(p.values())[0] / 10000
        running[(e['job'], e['task'])] = (t, ws, held)
    elif ty in ('task-finished', 'task-failed'):
        s, ws, held = running.pop((e['job'], e['task']))
        attempts.append((s, t, held, 'success' if ty == 'task-finished' else 'failed'))
    elif ty == 'task-canceled':
        for k in e['tasks']:
            key = (k['job_id'], k['job_task_id'])
            if key in running:
                s, ws, held = running.pop(key)
                attempts.append((s, t, held, 'canceled'))
    elif ty == 'worker-lost':
        for key, (s, ws, held) in list(running.items()):
            if e['id'] in ws:
                running.pop(key)
                attempts.append((s, t, held, 'lost'))
    elif ty == 'job-completed':  # a canceled job's tasks end with it
        for key, (s, ws, held) in list(running.items()):
            if key[0] == e['job']:
                running.pop(key)
                attempts.append((s, t, held, 'canceled'))
a = pd.DataFrame(attempts, columns=['start', 'end', 'cpus', 'state'])
a['run'] = a['end'] - a['start']
ok = a['state'] == 'success'
facts.update({
    'span': round(max(times) - min(times), 6),
    'attempts': int(len(a) + len(running)),
    'successes': int(ok.sum()),
    'failures': int((~ok).sum()),
    'CPU-hours of ended attempts': float((a['run'] * a['cpus']).sum() / 3600),
    'goodput': float(a.loc[ok, 'run'].sum()),
    'badput': float(a.loc[~ok, 'run'].sum()),
    'workers': len(cpus),
})
print(json.dumps(facts, sort_keys=True))
