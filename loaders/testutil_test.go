package loaders

import (
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/jobframe/jobframe/frame"
	"github.com/jobframe/jobframe/loaders/source"
)

// sharedData returns the path of a file in ../shared/data, skipping the
// test when the shared folder is not beside the checkout (a user's clone).
func sharedData(t testing.TB, rel string) string {
	t.Helper()
	p := filepath.Join("..", "..", "shared", "data", rel)
	if _, err := os.Stat(p); err != nil {
		t.Skipf("../shared/data/%s is not here (it sits beside the repository on CI and developer machines): %v", rel, err)
	}
	return p
}

// bundled returns the path of a real file copied into testdata/ (see
// testdata/README.md).
func bundled(rel string) string { return filepath.Join("..", "testdata", rel) }

func loadFile(t testing.TB, path string, load func(*os.File, source.Options) (*source.Dataset, error), o source.Options) *source.Dataset {
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

func mustFrame(t testing.TB, d *source.Dataset, name string) *frame.Frame {
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

// counts returns "value:count" pairs of a column, sorted by value.
func counts(t testing.TB, f *frame.Frame, col string) string {
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

// cells renders the given columns of the rows where col == value.
func cells(t testing.TB, f *frame.Frame, where, value string, cols ...string) []string {
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

func mustContain(t testing.TB, err error, want ...string) {
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

func asParseError(err error, target **source.ParseError) bool {
	pe, ok := err.(*source.ParseError)
	if ok {
		*target = pe
	}
	return ok
}

func countAgg() frame.Agg { return frame.Count() }

// csvText renders f as CSV, failing the test on an error.
func csvText(t *testing.T, f *frame.Frame) string {
	t.Helper()
	var b strings.Builder
	if err := f.WriteCSV(&b); err != nil {
		t.Fatal(err)
	}
	return b.String()
}
