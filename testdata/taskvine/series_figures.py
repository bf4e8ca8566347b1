#!/usr/bin/python3
"""Figures of resource monitor time series (.series files), read with no
jobframe code: per file, the samples, the peak resident memory (MB), the
last CPU time (s) and the first and last sample times (seconds since the
epoch, as written).

    /usr/bin/python3 testdata/taskvine/series_figures.py testdata/taskvine/time-series/*.series
"""
import sys

for path in sys.argv[1:]:
    header, rows = None, []
    for line in open(path):
        line = line.strip()
        if line.startswith("#wall_clock"):
            header = line[1:].split()
        elif line and not line.startswith("#"):
            rows.append(dict(zip(header, line.split())))
    mem = max(float(r["memory"]) for r in rows)
    cpu = float(rows[-1]["cpu_time"])
    print(f"{path.rsplit('/', 1)[-1]} samples={len(rows)} peak_mem_mb={mem:g} last_cpu_s={cpu:g} first={rows[0]['wall_clock']} last={rows[-1]['wall_clock']}")
