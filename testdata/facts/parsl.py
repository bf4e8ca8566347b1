#!/usr/bin/python3
"""The summary facts of a report of Parsl monitoring databases, from the
raw SQLite files with Python's sqlite3 module and pandas (no jobframe
code). A try is a (run_id, task_id, try_id) of the try table, the status
table (try_id 0 where the table has none: the 2019 schema) or, try 0, a
task of the task table that appears in neither. Its state is the name of
its last status row (by timestamp, then rowid); it started when it has a
running time (try.task_try_time_running; in the 2019 schema the first
'running' status), it ended when it has a returned time
(try.task_try_time_returned; 2019: task.task_time_returned).
tasks = distinct (run, task); attempts = tries that started;
successes = started tries whose state is exec_done, done or memo_done;
failures = started tries ended in any other state; goodput and badput =
the returned - running seconds of ended tries that are, and are not,
successes (0 s without a running time); runs = jobs = the workflow
table's run ids and any other run id the tables name; workers = distinct
node hostnames and allocations = distinct (run, executor, block) of the
block table, each when there are any; span from the first to the last time of any table (of the
node table: the first registration, the first loss after and the last
heartbeat).

Times without a zone are UTC, except in a database whose workflow rows
write time_began as seconds since the epoch and workflow_version as the
same moment in local time (the 2019 schema): there the host's offset is
their difference rounded to 15 minutes. Prints one JSON object."""
import json
import sqlite3
import sys
from datetime import datetime, timedelta, timezone

import pandas as pd

SUCCESS = {'exec_done', 'done', 'memo_done'}


def tables(con):
    return {r[0] for r in con.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}


def zone_offset(con):
    offsets = set()
    for began, version in con.execute('SELECT time_began, workflow_version FROM workflow'):
        try:
            epoch = float(began)
            local = datetime.strptime(version, '%Y-%m-%d %H:%M:%S').replace(tzinfo=timezone.utc).timestamp()
        except (TypeError, ValueError):
            continue
        offsets.add(round((local - epoch) / 900) * 900)
    return offsets.pop() if len(offsets) == 1 else 0


def seconds(v, offset):
    """A time of the tables as seconds since the epoch."""
    if v is None or v == 'None' or v == '':
        return None
    try:
        return float(v)
    except ValueError:
        pass
    t = datetime.fromisoformat(str(v)).replace(tzinfo=timezone.utc)
    return (t - timedelta(seconds=offset)).timestamp()


def load(path):
    con = sqlite3.connect(f'file:{path}?mode=ro', uri=True)
    have = tables(con)
    off = zone_offset(con)
    ts = lambda v: seconds(v, off)
    times = []
    runs = [r for (r,) in con.execute('SELECT run_id FROM workflow')]
    for b, c in con.execute('SELECT time_began, time_completed FROM workflow'):
        times += [ts(b), ts(c)]
    task_cols = {r[1] for r in con.execute('PRAGMA table_info(task)')}
    invoked = 'task_time_invoked' if 'task_time_invoked' in task_cols else 'task_time_submitted'
    tasks = pd.DataFrame(con.execute(f'SELECT run_id, CAST(task_id AS INTEGER), {invoked}, task_time_returned FROM task').fetchall(),
                         columns=['run', 'task', 'invoked', 'returned'])
    times += [ts(v) for v in tasks['invoked']] + [ts(v) for v in tasks['returned']]
    status = pd.DataFrame(con.execute('SELECT run_id, CAST(task_id AS INTEGER), '
                                      + ('try_id' if 'try' in have else '0') + ', task_status_name, timestamp, rowid FROM status').fetchall(),
                          columns=['run', 'task', 'try', 'name', 'timestamp', 'rowid'])
    status['t'] = [ts(v) for v in status['timestamp']]
    times += list(status['t'])
    keys = set(zip(status['run'], status['task'], status['try']))
    if 'try' in have:
        tries = pd.DataFrame(con.execute('SELECT run_id, task_id, try_id, task_try_time_launched, task_try_time_running, '
                                         'task_try_time_returned FROM try').fetchall(),
                             columns=['run', 'task', 'try', 'launched', 'running', 'returned'])
        for c in ('launched', 'running', 'returned'):
            tries[c] = [ts(v) for v in tries[c]]
            times += list(tries[c])
        keys |= set(zip(tries['run'], tries['task'], tries['try']))
        start = {k: v for k, v in zip(zip(tries['run'], tries['task'], tries['try']), tries['running']) if pd.notna(v)}
        end = {k: v for k, v in zip(zip(tries['run'], tries['task'], tries['try']), tries['returned']) if pd.notna(v)}
    else:
        running = status[status['name'] == 'running'].groupby(['run', 'task', 'try'])['t'].min()
        start = running.to_dict()
        end = {(r, t, 0): ts(v) for r, t, v in zip(tasks['run'], tasks['task'], tasks['returned']) if ts(v) is not None}
    with_try = {(r, t) for r, t, _ in keys}
    keys |= {(r, t, 0) for r, t in zip(tasks['run'], tasks['task']) if (r, t) not in with_try}
    last = status.sort_values(['t', 'rowid'], kind='stable').groupby(['run', 'task', 'try'])['name'].last().to_dict()
    if 'resource' in have:
        times += [ts(v) for (v,) in con.execute('SELECT timestamp FROM resource')]
    workers, allocations = set(), set()
    if 'node' in have:
        nodes = pd.DataFrame(con.execute('SELECT run_id, uid, hostname, active, timestamp, last_heartbeat FROM node').fetchall(),
                             columns=['run', 'uid', 'host', 'active', 'timestamp', 'heartbeat'])
        for _, g in nodes.groupby(['run', 'uid']):
            on, off_ = g[g['active'] == 1], g[g['active'] == 0]
            times += [min(map(ts, on['timestamp']), default=None), min(map(ts, off_['timestamp']), default=None),
                      max(map(ts, g['heartbeat']), default=None)]
        workers = set(nodes['host'])
    if 'block' in have:
        for run, ex, block, t in con.execute('SELECT run_id, executor_label, block_id, timestamp FROM block'):
            allocations.add((run, ex, block))
            times.append(ts(t))
    other_runs = {k[0] for k in keys} - set(runs)
    return dict(keys=keys, start=start, end=end, last=last, runs=len(runs) + len(other_runs), times=times,
                workers=workers, allocations=allocations)


dbs = [load(p) for p in sys.argv[1:]]
attempts = successes = failures = 0
good = bad = 0.0
tasks = set()
for i, db in enumerate(dbs):
    for k in db['keys']:
        tasks.add((i, k[0], k[1]))
        s, e, state = db['start'].get(k), db['end'].get(k), db['last'].get(k)
        if s is not None:
            attempts += 1
            if state in SUCCESS:
                successes += 1
            elif state not in ('pending', 'launched', 'running', 'running_ended', 'joining', 'unsched', None):
                failures += 1
        if e is not None:
            run = (e - s) if s is not None else 0.0
            if state in SUCCESS:
                good += run
            else:
                bad += run
times = [t for db in dbs for t in db['times'] if t is not None]
runs = sum(db['runs'] for db in dbs)
facts = {'tasks': len(tasks), 'attempts': attempts, 'successes': successes, 'failures': failures,
         'goodput': good, 'badput': bad, 'jobs': runs, 'span': max(times) - min(times)}
workers, allocations = len({w for db in dbs for w in db['workers']}), sum(len(db['allocations']) for db in dbs)
if workers:  # the report counts the frames that have rows
    facts['workers'] = workers
if allocations:
    facts['allocations'] = allocations
if runs > 1:
    facts['runs'] = runs
if len(tasks) > len({(i, k[0], k[1]) for i, db in enumerate(dbs) for k in db['keys'] if db['start'].get(k) is not None}):
    facts['tasks never started'] = len(tasks) - len({(i, k[0], k[1]) for i, db in enumerate(dbs) for k in db['keys']
                                                     if db['start'].get(k) is not None})
print(json.dumps(facts))
