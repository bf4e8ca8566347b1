#!/usr/bin/python3
"""The summary facts of a report of Flux job-list records (flux jobs
--json's {"jobs": [...]}, or one JSON record per line), from the raw
records with pandas (no jobframe code). A later record of an id is a
later snapshot of the job: the last one counts. A job ran when it has
t_run; its run ended when it has t_cleanup and succeeded when its result
is 1 (COMPLETED). tasks = attempts = jobs that ran; successes and
failures (ended runs, not COMPLETED); goodput and badput (t_cleanup -
t_run of successful and of other ended runs); CPU-hours of ended
attempts (the same times ncores, where the records have it); jobs =
distinct ids; span from the first to the last t_submit, t_run,
t_cleanup and t_inactive of any record; throughput: jobs ended (state
64, INACTIVE) and completed (result 1). Prints one JSON object; a key
"section/fact" is a fact of that section."""
import json
import sys

import pandas as pd

records = []
for path in sys.argv[1:]:
    with open(path, encoding='utf-8') as f:
        text = f.read()
    if text.lstrip().startswith('{"jobs"'):
        records.extend(json.loads(text)['jobs'])
    else:
        records.extend(json.loads(line) for line in text.splitlines() if line.strip())
df = pd.DataFrame(records)
for c in ('t_submit', 't_run', 't_cleanup', 't_inactive', 'ncores', 'result'):
    if c not in df:
        df[c] = float('nan')
times = pd.concat([df[c] for c in ('t_submit', 't_run', 't_cleanup', 't_inactive')]).dropna()
last = df.groupby('id', sort=False).last()
ran = last[last['t_run'].notna()]
ended = ran[ran['t_cleanup'].notna()]
good, bad = ended[ended['result'] == 1], ended[ended['result'] != 1]
facts = {
    'tasks': len(ran), 'attempts': len(ran), 'successes': len(good), 'failures': len(bad),
    'goodput': float((good['t_cleanup'] - good['t_run']).sum()), 'badput': float((bad['t_cleanup'] - bad['t_run']).sum()),
    'jobs': len(last), 'span': float(times.max() - times.min()),
    'throughput/jobs ended': int((last['state'] == 64).sum()),
    'throughput/jobs completed': int((last['result'] == 1).sum()),
}
cores = ended[ended['ncores'].notna()]
if len(cores):
    facts['CPU-hours of ended attempts'] = float(((cores['t_cleanup'] - cores['t_run']) * cores['ncores']).sum()) / 3600
print(json.dumps(facts))
