package sourcetest

import (
	"bytes"
	"encoding/csv"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/jobframe/jobframe/frame"
	"github.com/jobframe/jobframe/loaders/source"
)

// streamSizes are the batch sizes Streams tries: every line a batch, a
// few lines, and more than most samples hold.
var streamSizes = []int{1, 3, 64}

// Streams checks a streaming format (Format.Streams) against itself: the
// inputs loaded with Options.Batch, at several batch sizes, must give
// the rows of the whole load, frame by frame (the batches and the final
// dataset together, as a multiset of CSV rows: a batch holds the
// attempts that ended, so their order differs), the same warnings, and
// the same error when the whole load fails. Golden runs it on every case
// of a streaming format.
func Streams(t *testing.T, f source.Format, in []source.Input, o source.Options) {
	t.Helper()
	whole, werr := f.Load(rewind(in), o)
	for _, size := range streamSizes {
		var batches []*source.Dataset
		so := o
		so.BatchRows = size
		so.Batch = func(d *source.Dataset) error {
			if len(d.Warnings) > 0 {
				return fmt.Errorf("a batch carries warnings: %v", d.Warnings)
			}
			batches = append(batches, d)
			return nil
		}
		last, err := f.Load(rewind(in), so)
		if werr != nil || err != nil {
			if fmt.Sprint(werr) != fmt.Sprint(err) {
				t.Errorf("batches of %d: error %v, the whole load's %v", size, err, werr)
			}
			continue
		}
		if fmt.Sprint(last.Warnings) != fmt.Sprint(whole.Warnings) {
			t.Errorf("batches of %d: warnings %v, the whole load's %v", size, last.Warnings, whole.Warnings)
		}
		for _, name := range whole.Names() {
			want := rowSet(t, whole, name)
			var got []string
			for _, d := range append(batches, last) {
				got = append(got, rowSet(t, d, name)...)
			}
			slices.Sort(got)
			if !slices.Equal(got, want) {
				t.Errorf("batches of %d: the %s frame has %d rows, the whole load's %d, or other values", size, name, len(got), len(want))
			}
		}
		for _, d := range batches {
			for _, name := range d.Names() {
				if last.Frames[name] == nil {
					t.Errorf("batches of %d: a batch has a %s frame the load's dataset lacks", size, name)
				}
			}
		}
	}
}

// rowSet returns the rows of frame name of d (Rows), nil when d has no
// such frame.
func rowSet(t testing.TB, d *source.Dataset, name string) []string {
	f := d.Frames[name]
	if f == nil {
		return nil
	}
	return Rows(t, f)
}

// Rows returns the rows of f as text, sorted: each its non-empty CSV
// fields, parsed back (a field may hold a newline), as name=value in
// order of column name, joined by the unit separator. Two frames with one
// multiset of rows give equal slices, whatever the order of their
// columns, and a column of nulls counts as absent: a batch that has seen
// no value of a column discovered from the values (cctools' measured
// resources) lacks it.
func Rows(t testing.TB, f *frame.Frame) []string {
	t.Helper()
	recs, err := csv.NewReader(strings.NewReader(CSV(t, f))).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	order := make([]int, len(recs[0]))
	for i := range order {
		order[i] = i
	}
	slices.SortFunc(order, func(a, b int) int { return strings.Compare(recs[0][a], recs[0][b]) })
	rows := make([]string, 0, len(recs))
	var fields []string
	for _, r := range recs[1:] {
		fields = fields[:0]
		for _, i := range order {
			if r[i] != "" {
				fields = append(fields, recs[0][i]+"="+r[i])
			}
		}
		rows = append(rows, strings.Join(fields, "\x1f"))
	}
	slices.Sort(rows)
	return rows
}

// rewind returns inputs reading in's bytes afresh (in's readers must be
// *bytes.Reader).
func rewind(in []source.Input) []source.Input {
	out := make([]source.Input, len(in))
	for i, x := range in {
		r := x.R.(*bytes.Reader)
		r.Seek(0, 0)
		b := make([]byte, r.Len())
		r.Read(b)
		out[i] = source.Input{Name: x.Name, R: bytes.NewReader(b), Head: x.Head}
	}
	return out
}
