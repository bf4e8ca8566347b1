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

# Aggregations and window functions: groups of equal s, nulls a group of
# their own (jobframe's GroupBy and Over, pandas' dropna=False), rows in
# frame order within each group.
k = s.fillna("\x00null")
xf, af = x.astype("float64"), a.astype("float64")  # NaN for null


def ungroup(r):
    """A groupby().rolling() result back in the frame's row order."""
    return r.reset_index(level=0, drop=True).sort_index()


win = pd.DataFrame({
    "w_cumsum_over": xf.groupby(k).cumsum(),
    "w_shift_over": a.groupby(k).shift(1),
    "w_diff": xf.diff(2),
    "w_diff_time_over": start.groupby(k).diff(1).dt.total_seconds(),
    "w_rank_over": af.groupby(k).rank(method="average"),
    "w_rolling_over": ungroup(xf.groupby(k).rolling(3).mean()),
    "w_rolling_sum": af.rolling(4).sum(),
    "agg_max_over": x.groupby(k).transform("max"),
    "agg_mean_over": af.groupby(k).transform("mean"),
    "agg_count_over": x.groupby(k).transform("count"),
    "agg_nunique_over": a.groupby(k).transform("nunique"),
    "agg_std_over": xf.groupby(k).transform("std"),
    "agg_q_over": xf.groupby(k).transform(lambda v: v.quantile(0.9)),
    "agg_first_over": a.groupby(k).transform("first"),
    "agg_sum_all": pd.Series(xf.sum(), index=x.index),
    "agg_minus_mean": xf - xf.mean(),
    "agg_span_over": (end.groupby(k).transform("max") - start.groupby(k).transform("min")).dt.total_seconds(),
})
out = pd.concat([out, win], axis=1)
out.to_csv(dst, index=False, na_rep="")
