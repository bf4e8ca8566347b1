package htcondor

import (
	"fmt"
	"os"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/jobframe/jobframe/loaders/source"
	"github.com/jobframe/jobframe/loaders/sourcetest"
)

// TestFacts loads each event log of shared/data and checks the figures
// its figures.py computed from the raw lines with Python's standard
// library (testdata/htcondor/expected.json): events in all and by
// number, the jobs (placeholder ids -1.-1.-1 apart), the events of no
// job, aborts, evictions, holds, normal and abnormal terminations, the
// total remote CPU time of the terminations, the first and last dates.
func TestFacts(t *testing.T) {
	type figures struct {
		Events      int            `json:"events"`
		ByCode      map[string]int `json:"events_by_code"`
		Jobs        int            `json:"distinct_jobs"`
		Placeholder int            `json:"placeholder_id_events"`
		Aborted     int            `json:"aborted"`
		Evicted     int            `json:"evicted"`
		Held        int            `json:"held"`
		Normal      int            `json:"terminated_normal"`
		Abnormal    int            `json:"terminated_abnormal"`
		RemoteCPU   float64        `json:"total_remote_usage_seconds"`
		First       string         `json:"earliest_event"`
		Last        string         `json:"latest_event"`
		Malformed   int            `json:"malformed_header_lines"`
	}
	sourcetest.Expected(t, "htcondor", 2, func(t *testing.T, name, path string, w figures) {
		fh, err := os.Open(path)
		if err != nil {
			t.Fatal(err)
		}
		defer fh.Close()
		d, err := Load(fh, source.Options{Name: name})
		if err != nil {
			t.Fatal(err)
		}
		ev := d.Frames["events"]
		codes, _, _ := ev.Int64s("code")
		_, hasJob, _ := ev.Strings("job")
		details, _, _ := ev.Strings("detail")
		times, _, _ := ev.Micros("time")
		byCode := map[string]int{}
		got := map[string]int{}
		for i, c := range codes {
			byCode[fmt.Sprintf("%03d", c)]++
			if !hasJob[i] {
				got["placeholder"]++
			}
			switch {
			case c == evAborted:
				got["aborted"]++
			case c == evEvicted:
				got["evicted"]++
			case c == evHeld:
				got["held"]++
			case c == evTerminated && strings.Contains(details[i], "Normal termination"):
				got["normal"]++
			case c == evTerminated && strings.Contains(details[i], "Abnormal termination"):
				got["abnormal"]++
			}
		}
		check(t, "events, by number", []any{len(codes), byCode}, []any{w.Events, w.ByCode})
		check(t, "jobs, events of no job", []int{d.Frames["jobs"].NumRows(), got["placeholder"]}, []int{w.Jobs, w.Placeholder})
		check(t, "aborted, evicted, held, normal, abnormal", []int{got["aborted"], got["evicted"], got["held"], got["normal"], got["abnormal"]},
			[]int{w.Aborted, w.Evicted, w.Held, w.Normal, w.Abnormal})
		cpu, _, _ := d.Frames["jobs"].Float64s("cpu_time_s")
		total := 0.0
		for _, v := range cpu {
			total += v
		}
		check(t, "total remote CPU seconds", total, w.RemoteCPU)
		lo, hi := slices.Min(times), slices.Max(times)
		stamp := func(us int64) string { return time.UnixMicro(us).UTC().Format("01/02 15:04:05") }
		check(t, "first and last dates", []string{stamp(lo), stamp(hi)}, []string{w.First, w.Last})
		check(t, "malformed headers", len(d.Warnings)-1, w.Malformed) // the one warning says the dates have no year
	})
}

// check compares got and want as JSON.
func check(t *testing.T, what string, got, want any) {
	t.Helper()
	sourcetest.SameJSON(t, what, got, want)
}
