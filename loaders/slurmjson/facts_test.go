package slurmjson

import (
	"encoding/json"
	"math"
	"os"
	"path/filepath"
	"testing"

	"github.com/jobframe/jobframe/loaders/source"
	"github.com/jobframe/jobframe/loaders/sourcetest"
)

// TestFacts loads each bundled sacct --json document and checks the
// figures shared/data's figures.py computed from the raw JSON with
// Python's standard library (testdata/slurm/json/expected.json): the
// jobs and steps, the jobs by state, the core-seconds (elapsed times
// allocated CPUs), the CPU time, the earliest start and the latest end.
func TestFacts(t *testing.T) {
	dir := sourcetest.Bundled("slurm/json")
	b, err := os.ReadFile(filepath.Join(dir, "expected.json"))
	if err != nil {
		t.Fatal(err)
	}
	var want map[string]struct {
		Jobs, Steps   int
		CoreSeconds   float64        `json:"core_seconds"`
		CPUTime       float64        `json:"cpu_time_seconds"`
		EarliestStart *int64         `json:"earliest_start"`
		LatestEnd     *int64         `json:"latest_end"`
		ByState       map[string]int `json:"jobs_by_state"`
	}
	if err := json.Unmarshal(b, &want); err != nil {
		t.Fatal(err)
	}
	if len(want) != 5 {
		t.Fatalf("%d files in expected.json, want the 5 bundled", len(want))
	}
	for name, w := range want {
		t.Run(name, func(t *testing.T) {
			fh, err := os.Open(filepath.Join(dir, name))
			if err != nil {
				t.Fatal(err)
			}
			defer fh.Close()
			d, err := Load(fh, source.Options{Name: name})
			if err != nil {
				t.Fatal(err)
			}
			jobs, tasks := d.Frames["jobs"], d.Frames["tasks"]
			if jobs.NumRows() != w.Jobs || tasks.NumRows() != w.Steps {
				t.Errorf("%d jobs and %d steps, want %d and %d", jobs.NumRows(), tasks.NumRows(), w.Jobs, w.Steps)
			}
			states, _, _ := jobs.Strings("state")
			byState := map[string]int{}
			for _, s := range states {
				byState[s]++
			}
			if got, _ := json.Marshal(byState); string(got) != mustJSON(w.ByState) {
				t.Errorf("jobs by state %s, want %s", got, mustJSON(w.ByState))
			}
			wall, wok, _ := jobs.Float64s("wall_time_s")
			cpus, cok, _ := jobs.Int64s("alloc_cpus")
			cpu, pok, _ := jobs.Float64s("cpu_time_s")
			var core, cpuTime float64
			for i := range wall {
				if valid(wok, i) && valid(cok, i) {
					core += wall[i] * float64(cpus[i])
				}
				if valid(pok, i) {
					cpuTime += cpu[i]
				}
			}
			if core != w.CoreSeconds || cpuTime != w.CPUTime {
				t.Errorf("core-seconds %v, CPU time %v; want %v and %v", core, cpuTime, w.CoreSeconds, w.CPUTime)
			}
			start, sok, _ := jobs.Micros("start")
			end, eok, _ := jobs.Micros("end")
			if got := extreme(start, sok, math.MaxInt64, func(a, b int64) bool { return a < b }); !sameTime(got, w.EarliestStart) {
				t.Errorf("earliest start %v, want %v", got, w.EarliestStart)
			}
			if got := extreme(end, eok, math.MinInt64, func(a, b int64) bool { return a > b }); !sameTime(got, w.LatestEnd) {
				t.Errorf("latest end %v, want %v", got, w.LatestEnd)
			}
		})
	}
}

func valid(ok []bool, i int) bool { return ok == nil || ok[i] }

func mustJSON(v any) string {
	b, _ := json.Marshal(v)
	return string(b)
}

// extreme is the first or last of the valid µs times in seconds, nil
// when none.
func extreme(us []int64, ok []bool, from int64, better func(a, b int64) bool) *int64 {
	best, any := from, false
	for i, x := range us {
		if valid(ok, i) && better(x, best) {
			best, any = x, true
		}
	}
	if !any {
		return nil
	}
	s := best / 1e6
	return &s
}

func sameTime(a, b *int64) bool { return a == nil && b == nil || a != nil && b != nil && *a == *b }
