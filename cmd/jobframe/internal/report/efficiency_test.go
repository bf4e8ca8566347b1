package report

import (
	"bufio"
	"encoding/json"
	"fmt"
	"math"
	"os/exec"
	"strings"
	"testing"

	"github.com/jobframe/jobframe/loaders"
)

// python runs a figures script of testdata with /usr/bin/python3 (Debian's,
// with numpy), skipping the test without it.
func python(t *testing.T, script string, args ...string) string {
	t.Helper()
	py := "/usr/bin/python3"
	if exec.Command(py, "-c", "import numpy").Run() != nil {
		t.Skip("needs Debian's python3-numpy (python3-pandas) for /usr/bin/python3")
	}
	out, err := exec.Command(py, append([]string{testdata(script)}, args...)...).Output()
	if err != nil {
		t.Fatalf("%s: %v", script, err)
	}
	return string(out)
}

func near(got, want float64) bool { return math.Abs(got-want) <= 1e-9*math.Max(1, math.Abs(want)) }

// The efficiency section's figures against independent scripts over the
// raw logs: seff's per-job figures for a Slurm dump (testdata/slurm/seff.py),
// the Work Queue run's cpu and core seconds per category
// (testdata/efficiency/cctools_figures.py), and the HyperQueue journal's
// CPUs busy in its hardware samples against those given to tasks on the
// sampled worker (testdata/hq/cpus_used.py).
func TestReportEfficiency(t *testing.T) {
	// Slurm: one job; seff.py prints JobID cpu_eff mem_eff time_eff
	var job string
	var cpuEff, memEff, timeEff float64
	fmt.Sscan(python(t, "slurm/seff.py", testdata("slurm/tdhock_sacct-allcols.txt")), &job, &cpuEff, &memEff, &timeEff)
	b := build(t, loaders.Options{}, testdata("slurm/tdhock_sacct-allcols.txt"))
	for name, want := range map[string]float64{"CPU efficiency": 100 * cpuEff, "median memory efficiency": 100 * memEff,
		"median time efficiency": 100 * timeEff, "jobs over their time request": 1, "jobs with cpu time and cores": 1} {
		if got := b.value(t, "efficiency", name); !near(got, want) {
			t.Errorf("Slurm %s: %s = %.12g, want %.12g (seff.py)", job, name, got, want)
		}
	}

	// Work Queue: Σ cpu_s / Σ core_s over the categories
	var cpuS, coreS, unused float64
	sc := bufio.NewScanner(strings.NewReader(python(t, "efficiency/cctools_figures.py", testdata("workqueue/realrun_wq_7.17.1_transactions.log"))))
	for sc.Scan() {
		var row struct {
			CPU    float64 `json:"cpu_s"`
			Core   float64 `json:"core_s"`
			Unused float64 `json:"unused_core_s"`
		}
		if err := json.Unmarshal(sc.Bytes(), &row); err != nil {
			t.Fatal(err)
		}
		cpuS, coreS, unused = cpuS+row.CPU, coreS+row.Core, unused+row.Unused
	}
	b = build(t, loaders.Options{}, testdata("workqueue/realrun_wq_7.17.1_transactions.log"))
	for name, want := range map[string]float64{"CPU efficiency": 100 * cpuS / coreS, "core-hours held": coreS / 3600,
		"core-hours used": cpuS / 3600, "core-hours held idle": unused / 3600} {
		if got := b.value(t, "efficiency", name); !near(got, want) {
			t.Errorf("Work Queue: %s = %.12g, want %.12g (cctools_figures.py)", name, got, want)
		}
	}
	if cells := b.cells(t, "efficiency"); !strings.Contains(cells, "sim|19|0.0289|294|4|1|4000|1413|1696|") {
		t.Errorf("the right-sizing table lacks the sim row:\n%s", cells)
	}

	// HyperQueue: CPUs busy in the samples against CPUs given to tasks
	out := python(t, "hq/cpus_used.py", testdata("hq/synthetic_v0.26_journal.jsonl"))
	var busy, allocated float64
	for _, line := range strings.Split(out, "\n") {
		fmt.Sscanf(line, "integral %g", &busy)
		fmt.Sscanf(line, "allocated %g", &allocated)
	}
	b = build(t, loaders.Options{}, testdata("hq/synthetic_v0.26_journal.jsonl"))
	for name, want := range map[string]float64{"CPU-hours busy (samples)": busy / 3600,
		"CPU-hours allocated on sampled workers": allocated / 3600, "busy share of allocated": 100 * busy / allocated} {
		if got := b.value(t, "efficiency", name); math.Abs(got-want) > 1e-6*want {
			t.Errorf("HyperQueue: %s = %.9g, want %.9g (cpus_used.py)", name, got, want)
		}
	}
	if b.charts(t, "efficiency") != 1 {
		t.Error("no chart of CPUs given against CPUs busy")
	}

	// a source without measurements says why
	b = build(t, loaders.Options{}, testdata("balsam"))
	if r := b.reason(t, "efficiency"); !strings.Contains(r, "no measured resources with their requests") {
		t.Errorf("Balsam's efficiency reason %q", r)
	}
}
