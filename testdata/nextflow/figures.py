#!/usr/bin/python3
"""Independent figures for the Nextflow loader's tests, straight from the
raw files (no jobframe code). Traces: rows, statuses, exits, summed
realtime, summed CPU time (%cpu x realtime), largest peak_rss. Timeline:
entries, segments, first and last instants, summed run segments,
largest peak RSS of the run labels. Default-field traces: the latest
submit + duration and the earliest submit + duration - realtime (where
Nextflow's report places a task's end and start), as naive times."""
import datetime
import json
import re
import sys
from collections import Counter

UNIT_MS = {'ms': 1, 's': 1000, 'm': 60000, 'h': 3600000, 'd': 86400000}
POW = {'B': 0, 'KB': 1, 'MB': 2, 'GB': 3, 'TB': 4}

def ms(text):
    if text == '-':
        return None
    total = 0
    for num, unit in re.findall(r'([0-9.]+)(ms|s|m|h|d)', text):
        total += round(float(num) * UNIT_MS[unit])
    return total

def mib(text):
    if text == '-':
        return None
    if ' ' not in text:  # a bare number: bytes ("0")
        return int(text) / 2 ** 20
    num, unit = text.split(' ')
    return round(float(num) * 1024 ** POW[unit]) / 2 ** 20

def trace(path):
    lines = open(path).read().splitlines()
    head = lines[0].split('\t')
    rows = [dict(zip(head, l.split('\t'))) for l in lines[1:] if l]
    real = [ms(r['realtime']) for r in rows if ms(r['realtime']) is not None]
    cpu = [float(r['%cpu'].rstrip('%')) / 100 * ms(r['realtime']) / 1000
           for r in rows if r['%cpu'] != '-' and r['realtime'] != '-']
    rss = [mib(r['peak_rss']) for r in rows if r['peak_rss'] != '-']
    print(path.split('/')[-1], 'rows', len(rows),
          'status', dict(sorted(Counter(r['status'] for r in rows).items())),
          'exit', dict(sorted(Counter(r['exit'] for r in rows).items())),
          'realtime sum s %.3f' % (sum(real) / 1000),
          'cpu time sum s %.3f' % sum(cpu),
          'max peak_rss MiB %.4f' % max(rss))
    if 'complete' not in head and 'duration' in head:
        def at(r, extra):
            t = datetime.datetime.strptime(r['submit'], '%Y-%m-%d %H:%M:%S.%f')
            return t + datetime.timedelta(milliseconds=extra)
        timed = [r for r in rows if r['submit'] != '-' and r['duration'] != '-']
        print('  latest end', max(at(r, ms(r['duration'])) for r in timed).isoformat(timespec='milliseconds'),
              'earliest start', min(at(r, ms(r['duration']) - ms(r['realtime']))
                                    for r in timed if r['realtime'] != '-').isoformat(timespec='milliseconds'))

def timeline(path):
    page = open(path).read()
    literal = page[page.index('var data=[') + len('var data='):]
    literal = literal[:literal.index('\n]\n') + 2]
    literal = re.sub(r'"color":c\d\(\d+\)', '"color":null', literal)
    entries = json.loads(literal)
    segs = [s for e in entries for s in e['times']]
    run = [e['times'][1] for e in entries if len(e['times']) >= 2]
    rss = [mib(s['label'].split(' / ')[1]) for s in run if s['label'].split(' / ')[1] != '-']
    print(path.split('/')[-1], 'entries', len(entries), 'segments', len(segs),
          'three', sum(len(e['times']) == 3 for e in entries),
          'first', min(s['starting_time'] for s in segs),
          'last', max(s['ending_time'] for s in segs),
          'run sum s %.3f' % (sum(s['ending_time'] - s['starting_time'] for s in run) / 1000),
          'max rss MiB %.4f' % max(rss))

for p in sys.argv[1:]:
    (timeline if p.endswith('.html') else trace)(p)
