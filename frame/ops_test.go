package frame

import (
	"cmp"
	"fmt"
	"math"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/apache/arrow/go/v17/arrow/array"
)

func TestSelectDropRename(t *testing.T) {
	f := small(t)
	g := f.Select("mem", "job")
	if n := g.Names(); len(n) != 2 || n[0] != "mem" || n[1] != "job" {
		t.Fatal(n)
	}
	if got := f.Drop("cat", "t").Names(); len(got) != 3 || got[2] != "ok" {
		t.Fatal(got)
	}
	mustErr(t, f.Drop("nope").Err(), "Drop", `"nope"`)
	r := f.Rename("job", "job_id", "mem", "mem_mb")
	if !r.Has("job_id") || !r.Has("mem_mb") || r.Has("job") {
		t.Fatal(r.Names())
	}
	mustErr(t, f.Rename("job", "cat").Err(), `two columns would be named "cat"`)
	mustErr(t, f.Select("job", "job").Err(), "named twice")
}

func TestHeadTailSliceTake(t *testing.T) {
	f := small(t)
	if got := column(t, f.Head(2), "job"); got != "1 2" {
		t.Fatal(got)
	}
	if got := column(t, f.Tail(2), "job"); got != "3 2" {
		t.Fatal(got)
	}
	if got := column(t, f.Slice(1, 100), "job"); got != "2 1 3 2" {
		t.Fatal(got)
	}
	if got := f.Head(0).NumRows(); got != 0 {
		t.Fatal(got)
	}
	if got := column(t, f.Take([]int{4, 0, 4}), "cat"); got != "b a b" {
		t.Fatal(got)
	}
	mustErr(t, f.Take([]int{5}).Err(), "row 5 out of range")
}

func TestFilter(t *testing.T) {
	f := small(t)
	g := f.Filter(func(r Row) bool { return !r.IsNull("mem") && r.Float("mem") >= 1.5 })
	if got := column(t, g, "mem"); got != "1.5 3.0 2.0" {
		t.Fatal(got)
	}
	h := f.Filter(func(r Row) bool { return r.Int("job") == 2 && r.Time("t").Second() == 59 })
	if h.NumRows() != 1 || column(t, h, "job") != "2" {
		t.Fatal(h)
	}
	mustErr(t, f.Filter(func(r Row) bool { return r.Int("nope") > 0 }).Err(), `Filter: Row.Int: unknown column "nope"`)
}

func TestWhere(t *testing.T) {
	f := small(t)
	cases := []struct {
		col, op string
		v       any
		want    string // resulting job column
	}{
		{"job", "==", 2, "2 2"},
		{"job", "!=", 2, "1 1 3"},
		{"job", "<", int64(2), "1 1"},
		{"job", "<=", 2.0, "1 2 1 2"},
		{"job", ">", uint8(1), "2 3 2"},
		{"job", ">=", 3, "3"},
		{"mem", ">", 1, "1 1 2"},    // null mem (row 1) never matches
		{"mem", "!=", 1.5, "1 3 2"}, // ... not even !=
		{"cat", "==", "b", "2 2"},   // dictionary column
		{"cat", "!=", "b", "1 1"},   // null cat excluded
		{"cat", "in", []string{"a", "zz"}, "1 1"},
		{"cat", "not in", []string{"a"}, "2 2"},
		{"cat", "contains", "a", "1 1"},
		{"cat", "is-null", nil, "3"},
		{"mem", "not-null", nil, "1 1 3 2"},
		{"ok", "==", true, "1 3 2"},
		{"t", "<", "2026-08-04T09:00:00.000001Z", "1 2"},
		{"t", ">=", time.Date(2026, 8, 4, 9, 0, 0, 1000, time.UTC), "2 3"},
		{"job", "in", []int{3, 1}, "1 1 3"},
	}
	for _, c := range cases {
		g := f.Where(c.col, c.op, c.v)
		if got := column(t, g, "job"); got != c.want && !(got == "" && c.want == "") {
			t.Errorf("Where(%s %s %v) = %q, want %q", c.col, c.op, c.v, got, c.want)
		}
	}
	mustErr(t, f.Where("job", "~", 1).Err(), `unknown operator "~"`)
	mustErr(t, f.Where("job", "contains", "1").Err(), "contains needs a string column")
	mustErr(t, f.Where("job", "in", 1).Err(), "in needs a slice value")
	mustErr(t, f.Where("t", "<", "yesterday").Err(), `"yesterday" is not an RFC 3339 time`)
	mustErr(t, f.Where("job", "==", 1.5).Err(), "does not fit")
}

func TestSortStableNullsLast(t *testing.T) {
	f := small(t)
	// mem ascending: 0.5(3) 1.5(0) 2.0(4) 3.0(2) null(1)
	if got := column(t, f.Sort("mem"), "job"); got != "3 1 2 1 2" {
		t.Fatal(got)
	}
	// descending keeps nulls last
	if got := column(t, f.Sort("-mem"), "mem"); got != "3.0 2.0 1.5 0.5 null" {
		t.Fatal(got)
	}
	// stable: equal jobs keep row order; the row index tells
	g := f.WithColumn("row", []int64{0, 1, 2, 3, 4})
	if got := column(t, g.Sort("job"), "row"); got != "0 2 1 4 3" {
		t.Fatal(got)
	}
	if got := column(t, g.Sort("-job"), "row"); got != "3 1 4 0 2" {
		t.Fatal(got)
	}
	// multi-column: cat asc (null last), then t desc (null last)
	if got := column(t, g.Sort("cat", "-t"), "row"); got != "0 2 1 4 3" {
		t.Fatal(got)
	}
	// timestamp with a null: the comparator path
	if got := column(t, g.Sort("t"), "row"); got != "4 0 3 1 2" {
		t.Fatal(got)
	}
	// bool and strings
	if got := column(t, g.Sort("ok", "row"), "row"); got != "1 0 3 4 2" {
		t.Fatal(got)
	}
	nan := New(Float64Col("v", []float64{2, math.NaN(), 1, 0}, []bool{true, true, true, false}))
	if got := column(t, nan.Sort("v"), "v"); got != "1.0 2.0 NaN null" {
		t.Fatal(got)
	}
	if got := column(t, nan.Sort("-v"), "v"); got != "2.0 1.0 NaN null" {
		t.Fatal(got)
	}
}

func TestSortFastPathMatchesComparator(t *testing.T) {
	f := mixed(5000)
	// "id" has no nulls (fast path); the same order by the comparator path
	// is forced by sorting on (big, id) where big ties never happen... use
	// ts without nulls instead.
	nonull := f.Where("ts", "not-null", nil)
	a, _ := nonull.SortIndex("ts")
	// Two keys take the comparator path; with "id" (the row order) second
	// it must give the same stable order as the single-key fast path.
	b, _ := nonull.SortIndex("ts", "id")
	if len(a) != len(b) {
		t.Fatal(len(a), len(b))
	}
	for k := range a {
		if a[k] != b[k] {
			t.Fatalf("fast path and comparator differ at %d: row %d vs %d", k, a[k], b[k])
		}
	}
	us, _, _ := nonull.Micros("ts")
	for k := 1; k < len(a); k++ {
		if us[a[k-1]] > us[a[k]] || (us[a[k-1]] == us[a[k]] && a[k-1] > a[k]) {
			t.Fatalf("fast path not a stable ascending order at %d", k)
		}
	}
	d, _ := nonull.SortIndex("-ts")
	for k := 1; k < len(d); k++ {
		if us[d[k-1]] < us[d[k]] || (us[d[k-1]] == us[d[k]] && d[k-1] > d[k]) {
			t.Fatalf("descending fast path not stable at %d", k)
		}
	}
}

// TestSortTies: a first key of int64 without nulls then more keys (the
// fast path, whose later keys order only the runs of ties) gives the
// order of a stable sort of the raw values by all the keys, written out
// here: many ties, later keys of text (plain and dictionary, with a
// dictionary that repeats a value under two codes), float and time, in
// both directions, with nulls last.
func TestSortTies(t *testing.T) {
	const n = 3000
	g := lcg(7)
	k, f := make([]int64, n), make([]float64, n)
	codes, text := make([]int32, n), make([]string, n)
	valid := make([]bool, n)
	// u ties in a few rows only, fewer than the big dictionary's values:
	// its later keys are compared as text, not ranked
	u := make([]int64, n)
	dict := []string{"b", "a", "c", "a", "ab"} // "a" twice
	for i := 5; len(dict) < 600; i++ {
		dict = append(dict, fmt.Sprintf("v%03d", i%400)) // repeats too
	}
	for i := range n {
		k[i] = int64(g.next() % 40)
		u[i] = int64(i)
		if i%50 == 49 { // rows 48 and 49 of every 50 tie
			u[i]--
		}
		f[i] = float64(g.next() % 5)
		codes[i] = int32(g.next() % uint64(len(dict)))
		if i%3 == 0 {
			codes[i] %= 5 // the small values, often
		}
		text[i] = dict[codes[i]]
		valid[i] = g.next()%6 != 0
	}
	fr := New(Int64Col("k", k, nil), Int64Col("u", u, nil), Float64Col("f", f, nil), DictStringCol("d", codes, valid, dict), StringCol("s", text, valid))
	for _, keys := range [][]string{{"k", "d", "f"}, {"-k", "-d", "-f"}, {"-k", "s", "-f"}, {"k", "-s"}, {"u", "d"}, {"-u", "-d", "f"}} {
		got, err := fr.SortIndex(keys...)
		if err != nil {
			t.Fatal(err)
		}
		want := make([]int, n)
		for i := range want {
			want[i] = i
		}
		text := func(i int) (string, bool) { return dict[codes[i]], valid[i] }
		slices.SortStableFunc(want, func(a, b int) int {
			for _, key := range keys {
				desc, name := key[0] == '-', strings.TrimPrefix(key, "-")
				c := 0
				switch name {
				case "k":
					c = cmp.Compare(k[a], k[b])
				case "u":
					c = cmp.Compare(u[a], u[b])
				case "f":
					c = cmp.Compare(f[a], f[b])
				default: // d and s hold the same text
					sa, oka := text(a)
					sb, okb := text(b)
					switch {
					case !oka && !okb:
					case !oka:
						return 1 // nulls last in either direction
					case !okb:
						return -1
					default:
						c = strings.Compare(sa, sb)
					}
				}
				if desc {
					c = -c
				}
				if c != 0 {
					return c
				}
			}
			return 0
		})
		if !slices.Equal(got, want) {
			t.Errorf("Sort(%v) differs from a stable sort of the values", keys)
		}
	}
}

func TestGroupByAgg(t *testing.T) {
	f := small(t)
	g := f.GroupBy("cat").Agg(Count(), CountOf("mem"), Sum("mem"), Sum("job"), Mean("mem"), Min("t"), Max("job"),
		Median("mem"), Std("job"), First("mem"), Last("ok"), NUnique("job"), Quantile("job", 0.25))
	if err := g.Err(); err != nil {
		t.Fatal(err)
	}
	// groups sorted by key, null group last: a (rows 0,2), b (1,4), null (3)
	want := map[string]string{
		"cat":         "a b null",
		"count":       "2 2 1",
		"mem_count":   "2 1 1",
		"mem_sum":     "4.5 2.0 0.5",
		"job_sum":     "2 4 3",
		"mem_mean":    "2.25 2.0 0.5",
		"t_min":       "2026-08-04T09:00:00.000000Z 2026-08-04T08:59:59.000000Z 2026-08-04T09:00:00.000001Z",
		"job_max":     "1 2 3",
		"mem_median":  "2.25 2.0 0.5",
		"job_std":     "0.0 0.0 null",
		"mem_first":   "1.5 2.0 0.5",
		"ok_last":     "true true true",
		"job_nunique": "1 1 1",
		"job_q0.25":   "1.0 2.0 3.0",
	}
	for c, w := range want {
		if got := column(t, g, c); got != w {
			t.Errorf("%s = %q, want %q", c, got, w)
		}
	}
	// multi-key, with numbers checked by hand
	h := f.GroupBy("job", "ok").Agg(Count(), Sum("mem"))
	if got := column(t, h, "job") + " | " + column(t, h, "ok") + " | " + column(t, h, "count") + " | " + column(t, h, "mem_sum"); got != "1 1 2 2 3 | true null false true true | 1 1 1 1 1 | 1.5 3.0 0.0 2.0 0.5" {
		t.Fatal(got)
	}
	mustErr(t, f.GroupBy("job").Agg(Sum("mem"), Sum("mem")).Err(), `two output columns named "mem_sum"`)
	if got := column(t, f.GroupBy("job").Agg(Sum("mem").As("total")), "total"); got != "4.5 2.0 0.5" {
		t.Fatal(got)
	}
	mustErr(t, f.GroupBy("job").Agg(Quantile("mem", 1.5)).Err(), "outside [0, 1]")
}

func TestGroupByStdAndQuantileValues(t *testing.T) {
	// pandas: Series([1,2,3,4,10]).std() = 3.5355339059327378,
	// .quantile(0.9) = 7.6, .median() = 3
	f := New(StringCol("k", []string{"x", "x", "x", "x", "x"}, nil), Float64Col("v", []float64{1, 2, 3, 4, 10}, nil))
	g := f.GroupBy("k").Agg(Std("v"), Quantile("v", 0.9), Median("v"), Mean("v"))
	s, _, _ := g.Float64s("v_std")
	q, _, _ := g.Float64s("v_q0.9")
	m, _, _ := g.Float64s("v_median")
	if !near(s[0], 3.5355339059327378) || !near(q[0], 7.6) || m[0] != 3 {
		t.Fatal(s, q, m)
	}
}

func TestGroupByManyKeysUsesStringKeys(t *testing.T) {
	// 5 int keys with ~n distinct values each overflow the packed key.
	n := 3000
	cols := []Column{}
	keys := []string{}
	for k := 0; k < 6; k++ {
		v := make([]int64, n)
		for i := range v {
			v[i] = int64((i * (k + 1)) % (n - k))
		}
		name := string(rune('a' + k))
		keys = append(keys, name)
		cols = append(cols, Int64Col(name, v, nil))
	}
	f := New(cols...)
	g := f.GroupBy(keys...).Agg(Count())
	if g.Err() != nil || g.NumRows() != n {
		t.Fatalf("%v %d", g.Err(), g.NumRows())
	}
	a, _, _ := g.Int64s("a")
	for i := 1; i < len(a); i++ {
		if a[i-1] > a[i] {
			t.Fatal("groups not sorted by first key")
		}
	}
}

func TestJoin(t *testing.T) {
	left := New(Int64Col("job", []int64{1, 2, 3, 0}, []bool{true, true, true, false}), StringCol("name", []string{"a", "b", "c", "n"}, nil))
	right := New(Int64Col("job", []int64{2, 1, 2, 9}, nil), Float64Col("cost", []float64{20, 10, 21, 90}, nil), StringCol("name", []string{"B", "A", "B2", "Z"}, nil))
	in := left.Join(right, "inner", "job")
	if got := column(t, in, "job") + " | " + column(t, in, "cost") + " | " + column(t, in, "name_right"); got != "1 2 2 | 10.0 20.0 21.0 | A B B2" {
		t.Fatal(got)
	}
	lj := left.Join(right, "left", "job")
	if got := column(t, lj, "job") + " | " + column(t, lj, "cost"); got != "1 2 2 3 null | 10.0 20.0 21.0 null null" {
		t.Fatal(got)
	}
	oj := left.Join(right, "outer", "job")
	if got := column(t, oj, "job") + " | " + column(t, oj, "name") + " | " + column(t, oj, "cost"); got != "1 2 2 3 null 9 | a b b c n null | 10.0 20.0 21.0 null null 90.0" {
		t.Fatal(got)
	}
	mustErr(t, left.Join(right, "cross", "job").Err(), `unknown join type "cross"`)
}

func TestConcat(t *testing.T) {
	a := New(Int64Col("x", []int64{1, 2}, nil), StringCol("s", []string{"p", "q"}, nil))
	b := New(StringCol("s", []string{"r"}, nil), BoolCol("b", []bool{true}, nil))
	c := Concat(a, b)
	if got := column(t, c, "x") + " | " + column(t, c, "s") + " | " + column(t, c, "b"); got != "1 2 null | p q r | null null true" {
		t.Fatal(got)
	}
	if n := c.Names(); n[0] != "x" || n[1] != "s" || n[2] != "b" {
		t.Fatal(n)
	}
}

// A string key is matched by its text whatever each side's form (plain
// or dictionary), and two keys by both: the same rows as TestJoin's.
func TestJoinStringKeys(t *testing.T) {
	lv, lok := []string{"1", "2", "3", ""}, []bool{true, true, true, false}
	rv := []string{"2", "1", "2", "9"}
	forms := map[string]func(v []string, ok []bool) Column{
		"plain": func(v []string, ok []bool) Column { return Column{name: "job", arr: newPlainString(v, ok)} },
		"dict": func(v []string, ok []bool) Column {
			d := newString(append(v, v...), append(ok, ok...)).(*array.Dictionary)
			return Column{name: "job", arr: array.NewSlice(d, 0, int64(len(v)))}
		},
	}
	for ln, lf := range forms {
		for rn, rf := range forms {
			left := New(lf(lv, lok), StringCol("name", []string{"a", "b", "c", "n"}, nil))
			right := New(rf(rv, nil), Float64Col("cost", []float64{20, 10, 21, 90}, nil), StringCol("name", []string{"B", "A", "B2", "Z"}, nil))
			oj := left.Join(right, "outer", "job")
			if got := column(t, oj, "job") + " | " + column(t, oj, "name") + " | " + column(t, oj, "cost"); got != "1 2 2 3 null 9 | a b b c n null | 10.0 20.0 21.0 null null 90.0" {
				t.Errorf("%s left, %s right: %s", ln, rn, got)
			}
		}
	}
	left := New(StringCol("a", []string{"x", "x", "y"}, nil), Int64Col("b", []int64{1, 2, 1}, nil))
	right := New(StringCol("a", []string{"x", "y", "x", "x"}, nil), Int64Col("b", []int64{2, 1, 1, 2}, nil), Int64Col("r", []int64{0, 1, 2, 3}, nil))
	if got := column(t, left.Join(right, "inner", "a", "b"), "r"); got != "2 0 3 1" {
		t.Errorf("two keys: %s", got)
	}
}

func TestWithColumn(t *testing.T) {
	f := small(t)
	g := f.WithColumn("job", []string{"a", "b", "c", "d", "e"})
	if g.Names()[0] != "job" || column(t, g, "job") != "a b c d e" {
		t.Fatal(g)
	}
	mustErr(t, f.WithColumn("x", []int64{1}).Err(), "1 values for 5 rows")
	mustErr(t, f.WithColumn("x", []uint16{1}).Err(), "unsupported values")
	h := f.WithColumnFunc("mem2", Float64, func(r Row) any {
		if r.IsNull("mem") {
			return nil
		}
		return r.Float("mem") * 2
	})
	if got := column(t, h, "mem2"); got != "3.0 null 6.0 1.0 4.0" {
		t.Fatal(got)
	}
	k := f.WithColumnFunc("label", String, func(r Row) any { return r.Str("cat") + "!" })
	if got := column(t, k, "label"); got != "a! b! a! ! b!" {
		t.Fatal(got)
	}
	mustErr(t, f.WithColumnFunc("bad", Int64, func(r Row) any { return "x" }).Err(), "row 0", "does not fit")
	tt := f.WithColumnFunc("t2", Time, func(r Row) any { return r.Time("t").Add(time.Second) })
	if got := column(t, tt.Head(1), "t2"); got != "2026-08-04T09:00:01.000000Z" {
		t.Fatal(got)
	}
}

func TestDescribeAndValueCounts(t *testing.T) {
	f := New(Float64Col("v", []float64{1, 2, 3, 4, 10, 0}, []bool{true, true, true, true, true, false}), StringCol("s", []string{"x", "y", "x", "z", "y", "x"}, nil))
	d := f.Describe()
	// pandas: Series([1,2,3,4,10]).describe()
	want := "5.0 4.0 3.5355339059327378 1.0 2.0 3.0 4.0 10.0"
	v, _, _ := d.Float64s("v")
	exp := []float64{5, 4, 3.5355339059327378, 1, 2, 3, 4, 10}
	for i := range exp {
		if !near(v[i], exp[i]) {
			t.Fatalf("describe %v, want %s", v, want)
		}
	}
	if got := column(t, d, "stat"); got != "count mean std min 25% 50% 75% max" {
		t.Fatal(got)
	}
	vc := f.ValueCounts("s")
	if got := column(t, vc, "s") + " | " + column(t, vc, "count"); got != "x y z | 3 2 1" {
		t.Fatal(got)
	}
}

func TestQuantileSortedMatchesNumpy(t *testing.T) {
	// numpy.percentile([1,2,3,4,5,6,7,8,9,10,1000], [25,75]) = 3.5, 8.5
	v := []float64{1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 1000}
	if QuantileSorted(v, 0.25) != 3.5 || QuantileSorted(v, 0.75) != 8.5 {
		t.Fatal(QuantileSorted(v, 0.25), QuantileSorted(v, 0.75))
	}
	if QuantileSorted([]float64{7}, 0.3) != 7 || !math.IsNaN(QuantileSorted(nil, 0.5)) {
		t.Fatal("edge cases")
	}
}

func TestEmptyFrames(t *testing.T) {
	f := small(t).Head(0)
	if f.Sort("job").NumRows() != 0 || f.GroupBy("cat").Agg(Count(), Sum("mem")).NumRows() != 0 {
		t.Fatal("empty ops")
	}
	if f.Where("job", "==", 1).NumRows() != 0 || f.Describe().Err() != nil {
		t.Fatal("empty where/describe")
	}
	if (&Frame{}).String() == "" {
		t.Fatal("zero frame prints")
	}
}

// GroupBy with no keys aggregates the whole frame, as pandas' df.agg.
func TestGroupByNoKeys(t *testing.T) {
	f := New(Float64Col("v", []float64{3, 1, 2, 0}, []bool{true, true, true, false}), StringCol("s", []string{"a", "b", "a", "c"}, nil))
	got := f.GroupBy().Agg(Count(), CountOf("v"), Sum("v"), Max("v"), Min("v"), Median("v"), NUnique("s"), First("s"))
	if got.Err() != nil {
		t.Fatal(got.Err())
	}
	want := map[string]string{"count": "4", "v_count": "3", "v_sum": "6.0", "v_max": "3.0", "v_min": "1.0", "v_median": "2.0", "s_nunique": "3", "s_first": "a"}
	for c, w := range want {
		if g := column(t, got, c); g != w {
			t.Errorf("%s = %q, want %q", c, g, w)
		}
	}
	empty := f.Head(0).GroupBy().Agg(Count(), Sum("v"), Max("v"), Mean("v"), First("s"))
	if empty.Err() != nil {
		t.Fatal(empty.Err())
	}
	want = map[string]string{"count": "0", "v_sum": "0.0", "v_max": "null", "v_mean": "null", "s_first": "null"}
	for c, w := range want {
		if g := column(t, empty, c); g != w {
			t.Errorf("empty frame: %s = %q, want %q", c, g, w)
		}
	}
}

// A filter that keeps every row, or a sort of rows already in order,
// shares the columns (Slice) instead of copying them: the result equals
// the frame, and releasing it leaves the frame readable.
func TestKeepAllShares(t *testing.T) {
	f := small(t)
	want := csvOf(t, f)
	all := f.Where("job", ">=", 0)
	if got := csvOf(t, all); got != want {
		t.Fatalf("Where keeping all:\n%s\nwant\n%s", got, want)
	}
	sorted := f.Sort("job").Sort("job") // the second sort finds its rows in order
	if got, w := csvOf(t, sorted), csvOf(t, f.Sort("job")); got != w {
		t.Fatalf("Sort of sorted rows:\n%s\nwant\n%s", got, w)
	}
	all.Release()
	if got := csvOf(t, f); got != want {
		t.Fatalf("after releasing the filtered frame:\n%s\nwant\n%s", got, want)
	}
}
