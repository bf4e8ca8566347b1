#!/usr/bin/python3
"""The summary facts of a report of a Cromwell workflow's metadata JSON,
from the raw document with pandas (no jobframe code). A row is a call
entry (a shard's attempt), subworkflows' calls included; it succeeded
when its executionStatus is Done or Bypassed, failed when Failed,
RetryableFailure or Aborted; ended when it has an end. tasks = distinct
(call, shard); attempts = entries; successes and failures; goodput and
badput (end - start of succeeded and of other ended entries);
CPU-hours of ended attempts (end - start times runtimeAttributes.cpu);
jobs = workflows and subworkflows; span from the first to the last of
the workflows' submission, start and end and the calls' and their
execution events' start and end times; throughput: jobs ended (the
workflows with an end) and completed (status Succeeded). Prints one
JSON object; a key "section/fact" is a fact of that section."""
import json
import sys
from datetime import datetime

import pandas as pd


def ts(s):
    return datetime.fromisoformat(s.replace('Z', '+00:00')).timestamp() if s else None


calls, workflows, times = [], [], []


def walk(md):
    workflows.append(md)
    times.extend(ts(md.get(k)) for k in ('submission', 'start', 'end'))
    for name, entries in (md.get('calls') or {}).items():
        for e in entries:
            if 'subWorkflowMetadata' in e:
                walk(e['subWorkflowMetadata'])
                continue
            calls.append({'name': name, 'shard': e.get('shardIndex', -1), 'status': e.get('executionStatus'),
                          'start': ts(e.get('start')), 'end': ts(e.get('end')),
                          'cpu': float((e.get('runtimeAttributes') or {}).get('cpu', 'nan'))})
            times.extend([ts(e.get('start')), ts(e.get('end'))])
            for ev in e.get('executionEvents') or []:
                times.extend([ts(ev.get('startTime')), ts(ev.get('endTime'))])


for path in sys.argv[1:]:
    with open(path, encoding='utf-8') as f:
        walk(json.load(f))
df = pd.DataFrame(calls)
ended = df[df['end'].notna()]
good = ended[ended['status'].isin(['Done', 'Bypassed'])]
bad = ended[~ended['status'].isin(['Done', 'Bypassed'])]
timed = [t for t in times if t is not None]
facts = {
    'tasks': int(df.groupby(['name', 'shard']).ngroups), 'attempts': len(df),
    'successes': int(df['status'].isin(['Done', 'Bypassed']).sum()),
    'failures': int(ended['status'].isin(['Failed', 'RetryableFailure', 'Aborted']).sum()),
    'goodput': float((good['end'] - good['start']).sum()), 'badput': float((bad['end'] - bad['start']).sum()),
    'jobs': len(workflows), 'span': max(timed) - min(timed),
    'throughput/jobs ended': sum(1 for w in workflows if w.get('end')),
    'throughput/jobs completed': sum(1 for w in workflows if w.get('status') == 'Succeeded'),
}
withcpu = ended[ended['cpu'].notna()]
if len(withcpu):
    facts['CPU-hours of ended attempts'] = float(((withcpu['end'] - withcpu['start']) * withcpu['cpu']).sum()) / 3600
print(json.dumps(facts))
