"""Reads a CSV that jobframe wrote with pandas and prints, as JSON, what
pandas made of it: dtypes, per-column checksums, and a group-by of x by
cat computed by pandas itself, for frame/interop_test.go to compare.

    /usr/bin/python3 pandas_check.py FILE
"""
import json
import sys

import pandas as pd

path = sys.argv[1]
df = pd.read_csv(path, parse_dates=["ts"])
out = {"rows": len(df), "dtypes": {c: str(t) for c, t in df.dtypes.items()}, "columns": {}}
for c in df.columns:
    s = df[c].dropna()
    if str(s.dtype).startswith("datetime64"):
        total = sum(int(v.value) // 1000 for v in s)
    elif s.dtype == bool or all(isinstance(v, bool) for v in s):
        total = int(sum(bool(v) for v in s))  # a bool column with nulls is object dtype
    elif str(s.dtype) == "int64":
        total = sum(int(v) for v in s)
    elif s.dtype == float:
        total = float(s.sum())
    else:
        total = sum(len(v.encode("utf-8")) for v in s)
    out["columns"][c] = {"count": str(int(s.count())), "sum": str(total)}

g = df.groupby("cat", dropna=False)["x"]
agg = g.agg(["count", "sum", "mean", "median", "std", "min", "max", "first", "last", "nunique"])
agg["q90"] = g.quantile(0.9)
rows = []
for key, r in agg.iterrows():
    rows.append({"cat": None if pd.isna(key) else key, **{k: (None if pd.isna(v) else float(v)) for k, v in r.items()}})
out["groupby"] = rows
print(json.dumps(out))
