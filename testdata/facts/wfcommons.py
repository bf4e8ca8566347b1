#!/usr/bin/python3
"""The summary facts of a report of a WfCommons instance (WfFormat 1.4 or
1.5), from the raw JSON with pandas (no jobframe code): tasks and
attempts (the execution's tasks: one run each), workers (the machines),
jobs (the instance: one) and the span (makespanInSeconds) when
executedAt is an ISO 8601 time, else the makespan. Prints one JSON
object."""
import json
import sys
from datetime import datetime

import pandas as pd

def dated(text):
    """Whether text is an ISO 8601 time, extended or basic."""
    for fmt in ('%Y-%m-%dT%H:%M:%S%z', '%Y-%m-%dT%H:%M:%S.%f%z', '%Y%m%dT%H%M%S%z'):
        try:
            datetime.strptime(text.replace('Z', '+0000'), fmt)
            return True
        except ValueError:
            pass
    return False


d = json.load(open(sys.argv[1]))
ex = d['workflow'].get('execution', d['workflow'])  # WfFormat 1.5, or 1.4's workflow
tasks = pd.DataFrame(ex['tasks'])
facts = {'tasks': int(tasks['id'].nunique()) if 'id' in tasks else len(tasks), 'attempts': len(tasks),
         'workers': len(ex.get('machines', [])), 'jobs': 1}
# The makespan is the span when the run is dated, else a fact of its own.
facts['span' if dated(ex['executedAt']) else 'makespan'] = float(ex['makespanInSeconds'])
print(json.dumps(facts, sort_keys=True))
