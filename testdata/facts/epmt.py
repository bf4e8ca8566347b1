#!/usr/bin/python3
"""The summary facts of a report of an EPMT job (collated papiex CSV v1
and job_metadata), from the raw CSV with pandas (no jobframe code): the
CSV read as EPMT reads it (csv.DictReader with escapechar '\\'); a
process is a row with a pid, its thread rows following with empty
per-process fields: processes, hosts (distinct hostnames), the process
cpu time (usertime + systemtime over every row, µs, in seconds), jobs
(one) and the span (the job's start to stop in job_metadata, a Python
pickle of naive datetimes: their difference needs no time zone). Prints
one JSON object."""
import csv
import glob
import json
import pickle
import sys

import pandas as pd

folder = sys.argv[1]
rows = []
for path in sorted(glob.glob(folder + '/*.csv')):
    with open(path, newline='') as f:
        rows.extend(csv.DictReader(f, escapechar='\\'))
df = pd.DataFrame(rows)
procs = df[df['pid'] != '']
cpu = pd.to_numeric(df['usertime']).sum() + pd.to_numeric(df['systemtime']).sum()
meta = pickle.load(open(folder + '/job_metadata', 'rb'), encoding='latin1')
facts = {
    'span': (meta['job_el_stop_ts'] - meta['job_pl_start_ts']).total_seconds(),
    'jobs': 1,
    'processes': len(procs),
    'hosts': int(procs['hostname'].nunique()),
    'process cpu time': float(cpu / 1e6),
}
print(json.dumps(facts, sort_keys=True))
