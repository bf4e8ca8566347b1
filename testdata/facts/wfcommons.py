#!/usr/bin/python3
"""The summary facts of a report of a WfCommons instance (WfFormat 1.5),
from the raw JSON with pandas (no jobframe code): tasks and attempts (the
execution's tasks: one run each), workers (the machines), jobs (the
instance: one) and the span (makespanInSeconds). Prints one JSON
object."""
import json
import sys

import pandas as pd

d = json.load(open(sys.argv[1]))
ex = d['workflow']['execution']
tasks = pd.DataFrame(ex['tasks'])
facts = {'tasks': int(tasks['id'].nunique()), 'attempts': len(tasks), 'workers': len(ex.get('machines', [])),
         'jobs': 1, 'span': float(ex['makespanInSeconds'])}
print(json.dumps(facts, sort_keys=True))
