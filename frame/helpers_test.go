package frame

import (
	"fmt"
	"math"
	"strings"
	"testing"
	"time"
)

// small returns a hand-written frame used by many tests:
//
//	  job  cat   mem    ok     t
//	0   1   a    1.5   true   2026-08-04T09:00:00Z
//	1   2   b    null  false  2026-08-04T09:00:01.5Z
//	2   1   a    3.0   null   null
//	3   3   null 0.5   true   2026-08-04T09:00:00.000001Z
//	4   2   b    2.0   true   2026-08-04T08:59:59Z
func small(t testing.TB) *Frame {
	t.Helper()
	ts := func(s string) int64 {
		us, err := ParseMicros(s)
		if err != nil {
			t.Fatal(err)
		}
		return us
	}
	f := New(
		Int64Col("job", []int64{1, 2, 1, 3, 2}, nil),
		StringCol("cat", []string{"a", "b", "a", "", "b"}, []bool{true, true, true, false, true}),
		Float64Col("mem", []float64{1.5, 0, 3.0, 0.5, 2.0}, []bool{true, false, true, true, true}),
		BoolCol("ok", []bool{true, false, false, true, true}, []bool{true, true, false, true, true}),
		MicrosCol("t", []int64{ts("2026-08-04T09:00:00Z"), ts("2026-08-04T09:00:01.5Z"), 0, ts("2026-08-04T09:00:00.000001Z"), ts("2026-08-04T08:59:59Z")},
			[]bool{true, true, false, true, true}),
	)
	if f.Err() != nil {
		t.Fatal(f.Err())
	}
	return f
}

// column renders one column as text, "null" for nulls, for compact asserts.
func column(t testing.TB, f *Frame, name string) string {
	t.Helper()
	if err := f.Err(); err != nil {
		t.Fatalf("frame error: %v", err)
	}
	i, err := f.colIndex(name)
	if err != nil {
		t.Fatal(err)
	}
	parts := make([]string, f.NumRows())
	for r := range parts {
		parts[r] = cellText(f, i, r)
	}
	return strings.Join(parts, " ")
}

func mustErr(t testing.TB, err error, want ...string) {
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

// lcg is a small deterministic generator for test data.
type lcg uint64

func (g *lcg) next() uint64 {
	*g = *g*6364136223846793005 + 1442695040888963407
	return uint64(*g >> 11)
}

// mixed returns an n-row frame with every type, nulls in every column,
// int64 values that float64 cannot hold, dyadic floats (exact sums),
// low- and high-cardinality strings (dictionary and plain), awkward text,
// and timestamps with microseconds.
func mixed(n int) *Frame {
	g := lcg(42)
	ids := make([]int64, n)
	big := make([]int64, n)
	fl := make([]float64, n)
	cat := make([]string, n)
	txt := make([]string, n)
	bl := make([]bool, n)
	ts := make([]int64, n)
	v1, v2, v3, v4, v5 := make([]bool, n), make([]bool, n), make([]bool, n), make([]bool, n), make([]bool, n)
	base := time.Date(2026, 8, 4, 9, 0, 0, 0, time.UTC).UnixMicro()
	awkward := []string{"plain", "with,comma", `with "quote"`, "line\nbreak", " padded ", "", "ünïcode", "NaN"}
	for i := 0; i < n; i++ {
		ids[i] = int64(i)
		big[i] = int64(1)<<62 + int64(g.next()%1000) - 500
		if i%7 == 0 {
			big[i] = -big[i]
		}
		fl[i] = float64(int64(g.next()%4000)-2000) * 0.25
		cat[i] = fmt.Sprintf("c%02d", g.next()%12)
		txt[i] = fmt.Sprintf("%s-%d", awkward[i%len(awkward)], i)
		if i%len(awkward) == 5 {
			txt[i] = ""
		}
		bl[i] = g.next()%3 == 0
		ts[i] = base + int64(g.next()%(3600*1_000_000))
		v1[i] = i%11 != 3
		v2[i] = i%13 != 5
		v3[i] = i%17 != 7
		v4[i] = i%19 != 2
		v5[i] = i%23 != 9
	}
	return New(
		Int64Col("id", ids, nil),
		Int64Col("big", big, nil),
		Float64Col("x", fl, v1),
		StringCol("cat", cat, v2),
		StringCol("txt", txt, v3),
		BoolCol("flag", bl, v4),
		MicrosCol("ts", ts, v5),
	)
}

func near(a, b float64) bool {
	if a == b {
		return true
	}
	return math.Abs(a-b) <= 1e-12*math.Max(math.Abs(a), math.Abs(b))
}

// csvOf renders f as CSV, for comparing whole frames.
func csvOf(t testing.TB, f *Frame) string {
	t.Helper()
	var b strings.Builder
	if err := f.WriteCSV(&b); err != nil {
		t.Fatal(err)
	}
	return b.String()
}
