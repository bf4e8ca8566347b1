#!/usr/bin/python3
"""Independent data-movement figures for a Work Queue or TaskVine
transactions log, from its lines (no jobframe code), for ops'
TransferVolume and TransferFiles and the report's data movement section.

Work Queue: "TRANSFER (INPUT|OUTPUT) taskid cache_flag size_mb wall_s
name" (sizes in MB of 2^20 bytes, rounded to whole bytes). TaskVine:
"WORKER id TRANSFER (INPUT|OUTPUT) name size wall start" and "WORKER id
CACHE_UPDATE name size wall start" (bytes and µs since 7.5.1). Prints
JSON: per direction transfers, bytes and seconds; cache updates and
their bytes; and per file transfers, destinations (workers, or tasks
for Work Queue), bytes and the largest size.

usage: transfers_figures.py TRANSACTIONS_LOG"""
import json
import sys

direction, files, cache = {}, {}, {'count': 0, 'bytes': 0}
for line in open(sys.argv[1]):
    f = line.split()
    if not f or f[0].startswith('#'):
        continue
    if f[2] == 'TRANSFER':  # Work Queue
        d, dest, size, wall, name = f[3], 'task ' + f[4], round(float(f[6]) * 2 ** 20), float(f[7]), f[8]
    elif f[2] == 'WORKER' and f[4] == 'TRANSFER':  # TaskVine
        d, dest, name, size, wall = f[5], f[3], f[6], int(f[7]), int(f[8]) / 1e6
    elif f[2] == 'WORKER' and f[4] == 'CACHE_UPDATE':
        cache['count'] += 1
        cache['bytes'] += int(f[6])
        continue
    else:
        continue
    x = direction.setdefault(d, {'transfers': 0, 'bytes': 0, 'wall_s': 0.0})
    x['transfers'] += 1
    x['bytes'] += size
    x['wall_s'] += wall
    y = files.setdefault(name, {'transfers': 0, 'dest': set(), 'bytes': 0, 'size': 0})
    y['transfers'] += 1
    y['dest'].add(dest)
    y['bytes'] += size
    y['size'] = max(y['size'], size)

for y in files.values():
    y['destinations'] = len(y.pop('dest'))
print(json.dumps({'direction': direction, 'cache_updates': cache, 'files': files}, sort_keys=True))
