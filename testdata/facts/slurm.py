#!/usr/bin/python3
"""The summary facts of a report of a sacct dump (--parsable2, or
tab-separated), from the raw file with pandas (no jobframe code): tasks
and attempts (the steps: JobIDs with a '.'), successes (steps COMPLETED),
failures (steps in an end state other than COMPLETED: FAILED, CANCELLED,
TIMEOUT, OUT_OF_MEMORY, NODE_FAIL, PREEMPTED, BOOT_FAIL, DEADLINE), jobs
and allocations (the other JobIDs: one allocation per job), and, with
Start and End, the span and goodput and badput (Elapsed of successful and
of failed steps). Only for dumps whose fields hold no delimiter. Prints
one JSON object."""
import json
import sys

import pandas as pd

ENDED_BAD = {'FAILED', 'CANCELLED', 'TIMEOUT', 'OUT_OF_MEMORY', 'NODE_FAIL', 'PREEMPTED', 'BOOT_FAIL', 'DEADLINE'}


def seconds(d):
    days = 0
    if '-' in d:
        a, d = d.split('-')
        days = int(a)
    s = 0.0
    for p in d.split(':'):
        s = s * 60 + float(p)
    return days * 86400 + s


path = sys.argv[1]
first = open(path).readline()
sep = '\t' if '\t' in first else '|'
df = pd.read_csv(path, sep=sep, dtype=str, keep_default_na=False)
df['state'] = df['State'].str.split(' ').str[0]
steps = df[df['JobID'].str.contains('.', regex=False)]
jobs = df[~df['JobID'].str.contains('.', regex=False)]
ok = steps['state'] == 'COMPLETED'
bad = steps['state'].isin(ENDED_BAD)
facts = {'tasks': len(steps), 'attempts': len(steps), 'successes': int(ok.sum()), 'failures': int(bad.sum()),
         'jobs': len(jobs), 'allocations': len(jobs)}
if 'Start' in df and 'End' in df:
    times = pd.to_datetime(pd.concat([df['Start'], df['End']]), errors='coerce').dropna()
    facts['span'] = (times.max() - times.min()).total_seconds()
    el = steps['Elapsed'].map(seconds)
    facts['goodput'] = float(el[ok].sum())
    facts['badput'] = float(el[bad].sum())
print(json.dumps(facts, sort_keys=True))
