package htcondor

import (
	"errors"
	"strings"
	"testing"

	"github.com/jobframe/jobframe/frame/schema"
	"github.com/jobframe/jobframe/loaders/source"
	"github.com/jobframe/jobframe/loaders/sourcetest"
)

// modern is a job's events as HTCondor 23 writes them (ISO dates, the
// slot's resources in the execute event, file transfer events, the
// partitionable resources table with GPUs and times), assembled from
// the OSG School's 2025 example log (its HTCondor exercise 1.4, "Read
// and Interpret Log Files", in the osg-htc/school-2025 repository on
// GitHub), then a second job held
// for its memory, released, run again and killed by a signal.
const modern = `000 (5739.000.000) 2025-04-28 10:44:20 Job submitted from host: <128.104.100.43:9618?addrs=128.104.100.43-9618&alias=ap40.uw.osg-htc.org>
...
040 (5739.000.000) 2025-04-28 10:45:10 Started transferring input files
	Transferring to host: <128.104.55.42:9618?addrs=128.104.55.42-9618>
...
001 (5739.000.000) 2025-04-28 10:45:11 Job executing on host: <128.105.69.202:35973?PrivNet=e4033.chtc.wisc.edu&addrs=128.105.69.202-35973&alias=e4033.chtc.wisc.edu&noUDP>
        SlotName: slot1_5@e4033.chtc.wisc.edu
        CondorScratchDir = "/var/lib/condor/execute/slot1/dir_3037242"
        Cpus = 1
        Disk = 1049643
        GLIDEIN_ResourceName = "GLOW"
        GPUs = 0
        Memory = 1024
...
006 (5739.000.000) 2025-04-28 10:45:20 Image size of job updated: 72
    1  -  MemoryUsage of job (MB)
    72  -  ResidentSetSize of job (KB)
...
005 (5739.000.000) 2025-04-28 10:46:11 Job terminated.
        (1) Normal termination (return value 0)
                Usr 0 00:00:02, Sys 0 00:00:01  -  Run Remote Usage
                Usr 0 00:00:00, Sys 0 00:00:00  -  Run Local Usage
                Usr 0 00:00:02, Sys 0 00:00:01  -  Total Remote Usage
                Usr 0 00:00:00, Sys 0 00:00:00  -  Total Local Usage
        306  -  Run Bytes Sent By Job
        683  -  Run Bytes Received By Job
        306  -  Total Bytes Sent By Job
        683  -  Total Bytes Received By Job
        Partitionable Resources :    Usage  Request Allocated
           Cpus                 :        0        1         1
           Disk (KB)            :      139  1048576   1049858
           GPUs                 :                           0
           Memory (MB)          :        4     1024      1024
           TimeExecute (s)      :       12
           TimeSlotBusy (s)     :       14

        Job terminated of its own accord at 2025-04-28T10:46:11Z with exit-code 0.
...
000 (5740.000.000) 2025-04-28 10:50:00 Job submitted from host: <128.104.100.43:9618>
    DAG Node: B
...
001 (5740.000.000) 2025-04-28 10:51:00.250 Job executing on host: <128.104.55.42:9618>
...
012 (5740.000.000) 2025-04-28 10:52:00 Job was held.
	Excessive memory usage
	Code 34 Subcode 0
...
013 (5740.000.000) 2025-04-28 10:53:00 Job was released.
	via condor_release (by user alice)
...
001 (5740.000.000) 2025-04-28 10:54:00 Job executing on host: <128.104.55.43:9618>
...
005 (5740.000.000) 2025-04-28 10:55:00 Job terminated.
	(0) Abnormal termination (signal 9)
	(0) No core file
		Usr 0 00:01:00, Sys 0 00:00:00  -  Run Remote Usage
		Usr 0 00:00:00, Sys 0 00:00:00  -  Run Local Usage
		Usr 0 00:01:30, Sys 0 00:00:00  -  Total Remote Usage
		Usr 0 00:00:00, Sys 0 00:00:00  -  Total Local Usage
	0  -  Run Bytes Sent By Job
	0  -  Run Bytes Received By Job
	0  -  Total Bytes Sent By Job
	0  -  Total Bytes Received By Job
...
`

func load(t *testing.T, log string, lenient bool) (*source.Dataset, error) {
	t.Helper()
	return Load(strings.NewReader(log), source.Options{Name: "job.log", Lenient: lenient})
}

// TestModernLog reads every field the frames keep from a log of
// HTCondor 23's shape.
func TestModernLog(t *testing.T) {
	d, err := load(t, modern, false)
	if err != nil {
		t.Fatal(err)
	}
	if len(d.Warnings) != 0 {
		t.Errorf("warnings %v", d.Warnings)
	}
	tasks := d.Frames["tasks"]
	jobs, _, _ := tasks.Strings("job")
	workers, _, _ := tasks.Strings("worker")
	states, _, _ := tasks.Strings("state")
	raw, _, _ := tasks.Strings("raw_state")
	attempts, _, _ := tasks.Int64s("attempt")
	check(t, "runs", []any{jobs, workers, states, raw, attempts}, []any{
		[]string{"5739.0", "5740.0", "5740.0"}, []string{"e4033.chtc.wisc.edu", "128.104.55.42", "128.104.55.43"},
		[]string{schema.Success, schema.Lost, schema.Failed}, []string{"exit 0", "held: Excessive memory usage", "signal 9"}, []int64{1, 1, 2}})
	for col, want := range map[string][]any{
		"req_cpus": {1.0, nil, nil}, "cpus": {1.0, nil, nil}, "gpus": {0.0, nil, nil}, "req_mem_mb": {1024.0, nil, nil},
		"alloc_mem_mb": {1024.0, nil, nil}, "req_disk_mb": {1024.0, nil, nil}, "disk_mb": {139.0 / 1024, nil, nil},
		"mem_mb": {4.0, nil, nil}, "cpu_time_s": {3.0, nil, 60.0}, "wall_time_s": {60.0, 59.75, 60.0}, "bytes_sent": {306.0, nil, 0.0},
	} {
		v, ok, err := tasks.Float64s(col)
		if err != nil {
			t.Fatal(col, err)
		}
		got := make([]any, len(v))
		for i := range v {
			if ok == nil || ok[i] {
				got[i] = v[i]
			}
		}
		check(t, col, got, want)
	}
	j := d.Frames["jobs"]
	status, _, _ := j.Strings("status")
	cpu, _, _ := j.Float64s("cpu_time_s")
	dag, _, _ := j.Strings("dag_node")
	hosts, _, _ := j.Strings("submit_host")
	check(t, "jobs", []any{status, cpu, dag, hosts}, []any{[]string{schema.Success, schema.Failed}, []float64{3, 90},
		[]string{"", "B"}, []string{"ap40.uw.osg-htc.org", "128.104.100.43"}})
}

// TestBadEvents: strict mode stops at the first bad event naming its
// line and field; lenient mode skips and counts it.
func TestBadEvents(t *testing.T) {
	good := "000 (1.000.000) 2025-01-01 00:00:00 Job submitted from host: <h:1>\n...\n"
	for _, c := range []struct {
		name, event, field string
		line               int
	}{
		{"unknown event number", "099 (1.000.000) 2025-01-01 00:00:01 Something new\n...\n", "event", 3},
		{"bad date", "001 (1.000.000) 2025-13-01 00:00:01 Job executing on host: <h:2>\n...\n", "date", 3},
		{"bad id", "001 (1.x.000) 2025-01-01 00:00:01 Job executing on host: <h:2>\n...\n", "id", 3},
		{"bad termination", "005 (1.000.000) 2025-01-01 00:00:01 Job terminated.\n\t(1) Ended somehow\n...\n", "termination", 4},
		{"bad usage", "005 (1.000.000) 2025-01-01 00:00:01 Job terminated.\n\t(1) Normal termination (return value 0)\n\t\tUsr x, Sys 0 00:00:00  -  Run Remote Usage\n...\n", "Run Remote Usage", 5},
		{"bad table", "005 (1.000.000) 2025-01-01 00:00:01 Job terminated.\n\t(1) Normal termination (return value 0)\n\tPartitionable Resources :    Usage  Request Allocated\n\t   Cpus    :   one\n...\n", "Partitionable Resources", 6},
		{"no closing dots", "001 (1.000.000) 2025-01-01 00:00:01 Job executing on host: <h:2>\n", "", 3},
		{"dots alone", "...\n", "", 3},
	} {
		t.Run(c.name, func(t *testing.T) {
			log := good + c.event + good
			_, err := load(t, log, false)
			var pe *source.ParseError
			if !errors.As(err, &pe) || pe.Line != c.line || pe.Field != c.field {
				t.Fatalf("strict: %v, want an error at line %d naming %q", err, c.line, c.field)
			}
			d, err := load(t, log, true)
			if err != nil {
				t.Fatal(err)
			}
			if n := d.Frames["events"].NumRows(); n != 2 || len(d.Warnings) != 2 {
				t.Errorf("lenient: %d events, warnings %v; want the 2 good ones and the bad one skipped", n, d.Warnings)
			}
		})
	}
}

// TestDates: ISO dates in the zone asked for, Z for UTC, fractions;
// dates without a year read in 2000 and the next year once they step
// back more than half a year.
func TestDates(t *testing.T) {
	log := "000 (1.000.000) 12/31 23:59:00 Job submitted from host: <h:1>\n...\n" +
		"001 (1.000.000) 01/01 00:01:00 Job executing on host: <h:1>\n...\n"
	d, err := load(t, log, false)
	if err != nil {
		t.Fatal(err)
	}
	start, _, _ := d.Frames["tasks"].Micros("start")
	submit, _, _ := d.Frames["tasks"].Micros("submit")
	check(t, "year rollover", []int64{submit[0], start[0] - submit[0]}, []int64{978307140_000000, 120_000000})
	d, err = Load(strings.NewReader("000 (1.000.000) 2025-01-01 10:00:00.5 Job submitted from host: <h:1>\n...\n"+
		"000 (2.000.000) 2025-01-01T10:00:00Z Job submitted from host: <h:1>\n...\n"), source.Options{TimeZone: "Europe/Paris"})
	if err != nil {
		t.Fatal(err)
	}
	times, _, _ := d.Frames["events"].Micros("time")
	check(t, "zones", times, []int64{1735722000_500000, 1735725600_000000})
}

// TestAborted: a job aborted while queued is canceled without a run;
// one aborted while running ends its run canceled.
func TestAborted(t *testing.T) {
	log := "000 (1.000.000) 2025-01-01 00:00:00 Job submitted from host: <h:1>\n...\n" +
		"009 (1.000.000) 2025-01-01 00:00:05 Job was aborted by the user.\n\tvia condor_rm (by user bt)\n...\n" +
		"000 (2.000.000) 2025-01-01 00:00:00 Job submitted from host: <h:1>\n...\n" +
		"001 (2.000.000) 2025-01-01 00:00:02 Job executing on host: <h:1>\n...\n" +
		"009 (2.000.000) 2025-01-01 00:00:05 Job was aborted by the user.\n...\n" +
		"000 (3.000.000) 2025-01-01 00:00:00 Job submitted from host: <h:1>\n...\n" +
		"001 (3.000.000) 2025-01-01 00:00:02 Job executing on host: <h:1>\n...\n"
	d, err := load(t, log, false)
	if err != nil {
		t.Fatal(err)
	}
	status, _, _ := d.Frames["jobs"].Strings("status")
	reason, _, _ := d.Frames["jobs"].Strings("abort_reason")
	states, _, _ := d.Frames["tasks"].Strings("state")
	check(t, "jobs", []any{status, reason}, []any{[]string{schema.Canceled, schema.Canceled, schema.Running}, []string{"via condor_rm (by user bt)", "", ""}})
	check(t, "runs", states, []string{schema.Canceled, schema.Running})
}

// The columns a load leaves out of each frame are not built
// (Dataset.Unbuilt lists them), the events' text and detail not even
// kept while reading: a report keeps their time alone.
func TestFramesBuildOnlyWhatTheyKeep(t *testing.T) {
	load := func(o source.Options) *source.Dataset {
		return sourcetest.LoadFile(t, sourcetest.Bundled("htcondor/htcondor_job_core_macros_sched.log"), Load, o)
	}
	whole := load(source.Options{})
	for _, o := range []source.Options{
		{Columns: map[string][]string{schema.Events: {"time"}, schema.Jobs: {"job", "hold_reason"}}},
		{Omit: map[string][]string{schema.Events: {"text", "detail"}, schema.Tasks: {"slot", "worker"}, schema.Placements: {"cpus"}}},
		{Columns: map[string][]string{schema.Events: {"detail", "job"}, schema.Tasks: {"task", "req_cpus"}}},
	} {
		sourcetest.Unbuilt(t, whole, load(o), o, nil, schema.Events, schema.Tasks, schema.Jobs, schema.Placements)
	}
}
