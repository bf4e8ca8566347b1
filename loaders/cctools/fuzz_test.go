package cctools

import (
	"bytes"
	"math"
	"strconv"
	"strings"
	"testing"

	"github.com/jobframe/jobframe/frame/schema"
	"github.com/jobframe/jobframe/loaders/source"
	"github.com/jobframe/jobframe/loaders/sourcetest"
)

func FuzzLoadCctools(f *testing.F) {
	sourcetest.SeedLines(f, sourcetest.Bundled("workqueue/realrun_wq_7.17.1_transactions.log"), 25)
	sourcetest.SeedLines(f, sourcetest.Bundled("taskvine/realrun_vine_7.17.1_transactions.log"), 25)
	sourcetest.SeedLines(f, sourcetest.Bundled("taskvine/cctools-test_2025-04-25_transactions.log"), 25)
	f.Fuzz(func(t *testing.T, in string) {
		sourcetest.Contract(t, in, func(s string, o source.Options) (*source.Dataset, error) { return loadCctools(strings.NewReader(s), o) })
		// building only some columns gives the whole load's, selected
		sourcetest.Projects(t, in, func(s string, o source.Options) (*source.Dataset, error) {
			return o.Project(loadCctools(strings.NewReader(s), o))
		}, fuzzColumns)
		// the events asked for their span alone are counted and spanned,
		// and nothing else changes
		for _, lenient := range []bool{false, true} {
			skims(t, in, source.Options{Lenient: lenient, Columns: spanColumns})
		}
	})
}

// fuzzColumns are the columns FuzzLoadCctools loads alone: some of the
// frames whose columns a load builds only when kept (the events, and
// the tasks with their measured resources), the events' text among
// them.
var fuzzColumns = map[string][]string{
	schema.Events: {"time", "id", "data"},
	schema.Tasks:  {"task", "state", "end", "mem_mb", "exit_code"},
}

func FuzzLoadPerfLog(f *testing.F) {
	sourcetest.SeedLines(f, sourcetest.Bundled("workqueue/realrun_wq_7.17.1_performance.log"), 4)
	sourcetest.SeedLines(f, sourcetest.Bundled("taskvine/realrun_vine_7.17.1_performance.log"), 6)
	f.Fuzz(func(t *testing.T, in string) {
		sourcetest.Contract(t, in, func(s string, o source.Options) (*source.Dataset, error) { return LoadPerfLog(strings.NewReader(s), o) })
	})
}

// FuzzStreamCctools: loaded in batches, any log gives the whole load's
// rows, warnings and error (sourcetest.Streams), strict and lenient,
// unless the log is one a stream reads differently by design and says
// so: a record of a task after its DONE or CANCELED, or TaskVine
// markers only after the first batch. Batches of one record, tried
// first, show every such case the larger batches can.
func FuzzStreamCctools(f *testing.F) {
	sourcetest.SeedLines(f, sourcetest.Bundled("workqueue/realrun_wq_7.17.1_transactions.log"), 25)
	sourcetest.SeedLines(f, sourcetest.Bundled("taskvine/realrun_vine_7.17.1_transactions.log"), 25)
	sourcetest.SeedLines(f, sourcetest.Bundled("taskvine/cctools-test_2025-04-25_transactions.log"), 25)
	f.Fuzz(func(t *testing.T, in string) {
		for _, lenient := range []bool{false, true} {
			o := source.Options{Lenient: lenient}
			probe := o
			probe.BatchRows, probe.Batch = 1, func(*source.Dataset) error { return nil }
			if d, err := loadCctools(strings.NewReader(in), probe); err == nil && streamsDiffer(d.Warnings) {
				continue
			}
			sourcetest.Streams(t, Transactions(), []source.Input{{Name: "fuzz.log", R: bytes.NewReader([]byte(in))}}, o)
		}
	})
}

// streamsDiffer reports whether a streamed load's warnings say it read
// the log differently from a whole load.
func streamsDiffer(ws []source.Warning) bool {
	for _, w := range ws {
		if strings.Contains(w.Msg, "handed over in an earlier batch") || strings.Contains(w.Msg, "after the first batch") {
			return true
		}
	}
	return false
}

func FuzzLoadSeries(f *testing.F) {
	sourcetest.SeedLines(f, sourcetest.Bundled("taskvine/time-series/vine-task-2.series"), 4)
	f.Add("# Units:\n#wall_clock cpu_time memory total_files\n1795557460.461226 0.1 10 3\n1.5 x 1 1\n")
	f.Fuzz(func(t *testing.T, in string) {
		sourcetest.Contract(t, in, func(s string, o source.Options) (*source.Dataset, error) {
			o.Name = "vine-task-5.series"
			return LoadSeries(strings.NewReader(s), o)
		})
	})
}

// FuzzSeriesDecimal holds the series' fast reading of decimals to
// strconv.ParseFloat: the same value (bit for bit) and an error for the
// same texts.
func FuzzSeriesDecimal(f *testing.F) {
	for _, s := range []string{"0", "127", "0.150000", "1795557460.461226", ".5", "5.", "-3", "1e3", "123456789012345", "1234567890123456", "0.000000000000001", "NaN", "", "."} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		got, err := decimal([]byte(s))
		want, werr := strconv.ParseFloat(s, 64)
		if (err == nil) != (werr == nil) || err == nil && math.Float64bits(got) != math.Float64bits(want) && !(got != got && want != want) {
			t.Fatalf("decimal(%q) = %v %v; ParseFloat %v %v", s, got, err, want, werr)
		}
	})
}

// FuzzProjectCctools: a load of a few tasks columns (Options.Columns,
// only the tasks frame) gives the full load's columns, selected, and the
// same error, however the log's tasks are queued: such a load keeps no
// queue time or request for a task queued and not yet run (refQueued),
// unless the columns asked for need one.
func FuzzProjectCctools(f *testing.F) {
	sourcetest.SeedLines(f, sourcetest.Bundled("workqueue/realrun_wq_7.17.1_transactions.log"), 25)
	sourcetest.SeedLines(f, sourcetest.Bundled("taskvine/realrun_vine_7.17.1_transactions.log"), 25)
	sourcetest.SeedLines(f, sourcetest.Bundled("taskvine/cctools-test_2025-04-25_transactions.log"), 25)
	projections := [][]string{
		{"final", "done_result", "exit_code", "limits_exceeded", "mem_mb", "bandwidth_mbps"}, // scripts/bench/wq.go
		{"task", "attempt", "state", "start", "end", "worker"},
		// each needs the queue detail
		{"task", "try", "state"},
		{"task", "submit"},
		{"task", "requested_mem_mb"},
		{"task", "category"},
		{"task", "task_submit"},
	}
	f.Fuzz(func(t *testing.T, in string) {
		for _, lenient := range []bool{false, true} {
			full, fullErr := loadCctools(strings.NewReader(in), source.Options{Name: "fuzz.log", Lenient: lenient})
			for _, cols := range projections {
				o := source.Options{Name: "fuzz.log", Lenient: lenient, Frames: []string{schema.Tasks}, Columns: map[string][]string{schema.Tasks: cols}}
				some, err := loadCctools(strings.NewReader(in), o)
				if (err == nil) != (fullErr == nil) || err != nil && err.Error() != fullErr.Error() {
					t.Fatalf("%v: error %v, the full load's %v", cols, err, fullErr)
				}
				if err != nil {
					continue
				}
				want := sourcetest.Frame(t, full, schema.Tasks).Select(cols...)
				some, err = o.Project(some, err)
				if err != nil || want.Err() != nil {
					if (err == nil) != (want.Err() == nil) {
						t.Fatalf("%v: projecting: %v; selecting from the full load: %v", cols, err, want.Err())
					}
					continue // a column the log has no values for
				}
				if g, w := sourcetest.CSV(t, sourcetest.Frame(t, some, schema.Tasks)), sourcetest.CSV(t, want); g != w {
					t.Fatalf("%v: projected load differs\ngot  %.400s\nwant %.400s", cols, g, w)
				}
			}
		}
	})
}
