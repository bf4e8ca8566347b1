package lakeread_test

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/jobframe/jobframe/frame"
	"github.com/jobframe/jobframe/loaders"
	"github.com/jobframe/jobframe/loaders/lake"
	"github.com/jobframe/jobframe/loaders/source"
	"github.com/jobframe/jobframe/loaders/sourcetest"
	"github.com/jobframe/jobframe/ops"
)

// smallGroups returns a lake of the inputs in row groups of 16 rows, so
// that a window leaves whole row groups out.
func smallGroups(t *testing.T) string {
	t.Helper()
	return smallGroupsOf(t, paths())
}

// smallGroupsOf is smallGroups of the inputs named, each its own entry.
func smallGroupsOf(t *testing.T, inputs []string) string {
	t.Helper()
	dir := t.TempDir()
	for _, p := range inputs {
		o := lake.Options{BatchRows: 7, Parquet: frame.ParquetOptions{RowGroupRows: 16}}
		if _, err := lake.Ingest(context.Background(), dir, []string{p}, o); err != nil {
			t.Fatalf("%s: %v", p, err)
		}
	}
	return dir
}

// TestWindowPushdown: a lake read with Options.Window skips row groups,
// and the window's cut (ops.Window.Frames) of what it reads is the cut
// of the whole lake, row for row, in every frame: for windows about
// points spread over all the lake's times (sources years apart, merged
// into frames whose columns differ), one-sided windows, windows that
// hold nothing, and with a projection that changes which column begins
// a row.
func TestWindowPushdown(t *testing.T) {
	dir := smallGroups(t)
	projections := []map[string][]string{nil, {"tasks": {"start", "end", "state"}, "placements": {"end", "worker"}}}
	for _, cols := range projections {
		full, err := loaders.OpenWith(source.Options{Columns: cols}, dir)
		if err != nil {
			t.Fatal(err)
		}
		points := times(t, full)
		fullRows, readRows := 0, 0
		for _, w := range windows(points) {
			o := source.Options{Columns: cols, Window: source.TimeWindow{From: w.From, To: w.To}}
			got, err := loaders.OpenWith(o, dir)
			if err != nil {
				t.Fatalf("%v: %v", w, err)
			}
			for _, name := range full.Names() {
				fullRows += full.Frames[name].NumRows()
				g := got.Frames[name]
				if g == nil {
					t.Errorf("%v: no %s frame", w, name)
					continue
				}
				readRows += g.NumRows()
				want := sourcetest.Rows(t, w.Frame(full.Frames[name]))
				if have := sourcetest.Rows(t, w.Frame(g)); !slices.Equal(have, want) {
					t.Errorf("columns %v, window %v, %s: the cut of what was read has %d rows, of the whole lake %d, or other values", cols, w, name, len(have), len(want))
				}
			}
		}
		t.Logf("columns %v: %d of %d rows read over %d windows", cols, readRows, fullRows, len(windows(points)))
		if readRows*2 > fullRows {
			t.Errorf("columns %v: the windows read %d of %d rows: row groups are not pruned", cols, readRows, fullRows)
		}
	}
}

// times returns every time of every frame of d, sorted.
func times(t *testing.T, d *source.Dataset) []int64 {
	var out []int64
	for _, name := range d.Names() {
		f := d.Frames[name]
		for _, c := range f.Names() {
			if typ, _ := f.Type(c); typ != frame.Time {
				continue
			}
			us, ok, err := f.Micros(c)
			if err != nil {
				t.Fatal(err)
			}
			for i := range us {
				if ok[i] {
					out = append(out, us[i])
				}
			}
		}
	}
	slices.Sort(out)
	return out
}

// windows are windows about the 2nd, 5th and 8th deciles of points: a
// minute from each, from one to the next decile, open on either side;
// and before and after every time.
func windows(points []int64) []ops.Window {
	at := func(q int) time.Time { return time.UnixMicro(points[min(len(points)-1, len(points)*q/10)]).UTC() }
	var out []ops.Window
	for _, q := range []int{2, 5, 8} {
		out = append(out, ops.Window{From: at(q), To: at(q).Add(time.Minute)}, ops.Window{From: at(q), To: at(q + 1)},
			ops.Window{From: at(q)}, ops.Window{To: at(q)})
	}
	first, last := time.UnixMicro(points[0]).UTC(), time.UnixMicro(points[len(points)-1]).UTC()
	return append(out, ops.Window{To: first.Add(-time.Hour)}, ops.Window{From: last.Add(time.Hour)})
}

// TestSourcesOfLake: Options.Sources reads a lake's entries of those
// systems only, as the load of their logs would give them; one warning
// counts the entries left out.
func TestSourcesOfLake(t *testing.T) {
	dir := ingested(t)
	o := source.Options{Sources: []string{"nextflow", "hyperqueue"}}
	got, err := loaders.OpenWith(o, dir)
	if err != nil {
		t.Fatal(err)
	}
	want, err := loaders.Open(sourcetest.Bundled("hq/synthetic_v0.26_journal.jsonl"), sourcetest.Bundled("nextflow/openproblems_2021-03_trace.txt"))
	if err != nil {
		t.Fatal(err)
	}
	sourcetest.SameJSON(t, "frames", got.Names(), want.Names())
	for _, name := range want.Names() {
		if g, w := sourcetest.Rows(t, got.Frames[name]), sourcetest.Rows(t, want.Frames[name]); !slices.Equal(g, w) {
			t.Errorf("%s: %d rows, the logs' %d, or other values", name, len(g), len(w))
		}
	}
	i := slices.IndexFunc(got.Warnings, func(w source.Warning) bool { return strings.HasPrefix(w.Msg, "not read:") })
	if i < 0 || got.Warnings[i].Msg != fmt.Sprintf("not read: %d input(s) of other sources than nextflow, hyperqueue", len(inputs)-2) {
		t.Errorf("warnings: %v", got.Warnings)
	}
}
