#!/usr/bin/python3
"""Independent figures for the Slurm loader's tests, straight from the raw
sacct files (no jobframe code): rows that are jobs and steps, states,
summed Elapsed and the largest MaxRSS. Only for the files whose fields
hold no delimiter (the tdhock exports); the slurmsim files with a | in
JobName or SubmitLine were counted by hand (see slurm_test.go). A field
written "" (a dump rewritten by R's data.table) is empty."""
import sys
from collections import Counter

def seconds(d):
    days = 0
    if '-' in d:
        a, d = d.split('-')
        days = int(a)
    parts = [float(p) for p in d.split(':')]
    s = 0.0
    for p in parts:
        s = s * 60 + p
    return days * 86400 + s

def mib(v):
    if v in ('', '0'):
        return 0.0 if v == '0' else None
    scale = {'K': 1 / 1024, 'M': 1, 'G': 1024}[v[-1]]
    return float(v[:-1]) * scale

for path in sys.argv[1:]:
    lines = open(path).read().splitlines()
    sep = '\t' if '\t' in lines[0] else '|'
    head = lines[0].split(sep)
    def unquote(v):
        return v[1:-1].replace('""', '"') if len(v) >= 2 and v[0] == v[-1] == '"' else v
    rows = [dict(zip(head, [unquote(v) for v in l.split(sep)])) for l in lines[1:] if l]
    jobs = [r for r in rows if '.' not in r['JobID']]
    steps = [r for r in rows if '.' in r['JobID']]
    states = Counter(r['State'].split(' ')[0] for r in jobs)
    elapsed = sum(seconds(r['Elapsed']) for r in steps)
    rss = [mib(r['MaxRSS']) for r in steps if mib(r['MaxRSS']) is not None]
    print(path.split('/')[-1], 'jobs', len(jobs), 'steps', len(steps),
          'job states', dict(sorted(states.items())),
          'step elapsed sum %.0f' % elapsed, 'max step MaxRSS MiB %.4f' % max(rss, default=0))
