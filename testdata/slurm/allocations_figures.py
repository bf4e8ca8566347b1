#!/usr/bin/python3
"""Independent figures for ops.AllocationUse (ops/allocuse_test.go), from
the raw files only (no jobframe code): the hand-written sacct file
allocations_sacct.txt, the HyperQueue journal, the Balsam JSON and the
EPMT CSV of job 804280.

For each Slurm job (a JobID without a step): wait_s = Start - Eligible,
queue_s = Start - Submit, elapsed_s = End - Start, cpus (AllocTRES cpu=),
nodes (NNodes), core_s and node_s; then the work that ran in it:
  * HyperQueue: tasks started on workers whose JobManager names the
    allocation, each holding its job's Compact cpus / 10000, from
    task-started to the task's next finished/failed/canceled event or its
    worker's loss, clipped to [Start, End];
  * Balsam: attempts (a RUNNING transition to the next transition out of
    RUNNING) of jobs whose batch_job_id has this scheduler_id, holding
    num_nodes / node_packing_count nodes, clipped to [Start, End];
  * EPMT: the job's processes, and its summed usertime + systemtime (us)
    over its rows (threads included).
Prints: id wait_s queue_s elapsed_s core_s node_s attempts busy_core_s
busy_node_s cpu_s busy_share node_share cpu_share, '-' for null.
"""
import csv
import json
import os
from datetime import datetime, timedelta, timezone
from fractions import Fraction

here = os.path.dirname(os.path.abspath(__file__))
top = os.path.dirname(here)


def epoch(s, fmt):
    """Seconds since the epoch, exact (a Fraction of whole us)."""
    d = datetime.strptime(s, fmt).replace(tzinfo=timezone.utc) - datetime(1970, 1, 1, tzinfo=timezone.utc)
    return Fraction(d // timedelta(microseconds=1), 10**6)


def sacct_jobs():
    rows = list(csv.DictReader(open(os.path.join(here, 'allocations_sacct.txt')), delimiter='|'))
    jobs = {}
    for r in rows:
        if '.' in r['JobID']:
            continue
        t = lambda k: None if r[k] in ('Unknown', 'None') else epoch(r[k], '%Y-%m-%dT%H:%M:%S')
        tres = dict(kv.split('=') for kv in r['AllocTRES'].split(',') if kv)
        jobs[r['JobID']] = dict(submit=t('Submit'), eligible=t('Eligible'), start=t('Start'), end=t('End'),
                                cpus=float(tres['cpu']) if 'cpu' in tres else None, nodes=float(r['NNodes']),
                                attempts=0, busy_core=None, busy_node=None, cpu=None)
    return jobs


def clip(j, s, e):
    return max(0, min(e, j['end']) - max(s, j['start']))


def hq(jobs):
    ev = [json.loads(l) for l in open(os.path.join(top, 'hq', 'synthetic_v0.26_journal.jsonl'))]
    when = lambda x: epoch(x['time'], '%Y-%m-%dT%H:%M:%S.%fZ')
    alloc, cpus, lost, started = {}, {}, {}, {}
    for x in ev:
        e = x['event']
        if e['type'] == 'worker-connected':
            jm = e['configuration']['extra'].get('JobManager')
            if jm:
                alloc[e['id']] = json.loads(jm)['allocation_id']
        elif e['type'] == 'job-created':
            pol = e['submit_desc']['task_desc']['resources']['variants'][0]['resources'][0]['policy']
            cpus[e['job']] = Fraction(pol['Compact'], 10000) if isinstance(pol, dict) and 'Compact' in pol else None
        elif e['type'] == 'worker-lost':
            lost[e['id']] = when(x)
    for x in ev:
        e = x['event']
        if e['type'] == 'task-started' and e.get('worker') in alloc:
            started[(e['job'], e['task'])] = (e['worker'], when(x))
        elif e['type'] in ('task-finished', 'task-failed') and (e['job'], e['task']) in started:
            w, s = started.pop((e['job'], e['task']))
            add_hq(jobs, alloc[w], cpus[e['job']], s, when(x))
        elif e['type'] == 'worker-lost':
            for k, (w, s) in list(started.items()):
                if w == e['id']:
                    del started[k]
                    add_hq(jobs, alloc[w], cpus[k[0]], s, when(x))
    assert not started


def add_hq(jobs, a, c, s, e):
    j = jobs[a]
    j['attempts'] += 1
    j['busy_core'] = (j['busy_core'] or 0) + c * clip(j, s, e)


def balsam(jobs):
    d = os.path.join(top, 'balsam')
    batch = {b['id']: str(b['scheduler_id']) for b in json.load(open(os.path.join(d, 'synthetic_batchjobs.json')))}
    bj = {j['id']: j for j in json.load(open(os.path.join(d, 'synthetic_jobs.json')))}
    events = sorted(json.load(open(os.path.join(d, 'synthetic_events.json'))), key=lambda e: (e['timestamp'], e['id']))
    running = {}
    for e in events:
        t = epoch(e['timestamp'], '%Y-%m-%dT%H:%M:%S.%f')
        if e['to_state'] == 'RUNNING':
            running[e['job_id']] = t
        elif e['from_state'] == 'RUNNING' and e['job_id'] in running:
            job = bj[e['job_id']]
            j = jobs[batch[job['batch_job_id']]]
            j['attempts'] += 1
            nodes = Fraction(job['num_nodes'], job['node_packing_count'])
            j['busy_node'] = (j['busy_node'] or 0) + nodes * clip(j, running.pop(e['job_id']), t)


def epmt(jobs):
    path = os.path.join(top, 'epmt', '804280', 'pp075-collated-papiex-804280-0.PARTIAL-first435of6039procs.csv')
    us, procs = 0, 0
    # papiex escapes a comma in args with a backslash; a thread's
    # continuation row leaves the process fields (pid among them) empty
    for r in csv.DictReader(open(path), escapechar='\\', quoting=csv.QUOTE_NONE):
        us += int(r['usertime']) + int(r['systemtime'])
        procs += r['pid'] != ''
    j = jobs['804280']
    j['attempts'] += procs
    j['cpu'] = Fraction(us, 10**6)


def fmt(v):
    """Eight decimals of the exact value: busy sums are whole us times
    quarters of a node, so they end at the 8th decimal."""
    if v is None:
        return '-'
    v = Fraction(v)
    q = round(v * 10**8)
    assert q == v * 10**8 or v.denominator > 4 * 10**6, v
    return '%s%d.%08d' % ('-' if q < 0 else '', abs(q) // 10**8, abs(q) % 10**8)


def main():
    jobs = sacct_jobs()
    hq(jobs)
    balsam(jobs)
    epmt(jobs)
    for j in jobs.values():
        # a sum is null where no work of the job records it; a job that
        # ran nothing used 0 of each (the three sources record all three)
        if j['attempts'] == 0:
            j['busy_core'] = j['busy_node'] = j['cpu'] = 0
    for k, j in jobs.items():
        diff = lambda a, b: None if j[a] is None or j[b] is None else j[a] - j[b]
        el = diff('end', 'start')
        core = None if el is None or j['cpus'] is None else j['cpus'] * el
        node = None if el is None else j['nodes'] * el
        share = lambda v, of: None if v is None or not of else v / of
        print(k, *map(fmt, [diff('start', 'eligible'), diff('start', 'submit'), el, core, node]), j['attempts'],
              *map(fmt, [j['busy_core'], j['busy_node'], j['cpu'], share(j['busy_core'], core),
                         share(j['busy_node'], node), share(j['cpu'], core)]))


main()
