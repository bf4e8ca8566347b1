package lsf

import (
	"errors"
	"strings"
	"testing"

	"github.com/jobframe/jobframe/frame/schema"
	"github.com/jobframe/jobframe/loaders/source"
)

// finish writes a JOB_FINISH record of LSF 10.1 field by field, with
// the changes in set (field name: text as written) and ending after
// the field named by end ("" for the whole record).
func finish(set map[string]string, end string) string {
	fields := [][2]string{
		{"type", `"JOB_FINISH"`}, {"version", `"10.108"`}, {"eventTime", "1700000100"}, {"jobId", "42"}, {"userId", "1001"},
		{"options", "33554434"}, {"numProcessors", "4"}, {"submitTime", "1700000000"}, {"beginTime", "0"}, {"termTime", "0"},
		{"startTime", "1700000040"}, {"userName", `"ann"`}, {"queue", `"normal"`}, {"resReq", `""`}, {"dependCond", `""`},
		{"preExecCmd", `""`}, {"fromHost", `"login1"`}, {"cwd", `"/home/ann"`}, {"inFile", `""`}, {"outFile", `"%J.out"`},
		{"errFile", `""`}, {"jobFile", `"1700000000.42"`}, {"numAskedHosts", "0"}, {"numExHosts", "2"},
		{"execHosts", `"3*n1" "n2"`}, {"jStatus", "64"}, {"hostFactor", "100.0"}, {"jobName", `"sim ""a"""`}, {"command", `"./sim"`},
		{"ru_utime", "200.5"}, {"ru_stime", "9.5"}, {"ru_maxrss", "2048"},
		{"rusage", "0 -1 0 0 436 4 0 928 0 -1 0 0 0 19 2 -1"},
		{"mailUser", `""`}, {"projectName", `"proj"`}, {"exitStatus", "0"}, {"maxNumProcessors", "4"},
		{"loginShell", `""`}, {"timeEvent", `""`}, {"idx", "0"}, {"maxRMem", "4096"}, {"maxRSwap", "8192"},
		{"spool", `"" "" ""`}, {"sla", `""`}, {"exceptMask", "0"}, {"additionalInfo", `""`}, {"exitInfo", "0"},
		{"warning", `"" -1 "" ""`}, {"app", `""`}, {"postExecCmd", `""`}, {"runtimeEstimation", "-1"}, {"jgroup", `""`},
		{"more", `"" 5136 "" 1700000040 ""`}, {"jobDescription", `""`}, {"submitEXT", `1 1110 "default"`},
		{"numHostRusage", "0"}, {"runLimit", "3600"}, {"options3", "0"}, {"avgMem", "2048"},
		{"effectiveResReq", `"select[type == any]"`}, {"cluster", `"" -1 "" -1 0 "" 0 0 ""`}, {"runTime", "60"},
		{"subcwd", `"/home/ann"`}, {"num_network", "0"}, {"affinity", `""`}, {"energy", "0.000000 0.00 0.00 0.00 0.00"},
		{"numAllocSlots", `4 "n1" "n1" "n1" "n2"`}, {"ineligiblePendTime", "-1"}, {"indexRangeCnt", "0"}, {"requeueTime", "0"},
		{"numGPURusages", "0"}, {"storageInfoC", "0"}, {"numKVP", `1 "schedulingOverhead" "2.50"`},
	}
	var out []string
	for _, f := range fields {
		v := f[1]
		if x, ok := set[f[0]]; ok {
			v = x
		}
		if v != "" {
			out = append(out, v)
		}
		if f[0] == end {
			break
		}
	}
	return strings.Join(out, " ") + "\n"
}

func load(t *testing.T, log string, lenient bool) (*source.Dataset, error) {
	t.Helper()
	return Load(strings.NewReader(log), source.Options{Name: "lsb.acct", Lenient: lenient})
}

// TestRecord reads every kept field of one record.
func TestRecord(t *testing.T) {
	d, err := load(t, finish(nil, ""), false)
	if err != nil {
		t.Fatal(err)
	}
	tasks := d.Frames["tasks"]
	for col, want := range map[string]string{
		"job": "42", "category": `sim "a"`, "worker": "n1", "state": "success", "raw_state": "DONE", "exec_host": "3*n1 n2",
		"user": "ann", "queue": "normal", "account": "proj", "source": "lsf",
	} {
		got, _, err := tasks.Strings(col)
		if err != nil || len(got) != 1 || got[0] != want {
			t.Errorf("tasks.%s = %q (%v), want %q", col, got, err, want)
		}
	}
	for col, want := range map[string]float64{
		"req_cpus": 4, "cpus": 4, "req_nodes": 2, "cpu_time_s": 210, "wall_time_s": 60, "mem_mb": 4, "vmem_mb": 8, "ru_maxrss_mb": 2,
	} {
		got, _, err := tasks.Float64s(col)
		if err != nil || len(got) != 1 || got[0] != want {
			t.Errorf("tasks.%s = %v (%v), want %v", col, got, err, want)
		}
	}
	place := d.Frames["placements"]
	hosts, _, _ := place.Strings("worker")
	slots, _, _ := place.Float64s("cpus")
	check(t, "placements", []any{hosts, slots}, []any{[]string{"n1", "n2"}, []float64{3, 1}})
	jobs := d.Frames["jobs"]
	limit, _, _ := jobs.Float64s("req_time_s")
	overhead, _, _ := jobs.Float64s("scheduling_overhead_ms")
	queued, _, _ := d.Frames["allocations"].Float64s("queue_s")
	check(t, "run limit, scheduling overhead, queue_s", []any{limit, overhead, queued}, []any{[]float64{3600}, []float64{2.5}, []float64{40}})
}

// TestShortRecords: a record may end after maxNumProcessors or after
// any later group (older versions write fewer fields), not inside one.
func TestShortRecords(t *testing.T) {
	for _, end := range []string{"maxNumProcessors", "exceptMask", "jobDescription", "numHostRusage", "avgMem", "affinity", "energy", "numKVP"} {
		if _, err := load(t, finish(nil, end), false); err != nil {
			t.Errorf("record ending after %s: %v", end, err)
		}
	}
	for end, field := range map[string]string{"command": "ru_utime", "idx": "maxRMem", "runLimit": "options3", "numGPURusages": "gRusage value"} {
		_, err := load(t, finish(map[string]string{"numGPURusages": `1 "n1" 2 "gpu_ut"`}, end), false)
		var pe *source.ParseError
		if !errors.As(err, &pe) || pe.Line != 1 || pe.Field != field {
			t.Errorf("record ending after %s: %v, want an error at line 1 naming %s", end, err, field)
		}
	}
}

// TestBadRecords: strict mode stops at the first bad record naming its
// line and field; lenient mode skips and counts it.
func TestBadRecords(t *testing.T) {
	good := finish(nil, "")
	for _, c := range []struct {
		name, line, field string
	}{
		{"unknown type", `"JOB_DONE" "10.1" 1 2` + "\n", "type"},
		{"lsb.events type later in the file", `"JOB_NEW" "10.1" 1700000000 43 1001` + "\n", "type"},
		{"unquoted host", finish(map[string]string{"execHosts": `"n1" 100.0`}, ""), "execHosts"},
		{"count past the end", finish(map[string]string{"numAskedHosts": "99999"}, ""), "numAskedHosts"},
		{"negative count", finish(map[string]string{"numExHosts": "-1"}, ""), "numExHosts"},
		{"bad slots", finish(map[string]string{"execHosts": `"x*n1" "n2"`}, ""), "execHosts"},
		{"not a number", finish(map[string]string{"ru_utime": "fast"}, ""), "ru_utime"},
		{"unclosed quote", finish(map[string]string{"command": `"./sim`}, "command"), "command"},
		{"unknown status", finish(map[string]string{"jStatus": "4"}, ""), "jStatus"},
		{"DONE and EXIT", finish(map[string]string{"jStatus": "96"}, ""), "jStatus"},
		{"start after the end", finish(map[string]string{"startTime": "1700000200"}, ""), "startTime"},
		{"bad version", finish(map[string]string{"version": `"ten"`}, ""), "version"},
		{"NaN", finish(map[string]string{"hostFactor": "NaN"}, ""), "hostFactor"},
	} {
		t.Run(c.name, func(t *testing.T) {
			_, err := load(t, good+c.line+good, false)
			var pe *source.ParseError
			if !errors.As(err, &pe) || pe.Line != 2 || pe.Field != c.field {
				t.Fatalf("strict: %v, want an error at line 2 naming %s", err, c.field)
			}
			d, err := load(t, good+c.line+good, true)
			if err != nil {
				t.Fatal(err)
			}
			if n := d.Frames["tasks"].NumRows(); n != 2 || len(d.Warnings) != 2 || d.Warnings[0].Line != 2 {
				t.Errorf("lenient: %d runs, warnings %v; want 2 runs and the record of line 2 skipped", n, d.Warnings)
			}
		})
	}
}

// TestEventsLog: lsb.events, whose records look like lsb.acct's, is
// refused whole with a message that names it.
func TestEventsLog(t *testing.T) {
	for _, log := range []string{
		"#        1700000000\n" + `"MBD_START" "10.108" 1700000000 "c1" "master" 2 1 0 0` + "\n",
		`"JOB_NEW" "10.108" 1700000000 43 1001 3 1` + "\n",
	} {
		_, err := load(t, log, true)
		if !errors.Is(err, source.ErrBadHeader) || !strings.Contains(err.Error(), "lsb.events") {
			t.Errorf("%q: %v, want a refusal naming lsb.events", log[:20], err)
		}
	}
}

// TestRuns: a job that finished twice (requeued) is one job of two
// runs; an array element is its own job; a job killed while pending is
// a job without a run.
func TestRuns(t *testing.T) {
	log := finish(map[string]string{"jStatus": "32", "exitStatus": "35840", "exitInfo": "11"}, "") +
		finish(map[string]string{"eventTime": "1700000300", "startTime": "1700000200"}, "") +
		finish(map[string]string{"idx": "7"}, "") +
		finish(map[string]string{"jobId": "50", "startTime": "0", "numExHosts": "0", "execHosts": "", "jStatus": "32", "exitInfo": "14"}, "") +
		`"JOB_RESIZE" "10.108" 1700000050 42 0 1700000040 1001 "ann" 0 0 0 0` + "\n"
	d, err := load(t, log, false)
	if err != nil {
		t.Fatal(err)
	}
	jobs := d.Frames["jobs"]
	ids, _, _ := jobs.Strings("job")
	status, _, _ := jobs.Strings("status")
	runs, _, _ := jobs.Int64s("runs")
	check(t, "jobs", []any{ids, status, runs}, []any{[]string{"42", "42[7]", "50"}, []string{"success", "success", "canceled"}, []int64{2, 1, 0}})
	tasks := d.Frames["tasks"]
	attempts, _, _ := tasks.Int64s("attempt")
	states, _, _ := tasks.Strings("state")
	raw, _, _ := tasks.Strings("raw_state")
	exit, _, _ := tasks.Int64s("exit_code")
	check(t, "runs", []any{attempts, states, raw, exit}, []any{[]int64{1, 2, 1}, []string{schema.Lost, schema.Success, schema.Success},
		[]string{"EXIT TERM_REQUEUE_ADMIN exit 140", "DONE", "DONE"}, []int64{140, 0, 0}})
	types, _, _ := d.Frames["events"].Strings("type")
	check(t, "events", types, []string{jobFinish, jobFinish, jobFinish, jobFinish, jobResize})
}

// TestRotatedLogs: lsb.acct.2, lsb.acct.1 and lsb.acct load oldest
// first, whatever the order given.
func TestRotatedLogs(t *testing.T) {
	in := []source.Input{
		{Name: "acct/lsb.acct", R: strings.NewReader(finish(map[string]string{"eventTime": "1700000500", "startTime": "1700000400"}, ""))},
		{Name: "acct/lsb.acct.1", R: strings.NewReader(finish(map[string]string{"eventTime": "1700000300", "startTime": "1700000200"}, ""))},
		{Name: "acct/lsb.acct.2", R: strings.NewReader(finish(map[string]string{"jStatus": "32", "exitInfo": "10"}, ""))},
	}
	if group("acct/lsb.acct.1", nil) != "acct" || group("acct/lsb.acct", nil) != "acct" || group("acct/x.acct", nil) != "" {
		t.Error("lsb.acct and lsb.acct.N of a folder are not one group")
	}
	d, err := LoadInputs(in, source.Options{})
	if err != nil {
		t.Fatal(err)
	}
	states, _, _ := d.Frames["tasks"].Strings("state")
	check(t, "files", d.Files, []string{"acct/lsb.acct.2", "acct/lsb.acct.1", "acct/lsb.acct"})
	check(t, "runs in order", states, []string{schema.Lost, schema.Success, schema.Success})
}

// TestStates maps jStatus and exitInfo to the vocabulary.
func TestStates(t *testing.T) {
	for _, c := range []struct {
		jStatus, exitInfo int64
		want              string
	}{
		{64, 0, schema.Success}, {64 | statPErr, 0, schema.Success}, {32, 0, schema.Failed}, {32, 5, schema.Timeout},
		{32, 12, schema.Timeout}, {32, 16, schema.Exhausted}, {32, 20, schema.Exhausted}, {32, 14, schema.Canceled},
		{32, 9, schema.Canceled}, {32, 1, schema.Lost}, {32, 22, schema.Lost}, {32, 17, schema.Failed}, {32, 99, schema.Failed},
	} {
		if got := runState(c.jStatus, c.exitInfo, true); got != c.want {
			t.Errorf("jStatus %d exitInfo %d: %s, want %s", c.jStatus, c.exitInfo, got, c.want)
		}
	}
	if neverRanState(28) != schema.Failed || neverRanState(14) != schema.Canceled {
		t.Error("a job that never ran: failed pre-exec is failed, a kill while pending canceled")
	}
	if code, ok, sig, sigOK := exitParts(32512); code != 127 || !ok || sigOK {
		t.Errorf("exitStatus 32512: %d %v %d %v, want exit 127", code, ok, sig, sigOK)
	}
	if _, ok, sig, sigOK := exitParts(9); ok || sig != 9 || !sigOK {
		t.Error("exitStatus 9 is signal 9")
	}
}
