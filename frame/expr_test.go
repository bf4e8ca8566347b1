package frame

import (
	"math"
	"math/rand/v2"
	"os/exec"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"testing"
	"time"
)

// exprFrame is a small frame with every type and nulls, worked by hand in
// the tests below.
func exprFrame() *Frame {
	t0 := time.Date(2026, 8, 4, 9, 0, 0, 0, time.UTC)
	return New(
		Int64Col("a", []int64{7, -7, 0, 4}, []bool{true, true, true, false}),
		Float64Col("x", []float64{1.5, -2, 0, 3}, nil),
		BoolCol("ok", []bool{true, false, true, false}, []bool{true, true, false, true}),
		StringCol("s", []string{"lost", "failed", "success", ""}, []bool{true, true, true, false}),
		TimeCol("start", []time.Time{t0, t0, t0.Add(time.Hour), t0}, nil),
		TimeCol("end", []time.Time{t0.Add(90 * time.Second), t0.Add(2 * time.Minute), t0, t0}, []bool{true, true, true, false}),
	)
}

// cells is column name of f as text, one cell per row ("null" for null).
func cells(t *testing.T, f *Frame, name string) string {
	t.Helper()
	if f.Err() != nil {
		t.Fatal(f.Err())
	}
	c, ok := f.index[name]
	if !ok {
		t.Fatalf("no column %q in %v", name, f.Names())
	}
	out := make([]string, f.NumRows())
	for r := range out {
		out[r] = cellText(f, c, r)
	}
	return strings.Join(out, " ")
}

func TestExprArithmetic(t *testing.T) {
	f := exprFrame()
	for _, c := range []struct {
		e    Expr
		want string
	}{
		{Col("a").Add(1), "8 -6 1 null"},
		{Col("a").Mul(Col("x")), "10.5 14.0 0.0 null"},
		{Col("a").Div(2), "3.5 -3.5 0.0 null"},
		{Col("a").FloorDiv(2), "3 -4 0 null"}, // Python's //: -7 // 2 = -4
		{Col("a").Mod(3), "1 2 0 null"},       // Python's %: -7 % 3 = 2
		{Col("a").FloorDiv(0), "null null null null"},
		{Col("x").Div(0), "inf -inf NaN inf"},
		{Col("x").Pow(2), "2.25 4.0 0.0 9.0"},
		{Col("x").Neg().Abs(), "1.5 2.0 0.0 3.0"},
		{Col("x").Clip(-1, 2), "1.5 -1.0 0.0 2.0"},
		{Col("end").Sub(Col("start")).Seconds(), "90.0 120.0 -3600.0 null"},
		{Col("start").Add(30 * time.Second), "2026-08-04T09:00:30.000000Z 2026-08-04T09:00:30.000000Z 2026-08-04T10:00:30.000000Z 2026-08-04T09:00:30.000000Z"},
		{Col("end").Sub(Col("start")).Div(2).Seconds(), "45.0 60.0 -1800.0 null"},
		{Col("a").Sub(1).Seconds(), "6.0 -8.0 -1.0 null"}, // numbers, not times: the difference, then Seconds
		{Lit(5).Sub(2).Seconds(), "3.0 3.0 3.0 3.0"},
		{Lit(nil).Add(Col("a")), "null null null null"},
	} {
		got := cells(t, f.With(c.e.As("v")), "v")
		if got != c.want {
			t.Errorf("%s: %s, want %s", c.e, got, c.want)
		}
	}
}

func TestExprLogic(t *testing.T) {
	f := exprFrame()
	for _, c := range []struct {
		e    Expr
		want string
	}{
		{Col("a").Gt(0), "true false false null"},
		{Col("a").Gt(Col("x")), "true false false null"},
		{Col("s").Eq("failed"), "false true false null"},
		{Col("s").IsIn("lost", "failed"), "true true false null"},
		{Col("x").Between(0, 2), "true false true false"},
		{Col("ok").And(false), "false false false false"}, // false && null is false
		{Col("ok").Or(true), "true true true true"},       // true || null is true
		{Col("ok").And(true), "true false null false"},    // true && null is null
		{Col("ok").Not(), "false true null true"},
		{Col("end").Sub(Col("start")).Gt(100 * time.Second), "false true false null"},
	} {
		got := cells(t, f.With(c.e.As("v")), "v")
		if got != c.want {
			t.Errorf("%s: %s, want %s", c.e, got, c.want)
		}
	}
	if got := f.Keep(Col("ok").Or(Col("a").Lt(0))).NumRows(); got != 2 { // rows 0 (ok) and 1 (a < 0); row 2 null, row 3 false
		t.Errorf("Keep: %d rows, want 2", got)
	}
}

func TestExprErrors(t *testing.T) {
	f := exprFrame()
	for _, c := range []struct {
		got  *Frame
		want string
	}{
		{f.With(Col("nope").Add(1).As("v")), `unknown column "nope"`},
		{f.With(Col("s").Add(1).As("v")), "string + int64 is not defined"},
		{f.With(Col("a").Add(1)), "has no name"},
		{f.Keep(Col("a")), "a int64 condition"},
		{f.With(Col("a").Add(struct{}{}).As("v")), "a constant of type struct {}"},
		{f.With(Col("s").Lt(Col("a")).As("v")), "the types do not compare"},
	} {
		if err := c.got.Err(); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("error %v, want it to say %q", err, c.want)
		}
	}
}

// TestExprText: the text form gives what the method form gives, and its
// errors name the offset and what is wrong.
func TestExprText(t *testing.T) {
	f := exprFrame()
	for _, c := range []struct {
		text string
		e    Expr
	}{
		{"a + 1", Col("a").Add(1)},
		{"seconds(end - start)", Col("end").Sub(Col("start")).Seconds()},
		{"end - start > 100*time.Second", Col("end").Sub(Col("start")).Gt(100 * time.Second)},
		{`s == "failed" || a < 0`, Col("s").Eq("failed").Or(Col("a").Lt(0))},
		{"-x % 2", Col("x").Neg().Mod(2)},
		{"floor_div(a, 2)", Col("a").FloorDiv(2)},
		{`is_in(s, "lost", "failed")`, Col("s").IsIn("lost", "failed")},
		{`when(ok, x, -1)`, When(Col("ok")).Then(Col("x")).Otherwise(-1)},
		{`coalesce(a, 0)`, Coalesce(Col("a"), 0)},
		{`cast(a, "float64") / 2`, Col("a").Cast(Float64).Div(2)},
		{`hour(truncate(start, time.Hour))`, Col("start").Truncate(time.Hour).Hour()},
		{`upper(split_part(s, "i", 0))`, Col("s").SplitPart("i", 0).Upper()},
		{`start < time("2026-08-04T09:30:00Z")`, Col("start").Lt(time.Date(2026, 8, 4, 9, 30, 0, 0, time.UTC))},
		{`!(x >= 0) && is_not_null(a)`, Col("x").Ge(0).Not().And(Col("a").IsNotNull())},
	} {
		got := f.WithText("v = " + c.text)
		want := f.With(c.e.As("v"))
		if g, w := cells(t, got, "v"), cells(t, want, "v"); g != w {
			t.Errorf("%s: %s, the method form %s", c.text, g, w)
		}
	}
	for _, c := range []struct{ text, want string }{
		{"a +", "expected operand"},
		{"end - strat", `offset 6: unknown column "strat"`},
		{`s + 1`, "offset 2: s + 1: string + int64 is not defined"},
		{"nosuch(a)", "offset 0: unknown function nosuch"},
		{"round(x, y)", "want an integer constant"},
		{"a[0]", "*ast.IndexExpr is not part of the expression language"},
		{"a & 1", "the operator & is not part of the expression language"},
	} {
		err := f.Query(c.text).Err()
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: %v, want it to say %q", c.text, err, c.want)
		}
	}
	if n := f.Query(`s == "lost" || s == "failed"`).NumRows(); n != 2 {
		t.Errorf("Query: %d rows, want 2", n)
	}
}

// exprRandom is a seeded random frame of n rows with every type and a
// tenth of each column null.
func exprRandom(n int, seed uint64) *Frame {
	r := rand.New(rand.NewPCG(seed, 7))
	a, x, y := make([]int64, n), make([]float64, n), make([]float64, n)
	s, start, end := make([]string, n), make([]time.Time, n), make([]time.Time, n)
	va, vx, vy, vs, ve := make([]bool, n), make([]bool, n), make([]bool, n), make([]bool, n), make([]bool, n)
	t0 := time.Date(2026, 8, 4, 9, 0, 0, 0, time.UTC)
	words := []string{"success", "failed", "lost", "canceled"}
	for i := range n {
		a[i], x[i], y[i] = r.Int64N(41)-20, math.Round((r.Float64()*8-4)*1000)/1000, math.Round((r.Float64()*6-3)*1000)/1000
		s[i] = words[r.IntN(len(words))]
		start[i] = t0.Add(time.Duration(r.Int64N(7*24*3600)) * time.Second)
		end[i] = start[i].Add(time.Duration(r.Int64N(7200_000_000)) * time.Microsecond)
		va[i], vx[i], vy[i], vs[i], ve[i] = r.IntN(10) > 0, r.IntN(10) > 0, r.IntN(10) > 0, r.IntN(10) > 0, r.IntN(10) > 0
	}
	return New(Int64Col("a", a, va), Float64Col("x", x, vx), Float64Col("y", y, vy), StringCol("s", s, vs),
		TimeCol("start", start, nil), TimeCol("end", end, ve))
}

// pandasExprs are the expressions TestExprAgainstPandas computes, by the
// names testdata/expr/pandas_exprs.py gives pandas' results.
var pandasExprs = map[string]Expr{
	"add":       Col("a").Add(3),
	"sub_mixed": Col("a").Sub(Col("x")),
	"mul":       Col("a").Mul(Col("y")),
	"div":       Col("x").Div(Col("y")),
	"floordiv":  Col("a").FloorDiv(3),
	"mod":       Col("a").Mod(3),
	"neg_abs":   Col("x").Neg().Abs(),
	"floor":     Col("x").Floor(),
	"gt":        Col("a").Gt(10),
	"le_mixed":  Col("x").Le(Col("a")),
	"eq_str":    Col("s").Eq("failed"),
	"ne_str":    Col("s").Ne("failed"),
	"and":       Col("a").Gt(0).And(Col("x").Lt(0)),
	"or":        Col("a").Gt(0).Or(Col("s").Eq("lost")),
	"not":       Col("x").Gt(1).Not(),
	"between":   Col("x").Between(-1, 1),
	"is_null":   Col("a").IsNull(),
	"fill":      Col("a").FillNull(-1),
	"coalesce":  Coalesce(Col("x"), Col("y"), 0.0),
	"seconds":   Col("end").Sub(Col("start")).Seconds(),
	"hour":      Col("start").Hour(),
	"weekday":   Col("start").Weekday(),
	"is_in":     Col("s").IsIn("lost", "failed"),
	"contains":  Col("s").Contains("ail"),
	"upper":     Col("s").Upper(),
	"len":       Col("s").Len(),
	"when":      When(Col("a").Gt(0)).Then(Col("x")).Otherwise(Col("y")),
	// aggregations and window functions, over the groups of s
	"w_cumsum_over":    Col("x").CumSum().Over("s"),
	"w_shift_over":     Col("a").Shift(1).Over("s"),
	"w_diff":           Col("x").Diff(2),
	"w_diff_time_over": Col("start").Diff(1).Over("s").Seconds(),
	"w_rank_over":      Col("a").Rank().Over("s"),
	"w_rolling_over":   Col("x").Rolling(3).Mean().Over("s"),
	"w_rolling_sum":    Col("a").Rolling(4).Sum(),
	"agg_max_over":     Col("x").Max().Over("s"),
	"agg_mean_over":    Col("a").Mean().Over("s"),
	"agg_count_over":   Col("x").Count().Over("s"),
	"agg_nunique_over": Col("a").NUnique().Over("s"),
	"agg_std_over":     Col("x").Std().Over("s"),
	"agg_q_over":       Col("x").Quantile(0.9).Over("s"),
	"agg_first_over":   Col("a").First().Over("s"),
	"agg_sum_all":      Col("x").Sum(),
	"agg_minus_mean":   Col("x").Sub(Col("x").Mean()),
	"agg_span_over":    Col("end").Max().Over("s").Sub(Col("start").Min().Over("s")).Seconds(),
}

// TestExprAgainstPandas computes every expression family on a random
// frame of 2,000 rows with nulls and compares each cell with pandas'
// (nullable dtypes, Kleene's logic) on the same rows written as CSV.
func TestExprAgainstPandas(t *testing.T) {
	py := "/usr/bin/python3"
	needTool(t, exec.Command(py, "-c", "import pandas").Run() == nil, "Debian's python3-pandas for /usr/bin/python3")
	f := exprRandom(2000, 1)
	dir := t.TempDir()
	in, out := filepath.Join(dir, "in.csv"), filepath.Join(dir, "out.csv")
	if err := f.WriteCSVFile(in); err != nil {
		t.Fatal(err)
	}
	if b, err := exec.Command(py, "testdata/expr/pandas_exprs.py", in, out).CombinedOutput(); err != nil {
		t.Fatalf("pandas_exprs.py: %v\n%s", err, b)
	}
	want, err := ReadCSVFile(out, CSVOptions{})
	if err != nil {
		t.Fatal(err)
	}
	names := make([]string, 0, len(pandasExprs))
	for n := range pandasExprs {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, name := range names {
		got := f.With(pandasExprs[name].As(name))
		if got.Err() != nil {
			t.Errorf("%s: %v", name, got.Err())
			continue
		}
		gc, wc := got.index[name], want.index[name]
		bad := 0
		for r := range f.NumRows() {
			g, w := cellText(got, gc, r), cellText(want, wc, r)
			if !sameCell(g, w) && bad < 3 {
				bad++
				t.Errorf("%s row %d: %s, pandas %s (a=%s x=%s y=%s s=%s)", name, r, g, w,
					cellText(f, 0, r), cellText(f, 1, r), cellText(f, 2, r), cellText(f, 3, r))
			}
		}
	}
}

// sameCell compares a cell of ours with pandas' as read back: equal
// text, or numbers equal to 1e-12 relative, or both null.
func sameCell(g, w string) bool {
	if g == w {
		return true
	}
	if g == "null" && w == "null" {
		return true
	}
	a, err1 := strconv.ParseFloat(g, 64)
	b, err2 := strconv.ParseFloat(w, 64)
	if err1 == nil && err2 == nil {
		return a == b || math.Abs(a-b) <= 1e-12*math.Max(math.Abs(a), math.Abs(b))
	}
	return strings.EqualFold(g, w) // True/true
}
