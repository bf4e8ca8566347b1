#!/usr/bin/python3
"""seff's figures per job, straight from a sacct dump (no jobframe code),
for the report's efficiency tests: CPU efficiency = TotalCPU / (Elapsed x
AllocCPUS) of the job row, memory efficiency = the largest MaxRSS of the
job's rows / ReqMem (c: per CPU, n: per node, times AllocCPUS or
AllocNodes), time efficiency = Elapsed / Timelimit. For files whose
fields hold no delimiter (the tdhock exports). Prints one line per job:
JobID cpu_eff mem_eff time_eff (fractions, 'None' when unknown)."""
import sys


def seconds(d):
    if d in ('', 'UNLIMITED', 'Partition_Limit'):
        return None
    days = 0
    if '-' in d:
        a, d = d.split('-')
        days = int(a)
    s = 0.0
    for p in d.split(':'):
        s = s * 60 + float(p)
    return days * 86400 + s


def mib(v):
    if v == '':
        return None
    if v[-1] in 'KMGT':
        return float(v[:-1]) * {'K': 1 / 1024, 'M': 1, 'G': 1024, 'T': 1024 ** 2}[v[-1]]
    return float(v) / 1024  # bare RSS is KiB


for path in sys.argv[1:]:
    lines = open(path).read().splitlines()
    sep = '\t' if '\t' in lines[0] else '|'
    head = lines[0].split(sep)
    rows = [dict(zip(head, l.split(sep))) for l in lines[1:] if l]
    jobs = [r for r in rows if '.' not in r['JobID']]
    for j in jobs:
        rss = [mib(r['MaxRSS']) for r in rows if r['JobID'].split('.')[0] == j['JobID'] and r.get('MaxRSS')]
        cpus = int(j['AllocCPUS'])
        wall, cpu, limit = seconds(j['Elapsed']), seconds(j['TotalCPU']), seconds(j['Timelimit'])
        req = j['ReqMem']
        scale = 1
        if req[-1] in 'cn':
            scale = cpus if req[-1] == 'c' else int(j['AllocNodes'])
            req = req[:-1]
        req = mib(req) * scale
        ratio = lambda a, b: a / b if a is not None and b else None
        print(j['JobID'], ratio(cpu, wall * cpus), ratio(max(rss) if rss else None, req), ratio(wall, limit))
