package loaders

import (
	"slices"
	"strings"
	"testing"

	"github.com/jobframe/jobframe/frame/schema"
	"github.com/jobframe/jobframe/loaders/cctools"
	"github.com/jobframe/jobframe/loaders/source"
	"github.com/jobframe/jobframe/loaders/sourcetest"
)

// projections are loads of some columns of a frame, by loader.
var projections = []struct {
	path  string
	frame string
	cols  []string
}{
	// measured columns, one that took the "measured_" prefix, and the
	// attempt's own columns, in an order of our choosing
	{sourcetest.Bundled("workqueue/realrun_wq_7.17.1_transactions.log"), schema.Tasks, []string{"mem_mb", "final", "task", "measured_start", "cores", "exit_code", "limits_exceeded", "req_cpus"}},
	{sourcetest.Bundled("taskvine/cctools-test_2025-04-25_transactions.log"), schema.Tasks, []string{"end_line", "state", "source", "job"}},
	{sourcetest.Bundled("workqueue/realrun_wq_7.17.1_transactions.log"), schema.Placements, []string{"worker", "start"}},
	// the records' times alone (a report's), and their text without the
	// line (built for the text, then left out)
	{sourcetest.Bundled("workqueue/realrun_wq_7.17.1_transactions.log"), schema.Events, []string{"time"}},
	{sourcetest.Bundled("taskvine/realrun_vine_7.17.1_transactions.log"), schema.Events, []string{"data", "type", "id"}},
	// no queue time or request kept for the tasks queued and not yet
	// run, but TaskVine's attempt numbers are: task 9's second READY
	// 1 makes its first attempt forsaken
	{sourcetest.Bundled("taskvine/realrun_vine_7.17.1_transactions.log"), schema.Tasks, []string{"task", "attempt", "state", "final"}},
	{sourcetest.Bundled("epmt/804280"), schema.Procs, []string{"tags", "cpu_time", "usertime", "numtids", "tag.op", "rdtsc_duration", "start"}},
	{sourcetest.Bundled("epmt/804280"), schema.Threads, []string{"pid", "systemtime", "tid"}},
	// the bench script's: no text but tags, metrics only for cpu_time
	{sourcetest.Bundled("epmt/804280"), schema.Procs, []string{"start", "end", "tags", "cpu_time", "numtids"}},
	{sourcetest.Bundled("epmt/804280"), schema.Procs, []string{"host", "exename", "args", "path", "file", "line", "ppid", "exitsignal"}},
	// tag.* columns without tags, a duration without its start and
	// end: each column built on its own
	{sourcetest.Bundled("epmt/804280"), schema.Procs, []string{"duration_us", "tag.op_instance", "pid"}},
	{sourcetest.Bundled("epmt/804280"), schema.Procs, []string{"numtids"}},
	{sourcetest.Bundled("hq/synthetic_v0.26_journal.jsonl"), schema.Tasks, []string{"state", "worker", "start"}},
	// HyperQueue builds only these tasks columns: a report's (all but
	// its bookkeeping), and a multi-worker list with the exit code its
	// reason gives
	{sourcetest.Bundled("hq/synthetic_v0.26_journal.jsonl"), schema.Tasks, []string{"source", "job", "task", "attempt", "submit", "start", "end", "state", "reason", "exit_code", "req_cpus", "req_gpus", "req_mem_mb", "req_nodes", "job_name"}},
	{sourcetest.Bundled("hq/synthetic_v0.26_journal.jsonl"), schema.Tasks, []string{"workers", "exit_code"}},
	// HyperQueue's events without their JSON (not built), and with it;
	// their times alone (a report's), and their JSON without the line
	// (built for the JSON, then left out)
	{sourcetest.Bundled("hq/synthetic_v0.26_journal.jsonl"), schema.Events, []string{"time", "type", "worker"}},
	{sourcetest.Bundled("hq/synthetic_v0.26_journal.jsonl"), schema.Events, []string{"data", "line"}},
	{sourcetest.Bundled("hq/synthetic_v0.26_journal.jsonl"), schema.Events, []string{"time"}},
	{sourcetest.Bundled("hq/synthetic_v0.26_journal.jsonl"), schema.Events, []string{"data", "instance", "task"}},
	// HyperQueue builds only these placements columns (the bench
	// script's), and all of them in another order
	{sourcetest.Bundled("hq/synthetic_v0.26_journal.jsonl"), schema.Placements, []string{"worker", "start", "end", "cpus"}},
	{sourcetest.Bundled("hq/synthetic_v0.26_journal.jsonl"), schema.Placements, []string{"end_line", "start_line", "mem_mb", "gpus", "cpus", "state", "end", "start", "root", "worker", "attempt", "task", "job"}},
	// HTCondor's events without their text and detail (not kept), and
	// with them
	{sourcetest.Bundled("htcondor/htcondor_job_core_macros_sched.log"), schema.Events, []string{"time", "type", "job"}},
	{sourcetest.Bundled("htcondor/htcondor_test_event_reader.log"), schema.Events, []string{"detail", "text", "line"}},
	// PBS builds only the columns kept of each frame, the jobs' other
	// attributes among them
	{sourcetest.Bundled("pbs/gjbex_vsc-tools-lib_20160601"), schema.Jobs, []string{"session", "job", "exec_vnode", "runs", "resource_list_pmem"}},
	{sourcetest.Bundled("pbs/ubccr_xdmod_accounting-logs.log"), schema.Tasks, []string{"worker", "exec_host", "task"}},
	// Parsl builds only the columns kept of each frame: a report keeps
	// the samples' run and time
	{sourcetest.Bundled("parsl/Parsl_parsl_monitoring_2019-02-18.db"), schema.Samples, []string{"time", "run", "mem_mb"}},
	{sourcetest.Bundled("parsl/Parsl_parsl_pr3248_runinfo_monitoring.db"), schema.Tasks, []string{"worker", "task", "state", "stdout"}},
	// Flux, Cromwell and Snakemake's run logs build only the columns kept
	{sourcetest.Bundled("flux/flux-framework_flux-core_flux-jobs_contextual_info_input.jsonl"), schema.Jobs, []string{"job_f58", "job", "nodelist"}},
	{sourcetest.Bundled("cromwell/broadinstitute_cromshell_GetZmwCounts.metadata.json"), schema.Tasks, []string{"record", "task", "call_cached"}},
	{sourcetest.Bundled("snakemake/run-here/2026-11-28T042057.690728.snakemake.log"), schema.Tasks, []string{"inputs", "task", "reason"}},
	// LSF builds only the columns kept of each frame
	{sourcetest.Bundled("lsf/ubccr_xdmod_accounting-logs.log"), schema.Jobs, []string{"command", "job", "runs", "max_cpus", "term_reason"}},
	{sourcetest.Bundled("lsf/ubccr_xdmod_accounting-logs.log"), schema.Tasks, []string{"worker", "task", "exec_host", "state"}},
	{sourcetest.Bundled("lsf/ubccr_xdmod_accounting-logs.log"), schema.Allocations, []string{"wait_s", "nodes", "id"}},
	{sourcetest.Bundled("balsam"), schema.Jobs, []string{"job", "state"}},
	// Balsam events skip data, returncode, error, batch_job and tags
	{sourcetest.Bundled("balsam"), schema.Events, []string{"tag.experiment", "to_state", "num_nodes", "time", "from_state", "id"}},
	{sourcetest.Bundled("balsam"), schema.Events, []string{"returncode", "error", "batch_job", "tags", "data"}},
}

// Loading only some columns (Options.Columns) gives exactly the full
// load's columns, selected: whether the loader skips building the others
// (Work Queue and TaskVine tasks and events, HyperQueue tasks,
// placements and events, the frames of PBS, LSF, HTCondor, Flux, Parsl,
// Cromwell and Snakemake's run logs, EPMT procs and threads, sacct's
// fields) or the dataset is projected after the load (every other frame
// and loader).
func TestColumnsOption(t *testing.T) {
	for _, c := range projections {
		full, err := Open(c.path)
		if err != nil {
			t.Fatal(err)
		}
		want := sourcetest.Frame(t, full, c.frame).Select(c.cols...)
		if want.Err() != nil {
			t.Fatalf("%s %s: %v", c.path, c.frame, want.Err())
		}
		some, err := OpenWith(source.Options{Columns: map[string][]string{c.frame: c.cols}}, c.path)
		if err != nil {
			t.Fatalf("%s %s: %v", c.path, c.frame, err)
		}
		got := sourcetest.Frame(t, some, c.frame)
		if !slices.Equal(got.Names(), c.cols) {
			t.Errorf("%s %s: columns %v, want %v", c.path, c.frame, got.Names(), c.cols)
		}
		if g, w := sourcetest.CSV(t, got), sourcetest.CSV(t, want); g != w {
			t.Errorf("%s %s: projected load differs from the full load's columns\ngot  %.300s\nwant %.300s", c.path, c.frame, g, w)
		}
		// the frames not named keep all their columns
		for name, f := range full.Frames {
			if name == c.frame {
				continue
			}
			if g := some.Frames[name]; g == nil || !slices.Equal(g.Names(), f.Names()) {
				t.Errorf("%s: frame %s changed by Columns[%s]", c.path, name, c.frame)
			}
		}
	}
}

// With only the frames an analysis reads, Balsam skips the jobs-file
// columns that only the tasks and jobs frames hold: the events (their tags
// and batch job come from the jobs file) are unchanged.
func TestColumnsOptionBalsamFrames(t *testing.T) {
	path := sourcetest.Bundled("balsam")
	full, err := Open(path)
	if err != nil {
		t.Fatal(err)
	}
	cols := []string{"time", "id", "job", "from_state", "to_state", "num_nodes", "batch_job", "tags", "tag.experiment"}
	some, err := OpenWith(source.Options{Frames: []string{schema.Events, schema.Allocations}, Columns: map[string][]string{schema.Events: cols}}, path)
	if err != nil {
		t.Fatal(err)
	}
	if _, ok := some.Frames[schema.Tasks]; ok {
		t.Errorf("tasks frame built though not asked for")
	}
	if g, w := sourcetest.CSV(t, sourcetest.Frame(t, some, schema.Events)), sourcetest.CSV(t, sourcetest.Frame(t, full, schema.Events).Select(cols...)); g != w {
		t.Errorf("events differ from the full load's\ngot  %.300s\nwant %.300s", g, w)
	}
	if g, w := sourcetest.CSV(t, sourcetest.Frame(t, some, schema.Allocations)), sourcetest.CSV(t, sourcetest.Frame(t, full, schema.Allocations)); g != w {
		t.Errorf("allocations differ from the full load's")
	}
	_, err = OpenWith(source.Options{Columns: map[string][]string{schema.Events: {"time", "dat"}}}, path)
	if err == nil || !strings.Contains(err.Error(), `no column "dat"`) || !strings.Contains(err.Error(), "data, error,") {
		t.Errorf("unknown events column: got %v", err)
	}
}

// The public loaders project too, and a column the frame lacks is an
// error naming the columns it has.
func TestColumnsOptionErrors(t *testing.T) {
	path := sourcetest.Bundled("workqueue/realrun_wq_7.17.1_transactions.log")
	d := sourcetest.LoadFile(t, path, cctools.LoadWorkQueue,
		source.Options{Columns: map[string][]string{schema.Tasks: {"task", "state"}, "no such frame": {"x"}}})
	if got := sourcetest.Frame(t, d, schema.Tasks).Names(); !slices.Equal(got, []string{"task", "state"}) {
		t.Errorf("LoadWorkQueue kept %v", got)
	}
	_, err := OpenWith(source.Options{Columns: map[string][]string{schema.Tasks: {"task", "mem"}}}, path)
	if err == nil || !strings.Contains(err.Error(), `no column "mem"`) || !strings.Contains(err.Error(), " mem_mb,") || !strings.Contains(err.Error(), " measured_start,") {
		t.Errorf("unknown column: got %v", err)
	}
	_, err = OpenWith(source.Options{Columns: map[string][]string{schema.Procs: {"cpu_time", "tag.nope"}}}, sourcetest.Bundled("epmt/804280"))
	if err == nil || !strings.Contains(err.Error(), `no column "tag.nope"`) || !strings.Contains(err.Error(), "tag.op_instance") || !strings.Contains(err.Error(), "usertime") {
		t.Errorf("unknown EPMT column: got %v", err)
	}
	// with several inputs the "file" column merging adds can be named,
	// and the "run" column, the key that keeps the runs apart, is kept
	// first though not named
	two, err := OpenWith(source.Options{Columns: map[string][]string{schema.Tasks: {"file", "task"}}}, path, sourcetest.Bundled("taskvine/cctools-test_2025-04-25_transactions.log"))
	if err != nil {
		t.Fatal(err)
	}
	if got := sourcetest.Frame(t, two, schema.Tasks).Names(); !slices.Equal(got, []string{"run", "file", "task"}) {
		t.Errorf("merged load kept %v", got)
	}
	// one run keeps only what was named
	one, err := OpenWith(source.Options{Columns: map[string][]string{schema.Tasks: {"task"}}}, path)
	if err != nil {
		t.Fatal(err)
	}
	if got := sourcetest.Frame(t, one, schema.Tasks).Names(); !slices.Equal(got, []string{"task"}) {
		t.Errorf("a load of one run kept %v", got)
	}
}

// An optional column (source.Optional) is kept where the frame has it
// and is no error where it lacks it: the events of a Balsam folder and a
// HyperQueue journal, asked for time and Balsam's to_state, give each
// what it has, in the order listed, loaders that build only the columns
// asked for (HyperQueue's events) included; the same columns when the
// two load together, to_state null for the journal's events.
func TestOptionalColumns(t *testing.T) {
	balsam, hq := sourcetest.Bundled("balsam"), sourcetest.Bundled("hq/synthetic_v0.26_journal.jsonl")
	cols := map[string][]string{schema.Events: {"time", source.Optional("to_state"), source.Optional("nope")}}
	for _, c := range []struct {
		path string
		want []string
	}{{balsam, []string{"time", "to_state"}}, {hq, []string{"time"}}} {
		full, err := Open(c.path)
		if err != nil {
			t.Fatal(err)
		}
		some, err := OpenWith(source.Options{Columns: cols}, c.path)
		if err != nil {
			t.Fatalf("%s: %v", c.path, err)
		}
		got := sourcetest.Frame(t, some, schema.Events)
		if !slices.Equal(got.Names(), c.want) {
			t.Errorf("%s: columns %v, want %v", c.path, got.Names(), c.want)
		}
		if g, w := sourcetest.CSV(t, got), sourcetest.CSV(t, sourcetest.Frame(t, full, schema.Events).Select(c.want...)); g != w {
			t.Errorf("%s: the optional projection differs from the full load's columns", c.path)
		}
	}
	both, err := OpenWith(source.Options{Columns: cols}, balsam, hq)
	if err != nil {
		t.Fatal(err)
	}
	if got := sourcetest.Frame(t, both, schema.Events).Names(); !slices.Equal(got, []string{"run", "time", "to_state"}) {
		t.Errorf("together: columns %v", got)
	}
	// an optional run column asked of a load of several runs, which
	// keeps the run column: named once, where asked (it was twice, an
	// error)
	runs, err := OpenWith(source.Options{Columns: map[string][]string{schema.Events: {"time", source.Optional("run")}}}, balsam, hq)
	if err != nil {
		t.Fatal(err)
	}
	if got := sourcetest.Frame(t, runs, schema.Events).Names(); !slices.Equal(got, []string{"time", "run"}) {
		t.Errorf("an optional run column of several runs: columns %v", got)
	}
	if o := (source.Options{Columns: cols}); !o.Keeps(schema.Events, "to_state") || o.Keeps(schema.Events, "data") || !o.Keeps(schema.Tasks, "x") {
		t.Error("Keeps does not read optional columns")
	}
}

// Leaving columns out (Options.Omit) gives the full load's frame without
// them, in its order, whether the loader skips building them or the
// dataset is projected after the load (lakeread's TestOmitOfLake reads
// a lake so); with Columns too, Omit leaves its columns out of those; the
// other frames are whole.
func TestOmitOption(t *testing.T) {
	for _, c := range projections {
		full, err := Open(c.path)
		if err != nil {
			t.Fatal(err)
		}
		f := sourcetest.Frame(t, full, c.frame)
		omit := slices.DeleteFunc(f.Names(), func(n string) bool { return slices.Contains(c.cols, n) })
		want := f.Select(slices.DeleteFunc(f.Names(), func(n string) bool { return slices.Contains(omit, n) })...)
		for _, src := range []string{c.path} {
			some, err := OpenWith(source.Options{Omit: map[string][]string{c.frame: omit}}, src)
			if err != nil {
				t.Fatalf("%s %s: %v", src, c.frame, err)
			}
			got := sourcetest.Frame(t, some, c.frame)
			if g, w := sourcetest.Rows(t, got), sourcetest.Rows(t, want); !slices.Equal(got.Names(), want.Names()) || !slices.Equal(g, w) {
				t.Errorf("%s %s: without %v: columns %v, want %v, or other values", src, c.frame, omit, got.Names(), want.Names())
			}
			for name, f := range full.Frames {
				if g := some.Frames[name]; name != c.frame && (g == nil || g.NumCols() != f.NumCols()) {
					t.Errorf("%s: frame %s changed by Omit[%s]", src, name, c.frame)
				}
			}
		}
		// with Columns: what both keep, in Columns' order
		both, err := OpenWith(source.Options{Columns: map[string][]string{c.frame: c.cols}, Omit: map[string][]string{c.frame: c.cols[:1]}}, c.path)
		if err != nil {
			t.Fatal(err)
		}
		if got := sourcetest.Frame(t, both, c.frame).Names(); !slices.Equal(got, c.cols[1:]) {
			t.Errorf("%s %s: Columns %v less Omit %v: %v", c.path, c.frame, c.cols, c.cols[:1], got)
		}
	}
}
