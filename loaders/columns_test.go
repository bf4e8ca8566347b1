package loaders

import (
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/jobframe/jobframe/frame"
	"github.com/jobframe/jobframe/frame/schema"
	"github.com/jobframe/jobframe/loaders/source"
)

// A text column past Arrow's 32-bit offset limit keeps its rows (null from
// the limit on) and says so, instead of failing to build the frame.
func TestTextColLimit(t *testing.T) {
	c := textCol{limit: 10}
	for _, s := range []string{"abcdef", "ghijk", "xy"} {
		c.add(s)
	}
	f := c.col("data")
	if f.Len() != 3 {
		t.Fatalf("rows = %d, want 3", f.Len())
	}
	if c.cut != 2 || c.firstCut != 1 {
		t.Fatalf("cut = %d from row %d, want 2 from row 1", c.cut, c.firstCut)
	}
	if want := []bool{true, false, false}; !slices.Equal(c.ok, want) {
		t.Fatalf("valid = %v, want %v", c.ok, want)
	}
	p := source.Problems{File: "x.log"}
	textCut(&p, schema.Events, "data", &c, 42)
	if len(p.Warnings) != 1 || p.Warnings[0].Line != 42 || !strings.Contains(p.Warnings[0].String(), "2 rows from here on have a null data") {
		t.Fatalf("warnings = %v", p.Warnings)
	}
}

// A string column interns until it has dictLimit distinct values (and
// they are over a quarter of its rows), then turns plain; the values and nulls written before and after the switch
// all come out as written.
func TestStrColSwitchesToPlain(t *testing.T) {
	var c strCol
	var want []string
	n := 2 * dictLimit
	for i := 0; i < n; i++ {
		if i%7 == 3 {
			c.null()
			want = append(want, "null")
			continue
		}
		v := "job-" + strconv.Itoa(i%(dictLimit+50))
		c.add(v)
		want = append(want, v)
	}
	if c.plain == nil {
		t.Fatal("the column should have switched to plain text")
	}
	f := frame.New(c.col("job"))
	if f.Err() != nil {
		t.Fatal(f.Err())
	}
	for i := 0; i < n; i++ {
		if got := f.FormatValue(0, i); got != want[i] {
			t.Fatalf("row %d = %q, want %q", i, got, want[i])
		}
	}
	// past the limit, values that repeat (here each on 8 rows) stay a
	// dictionary
	var r strCol
	for i := 0; i < 8*(dictLimit+100); i++ {
		r.add("tag-" + strconv.Itoa(i/8))
	}
	if r.plain != nil || len(r.dict) != dictLimit+100 {
		t.Fatalf("repeated values: dictionary of %d values, plain %v", len(r.dict), r.plain != nil)
	}
	if f := frame.New(r.col("tags")); f.Err() != nil || f.FormatValue(0, 8*dictLimit+7) != "tag-"+strconv.Itoa(dictLimit) {
		t.Fatalf("repeated values: %v, row %d = %q", f.Err(), 8*dictLimit+7, f.FormatValue(0, 8*dictLimit+7))
	}
	// low cardinality stays a dictionary
	var d strCol
	for i := 0; i < 1000; i++ {
		d.add([]string{"a", "b", "c"}[i%3])
	}
	if d.plain != nil || len(d.dict) != 3 {
		t.Fatalf("dictionary of %d values, plain %v", len(d.dict), d.plain != nil)
	}
}

// csvText renders a whole frame as CSV, for comparing frames.
func csvText(t *testing.T, f *frame.Frame) string {
	t.Helper()
	var b strings.Builder
	if err := f.WriteCSV(&b); err != nil {
		t.Fatal(err)
	}
	return b.String()
}

// gather picks rows by index (-1: null) from dictionary, plain and integer
// columns; plain text gathered onto at least twice its rows becomes a
// dictionary over the source rows, with the same values.
func TestGather(t *testing.T) {
	render := func(c frame.Column) string {
		f := frame.New(c)
		var out []string
		for i := 0; i < f.NumRows(); i++ {
			out = append(out, f.FormatValue(0, i))
		}
		return strings.Join(out, ",")
	}
	var dict strCol
	var plain strCol
	plain.plain = &textCol{}
	var ints intCol
	for i, s := range []string{"a", "b", "", "c"} {
		dict.opt(s, s != "")
		plain.opt(s, s != "")
		ints.opt(int64(i*10), s != "")
	}
	rows := []int32{3, -1, 0, 2, 1, 3, 0, 0}
	want := "c,null,a,null,b,c,a,a"
	for name, c := range map[string]*strCol{"dict": &dict, "plain": &plain} {
		g := c.gather(rows)
		if got := render(g.col("x")); got != want {
			t.Errorf("%s: got %s, want %s", name, got, want)
		}
		if name == "plain" && g.plain != nil {
			t.Errorf("plain text gathered onto 8 rows from 4 stayed plain")
		}
		if g := c.gather(rows[:2]); render(g.col("x")) != "c,null" {
			t.Errorf("%s: short gather %s", name, render(g.col("x")))
		}
	}
	g := ints.gather(rows)
	if got := render(g.col("x")); got != "30,null,0,null,10,30,0,0" {
		t.Errorf("ints: %s", got)
	}
	if plain.value(3) != "c" || plain.value(2) != "" || dict.value(0) != "a" || dict.length() != 4 || plain.length() != 4 {
		t.Error("value/length")
	}
}

// Job ids index through a slice when dense, a map otherwise; the last of a
// repeated id wins either way.
func TestJobIndex(t *testing.T) {
	for _, ids := range [][]int64{{1, 2, 3, 2}, {1 << 40, -5, 7, -5}} {
		var x jobIndex
		x.build(ids)
		if s, ok := x.get(ids[1]); !ok || s != 3 {
			t.Errorf("%v: get(%d) = %d %v, want 3", ids, ids[1], s, ok)
		}
		if s, ok := x.get(ids[0]); !ok || s != 0 {
			t.Errorf("%v: get(%d) = %d %v", ids, ids[0], s, ok)
		}
		if _, ok := x.get(99); ok {
			t.Errorf("%v: 99 found", ids)
		}
		x.set(99, 7)
		if s, ok := x.get(99); !ok || s != 7 {
			t.Errorf("%v: set 99", ids)
		}
	}
}

// Rows set again (set) end as set, and compact leaves the dictionary that
// adding the final values in row order builds: values in order of first
// appearance, none that no row holds.
func TestStrColSetCompact(t *testing.T) {
	c := strCol{noPlain: true}
	for _, v := range []string{"running", "running", "", "running"} {
		c.opt(v, v != "")
	}
	c.set(0, "success", true)
	c.set(2, "lost", true)
	c.set(3, "", false)
	c.set(1, "success", true)
	c.compact()
	if want := []string{"success", "lost"}; !slices.Equal(c.dict, want) {
		t.Fatalf("dict = %q, want %q", c.dict, want)
	}
	vals, ok, err := frame.New(c.col("state")).Strings("state")
	if err != nil {
		t.Fatal(err)
	}
	if want := []string{"success", "success", "lost", ""}; !slices.Equal(vals, want) || !slices.Equal(ok, []bool{true, true, true, false}) {
		t.Fatalf("rows = %q (valid %v), want %q with the last null", vals, ok, want)
	}
	// a noPlain column stays a dictionary past dictLimit
	d := strCol{noPlain: true}
	for i := range dictLimit + 10 {
		d.add(strconv.Itoa(i))
	}
	if d.plain != nil {
		t.Fatal("noPlain column went plain")
	}
}
