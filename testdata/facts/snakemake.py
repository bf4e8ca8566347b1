#!/usr/bin/python3
"""The summary facts of a report of Snakemake benchmark files (TSV with
a header, or JSON lines; the files given, read as one load), from the
raw rows with pandas (no jobframe code). A row is one run of a job; a
job is a file and, in an aggregated file, a jobid; Snakemake writes a
benchmark once its job succeeded. tasks = the jobs; attempts =
successes = the rows; failures 0; and the energy section's core-hours:
the sum of s × threads over the rows that have threads. Prints one JSON
object; a key "section/fact" is a fact of that section."""
import json
import sys

import pandas as pd

frames = []
for path in sys.argv[1:]:
    with open(path, encoding='utf-8') as f:
        head = f.read(1)
    if head == '{':
        df = pd.read_json(path, lines=True)
    else:
        df = pd.read_csv(path, sep='\t', na_values=['NA'], keep_default_na=False)
    df['file'] = path
    frames.append(df)
df = pd.concat(frames, ignore_index=True)
job = df['jobid'].astype(str) if 'jobid' in df else pd.Series([''] * len(df))
jobs = (df['file'] + '/' + job).nunique()
facts = {'tasks': int(jobs), 'attempts': len(df), 'successes': len(df), 'failures': 0}
if 'threads' in df:
    ran = df[df['threads'].notna()]
    facts['energy/core-hours'] = float((pd.to_numeric(ran['s']) * ran['threads']).sum()) / 3600
print(json.dumps(facts))
