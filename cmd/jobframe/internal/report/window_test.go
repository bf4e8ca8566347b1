package report

import (
	"bufio"
	"encoding/json"
	"math"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/jobframe/jobframe/loaders"
	"github.com/jobframe/jobframe/ops"
)

// journalEnds counts, straight from the journal's lines (no loader), the
// task-finished, task-failed and task-canceled events (one per attempt:
// a task-canceled event lists its tasks) in [from, to].
func journalEnds(t *testing.T, path string, from, to time.Time) int {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	n := 0
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		var rec struct {
			Time  time.Time `json:"time"`
			Event struct {
				Type  string            `json:"type"`
				Tasks []json.RawMessage `json:"tasks"`
			} `json:"event"`
		}
		if err := json.Unmarshal(sc.Bytes(), &rec); err != nil {
			t.Fatal(err)
		}
		if rec.Time.Before(from) || rec.Time.After(to) {
			continue
		}
		switch rec.Event.Type {
		case "task-finished", "task-failed":
			n++
		case "task-canceled":
			n += len(rec.Event.Tasks)
		}
	}
	return n
}

// A report cut to a time window counts the attempts that ended inside
// it (counted here from the journal's lines), its span is the window,
// and the CPU-hours of two windows that split the log add up to the
// whole log's (7,706.436 CPU-s allocated, 11,446.616 offered: by hand,
// TestReportHyperQueue).
func TestReportWindow(t *testing.T) {
	path := testdata("hq/synthetic_v0.26_journal.jsonl")
	d, err := loaders.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	start := time.UnixMicro(d.LogStart).UTC()
	w, err := ops.ParseWindow("+2m", "+5m", start, time.UnixMicro(d.LogEnd))
	if err != nil {
		t.Fatal(err)
	}
	b := reportWith(t, d, Options{Window: w})
	want := journalEnds(t, path, w.From, w.To)
	if want == 0 {
		t.Fatal("no attempt ended in the window: the test proves nothing")
	}
	if got := b.value(t, "throughput", "attempts ended"); got != float64(want) {
		t.Errorf("attempts ended in %s = %g, want %d", w, got, want)
	}
	if got := b.value(t, "summary", "span"); got != 180 {
		t.Errorf("span %g s, want the window's 180 s", got)
	}
	if got := b.text(t, "summary", "time window"); !strings.HasPrefix(got, "2026-08-04T09:02:00Z – 2026-08-04T09:05:00Z") {
		t.Errorf("time window fact %q", got)
	}
	// the chart of the window starts and ends at its sides
	for _, c := range b.section(t, "utilization").Charts {
		for _, l := range c.Spec.Layers {
			if l.X[0] != 0 || l.X[len(l.X)-1] != 180 {
				t.Errorf("%s: x from %g to %g s, want 0 to 180 (the window)", l.Label, l.X[0], l.X[len(l.X)-1])
			}
		}
	}
	mid := start.Add(3 * time.Minute)
	split := []ops.Window{{To: mid}, {From: mid}}
	for _, c := range []struct {
		fact  string
		total float64
	}{{"CPU-hours allocated", 7706.436 / 3600}, {"CPU-hours offered", 11446.616 / 3600}} {
		var sum float64
		for _, part := range split {
			sum += reportWith(t, d, Options{Window: part}).value(t, "utilization", c.fact)
		}
		if math.Abs(sum-c.total) > 1e-9*c.total {
			t.Errorf("%s: the two halves add up to %.9f, want %.9f", c.fact, sum, c.total)
		}
	}
	// the whole log as a window is the report without one
	all := reportWith(t, d, Options{Window: ops.Window{From: start.Add(-time.Hour)}})
	if got := all.value(t, "utilization", "CPU-hours allocated"); math.Abs(got-7706.436/3600) > 1e-12 {
		t.Errorf("a window around the whole log: %g CPU-h allocated", got)
	}
}
