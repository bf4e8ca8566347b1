#!/usr/bin/python3
"""The summary facts of a report of a Work Queue performance log alone,
from the raw lines with pandas (no jobframe code): its span, from the
first to the last record's timestamp (µs). Prints one JSON object."""
import json
import sys

import pandas as pd

t = pd.read_csv(sys.argv[1], sep=' ', comment='#', header=None, usecols=[0])[0] / 1e6
print(json.dumps({'span': float(t.max() - t.min())}, sort_keys=True))
