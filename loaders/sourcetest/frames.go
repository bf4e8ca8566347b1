package sourcetest

import (
	"errors"
	"fmt"
	"io"
	"os"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/jobframe/jobframe/frame"
	"github.com/jobframe/jobframe/loaders/source"
)

// LoadFile opens path and loads it with load and o (o.Name defaults to
// path), failing the test on an error.
func LoadFile(t testing.TB, path string, load func(io.Reader, source.Options) (*source.Dataset, error), o source.Options) *source.Dataset {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if o.Name == "" {
		o.Name = path
	}
	d, err := load(f, o)
	if err != nil {
		t.Fatal(err)
	}
	return d
}

// Frame returns d's frame name, failing the test when it is missing or
// holds an error.
func Frame(t testing.TB, d *source.Dataset, name string) *frame.Frame {
	t.Helper()
	f, err := d.Frame(name)
	if err != nil {
		t.Fatal(err)
	}
	if f.Err() != nil {
		t.Fatal(f.Err())
	}
	return f
}

// Counts returns the "value:count" pairs of column col of f, sorted by
// value and joined by spaces.
func Counts(t testing.TB, f *frame.Frame, col string) string {
	t.Helper()
	vc := f.ValueCounts(col)
	if vc.Err() != nil {
		t.Fatal(vc.Err())
	}
	var parts []string
	for i := 0; i < vc.NumRows(); i++ {
		parts = append(parts, vc.FormatValue(0, i)+":"+vc.FormatValue(1, i))
	}
	sort.Strings(parts)
	return strings.Join(parts, " ")
}

// Cells renders columns cols of the rows of f where column where equals
// value (read as an integer when the column holds integers), one string
// per row with the cells joined by spaces.
func Cells(t testing.TB, f *frame.Frame, where, value string, cols ...string) []string {
	t.Helper()
	var v any = value
	if ty, _ := f.Type(where); ty == frame.Int64 {
		n, err := strconv.ParseInt(value, 10, 64)
		if err != nil {
			t.Fatal(err)
		}
		v = n
	}
	g := f.Where(where, "==", v).Select(cols...)
	if g.Err() != nil {
		t.Fatal(g.Err())
	}
	var out []string
	for i := 0; i < g.NumRows(); i++ {
		var row []string
		for c := range cols {
			row = append(row, g.FormatValue(c, i))
		}
		out = append(out, strings.Join(row, " "))
	}
	return out
}

// MustContain fails the test unless err is an error whose text holds
// every string of want.
func MustContain(t testing.TB, err error, want ...string) {
	t.Helper()
	if err == nil {
		t.Fatalf("want an error containing %q, got nil", want)
	}
	for _, w := range want {
		if !strings.Contains(err.Error(), w) {
			t.Fatalf("error %q does not contain %q", err, w)
		}
	}
}

// ParseError returns err as a *source.ParseError, if it is one.
func ParseError(err error) (*source.ParseError, bool) {
	var pe *source.ParseError
	ok := errors.As(err, &pe)
	return pe, ok
}

// CSV renders f as CSV, failing the test on an error.
func CSV(t testing.TB, f *frame.Frame) string {
	t.Helper()
	var b strings.Builder
	if err := f.WriteCSV(&b); err != nil {
		t.Fatal(err)
	}
	return b.String()
}

// GroupCounts counts the rows of f by the values of the key columns: the
// map's keys are the values joined by spaces (null as ""), its values
// the row counts.
func GroupCounts(t testing.TB, f *frame.Frame, keys ...string) map[string]int {
	t.Helper()
	g := f.GroupBy(keys...).Agg(frame.Count())
	if g.Err() != nil {
		t.Fatal(g.Err())
	}
	out := map[string]int{}
	n, _, _ := g.Int64s("count")
	for i := 0; i < g.NumRows(); i++ {
		var parts []string
		for k := range keys {
			v := g.FormatValue(k, i)
			if v == "null" {
				v = ""
			}
			parts = append(parts, v)
		}
		out[strings.Join(parts, " ")] = int(n[i])
	}
	return out
}

// Render renders counts as "key:n" pairs sorted by key, joined by spaces.
func Render(counts map[string]int) string {
	var parts []string
	for k, v := range counts {
		parts = append(parts, fmt.Sprintf("%s:%d", k, v))
	}
	sort.Strings(parts)
	return strings.Join(parts, " ")
}

// SumMax returns the sum and the largest of the non-null values of
// column col of f (0 for none), failing the test when col is not
// numeric.
func SumMax(t testing.TB, f *frame.Frame, col string) (sum, mx float64) {
	t.Helper()
	v, ok, err := f.Float64s(col)
	if err != nil {
		t.Fatal(err)
	}
	for i := range v {
		if ok[i] {
			sum += v[i]
			mx = max(mx, v[i])
		}
	}
	return sum, mx
}

// Held returns the bytes frame name of d uses in its columns' buffers
// and the bytes those buffers hold (their capacity): a loader's room
// left unused.
func Held(t testing.TB, d *source.Dataset, name string) (used, held int) {
	t.Helper()
	for _, c := range Frame(t, d, name).Columns() {
		for _, b := range c.Arrow().Data().Buffers() {
			if b != nil {
				used, held = used+b.Len(), held+cap(b.Buf())
			}
		}
	}
	return used, held
}
