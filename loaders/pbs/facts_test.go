package pbs

import (
	"encoding/json"
	"os"
	"testing"
	"time"

	"github.com/jobframe/jobframe/loaders/source"
	"github.com/jobframe/jobframe/loaders/sourcetest"
)

// TestFacts loads each bundled accounting log and checks the figures
// shared/data's figures.py computed from the raw lines with Python's
// standard library (testdata/pbs/expected.json): the lines by record
// type, the E records by exit status, the jobs with an E, the
// core-seconds (resources_used.walltime times exec_host's slots), the
// CPU time, the largest resources_used.mem, the earliest start and the
// latest end of the E records.
func TestFacts(t *testing.T) {
	type figures struct {
		Lines       map[string]int `json:"lines_by_type"`
		ERecords    int            `json:"e_records"`
		ByExit      map[string]int `json:"e_by_exit"`
		JobsWithE   int            `json:"jobs_with_E"`
		CoreSeconds float64        `json:"core_seconds"`
		CPUTime     float64        `json:"cput_seconds"`
		MaxMem      float64        `json:"max_mem_bytes"`
		Start       int64          `json:"earliest_start"`
		End         int64          `json:"latest_end"`
		Unparsed    int            `json:"unparseable_lines"`
	}
	sourcetest.Expected(t, "pbs", 2, func(t *testing.T, name, path string, w figures) {
		fh, err := os.Open(path)
		if err != nil {
			t.Fatal(err)
		}
		defer fh.Close()
		d, err := Load(fh, source.Options{Name: name})
		if err != nil {
			t.Fatal(err)
		}
		if len(d.Warnings) != w.Unparsed {
			t.Errorf("warnings %v, want %d", d.Warnings, w.Unparsed)
		}
		lines := map[string]int{}
		recs, _, _ := d.Frames["events"].Strings("record")
		for _, r := range recs {
			lines[r]++
		}
		if got, want := mustJSON(t, lines), mustJSON(t, w.Lines); got != want {
			t.Errorf("lines by type %s, want %s", got, want)
		}
		tasks, jobs := d.Frames["tasks"], d.Frames["jobs"]
		exit, eok, _ := tasks.Int64s("exit_code")
		wall, _, _ := tasks.Float64s("wall_time_s")
		cpus, _, _ := tasks.Float64s("req_cpus")
		cpu, _, _ := tasks.Float64s("cpu_time_s")
		mem, _, _ := tasks.Float64s("mem_mb")
		start, _, _ := tasks.Micros("start")
		end, _, _ := tasks.Micros("end")
		byExit := map[string]int{"exit_0": 0, "exit_nonzero": 0, "no_exit_status": 0}
		var core, cpuTime, maxMem float64
		first, last, ended := int64(1<<62), int64(0), 0
		for i := range exit {
			if eok != nil && !eok[i] {
				continue // still running: no E record
			}
			ended++
			if exit[i] == 0 {
				byExit["exit_0"]++
			} else {
				byExit["exit_nonzero"]++
			}
			core += wall[i] * cpus[i]
			cpuTime += cpu[i]
			maxMem = max(maxMem, mem[i]*(1<<20))
			first, last = min(first, start[i]), max(last, end[i])
		}
		states, _, _ := jobs.Strings("state")
		jexit, _, _ := jobs.Int64s("exit_code")
		withE := 0
		for i, s := range states {
			switch s {
			case "ended without running":
				ended++
				if jexit[i] == 0 {
					byExit["exit_0"]++
				} else {
					byExit["exit_nonzero"]++
				}
				withE++
			case "ended":
				withE++
			}
		}
		if ended != w.ERecords || withE != w.JobsWithE {
			t.Errorf("%d E records, %d jobs with one; want %d and %d", ended, withE, w.ERecords, w.JobsWithE)
		}
		if got, want := mustJSON(t, byExit), mustJSON(t, w.ByExit); got != want {
			t.Errorf("E records by exit %s, want %s", got, want)
		}
		if core != w.CoreSeconds || cpuTime != w.CPUTime || maxMem != w.MaxMem {
			t.Errorf("core-seconds %v, CPU time %v, max mem %v B; want %v, %v, %v", core, cpuTime, maxMem, w.CoreSeconds, w.CPUTime, w.MaxMem)
		}
		if first != w.Start*1e6 || last != w.End*1e6 {
			t.Errorf("earliest start %v, latest end %v; want %v and %v", time.UnixMicro(first).UTC(), time.UnixMicro(last).UTC(),
				time.Unix(w.Start, 0).UTC(), time.Unix(w.End, 0).UTC())
		}
	})
}

func mustJSON(t *testing.T, v any) string {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}
