#!/usr/bin/python3
"""The expressions of frame's TestExprAgainstPandas, computed by pandas
from the frame written as CSV (no jobframe code): one output CSV column
per expression, named as the test names it, "" for null.

    /usr/bin/python3 pandas_exprs.py IN.csv OUT.csv

The frame's columns: a (Int64, nulls), x and y (float64, nulls), s (text,
nulls, few distinct values), start and end (UTC times, nulls). Nullable
dtypes (Int64, boolean) give Kleene's logic and null propagation, as
jobframe's expressions define them."""
import sys

import numpy as np
import pandas as pd

src, dst = sys.argv[1:3]
d = pd.read_csv(src, keep_default_na=False, na_values=[""])
a = d["a"].astype("Int64")
x, y = d["x"].astype("Float64"), d["y"].astype("Float64")
s = d["s"].astype("string")
start = pd.to_datetime(d["start"], utc=True)
end = pd.to_datetime(d["end"], utc=True)
dur = end - start


def pyfloordiv(p, q):
    """Python's // on nullable ints: null where q is 0."""
    q = q.mask(q == 0)
    return p // q


out = pd.DataFrame({
    "add": a + 3,
    "sub_mixed": a - x,
    "mul": a * y,
    "div": x / y,
    "floordiv": pyfloordiv(a, pd.Series(3, index=a.index, dtype="Int64")),
    "mod": a.mod(3).where(a.notna()),
    "neg_abs": (-x).abs(),
    "floor": np.floor(x.astype("float64")).astype("Float64").where(x.notna()),
    "gt": a > 10,
    "le_mixed": x <= a,
    "eq_str": s == "failed",
    "ne_str": s != "failed",
    "and": (a > 0) & (x < 0),
    "or": (a > 0) | (s == "lost"),
    "not": ~(x > 1),
    "between": (x >= -1) & (x <= 1),
    "is_null": a.isna(),
    "fill": a.fillna(-1),
    "coalesce": x.fillna(y).fillna(0.0),
    "seconds": dur.dt.total_seconds(),
    "hour": start.dt.hour.astype("Int64"),
    "weekday": ((start.dt.dayofweek + 1) % 7).astype("Int64"),
    "is_in": s.isin(["lost", "failed"]).astype("boolean").where(s.notna()),
    "contains": s.str.contains("ail"),
    "upper": s.str.upper(),
    "len": s.str.len().astype("Int64"),
    "when": pd.Series(np.where((a > 0).fillna(False), x, y), dtype="Float64").where(
        (a > 0).fillna(False) & x.notna() | ~(a > 0).fillna(False) & y.notna()),
})
out.to_csv(dst, index=False, na_rep="")
