package parsl

import (
	"fmt"
	"math"
	"strings"
	"time"
)

// The table readers: each reads one table of db_manager.py's schema
// (its columns in the newest Parsl, and the 2019 names where they
// differ) into the model.

func (rd *reader) workflows() error {
	cols := []string{"run_id", "workflow_name", "workflow_version", "time_began", "time_completed", "host", "user", "rundir", "tasks_failed_count", "tasks_completed_count"}
	err := rd.each("workflow", cols, []int{0}, func(r *row) {
		w := &run{id: r.need(0), name: r.str(1), version: r.str(2), began: r.when(3), completed: r.when(4),
			host: r.str(5), user: r.str(6), rundir: r.str(7), failed: r.whole(8), done: r.whole(9)}
		_, _, naive, _ := moment(r.v[3], time.UTC)
		w.beganEpoch = !naive
		if r.bad {
			return
		}
		if _, dup := rd.runIndex[w.id]; dup {
			r.fail(0, "a run id the table has not listed already", nil)
			return
		}
		rd.runIndex[w.id] = len(rd.runs)
		rd.runs = append(rd.runs, w)
	})
	rd.orderRuns()
	if err == nil && rd.inferZone {
		rd.zoneFromVersions()
	}
	return err
}

// zoneFromVersions sets the zone of times written without one from the
// 2019 schema's workflow rows, where time_began is seconds since the
// epoch and workflow_version the same moment as the host's local time:
// their difference, rounded to 15 minutes, is the host's UTC offset. It
// is used when the runs agree on one offset and no zone was given.
func (rd *reader) zoneFromVersions() {
	offset, found := int64(0), false
	for _, r := range rd.runs {
		if !r.began.ok || !r.beganEpoch {
			continue
		}
		local, ok, naive, err := moment(r.version, time.UTC)
		if err != nil || !ok || !naive {
			continue
		}
		d := local - r.began.v // µs; local wall clock read as UTC minus the true instant
		q := int64(math.Round(float64(d)/9e8)) * 9e8
		if abs(d-q) > 60e6 || abs(q) > 14*3600e6 || (found && q != offset) {
			return
		}
		offset, found = q, true
	}
	if found {
		rd.loc = time.FixedZone(fmt.Sprintf("UTC%+03d:%02d", offset/3600e6, abs(offset/60e6)%60), int(offset/1e6))
		rd.zoneNote = fmt.Sprintf("Parsl wrote its times without a zone: read at %s, the offset between the workflow table's time_began (seconds since the epoch) and workflow_version (the same moment in local time); set JOBFRAME_TZ, or Options.TimeZone, to name the zone", rd.loc)
	}
}

func abs(x int64) int64 {
	if x < 0 {
		return -x
	}
	return x
}

func (rd *reader) taskRows() error {
	cols := []string{"task_id", "run_id", "task_func_name", "task_executor", "task_depends", "task_memoize", "task_hashsum",
		"task_stdout", "task_stderr", "task_time_invoked", "task_time_submitted", "task_time_returned", "task_fail_count", "task_fail_cost"}
	return rd.each("task", cols, []int{1, 0}, func(r *row) {
		id, runID := r.id(0), r.need(1)
		t := &task{fn: r.str(2), executor: r.str(3), depends: r.str(4), memoize: r.str(5), hashsum: r.str(6),
			stdout: r.str(7), stderr: r.str(8), invoked: r.when(9), returned: r.when(11), failCount: r.whole(12), failCost: r.real(13)}
		if sub := r.when(10); !t.invoked.ok {
			t.invoked = sub // the 2019 schema's name
		}
		if t.depends != "" {
			deps, err := parseDepends(t.depends)
			if err != nil {
				r.fail(4, "task ids separated by commas", err)
			}
			t.deps = deps
		}
		if r.bad {
			return
		}
		k := key{rd.runOf(runID, rd.p, "task"), id, 0}
		if rd.tasks[k] != nil {
			r.fail(0, "a task the run has not listed already", nil)
			return
		}
		rd.tasks[k] = t
	})
}

func (rd *reader) tryRows() error {
	cols := []string{"try_id", "task_id", "run_id", "block_id", "hostname", "task_executor", "task_try_time_launched",
		"task_try_time_running", "task_try_time_returned", "task_fail_history", "task_joins"}
	return rd.each("try", cols, []int{2, 1, 0}, func(r *row) {
		tryID, taskID, runID := r.id(0), r.id(1), r.need(2)
		t := &try{block: r.str(3), host: r.str(4), executor: r.str(5), launched: r.when(6), running: r.when(7),
			returned: r.when(8), history: r.str(9), joins: r.str(10)}
		if r.bad {
			return
		}
		if tryID < 0 || tryID > 1<<20 {
			r.fail(0, "a try number from 0", nil)
			return
		}
		k := key{rd.runOf(runID, rd.p, "try"), taskID, tryID}
		if rd.tries[k] != nil {
			r.fail(0, "a try the task has not listed already", nil)
			return
		}
		rd.tries[k] = t
	})
}

func (rd *reader) statusRows() error {
	cols := []string{"task_id", "task_status_name", "timestamp", "run_id", "try_id"}
	rd.statuses = make([]status, 0, rd.db.count("status"))
	return rd.each("status", cols, []int{3, 0, 4, 1, 2}, func(r *row) {
		taskID, name, at, runID, tryID := r.id(0), r.str(1), r.when(2), r.need(3), r.whole(4)
		if _, known := stateOf[name]; !known && !r.bad {
			r.fail(1, "a Parsl task state ("+strings.Join(stateNames(), ", ")+")", nil)
		}
		if tryID.ok && (tryID.v < 0 || tryID.v > 1<<20) {
			r.fail(4, "a try number from 0", nil)
		}
		if r.bad {
			return
		}
		rd.statuses = append(rd.statuses, status{key{rd.runOf(runID, rd.p, "status"), taskID, tryID.v}, name, at})
	})
}

func (rd *reader) resourceRows() error {
	cols := []string{"try_id", "task_id", "run_id", "timestamp", "resource_monitoring_interval", "psutil_process_pid",
		"psutil_process_cpu_percent", "psutil_process_memory_percent", "psutil_process_children_count",
		"psutil_process_time_user", "psutil_process_time_system", "psutil_process_memory_virtual",
		"psutil_process_memory_resident", "psutil_process_disk_read", "psutil_process_disk_write", "psutil_process_status",
		"psutil_cpu_num", "psutil_process_num_ctx_switches_voluntary", "psutil_process_num_ctx_switches_involuntary"}
	rd.samples = make([]sample, 0, rd.db.count("resource"))
	return rd.each("resource", cols, []int{2, 1, 0, 3}, func(r *row) {
		tryID, taskID, runID := r.whole(0), r.id(1), r.need(2)
		s := sample{at: r.when(3), interval: r.real(4), pid: r.whole(5), cpuPct: r.real(6), memPct: r.real(7), kids: r.real(8),
			user: r.real(9), system: r.real(10), vms: r.real(11), rss: r.real(12), read: r.real(13), write: r.real(14),
			state: r.str(15), cpuNum: r.str(16), ctxVoluntary: r.real(17), ctxInvoluntary: r.real(18)}
		if r.bad {
			return
		}
		s.key = key{rd.runOf(runID, rd.p, "resource"), taskID, tryID.v}
		rd.samples = append(rd.samples, s)
	})
}

func (rd *reader) nodeRows() error {
	cols := []string{"id", "run_id", "hostname", "uid", "block_id", "cpu_count", "total_memory", "active", "worker_count",
		"python_v", "timestamp", "last_heartbeat"}
	return rd.each("node", cols, []int{0, 1, 3}, func(r *row) {
		runID := r.need(1)
		n := node{host: r.str(2), uid: r.str(3), block: r.str(4), cpus: r.whole(5), memBytes: r.whole(6),
			workers: r.whole(8), python: r.str(9), at: r.when(10), heartbeat: r.when(11)}
		n.active, n.activeOK = r.boolean(7)
		if r.bad {
			return
		}
		n.run = rd.runOf(runID, rd.p, "node")
		rd.nodes = append(rd.nodes, n)
	})
}

func (rd *reader) blockRows() error {
	cols := []string{"run_id", "executor_label", "block_id", "job_id", "timestamp", "status"}
	return rd.each("block", cols, []int{0, 1, 2, 4}, func(r *row) {
		runID := r.need(0)
		b := blockRow{executor: r.str(1), block: r.str(2), job: r.str(3), at: r.when(4), statusOf: r.str(5)}
		if r.bad {
			return
		}
		b.run = rd.runOf(runID, rd.p, "block")
		rd.blocks = append(rd.blocks, b)
	})
}

// parseDepends reads task_depends: the ids of the tasks a task waits
// for, separated by commas ("" for none).
func parseDepends(s string) ([]int64, error) {
	var out []int64
	for _, f := range strings.Split(s, ",") {
		f = strings.TrimSpace(f)
		if f == "" {
			continue
		}
		n, ok, err := integer(f)
		if err != nil || !ok {
			return nil, fmt.Errorf("%q is not a task id", f)
		}
		out = append(out, n)
	}
	return out, nil
}
