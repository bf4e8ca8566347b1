#!/usr/bin/python3
"""The summary facts of a report of a Nextflow trace with the default
fields, from the raw file with pandas (no jobframe code): tasks (task_id),
attempts (records with submit, duration and realtime: a start), successes
(COMPLETED and CACHED), failures (FAILED and ABORTED), the span from the
first submit to the last submit + duration, and goodput and badput (the
realtime of successful and failed attempts, the run time Nextflow's
report draws). Prints one JSON object."""
import json
import re
import sys

import pandas as pd

UNIT_S = {'ms': 0.001, 's': 1, 'm': 60, 'h': 3600, 'd': 86400}


def seconds(text):
    if text == '-':
        return None
    return sum(float(n) * UNIT_S[u] for n, u in re.findall(r'([0-9.]+)(ms|s|m|h|d)', text))


df = pd.read_csv(sys.argv[1], sep='\t', dtype=str, keep_default_na=False)
df['submit_t'] = pd.to_datetime(df['submit'].replace('-', None), format='%Y-%m-%d %H:%M:%S.%f')
df['duration_s'] = df['duration'].map(seconds)
df['realtime_s'] = df['realtime'].map(seconds)
started = df[df['submit_t'].notna() & df['duration_s'].notna() & df['realtime_s'].notna()]
ok = started['status'].isin(['COMPLETED', 'CACHED'])
bad = started['status'].isin(['FAILED', 'ABORTED'])
end = df['submit_t'] + pd.to_timedelta(df['duration_s'], unit='s')
facts = {
    'tasks': int(df['task_id'].nunique()),
    'attempts': len(started),
    'successes': int(ok.sum()),
    'failures': int(bad.sum()),
    'span': (end.max() - df['submit_t'].min()).total_seconds(),
    'goodput': float(started.loc[ok, 'realtime_s'].sum()),
    'badput': float(started.loc[bad, 'realtime_s'].sum()),
}
print(json.dumps(facts, sort_keys=True))
