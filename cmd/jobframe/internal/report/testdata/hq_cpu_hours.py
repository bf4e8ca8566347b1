# Independent CPU-hours of the bundled HyperQueue journal (docs/semantics.md#busy-cpus
# rules for busy CPUs; capacity = CPUs of connected workers, from connect to
# loss or server-stop).
import datetime, json, sys
def ts(s):
    return datetime.datetime.fromisoformat(s.replace('Z', '+00:00')).timestamp()
lines = [json.loads(l) for l in open(sys.argv[1])]
t0 = ts(lines[0]['time'])
cpus, req, running, points = {}, {}, {}, [(0.0, 0.0)]
cap, cap_points = {}, []
def size(r):
    k = r['kind']
    if 'List' in k: return len(k['List']['values'])
    if 'Groups' in k: return sum(len(g) for g in k['Groups']['groups'])
    if 'Range' in k: return k['Range']['end'] - k['Range']['start'] + 1
    if 'Sum' in k: return k['Sum']['size'] / 10000
def busy(): return sum(a for al in running.values() for _, a in al)
for l in lines:
    e, t = l['event'], ts(l['time']) - t0
    ty = e['type']
    if ty == 'worker-connected':
        c = [size(r) for r in e['configuration']['resources']['resources'] if r['name'] == 'cpus']
        cpus[e['id']] = c[0] if c else 0
        cap[e['id']] = cpus[e['id']]; cap_points.append((t, sum(cap.values())))
    elif ty == 'job-created':
        td = e['submit_desc']['task_desc']
        for rg in td.get('ids', {}).get('ranges', []):
            i = rg['start']
            while i < rg['start'] + rg['count']:
                req[(e['job'], i)] = td['resources']; i += rg.get('step', 1) or 1
    elif ty == 'task-started':
        k = (e['job'], e['task']); running.pop(k, None)
        W = e.get('workers') or [e['worker']]
        r = req.get(k)
        v = r['variants'][e.get('variant') or 0]
        if v.get('n_nodes', 0) > 0: al = [(w, cpus[w]) for w in W]
        else:
            ent = [x for x in v['resources'] if x['resource'] == 'cpus']
            if not ent: al = [(W[0], 0.0)]
            elif ent[0]['policy'] == 'All': al = [(W[0], cpus[W[0]])]
            else: al = [(W[0], list(ent[0]['policy'].values())[0] / 10000)]
        running[k] = al; points.append((t, busy()))
    elif ty in ('task-finished', 'task-failed'):
        if running.pop((e['job'], e['task']), None) is not None: points.append((t, busy()))
    elif ty in ('task-canceled', 'task-aborted'):
        ch = [running.pop((x['job_id'], x['job_task_id']), None) for x in e['tasks']]
        if any(c is not None for c in ch): points.append((t, busy()))
    elif ty == 'worker-lost':
        w, ch = e['id'], False
        for k in list(running):
            al = running[k]
            if al[0][0] == w: del running[k]; ch = True
            elif any(x == w for x, _ in al): running[k] = [(x, a) for x, a in al if x != w]; ch = True
        if ch: points.append((t, busy()))
        cap.pop(w, None); cap_points.append((t, sum(cap.values())))
    elif ty in ('server-start', 'server-stop'):
        if running: running.clear(); points.append((t, busy()))
        if ty == 'server-stop': cap.clear(); cap_points.append((t, 0))
def integral(ps): return sum(v * (ps[i+1][0] - t) for i, (t, v) in enumerate(ps[:-1]))
b, c = integral(points), integral(cap_points)
print('%.2f / %.2f (%.1f %%)' % (b / 3600, c / 3600, 100 * b / c), len(points))
