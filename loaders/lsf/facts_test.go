package lsf

import (
	"math"
	"os"
	"slices"
	"testing"

	"github.com/jobframe/jobframe/loaders/source"
	"github.com/jobframe/jobframe/loaders/sourcetest"
)

// TestFacts loads each bundled lsb.acct and checks the figures that
// shared/data's figures.py computed from the raw records with Python's
// standard library (testdata/lsf/expected.json): the records by type
// and by jStatus, the records read and the one it could not parse,
// the distinct job keys, the core-seconds (event time less startTime,
// times numProcessors), the CPU time (ru_utime + ru_stime), the largest
// maxRMem and ru_maxrss (KB), the earliest start and latest end, the
// exit statuses other than 0 and the log versions. The file with the
// bad record is loaded leniently.
func TestFacts(t *testing.T) {
	type figures struct {
		ByStatus map[string]int `json:"by_jStatus"`
		Core     float64        `json:"core_seconds"`
		CPU      float64        `json:"cpu_seconds"`
		Keys     int            `json:"distinct_job_keys"`
		Start    int64          `json:"earliest_start"`
		End      int64          `json:"latest_end"`
		Nonzero  int            `json:"exit_status_nonzero"`
		Parsed   int            `json:"job_finish_parsed"`
		MaxRMem  float64        `json:"max_maxRMem_kb"`
		MaxRSS   float64        `json:"max_ru_maxrss"`
		ByType   map[string]int `json:"records_by_type"`
		Unparsed int            `json:"unparseable_records"`
		Versions []string       `json:"versions"`
	}
	sourcetest.Expected(t, "lsf", 3, func(t *testing.T, name, path string, w figures) {
		fh, err := os.Open(path)
		if err != nil {
			t.Fatal(err)
		}
		defer fh.Close()
		d, err := Load(fh, source.Options{Name: name, Lenient: w.Unparsed > 0})
		if err != nil {
			t.Fatal(err)
		}
		skipped := 0
		for _, x := range d.Warnings {
			if x.Line > 0 {
				skipped++
			}
		}
		events := d.Frames["events"]
		types, _, _ := events.Strings("type")
		states, _, _ := events.Strings("state")
		byType, byStatus := map[string]int{}, map[string]int{}
		for i, typ := range types {
			byType[typ]++
			if typ == jobFinish {
				byStatus[states[i]]++
			}
		}
		byType[jobFinish] += skipped // the bad record is a JOB_FINISH too
		check(t, "records by type", byType, w.ByType)
		check(t, "JOB_FINISH records by jStatus", byStatus, w.ByStatus)
		check(t, "records parsed, skipped", []int{byType[jobFinish] - skipped, skipped}, []int{w.Parsed, w.Unparsed})
		check(t, "job keys", d.Frames["jobs"].NumRows(), w.Keys)

		tasks := d.Frames["tasks"]
		wall, _, _ := tasks.Float64s("wall_time_s")
		procs, _, _ := tasks.Float64s("req_cpus")
		cpu, _, _ := tasks.Float64s("cpu_time_s")
		mem, _, _ := tasks.Float64s("mem_mb")
		rss, _, _ := tasks.Float64s("ru_maxrss_mb")
		exit, _, _ := tasks.Int64s("exit_code")
		_, signaled, _ := tasks.Int64s("signal")
		start, _, _ := tasks.Micros("start")
		end, _, _ := tasks.Micros("end")
		var core, cpuTime, maxMem, maxRSS float64
		first, last, nonzero := int64(math.MaxInt64), int64(0), 0
		for i := range wall {
			core += wall[i] * procs[i]
			cpuTime += cpu[i]
			maxMem, maxRSS = max(maxMem, mem[i]*1024), max(maxRSS, rss[i]*1024)
			first, last = min(first, start[i]), max(last, end[i])
			if exit[i] != 0 || signaled != nil && signaled[i] {
				nonzero++
			}
		}
		check(t, "core-seconds", core, w.Core)
		check(t, "CPU seconds (to the µs)", math.Round(cpuTime*1e6), math.Round(w.CPU*1e6))
		check(t, "largest maxRMem, ru_maxrss (KB)", []float64{maxMem, maxRSS}, []float64{w.MaxRMem, w.MaxRSS})
		check(t, "earliest start, latest end", []int64{first, last}, []int64{w.Start * 1e6, w.End * 1e6})
		check(t, "exit statuses other than 0", nonzero, w.Nonzero)
		versions, _, _ := d.Frames["jobs"].Strings("version")
		slices.Sort(versions)
		check(t, "versions", slices.Compact(versions), w.Versions)
	})
}

// check compares got and want as JSON.
func check(t *testing.T, what string, got, want any) {
	t.Helper()
	sourcetest.SameJSON(t, what, got, want)
}
