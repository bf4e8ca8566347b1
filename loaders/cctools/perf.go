package cctools

import (
	"bytes"
	"fmt"
	"io"
	"math"
	"strconv"
	"strings"

	"github.com/jobframe/jobframe/frame"
	"github.com/jobframe/jobframe/frame/schema"
	"github.com/jobframe/jobframe/loaders/internal/columns"
	"github.com/jobframe/jobframe/loaders/internal/records"
	"github.com/jobframe/jobframe/loaders/source"
)

// LoadPerfLog reads a Work Queue or TaskVine performance log into the
// perf frame (columns time, run, then every header name).
func LoadPerfLog(r io.Reader, o source.Options) (*source.Dataset, error) {
	return o.Project(loadPerfLog(r, o))
}

// loadPerfLog is LoadPerfLog without the projection on o.Columns.
func loadPerfLog(r io.Reader, o source.Options) (*source.Dataset, error) {
	name := o.InputName()
	pr := &perfReader{p: *o.Problems(name), cols: map[string]*perfColumn{}, run: -1}
	err := records.EachLine(r, &pr.p, func(b []byte, n int) error {
		line := strings.TrimSpace(string(b))
		switch {
		case line == "":
			return nil
		case strings.HasPrefix(line, "#"):
			return pr.header(line, n)
		}
		return pr.sample(line, n)
	})
	if err != nil {
		return nil, err
	}
	src := WorkQueue
	if pr.tv {
		src = TaskVine
	}
	f := pr.frame()
	if f.Err() != nil {
		return nil, fmt.Errorf("%s: %w", name, f.Err())
	}
	d := &source.Dataset{Source: src, Files: []string{name}, Frames: map[string]*frame.Frame{schema.Perf: f}, Warnings: pr.p.Finish()}
	pr.span.Set(d)
	return d, nil
}

// perfReader reads a performance log's samples into columns by header
// name.
type perfReader struct {
	p           source.Problems
	cols        map[string]*perfColumn
	order       []string // column names in order of first appearance
	names       []string // the current run's header
	times, runs columns.Int
	span        source.LogSpan
	run         int64
	rows        int
	tv          bool // a TaskVine log (columns only it writes)
}

// perfColumn is one column of the log: int64 while every value is an
// integer, else float64; filled counts the rows it has.
type perfColumn struct {
	vals   []float64
	ints   []int64
	ok     []bool
	isInt  bool
	filled int
}

// fill pads c with nulls up to rows rows.
func (c *perfColumn) fill(rows int) {
	for c.filled < rows {
		c.vals, c.ints, c.ok = append(c.vals, 0), append(c.ints, 0), append(c.ok, false)
		c.filled++
	}
}

// header takes a comment line: "# timestamp <name> ..." starts a run
// with those columns; other comments are skipped.
func (pr *perfReader) header(line string, n int) error {
	f := strings.Fields(strings.TrimPrefix(line, "#"))
	if len(f) == 0 || f[0] != "timestamp" {
		return nil
	}
	seen := map[string]bool{}
	for k, h := range f[1:] {
		if seen[h] {
			return &source.ParseError{File: pr.p.File, Line: n, Field: h, Text: source.Clip(line, 80), Want: "a header naming each column once", Err: source.ErrBadHeader}
		}
		seen[h] = true
		if h == "time" || h == "run" { // ours: keep the log's under another name
			f[k+1] = "log_" + h
		}
	}
	pr.names = f
	pr.run++
	for _, h := range f[1:] {
		if h == "tasks_successful" || h == "inuse_cache" || h == "workers_slow" {
			pr.tv = true
		}
		if pr.cols[h] == nil {
			pr.cols[h] = &perfColumn{isInt: true}
			pr.order = append(pr.order, h)
		}
	}
	return nil
}

// sample takes one line of numbers, as the current header names them.
func (pr *perfReader) sample(line string, n int) error {
	f := strings.Fields(line)
	switch {
	case pr.names == nil:
		return pr.p.Bad(n, "", line, `a "# timestamp ..." header line first`, nil)
	case len(f) != len(pr.names):
		return pr.p.Bad(n, "", line, fmt.Sprintf("%d values, as the header names", len(pr.names)), nil)
	}
	ts, e := strconv.ParseInt(f[0], 10, 64)
	if e != nil {
		return pr.p.Bad(n, "timestamp", f[0], "an integer count of µs since the epoch", e)
	}
	vals := make([]float64, len(f))
	ints := make([]int64, len(f))
	isInt := make([]bool, len(f))
	for k := 1; k < len(f); k++ {
		if iv, e := strconv.ParseInt(f[k], 10, 64); e == nil {
			ints[k], vals[k], isInt[k] = iv, float64(iv), true
		} else if fv, e := strconv.ParseFloat(f[k], 64); e == nil {
			vals[k] = fv
		} else {
			return pr.p.Bad(n, pr.names[k], f[k], "a number", e)
		}
		// every column is a count, a size, a time or a rate: a negative
		// or non-finite one would flow into the report's capacity
		if vals[k] < 0 || math.IsNaN(vals[k]) || math.IsInf(vals[k], 0) {
			return pr.p.Bad(n, pr.names[k], f[k], "a finite number >= 0", nil)
		}
	}
	pr.times.Add(ts)
	pr.span.Add(ts)
	pr.runs.Add(pr.run)
	for k, h := range pr.names[1:] {
		c := pr.cols[h]
		c.fill(pr.rows)
		c.vals, c.ints, c.ok = append(c.vals, vals[k+1]), append(c.ints, ints[k+1]), append(c.ok, true)
		c.isInt = c.isInt && isInt[k+1]
		c.filled++
	}
	pr.rows++
	return nil
}

// frame builds the perf frame: time, run, then every column of the log
// in order of first appearance, null in runs without it.
func (pr *perfReader) frame() *frame.Frame {
	fcols := []frame.Column{pr.times.Times("time"), pr.runs.Col("run")}
	for _, h := range pr.order {
		c := pr.cols[h]
		c.fill(pr.rows)
		if c.isInt {
			fcols = append(fcols, frame.Int64Col(h, c.ints, c.ok))
		} else {
			fcols = append(fcols, frame.Float64Col(h, c.vals, c.ok))
		}
	}
	return frame.New(fcols...)
}

// sniffPerfLog: a "# timestamp" header naming workers_ columns.
func sniffPerfLog(head []byte) bool {
	line := source.FirstLine(head)
	return bytes.HasPrefix(line, []byte("# timestamp ")) && bytes.Contains(line, []byte("workers_"))
}

// sniffCctools: a transaction-log header, or a first record of the form
// "<digits> <digits> MANAGER|MASTER|WORKER|TASK|CATEGORY|TRANSFER ...".
func sniffCctools(head []byte) bool {
	line := source.FirstLine(head)
	if bytes.HasPrefix(line, []byte("# time manager_pid ")) {
		return true
	}
	f := strings.Fields(string(line))
	if len(f) < 3 {
		return false
	}
	if _, err := strconv.ParseInt(f[0], 10, 64); err != nil {
		return false
	}
	if _, err := strconv.ParseInt(f[1], 10, 64); err != nil {
		return false
	}
	switch f[2] {
	case "MANAGER", "MASTER", "WORKER", "TASK", "CATEGORY", "TRANSFER", "LIBRARY", "APPLICATION":
		return true
	}
	return false
}

// Transactions describes the Work Queue and TaskVine transactions
// logs to loaders.OpenWith.
func Transactions() source.Format {
	return source.Format{
		Name:        "cctools-transactions",
		System:      "Work Queue and TaskVine",
		Description: "a Work Queue or TaskVine transactions log",
		Sources:     []string{WorkQueue, TaskVine},
		Resumes:     true,
		Frames:      []string{schema.Tasks, schema.Placements, schema.Workers, schema.Events, schema.Transfers, schema.Categories},
		Streams:     true,
		Sniff:       func(_ string, head []byte) bool { return sniffCctools(head) },
		Load: func(in []source.Input, o source.Options) (*source.Dataset, error) {
			return source.LoadOne(in, o, loadCctools)
		},
	}
}

// Performance describes the Work Queue and TaskVine performance
// logs to loaders.OpenWith.
func Performance() source.Format {
	return source.Format{
		Name:        "cctools-performance",
		System:      "Work Queue and TaskVine",
		Description: "a Work Queue or TaskVine performance log",
		Sources:     []string{WorkQueue, TaskVine},
		Frames:      []string{schema.Perf},
		Sniff:       func(_ string, head []byte) bool { return sniffPerfLog(head) },
		Load: func(in []source.Input, o source.Options) (*source.Dataset, error) {
			return source.LoadOne(in, o, loadPerfLog)
		},
	}
}
