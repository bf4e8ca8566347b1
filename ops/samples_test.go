package ops

import (
	"fmt"
	"math"
	"os/exec"
	"strings"
	"testing"

	"github.com/jobframe/jobframe/frame"
)

// TestSampleSumByHand: two workers' samples; a sample holds for its
// worker until the next one; equal times form one point; a null value
// keeps the previous sample.
func TestSampleSumByHand(t *testing.T) {
	f := frame.New(
		timeCol("time", 0, 10, 10, 20, 30, 40),
		frame.StringCol("worker", []string{"a", "b", "a", "b", "a", "b"}, nil),
		frame.Float64Col("v", []float64{2, 3, 5, 1, 0, 7}, []bool{true, true, true, true, true, false}),
	)
	s := SampleSum(f, "time", "worker", "v")
	// 0: a=2 → 2; 10: b=3, a=5 → 8; 20: b=1 → 6; 30: a=0 → 1; 40: b null
	if got := column(t, s, "value"); got != "2.0 8.0 6.0 1.0" {
		t.Errorf("values %s, want 2 8 6 1", got)
	}
	area, _ := Integral(s, "time", "value")
	if area != 2*10+8*10+6*10 {
		t.Errorf("area %g, want 160", area)
	}
}

// TestCPUsUsedAgainstTheJournal: the series of CPUs in use from the
// HyperQueue journal's worker overviews equals the one
// testdata/hq/cpus_used.py reads from the journal's lines.
func TestCPUsUsedAgainstTheJournal(t *testing.T) {
	py := "/usr/bin/python3"
	if exec.Command(py, "-c", "import json").Run() != nil {
		t.Skip("needs /usr/bin/python3")
	}
	journal := bundled("hq/synthetic_v0.26_journal.jsonl")
	out, err := exec.Command(py, bundled("hq/cpus_used.py"), journal).Output()
	if err != nil {
		t.Fatal(err)
	}
	s := CPUsUsed(frameOf(t, load(t, journal), "perf"))
	if err := s.Err(); err != nil {
		t.Fatal(err)
	}
	us, _, _ := s.Micros("time")
	v, _, _ := s.Float64s("value")
	var b strings.Builder
	for i := range us {
		fmt.Fprintf(&b, "%.3f %.6f\n", float64(us[i]-us[0])/1e6, v[i])
	}
	area, err := Integral(s, "time", "value")
	if err != nil {
		t.Fatal(err)
	}
	want := string(out)
	cut := strings.LastIndex(want, "integral ")
	if b.String() != want[:cut] {
		t.Errorf("points\n%s\nwant (cpus_used.py)\n%s", b.String(), want[:cut])
	}
	var wantArea float64
	fmt.Sscanf(want[cut:], "integral %g", &wantArea)
	if math.Abs(area-wantArea) > 1e-6 {
		t.Errorf("integral %.6f CPU-s, want %.6f", area, wantArea)
	}
}
