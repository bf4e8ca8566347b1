#!/usr/bin/python3
"""Figures of a folder of PBS/Torque daily accounting logs, read as one
log in name order, with Python's standard library alone (no jobframe):

- jobs: distinct job ids over all records (reservation, license and
  provisioning records excepted; these logs have none);
- runs: distinct (job id, start) pairs of the S records and of the E
  records whose start is not 0;
- running: runs of an S record that no E record (same job and start)
  ends;
- ended_without_running: E records with start=0;
- core_seconds: sum over E records of resources_used.walltime (seconds)
  times the slots of exec_host (host/a-b counts b-a+1, host/a*n counts
  n, host/a counts 1).

Usage: figures.py FOLDER  (prints JSON)
"""
import json
import os
import sys


def seconds(v):
    total = 0
    for part in v.split(":"):
        total = total * 60 + int(part)
    return total


def slots(exec_host):
    n = 0
    for chunk in exec_host.split("+"):
        spec = chunk.split("/", 1)[1]
        if "*" in spec:
            n += int(spec.split("*")[1])
            continue
        for part in spec.split(","):
            if "-" in part:
                a, b = part.split("-")
                n += int(b) - int(a) + 1
            else:
                n += 1
    return n


def main(folder):
    jobs, starts, ends = set(), set(), set()
    without, core = 0, 0
    for name in sorted(os.listdir(folder)):
        with open(os.path.join(folder, name)) as f:
            for line in f:
                line = line.rstrip("\n")
                if not line:
                    continue
                _, typ, jid, msg = line.split(";", 3)
                jobs.add(jid)
                kv = dict(w.split("=", 1) for w in msg.split() if "=" in w)
                if typ == "S":
                    starts.add((jid, kv["start"]))
                if typ == "E":
                    if kv.get("start", "0") == "0":
                        without += 1
                        continue
                    ends.add((jid, kv["start"]))
                    core += seconds(kv["resources_used.walltime"]) * slots(kv["exec_host"])
    print(json.dumps({
        "jobs": len(jobs),
        "runs": len(starts | ends),
        "running": len(starts - ends),
        "ended_without_running": without,
        "core_seconds": core,
    }, sort_keys=True))


if __name__ == "__main__":
    main(sys.argv[1])
