package snakemake

import (
	"fmt"
	"math"
	"path/filepath"
	"strings"

	"github.com/jobframe/jobframe/frame"
	"github.com/jobframe/jobframe/frame/schema"
	"github.com/jobframe/jobframe/loaders/source"
)

// joined are the measurements a benchmark gives a run log's attempt:
// its column in the benchmark's tasks frame and in the log's. The
// benchmark's s, measured by psutil, becomes the attempt's wall time
// (the log's times are to the second); the log's end - start stays as
// log_wall_s.
var joined = [][2]string{{"wall_time_s", "wall_time_s"}, {"cpu_time_s", "cpu_time_s"}, {"mem_mb", "mem_mb"},
	{"vmem_mb", "vmem_mb"}, {"uss_mb", "uss_mb"}, {"pss_mb", "pss_mb"}, {"read_mb", "read_mb"}, {"write_mb", "write_mb"},
	{"mean_load_pct", "mean_load_pct"}}

// AbsorbBenchmarks is the run log's Absorb (LogFormat adopts by
// content): each successful attempt of log that names its benchmark
// file (benchmark: bench/x.tsv, relative to the workflow's folder, the
// one above .snakemake) takes the measurements of that file's one row,
// when other holds it; the rows taken leave other, so that one run of a
// job is not counted twice. A file of several rows (repeat(..., n)) is
// left as it is. Offered the latest run's log first, since a benchmark
// file holds what the last run that ran its job measured; a file whose
// wall time differs from the attempt's end - start by more than the
// log's second (2 s) is another run's and is left. It reports whether
// other is left with no rows.
func AbsorbBenchmarks(log, other *source.Dataset) (bool, error) {
	lt, bt := log.Frames[schema.Tasks], other.Frames[schema.Tasks]
	if lt == nil || bt == nil || !hasAll(lt, "benchmark", "state", "wall_time_s") || bt.Has("benchmark") || !hasAll(bt, "job", "wall_time_s") {
		return false, nil // not a log and a benchmark, or columns a projection left out
	}
	bench, benchOK, err1 := lt.Strings("benchmark")
	state, stateOK, err2 := lt.Strings("state")
	files, filesOK, err3 := bt.Strings("job")
	logWall, logWallOK, err4 := lt.Float64s("wall_time_s")
	s, sOK, err5 := bt.Float64s("wall_time_s")
	if err := firstErr(err1, err2, err3, err4, err5); err != nil {
		return false, fmt.Errorf("joining %v to %v: %w", other.Files, log.Files, err)
	}
	rows := map[string][]int{} // benchmark file -> its rows
	for i, f := range files {
		if filesOK[i] {
			rows[filepath.ToSlash(filepath.Clean(f))] = append(rows[filepath.ToSlash(filepath.Clean(f))], i)
		}
	}
	workdir := ""
	if len(log.Files) > 0 {
		if k := strings.Index(filepath.ToSlash(log.Files[0]), "/.snakemake/log/"); k >= 0 {
			workdir = filepath.ToSlash(log.Files[0])[:k]
		}
	}
	match := make([]int, lt.NumRows()) // log row -> benchmark row, or -1
	taken := map[int]bool{}
	var takenFiles []string
	for i := range match {
		match[i] = -1
		if !benchOK[i] || !stateOK[i] || state[i] != schema.Success {
			continue
		}
		f, ok := benchmarkFile(bench[i], workdir, rows)
		if !ok || len(rows[f]) != 1 || taken[rows[f][0]] {
			continue
		}
		if r := rows[f][0]; logWallOK[i] && sOK[r] && math.Abs(s[r]-logWall[i]) > 2 {
			continue // another run's measurement: the log's times are to the second
		}
		match[i], taken[rows[f][0]] = rows[f][0], true
		takenFiles = append(takenFiles, files[rows[f][0]])
	}
	if len(taken) == 0 {
		return false, nil
	}
	cols, err := joinColumns(lt, bt, match)
	if err != nil {
		return false, fmt.Errorf("joining %v to %v: %w", other.Files, log.Files, err)
	}
	log.Frames[schema.Tasks] = frame.New(cols...)
	log.Files = append(log.Files, takenFiles...)
	var keep []int
	for i := range files {
		if !taken[i] {
			keep = append(keep, i)
		}
	}
	if len(keep) == 0 {
		log.Warnings = append(log.Warnings, other.Warnings...)
		return true, nil
	}
	other.Frames[schema.Tasks] = bt.Take(keep)
	return false, nil
}

// benchmarkFile finds the benchmark file an attempt names (b, relative
// to workdir when it is known, else matched as the end of a path) among
// the loaded ones: ok when exactly one is it.
func benchmarkFile(b, workdir string, rows map[string][]int) (string, bool) {
	b = filepath.ToSlash(filepath.Clean(b))
	if workdir != "" {
		f := filepath.ToSlash(filepath.Join(workdir, b))
		_, ok := rows[f]
		return f, ok
	}
	found, n := "", 0
	for f := range rows {
		if f == b || strings.HasSuffix(f, "/"+b) {
			found, n = f, n+1
		}
	}
	return found, n == 1
}

// joinColumns returns the log's tasks columns with the benchmark's
// measurements of the matched rows (null elsewhere) and the file each
// came from; the log's own wall time is kept as log_wall_s.
func joinColumns(lt, bt *frame.Frame, match []int) ([]frame.Column, error) {
	n := lt.NumRows()
	logWall, logWallOK, err := lt.Float64s("wall_time_s")
	if err != nil {
		return nil, err
	}
	cols := lt.Rename("wall_time_s", "log_wall_s").Columns()
	for _, j := range joined {
		if !bt.Has(j[0]) {
			continue
		}
		src, srcOK, err := bt.Float64s(j[0])
		if err != nil {
			return nil, err
		}
		v, ok := make([]float64, n), make([]bool, n)
		if j[1] == "wall_time_s" { // the log's, where no benchmark is joined
			copy(v, logWall)
			copy(ok, logWallOK)
		}
		for i, m := range match {
			if m >= 0 {
				v[i], ok[i] = src[m], srcOK[m]
			}
		}
		cols = append(cols, frame.Float64Col(j[1], v, ok))
	}
	files, _, err := bt.Strings("job")
	if err != nil {
		return nil, err
	}
	f, ok := make([]string, n), make([]bool, n)
	for i, m := range match {
		if m >= 0 {
			f[i], ok[i] = files[m], true
		}
	}
	return append(cols, frame.StringCol("benchmark_file", f, ok)), nil
}

func hasAll(f *frame.Frame, cols ...string) bool {
	for _, c := range cols {
		if !f.Has(c) {
			return false
		}
	}
	return true
}

func firstErr(errs ...error) error {
	for _, e := range errs {
		if e != nil {
			return e
		}
	}
	return nil
}
