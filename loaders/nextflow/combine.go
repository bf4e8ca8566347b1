package nextflow

import (
	"fmt"
	"slices"
	"strings"

	"github.com/jobframe/jobframe/frame"
	"github.com/jobframe/jobframe/frame/schema"
	"github.com/jobframe/jobframe/loaders/source"
)

// Absorb combines a trace and the timeline page of the same run, loaded
// apart, into d (whichever of the two d is): one row per trace record,
// whose start and end are the timeline's (to the ms) where the timeline
// has the task, so that a task is not counted twice. Tasks are matched
// by name, the k-th record of a name in submit order with the k-th
// entry of that name (the page's times are UTC and the trace's are read
// in Options.TimeZone, so submit times cannot be compared). Entries of
// the page that no record matches are listed as warnings. It reports
// false, changing nothing, unless one of d and other is a trace and the
// other a timeline.
func Absorb(d, other *source.Dataset) (bool, error) {
	trace, page := d, other
	if isTimeline(d) {
		trace, page = other, d
	}
	if !isTrace(trace) || !isTimeline(page) {
		return false, nil
	}
	tr, tl := trace.Frames[schema.Tasks], page.Frames[schema.Tasks]
	rows, unmatched, err := matchByName(tr, tl)
	if err != nil {
		return false, fmt.Errorf("combining %v with %v: %w", trace.Files, page.Files, err)
	}
	combined, err := withPageTimes(tr, tl, rows)
	if err != nil {
		return false, fmt.Errorf("combining %v with %v: %w", trace.Files, page.Files, err)
	}
	files := append(slices.Clone(trace.Files), page.Files...)
	warnings := append(slices.Clone(trace.Warnings), page.Warnings...)
	names, _, _ := tl.Strings("name")
	file := ""
	if len(page.Files) > 0 {
		file = page.Files[0]
	}
	for _, i := range unmatched {
		warnings = append(warnings, source.Warning{File: file, Field: "label", Text: names[i],
			Msg: fmt.Sprintf("timeline entry %d has no record in the trace of the same run; left out", i+1)})
	}
	*d = source.Dataset{Source: Source, Files: files, Warnings: warnings,
		Frames: map[string]*frame.Frame{schema.Tasks: combined}, Unbuilt: trace.Unbuilt}
	return true, nil
}

// isTrace reports whether d is a loaded trace with the task names that
// matching needs, isTimeline whether it is a loaded timeline page (an
// HTML file, as Timeline's Sniff requires).
func isTrace(d *source.Dataset) bool {
	f, ok := d.Frames[schema.Tasks]
	return d.Source == "nextflow" && ok && f.Has("name") && len(d.Files) > 0 && !isHTML(d.Files[0])
}

func isTimeline(d *source.Dataset) bool {
	f, ok := d.Frames[schema.Tasks]
	return d.Source == "nextflow" && ok && f.Has("name") && len(d.Files) > 0 && isHTML(d.Files[0])
}

// isHTML reports whether a file name ends in .html or .htm.
func isHTML(name string) bool {
	low := strings.ToLower(name)
	return strings.HasSuffix(low, ".html") || strings.HasSuffix(low, ".htm")
}

// matchByName returns, for each row of the trace tr, the row of the page
// tl of the same task (-1: none), and the page's rows no trace row
// matched.
func matchByName(tr, tl *frame.Frame) (rows []int, unmatched []int, err error) {
	byName := func(f *frame.Frame) (map[string][]int, error) {
		order := []int{}
		if f.Has("submit") {
			if order, err = f.SortIndex("submit"); err != nil {
				return nil, err
			}
		} else {
			for i := range f.NumRows() {
				order = append(order, i)
			}
		}
		names, ok, err := f.Strings("name")
		if err != nil {
			return nil, err
		}
		m := map[string][]int{}
		for _, i := range order {
			if ok[i] {
				m[names[i]] = append(m[names[i]], i)
			}
		}
		return m, nil
	}
	trBy, err := byName(tr)
	if err != nil {
		return nil, nil, err
	}
	tlBy, err := byName(tl)
	if err != nil {
		return nil, nil, err
	}
	rows = make([]int, tr.NumRows())
	for i := range rows {
		rows[i] = -1
	}
	used := make([]bool, tl.NumRows())
	for name, ts := range trBy {
		ps := tlBy[name]
		for k := 0; k < len(ts) && k < len(ps); k++ {
			rows[ts[k]] = ps[k]
			used[ps[k]] = true
		}
	}
	for i, u := range used {
		if !u {
			unmatched = append(unmatched, i)
		}
	}
	return rows, unmatched, nil
}

// withPageTimes returns tr with start and end taken from the page's row
// rows[i] for each row i that has one (and times_derived false there).
func withPageTimes(tr, tl *frame.Frame, rows []int) (*frame.Frame, error) {
	out := tr
	for _, col := range []string{"start", "end"} {
		pv, pok, err := tl.Micros(col)
		if err != nil {
			return nil, err
		}
		v, ok := make([]int64, tr.NumRows()), make([]bool, tr.NumRows())
		if tr.Has(col) {
			tv, tok, err := tr.Micros(col)
			if err != nil {
				return nil, err
			}
			copy(v, tv)
			copy(ok, tok)
		}
		for i, j := range rows {
			if j >= 0 && pok[j] {
				v[i], ok[i] = pv[j], true
			}
		}
		out = out.WithColumn(col, frame.MicrosCol(col, v, ok))
	}
	if out.Has("times_derived") {
		d, dok, err := out.Bools("times_derived")
		if err != nil {
			return nil, err
		}
		d = slices.Clone(d)
		for i, j := range rows {
			if j >= 0 {
				d[i] = false
			}
		}
		out = out.WithColumn("times_derived", frame.BoolCol("times_derived", d, dok))
	}
	return out, out.Err()
}
