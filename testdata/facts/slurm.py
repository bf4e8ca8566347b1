#!/usr/bin/python3
"""The summary facts of a report of a sacct dump (--parsable2, or
tab-separated), from the raw file with pandas (no jobframe code): tasks
and attempts (the steps: JobIDs with a '.'), successes (steps COMPLETED),
failures (steps in an end state other than COMPLETED: FAILED, CANCELLED,
TIMEOUT, OUT_OF_MEMORY, NODE_FAIL, PREEMPTED, BOOT_FAIL, DEADLINE), jobs
and allocations (the other JobIDs: one allocation per job), and, with
Start and End, the span (first to last of Submit, Eligible, Start and
End), goodput and badput (Elapsed of successful and of failed steps), the
CPU-hours of ended attempts (End - Start times ReqCPUS of the steps with
both), the jobs ended and completed (throughput section) and
the median run time and queue wait of the jobs (durations section: End -
Start, Start - Submit; numpy's median). Fields hold no delimiter but
JobName, whose extra ones are its own. Prints one JSON object; a key "section/fact" is a fact of
that section, the others the summary's."""
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
with open(path) as f:
    header = f.readline().rstrip('\n').split(sep)
    rows = []
    for line in f:
        row = line.rstrip('\n').split(sep)
        extra = len(row) - len(header)
        if extra > 0:  # the extra delimiters are JobName's (slurmsim_sacct_simple's names hold |)
            k = header.index('JobName')
            row = row[:k] + [sep.join(row[k:k + extra + 1])] + row[k + extra + 1:]
        rows.append(row)
df = pd.DataFrame(rows, columns=header)
df['state'] = df['State'].str.split(' ').str[0]
steps = df[df['JobID'].str.contains('.', regex=False)]
jobs = df[~df['JobID'].str.contains('.', regex=False)]
ok = steps['state'] == 'COMPLETED'
bad = steps['state'].isin(ENDED_BAD)
facts = {'jobs': len(jobs), 'allocations': len(jobs)}
if len(steps):  # a dump of jobs alone (sacct -X) has no step facts
    facts.update({'tasks': len(steps), 'attempts': len(steps), 'successes': int(ok.sum()), 'failures': int(bad.sum())})
if 'Start' in df and 'End' in df:
    cols = [c for c in ('Submit', 'Eligible', 'Start', 'End') if c in df]
    times = pd.to_datetime(pd.concat([df[c] for c in cols]), errors='coerce').dropna()
    facts['span'] = (times.max() - times.min()).total_seconds()
    if len(steps):
        el = steps['Elapsed'].map(seconds)
        facts['goodput'] = float(el[ok].sum())
        facts['badput'] = float(el[bad].sum())
    if len(steps) and 'ReqCPUS' in df:
        run = (pd.to_datetime(steps['End'], errors='coerce') - pd.to_datetime(steps['Start'], errors='coerce')).dt.total_seconds()
        cpus = pd.to_numeric(steps['ReqCPUS'], errors='coerce')
        both = run.notna() & cpus.notna()
        if both.any():
            facts['CPU-hours of ended attempts'] = float((run[both] * cpus[both]).sum() / 3600)
    start = pd.to_datetime(jobs['Start'], errors='coerce')
    end = pd.to_datetime(jobs['End'], errors='coerce')
    ended = end.notna()
    if ended.any():
        facts['throughput/jobs ended'] = int(ended.sum())
        facts['throughput/jobs completed'] = int((ended & (jobs['state'] == 'COMPLETED')).sum())
    run = (end - start).dt.total_seconds().dropna()
    if len(run):
        facts['durations/median job run time'] = float(run.median())
    if 'Submit' in df:
        wait = (start - pd.to_datetime(jobs['Submit'], errors='coerce')).dt.total_seconds().dropna()
        if len(wait):
            facts['durations/median job queue wait'] = float(wait.median())
print(json.dumps(facts, sort_keys=True))
