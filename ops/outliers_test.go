package ops

import (
	"errors"
	"fmt"
	"math"
	"strings"
	"testing"

	"github.com/jobframe/jobframe/frame"
)

func fmtScores(v []float64) string {
	s := ""
	for i, x := range v {
		if i > 0 {
			s += " "
		}
		if x == math.MaxFloat64 {
			s += "max"
			continue
		}
		s += fmt.Sprint(x)
	}
	return s
}

// The worked examples A-E of docs/semantics.md#outliers (verified there with
// numpy 1.24).
func TestOutlierWorkedExamples(t *testing.T) {
	e := []float64{1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 1000}
	for _, c := range []struct {
		name         string
		ys           []float64
		iqr, madz, z string
		counts       string
	}{
		{"A", []float64{10, 12, 11, 13, 50}, "0 0 0 0 1", "1.349 0 0.6745 0.6745 25.631", "0.5961 0.4666 0.5313 0.4018 1.9958", "0 0 0 0 2"},
		{"B", []float64{5, 5, 5, 5, 9}, "0 0 0 0 1", "0 0 0 0 3.3725", "0.5 0.5 0.5 0.5 2", "0 0 0 0 1"},
		{"C", []float64{100, 100, 100, 100}, "0 0 0 0", "0 0 0 0", "0 0 0 0", "0 0 0 0"},
		{"D", []float64{3.0, 3.0, 3.0, 3.0, 3.00001}, "0 0 0 0 1", "0 0 0 0 3.3725", "0 0 0 0 max", "0 0 0 0 2"},
		{"E", e, "0 0 0 0 0 0 0 0 0 0 1", "", "", "0 0 0 0 0 0 0 0 0 0 3"},
	} {
		if got := fmtScores(IQRScores(c.ys)); got != c.iqr {
			t.Errorf("%s iqr: %s, want %s", c.name, got, c.iqr)
		}
		if got := fmtScores(ModifiedZScores(c.ys)); c.madz != "" && got != c.madz {
			t.Errorf("%s modified z: %s, want %s", c.name, got, c.madz)
		}
		if got := fmtScores(ZScores(c.ys)); c.z != "" && got != c.z {
			t.Errorf("%s z: %s, want %s", c.name, got, c.z)
		}
		ids := make([]string, len(c.ys))
		for i := range ids {
			ids[i] = fmt.Sprint(i)
		}
		o := Outliers(frame.New(frame.StringCol("job", ids, nil), frame.Float64Col("cpu_time", c.ys, nil)), OutlierOptions{})
		if got := column(t, o, "cpu_time"); got != c.counts {
			t.Errorf("%s counts: %s, want %s", c.name, got, c.counts)
		}
	}
	// Example E, last value: modified z 223.4843, z 3.1621 (EPMT's docstring).
	if m, z := ModifiedZScores(e), ZScores(e); m[10] != 223.4843 || z[10] != 3.1621 {
		t.Errorf("E: modified z %v, z %v", m[10], z[10])
	}
}

func TestOutliersFeaturesAndErrors(t *testing.T) {
	f := frame.New(
		frame.StringCol("job", []string{"a", "b", "c", "d", "e"}, nil),
		frame.Int64Col("num_procs", []int64{10, 12, 11, 13, 50}, nil),
		frame.Float64Col("duration", []float64{5, 5, 5, 5, 9}, nil),
		frame.Float64Col("cpu_time", []float64{1, 1, 1, 1, 1}, nil),
		frame.Float64Col("rss", []float64{1, 2, 3, 4, 5}, nil),
		frame.MicrosCol("start", []int64{1, 2, 3, 4, 5}, nil),
		frame.StringCol("tag.exp_name", []string{"x", "x", "x", "x", "y"}, nil),
	)
	o := Outliers(f, OutlierOptions{})
	// Default features, sanitised and sorted: cpu_time, duration, num_procs.
	want := []string{"job", "cpu_time_iqr", "cpu_time_modified_z_score", "cpu_time_z_score", "duration_iqr", "duration_modified_z_score", "duration_z_score",
		"num_procs_iqr", "num_procs_modified_z_score", "num_procs_z_score", "cpu_time", "duration", "num_procs", "outlier_methods"}
	if fmt.Sprint(o.Names()) != fmt.Sprint(want) {
		t.Errorf("columns %v", o.Names())
	}
	if got := column(t, o, "outlier_methods"); got != "0 0 0 0 3" {
		t.Errorf("methods per row %s", got)
	}
	if got := Outliers(f, OutlierOptions{Features: []string{"*"}}).Names(); !contains(got, "rss") || contains(got, "start_iqr") {
		t.Errorf("'*' features: %v", got)
	}
	if err := Outliers(f.Head(3), OutlierOptions{}).Err(); err == nil {
		t.Error("3 rows accepted")
	}
	// Partitions of fewer than 4 rows get null counts.
	p := Outliers(f, OutlierOptions{By: []string{"tag.exp_name"}})
	if got := column(t, p, "num_procs"); got != "0 0 0 0 null" {
		t.Errorf("partitioned counts %s", got)
	}
	// No method: no row is tested, every count null.
	if got := column(t, Outliers(f, OutlierOptions{Methods: []string{}}), "outlier_methods"); got != "null null null null null" {
		t.Errorf("no method: outlier_methods %s", got)
	}
	nan := f.WithColumn("duration", []float64{1, math.NaN(), 1, 1, 1})
	if err := Outliers(nan, OutlierOptions{}).Err(); err == nil {
		t.Error("NaN accepted")
	}
}

func contains(names []string, n string) bool {
	for _, x := range names {
		if x == n {
			return true
		}
	}
	return false
}

func TestPairwiseSum(t *testing.T) {
	// numpy 1.24: a = (np.arange(n)*0.7) % 1.3 + 0.1; np.add.reduce(a).
	// A plain loop differs at n = 9, 1000 and 12345.
	for n, want := range map[int]float64{7: 3.6999999999999984, 9: 5.299999999999996, 100: 78.09999999999965,
		129: 101.9999999999994, 1000: 798.7999999999645, 12345: 9853.599999994802, 20000: 15977.699999986273} {
		a := make([]float64, n)
		for i := range a {
			a[i] = math.Mod(float64(i)*0.7, 1.3) + 0.1
		}
		if got := pairwiseSum(a); got != want {
			t.Errorf("n=%d: %v, numpy %v", n, got, want)
		}
	}
	v := make([]float64, 1000)
	for i := range v {
		v[i] = 0.1
	}
	if got := pairwiseSum(v); got != 100.00000000000001 { // numpy; a loop gives 99.9999999999986
		t.Errorf("1000 × 0.1: %v", got)
	}
}

// TestOutliersOfRows holds Outliers of some rows (Rows, RowID) to
// Outliers of the frame those rows are taken into, with their numbers as
// the ID: every score and count, all rows or the flagged ones, with and
// without By. The rows left out hold nulls and NaN, which would be
// errors if tested.
func TestOutliersOfRows(t *testing.T) {
	const n = 300
	v, valid := make([]float64, n), make([]bool, n)
	cat := make([]string, n)
	nums := make([]int64, n)
	var rows []int32
	for i := range n {
		v[i], valid[i] = float64((i*7919)%97)+float64(i%5), true
		if i%23 == 0 {
			v[i] *= 40 // outliers
		}
		cat[i], nums[i] = fmt.Sprint("c", i%4), int64(i)
		switch {
		case i%11 == 0:
			valid[i] = false
		case i%13 == 0:
			v[i] = math.NaN()
		case i%3 != 0 || i%23 == 0:
			rows = append(rows, int32(i))
		}
	}
	f := frame.New(frame.Float64Col("run_s", v, valid), frame.StringCol("cat", cat, nil))
	taken := make([]int, len(rows))
	for k, r := range rows {
		taken[k] = int(r)
	}
	ref := f.WithColumn("row", nums).Take(taken)
	for _, by := range [][]string{nil, {"cat"}} {
		for _, least := range []int{0, 3} {
			got := Outliers(f, OutlierOptions{Features: []string{"run_s"}, By: by, MinMethods: least, Rows: rows, RowID: true})
			want := Outliers(ref, OutlierOptions{ID: "row", Features: []string{"run_s"}, By: by, MinMethods: least})
			if err := errors.Join(got.Err(), want.Err()); err != nil {
				t.Fatal(err)
			}
			if g, w := allTexts(t, got), allTexts(t, want); g != w || got.NumRows() == 0 {
				t.Fatalf("by %v, at least %d methods: %d rows\n%s\nwant %d rows\n%s", by, least, got.NumRows(), g, want.NumRows(), w)
			}
			t.Logf("by %v, at least %d methods: %d of %d rows", by, least, got.NumRows(), len(rows))
			if least == 3 && got.NumRows() == len(rows) {
				t.Fatalf("by %v: every row flagged", by)
			}
		}
	}
	for _, bad := range [][]int32{{1, 0}, {2, 2}, {-1}, {n}} {
		if err := Outliers(f, OutlierOptions{Features: []string{"run_s"}, Rows: bad, RowID: true}).Err(); err == nil {
			t.Errorf("Rows %v accepted", bad)
		}
	}
	err := Outliers(f, OutlierOptions{Features: []string{"run_s"}, Rows: []int32{1, 2, 4, 11}, RowID: true}).Err()
	if err == nil || !strings.Contains(err.Error(), "at row 11") {
		t.Errorf("a null among the rows tested: %v", err)
	}
}

// allTexts is every column of f, named, each value as frame.Texts gives it.
func allTexts(t *testing.T, f *frame.Frame) string {
	t.Helper()
	var b strings.Builder
	for _, name := range f.Names() {
		v, err := f.Texts(name)
		if err != nil {
			t.Fatal(err)
		}
		fmt.Fprintf(&b, "%s: %s\n", name, strings.Join(v, " "))
	}
	return b.String()
}
