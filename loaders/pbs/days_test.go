package pbs

import (
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"testing"

	"github.com/jobframe/jobframe/loaders/source"
	"github.com/jobframe/jobframe/loaders/sourcetest"
)

// TestDailyLogs loads two consecutive daily logs of one Torque server
// (testdata/pbs/days) as one load and checks what testdata/pbs/figures.py
// computes from their raw lines: a job started on the first day and
// ended on the second is one run, not a running one and an ended one.
func TestDailyLogs(t *testing.T) {
	dir := sourcetest.Bundled("pbs/days")
	out, err := exec.Command("/usr/bin/python3", sourcetest.Bundled("pbs/figures.py"), dir).Output()
	if err != nil {
		t.Skipf("figures.py: %v (it needs /usr/bin/python3)", err)
	}
	var want struct {
		Jobs, Runs, Running int
		Without             int     `json:"ended_without_running"`
		CoreSeconds         float64 `json:"core_seconds"`
	}
	if err := json.Unmarshal(out, &want); err != nil {
		t.Fatal(err)
	}
	names := []string{"20160613", "20160612"} // out of order: the load sorts them
	var in []source.Input
	for _, n := range names {
		b, err := os.ReadFile(filepath.Join(dir, n))
		if err != nil {
			t.Fatal(err)
		}
		in = append(in, source.Input{Name: n, R: bytesReader(b)})
	}
	d, err := LoadInputs(in, source.Options{})
	if err != nil {
		t.Fatal(err)
	}
	tasks, jobs := d.Frames["tasks"], d.Frames["jobs"]
	states, _, _ := tasks.Strings("state")
	running := 0
	for _, s := range states {
		if s == "running" {
			running++
		}
	}
	jstates, _, _ := jobs.Strings("state")
	without := 0
	for _, s := range jstates {
		if s == "ended without running" {
			without++
		}
	}
	wall, wok, _ := tasks.Float64s("wall_time_s")
	cpus, _, _ := tasks.Float64s("req_cpus")
	core := 0.0
	for i := range wall {
		if wok == nil || wok[i] {
			core += wall[i] * cpus[i]
		}
	}
	if jobs.NumRows() != want.Jobs || tasks.NumRows() != want.Runs || running != want.Running || without != want.Without || core != want.CoreSeconds {
		t.Errorf("%d jobs, %d runs (%d running), %d ended without running, %v core-seconds; want %d, %d (%d), %d, %v",
			jobs.NumRows(), tasks.NumRows(), running, without, core, want.Jobs, want.Runs, want.Running, want.Without, want.CoreSeconds)
	}
	if d.Files[0] != "20160612" {
		t.Errorf("files read in the order %v, want by day", d.Files)
	}
	// each day alone counts the runs that cross midnight twice
	alone := 0
	for _, n := range names {
		b, _ := os.ReadFile(filepath.Join(dir, n))
		d, err := Load(bytesReader(b), source.Options{Name: n})
		if err != nil {
			t.Fatal(err)
		}
		alone += d.Frames["tasks"].NumRows()
	}
	if alone <= want.Runs {
		t.Errorf("the days loaded apart make %d runs, want more than the %d of one load", alone, want.Runs)
	}
}
