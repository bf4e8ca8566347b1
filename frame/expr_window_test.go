package frame

import (
	"runtime"
	"strings"
	"testing"
)

// windowFrame: five rows of two workers, mem null on row 1.
func windowFrame() *Frame {
	return New(StringCol("worker", []string{"a", "a", "b", "a", "b"}, nil),
		Int64Col("t", []int64{1, 2, 3, 4, 5}, nil),
		Float64Col("mem", []float64{10, 0, 30, 40, 50}, []bool{true, false, true, true, true}))
}

// TestWindowsByHand checks each window function and aggregation on
// windowFrame against values worked out by hand (in the comments).
func TestWindowsByHand(t *testing.T) {
	f := windowFrame()
	cases := []struct {
		e    Expr
		want string
	}{
		// a: rows 0, 1, 3; b: rows 2, 4
		{Col("mem").CumSum().Over("worker"), "10.0 null 30.0 50.0 80.0"},
		{Col("mem").CumSum(), "10.0 null 40.0 80.0 130.0"},
		{Col("t").Shift(1), "null 1 2 3 4"},
		{Col("t").Lag(-1).Over("worker"), "2 4 5 null null"},
		{Col("t").Diff(1).Over("worker"), "null 1 null 2 2"},
		{Col("mem").Rank(), "1.0 null 2.0 3.0 4.0"},
		{Col("t").Rank().Over("worker"), "1.0 2.0 1.0 3.0 2.0"},
		{Col("mem").Rolling(2).Sum(), "null null null 70.0 90.0"},
		{Col("t").Rolling(2).Mean().Over("worker"), "null 1.5 null 3.0 4.0"},
		{Col("mem").Max().Over("worker"), "40.0 40.0 50.0 40.0 50.0"},
		{Col("mem").Count().Over("worker"), "2 2 2 2 2"},
		{Col("t").Sum(), "15 15 15 15 15"},
		{Col("t").Sub(Col("t").Mean().Over("worker")), "-1.33333 -0.333333 -1.0 1.66667 1.0"},
		{Col("worker").First().Over("t"), "a a b a b"},
	}
	for _, c := range cases {
		got := f.With(c.e.As("v"))
		if got.Err() != nil {
			t.Errorf("%s: %v", c.e, got.Err())
			continue
		}
		if s := cellsOf(got, "v"); s != c.want {
			t.Errorf("%s = %s, want %s", c.e, s, c.want)
		}
	}
}

// cellsOf is column name's cells as text (cellText: floats to 6
// significant digits).
func cellsOf(f *Frame, name string) string {
	var out []string
	i := f.index[name]
	for r := range f.NumRows() {
		out = append(out, cellText(f, i, r))
	}
	return strings.Join(out, " ")
}

// TestAggExprs: GroupBy(...).Agg with expressions, beside the Agg
// constructors; SelectExpr and SortExpr.
func TestAggExprs(t *testing.T) {
	f := windowFrame()
	g := f.GroupBy("worker").Agg(Col("mem").Max(), Col("t").Sum().As("tsum"),
		Col("mem").Max().Sub(Col("mem").Min()).As("spread"), Count(), Col("t").Quantile(0.5))
	if g.Err() != nil {
		t.Fatal(g.Err())
	}
	if got := strings.Join(g.Names(), " "); got != "worker mem_max tsum spread count t_q0.5" {
		t.Errorf("columns %s", got)
	}
	for name, want := range map[string]string{"mem_max": "40.0 50.0", "tsum": "7 8", "spread": "30.0 20.0", "count": "3 2", "t_q0.5": "2.0 4.0"} {
		if got := cellsOf(g, name); got != want {
			t.Errorf("Agg %s = %s, want %s", name, got, want)
		}
	}
	s := f.SelectExpr(Col("mem").Sum(), Col("t").Max())
	if s.Err() != nil || s.NumRows() != 1 || cellsOf(s, "mem_sum") != "130.0" || cellsOf(s, "t_max") != "5" {
		t.Errorf("SelectExpr of aggregations: %v\n%v", s.Err(), s)
	}
	s = f.SelectExpr(Col("t"), Col("t").Sum().As("all"))
	if s.Err() != nil || cellsOf(s, "all") != "15 15 15 15 15" || cellsOf(s, "t") != "1 2 3 4 5" {
		t.Errorf("SelectExpr of a column and an aggregation: %v\n%v", s.Err(), s)
	}
	o := f.SortExpr(Col("mem").Desc(), Col("t"))
	if o.Err() != nil || cellsOf(o, "t") != "5 4 3 1 2" {
		t.Errorf("SortExpr(mem desc, t): %v\n%v", o.Err(), o)
	}
	o = f.SortExpr(Col("t").Mod(2), Col("t").Desc())
	if o.Err() != nil || cellsOf(o, "t") != "4 2 5 3 1" {
		t.Errorf("SortExpr(t %% 2, t desc): %v\n%v", o.Err(), o)
	}
}

// TestWindowErrors: misuse is an error naming what is wrong, on the
// frame, never a panic.
func TestWindowErrors(t *testing.T) {
	f := windowFrame()
	for _, c := range []struct {
		got  *Frame
		want string
	}{
		{f.GroupBy("worker").Agg(Col("t").As("t")), `column "t" outside an aggregation`},
		{f.GroupBy("worker").Agg(Col("t").CumSum().As("c")), "cum_sum(t) is a window function"},
		{f.GroupBy("worker").Agg(Col("t").Sum().Over("worker").As("c")), "Over in Agg"},
		{f.GroupBy("worker").Agg(Col("t").Add(1).Sum()), "has no name"},
		{f.With(Col("t").Rank()), "has no name"},
		{f.With(Col("t").Sum().Over("nope")), `unknown column "nope"`},
		{f.With(Col("t").Add(1).Over("worker").As("v")), "Over applies to an aggregation or a window function"},
		{f.With(Col("t").Rolling(0).Sum().As("v")), "a window of 0 rows"},
		{f.With(Col("worker").Sum()), "needs int64 or float64"},
		{f.With(Col("worker").CumSum().As("v")), "CumSum of string"},
		{f.With(Col("t").Quantile(2)), "quantile 2 outside [0, 1]"},
		{f.SelectExpr(Col("t").Add(1)), "has no name"},
		{f.SortExpr(), "no expression"},
	} {
		if c.got.Err() == nil || !strings.Contains(c.got.Err().Error(), c.want) {
			t.Errorf("got %v, want an error with %q", c.got.Err(), c.want)
		}
	}
}

// TestWindowText: the text form's functions build what the methods do.
func TestWindowText(t *testing.T) {
	f := windowFrame()
	for text, e := range map[string]Expr{
		`over(cum_sum(mem), "worker")`:                    Col("mem").CumSum().Over("worker"),
		`rank(mem) + shift(t, 1)`:                         Col("mem").Rank().Add(Col("t").Shift(1)),
		`rolling_mean(t, 2) - lag(t, -1)`:                 Col("t").Rolling(2).Mean().Sub(Col("t").Lag(-1)),
		`diff(t, 2) * over(max(mem), "worker")`:           Col("t").Diff(2).Mul(Col("mem").Max().Over("worker")),
		`quantile(mem, 0.25) + n_unique(worker)`:          Col("mem").Quantile(0.25).Add(Col("worker").NUnique()),
		`mean(t) + median(t) + std(t) + count(mem)`:       Col("t").Mean().Add(Col("t").Median()).Add(Col("t").Std()).Add(Col("mem").Count()),
		`first(mem) + last(mem) + min(t) + sum(t)`:        Col("mem").First().Add(Col("mem").Last()).Add(Col("t").Min()).Add(Col("t").Sum()),
		`rolling_sum(mem, 2) > over(mean(mem), "worker")`: Col("mem").Rolling(2).Sum().Gt(Col("mem").Mean().Over("worker")),
	} {
		p, err := ParseExpr(text)
		if err != nil {
			t.Errorf("%s: %v", text, err)
			continue
		}
		a, b := f.With(p.As("v")), f.With(e.As("v"))
		if a.Err() != nil || b.Err() != nil || cellsOf(a, "v") != cellsOf(b, "v") {
			t.Errorf("%s: text %v %s, methods %v %s", text, a.Err(), cellsOf(a, "v"), b.Err(), cellsOf(b, "v"))
		}
	}
	if q := f.Query(`rank(t) <= 2`); q.Err() != nil || cellsOf(q, "t") != "1 2" {
		t.Errorf("Query(rank(t) <= 2): %v %v", q.Err(), q)
	}
}

// TestExprAllocatesItsResult: a derived column of 1,000,000 rows
// allocates its values (8 MB of float64), its validity (1 MB of bool
// while evaluated, 125 KB as Arrow's bitmap) and little else: no column
// between, as (end - start) in seconds is computed in one pass.
func TestExprAllocatesItsResult(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: a frame of a million rows")
	}
	f := timesFrame(1_000_000)
	e := Col("end").Sub(Col("start")).Seconds().As("run_s")
	f.With(e) // warm: the first call sizes what is reused
	var m0, m1 runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&m0)
	out := f.With(e)
	runtime.ReadMemStats(&m1)
	if out.Err() != nil {
		t.Fatal(out.Err())
	}
	const result = 8_000_000 + 1_000_000 + 125_000
	got := m1.TotalAlloc - m0.TotalAlloc
	if got > result*11/10 {
		t.Errorf("With(%s) allocated %d bytes for 1M rows, want about its result's %d", e, got, result)
	}
	t.Logf("With(%s): %d bytes for 1M rows", e, got)
}
