"""Execute every notebook of scripts/notebooks with the jobframe kernel.

Run by cmd/jobframe/kernel_test.go as
    /usr/bin/python3 run_notebooks.py NOTEBOOKS_DIR
with JUPYTER_PATH naming the share/jupyter where "jobframe kernel install
--prefix" put the kernelspec. nbclient (Jupyter's own executor) runs each
notebook top to bottom; any cell error fails. Then the figures each
notebook prints are asserted (the same figures the seed scripts' golden
output holds, checked there against the shared data's published numbers
and Python over the raw logs), and every cell that draws a plot must have
an image/png output of a drawn chart (a blank canvas of that size
compresses to about 3 KB; the charts are 15 KB and more).
"""
import base64
import glob
import os
import sys

import nbformat
from nbclient import NotebookClient

EXPECT = {
    "hq_journal.ipynb": ["57 placements on 3 workers", "cn101", "36", "17",
                         "allocated: 2.1407 CPU-hours of 3.1796 offered (67.3 %)", "28.0"],
    "wq_resource_histograms.ipynb": [
        "mem_mb, final: n = 16, max 1413, mean 555.125, counts [1 3 3 3 3 0 0 0 1 2]",
        "mem_mb, every retrieved attempt: n = 18, max 1413, mean 650.444, counts [1 3 3 3 3 0 0 0 1 4]",
        "mem_mb, final, category sim: n = 15, max 1413, mean 511.267",
        "mem_mb, final, category fixed: n = 1, max 1213, mean 1213.000"],
    "balsam_analytics.ipynb": ["337 events; 177 tagged experiment:foo", "30 jobs finished",
                               "peak 12 nodes, 205.549196 node-minutes"],
    "epmt_query_tour.ipynb": ["804280", "Jeffrey.Durachta", "435", "13084584", "hsmget"],
    "cross_source.ipynb": ["hyperqueue 2.141 of 3.18 CPU-hours (67.33 %)",
                           "workqueue  0.09246 of 0.103 CPU-hours (89.78 %)",
                           "taskvine   0.04875 of 0.09476 CPU-hours (51.44 %)"],
}

folder = sys.argv[1]
paths = sorted(glob.glob(os.path.join(folder, "*.ipynb")))
assert sorted(os.path.basename(p) for p in paths) == sorted(EXPECT), paths
for path in paths:
    name = os.path.basename(path)
    nb = nbformat.read(path, as_version=4)
    NotebookClient(nb, kernel_name="jobframe", timeout=120,
                   resources={"metadata": {"path": folder}}).execute()
    text = []
    for cell in nb.cells:
        if cell.cell_type != "code":
            continue
        for out in cell.outputs:
            if out.output_type == "stream":
                text.append(out.text)
            elif out.output_type in ("execute_result", "display_data"):
                text.append(out.data.get("text/plain", ""))
        if cell.source.startswith("plot."):
            pngs = [o.data["image/png"] for o in cell.outputs
                    if o.output_type in ("execute_result", "display_data") and "image/png" in o.data]
            assert pngs, (name, cell.source[:60], cell.outputs)
            png = base64.b64decode(pngs[0])
            assert png[:8] == b"\x89PNG\r\n\x1a\n" and len(png) > 8000, (name, cell.source[:60], len(png))
    joined = "\n".join(text)
    for want in EXPECT[name]:
        assert want in joined, (name, want, joined)
    print("ok", name, sum(1 for c in nb.cells if c.cell_type == "code"), "cells")
