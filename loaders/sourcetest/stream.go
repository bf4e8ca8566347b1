package sourcetest

import (
	"bytes"
	"encoding/csv"
	"errors"
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
	resumed := map[int]bool{} // the batch sizes Resumes ran with
	lines := 0                // of the one input of a format that resumes
	if f.Resumes && len(in) == 1 {
		lines = bytes.Count(inputBytes(in[0]), []byte("\n"))
	}
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
		if ro := so; f.Resumes && len(in) == 1 {
			if ro.BatchRows = resumeRows(lines, size); !resumed[ro.BatchRows] {
				resumed[ro.BatchRows] = true
				Resumes(t, f, in[0], ro, whole)
			}
		}
	}
}

// resumeRows returns the batch size Streams checks resuming with, for
// an input of lines lines and a batch size of rows: at least rows, and
// enough that the input makes at most about 64 batches. Every batch of
// Resumes' loads carries a checkpoint (the input's size is not given),
// an encoding of the loader's state, and up to nine loads run: a batch
// per line of an 11,000-line Work Queue log makes 11,360 checkpoints a
// load (2.7 s).
func resumeRows(lines, rows int) int {
	return max(rows, lines/64)
}

// Resumes checks a format that resumes (Format.Resumes) on one input,
// with o's batch size, against whole, its load without batches. Asked
// for checkpoints, the load sets one on each batch before the end, at a
// line end of the input (but not on one that ends with the input's last
// line, cut). A load resumed from one of them (up to eight, spread over
// the input) hands over the same batches after it, with the same
// checkpoints, and returns the same final dataset, warnings included, as
// the load from the start. A load asking for other frames than the
// checkpoint's is refused with source.ErrResume.
func Resumes(t *testing.T, f source.Format, in source.Input, o source.Options, whole *source.Dataset) {
	t.Helper()
	all := inputBytes(in)
	load := func(from *source.Checkpoint) ([]*source.Dataset, *source.Dataset) {
		var batches []*source.Dataset
		co := o
		co.Checkpoints, co.Resume = true, from
		co.Batch = func(d *source.Dataset) error { batches = append(batches, d); return nil }
		r := all
		if from != nil {
			r = all[from.Offset:]
		}
		last, err := f.Load([]source.Input{{Name: in.Name, R: bytes.NewReader(r), Head: in.Head}}, co)
		if err != nil {
			t.Fatalf("batches of %d, resumed from %v: %v", o.BatchRows, from != nil, err)
		}
		return batches, last
	}
	batches, last := load(nil)
	var points []int // batches with a checkpoint
	for k, b := range batches {
		c := b.Checkpoint
		switch {
		case b.AtEnd && c != nil:
			t.Errorf("batches of %d: batch %d, of the input's end, has a checkpoint", o.BatchRows, k)
		case b.AtEnd:
		case c == nil && k == len(batches)-1 || c == nil && batches[k+1].AtEnd && all[len(all)-1] != '\n':
			// its last line is the input's, cut: more of it may come
		case c == nil:
			t.Fatalf("batches of %d: batch %d has no checkpoint", o.BatchRows, k)
		case c.Offset <= 0 || c.Offset > int64(len(all)) || all[c.Offset-1] != '\n' || bytes.Count(all[:c.Offset], []byte("\n")) != c.Line:
			t.Fatalf("batches of %d: batch %d's checkpoint is at byte %d, line %d, not just after a line", o.BatchRows, k, c.Offset, c.Line)
		default:
			points = append(points, k)
		}
	}
	if fmt.Sprint(last.Warnings) != fmt.Sprint(whole.Warnings) {
		t.Errorf("batches of %d with checkpoints: warnings %v, the whole load's %v", o.BatchRows, last.Warnings, whole.Warnings)
	}
	if len(points) > 0 { // a checkpoint set under other options is refused
		other := o
		other.Frames, other.Resume = f.Frames[len(f.Frames)-1:], batches[points[0]].Checkpoint
		other.Batch = func(*source.Dataset) error { return nil }
		c := other.Resume
		_, err := f.Load([]source.Input{{Name: in.Name, R: bytes.NewReader(all[c.Offset:]), Head: in.Head}}, other)
		if !errors.Is(err, source.ErrResume) && fmt.Sprint(o.Frames) != fmt.Sprint(other.Frames) {
			t.Errorf("batches of %d: resumed with frames %v, error %v, want ErrResume", o.BatchRows, other.Frames, err)
		}
	}
	step := max(1, len(points)/8)
	for i := 0; i < len(points); i += step {
		k := points[i]
		more, end := load(batches[k].Checkpoint)
		if len(more) != len(batches)-k-1 {
			t.Errorf("batches of %d, resumed after batch %d: %d batches after it, want %d", o.BatchRows, k, len(more), len(batches)-k-1)
			continue
		}
		for j, b := range more {
			want := batches[k+1+j]
			gc, wc := b.Checkpoint, want.Checkpoint
			if (gc == nil) != (wc == nil) || gc != nil && (gc.Offset != wc.Offset || gc.Line != wc.Line) {
				t.Errorf("batches of %d, resumed after batch %d: batch %d's checkpoint differs", o.BatchRows, k, k+1+j)
			}
			sameRows(t, fmt.Sprintf("batches of %d, resumed after batch %d: batch %d", o.BatchRows, k, k+1+j), b, want)
		}
		sameRows(t, fmt.Sprintf("batches of %d, resumed after batch %d: the final dataset", o.BatchRows, k), end, last)
		if fmt.Sprint(end.Warnings) != fmt.Sprint(last.Warnings) || end.LogStart != last.LogStart || end.LogEnd != last.LogEnd {
			t.Errorf("batches of %d, resumed after batch %d: warnings %v, log span %d-%d; want %v, %d-%d", o.BatchRows, k,
				end.Warnings, end.LogStart, end.LogEnd, last.Warnings, last.LogStart, last.LogEnd)
		}
	}
}

// sameRows checks that datasets got and want have the same frames with
// the same rows (Rows).
func sameRows(t testing.TB, what string, got, want *source.Dataset) {
	t.Helper()
	if !slices.Equal(got.Names(), want.Names()) {
		t.Errorf("%s: frames %v, want %v", what, got.Names(), want.Names())
		return
	}
	for _, name := range want.Names() {
		if g, w := rowSet(t, got, name), rowSet(t, want, name); !slices.Equal(g, w) {
			t.Errorf("%s: the %s frame has %d rows, want %d, or other values", what, name, len(g), len(w))
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
		out[i] = source.Input{Name: x.Name, R: bytes.NewReader(inputBytes(x)), Head: x.Head}
	}
	return out
}

// inputBytes returns a copy of the bytes of in (whose reader must be a
// *bytes.Reader).
func inputBytes(in source.Input) []byte {
	r := in.R.(*bytes.Reader)
	r.Seek(0, 0)
	b := make([]byte, r.Len())
	r.Read(b)
	return b
}
