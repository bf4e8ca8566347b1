package columns

import (
	"fmt"
	"math/rand"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/apache/arrow/go/v17/arrow/array"
	"github.com/jobframe/jobframe/frame"
	"github.com/jobframe/jobframe/frame/schema"
	"github.com/jobframe/jobframe/loaders/source"
)

// A text column past Arrow's 32-bit offset limit keeps its rows (null from
// the limit on) and says so, instead of failing to build the frame.
func TestTextColLimit(t *testing.T) {
	c := Text{limit: 10}
	for _, s := range []string{"abcdef", "ghijk", "xy"} {
		c.Add(s)
	}
	f := c.Col("data")
	if f.Len() != 3 {
		t.Fatalf("rows = %d, want 3", f.Len())
	}
	if c.Cut != 2 || c.FirstCut != 1 {
		t.Fatalf("cut = %d from row %d, want 2 from row 1", c.Cut, c.FirstCut)
	}
	if want := []bool{true, false, false}; !slices.Equal(c.ok, want) {
		t.Fatalf("valid = %v, want %v", c.ok, want)
	}
	p := source.Problems{File: "x.log"}
	TextCut(&p, schema.Events, "data", &c, 42)
	if len(p.Warnings) != 1 || p.Warnings[0].Line != 42 || !strings.Contains(p.Warnings[0].String(), "2 rows from here on have a null data") {
		t.Fatalf("warnings = %v", p.Warnings)
	}
}

// A string column interns until it has dictLimit distinct values (and
// they are over a quarter of its rows), then turns plain; the values and nulls written before and after the switch
// all come out as written.
func TestStrColSwitchesToPlain(t *testing.T) {
	var c Str
	var want []string
	n := 2 * dictLimit
	for i := 0; i < n; i++ {
		if i%7 == 3 {
			c.Null()
			want = append(want, "null")
			continue
		}
		v := "job-" + strconv.Itoa(i%(dictLimit+50))
		c.Add(v)
		want = append(want, v)
	}
	if c.Plain == nil {
		t.Fatal("the column should have switched to plain text")
	}
	f := frame.New(c.Col("job"))
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
	var r Str
	for i := 0; i < 8*(dictLimit+100); i++ {
		r.Add("tag-" + strconv.Itoa(i/8))
	}
	if r.Plain != nil || len(r.dict) != dictLimit+100 {
		t.Fatalf("repeated values: dictionary of %d values, plain %v", len(r.dict), r.Plain != nil)
	}
	if f := frame.New(r.Col("tags")); f.Err() != nil || f.FormatValue(0, 8*dictLimit+7) != "tag-"+strconv.Itoa(dictLimit) {
		t.Fatalf("repeated values: %v, row %d = %q", f.Err(), 8*dictLimit+7, f.FormatValue(0, 8*dictLimit+7))
	}
	// low cardinality stays a dictionary
	var d Str
	for i := 0; i < 1000; i++ {
		d.Add([]string{"a", "b", "c"}[i%3])
	}
	if d.Plain != nil || len(d.dict) != 3 {
		t.Fatalf("dictionary of %d values, plain %v", len(d.dict), d.Plain != nil)
	}
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
	var dict Str
	var plain Str
	plain.Plain = &Text{}
	var ints Int
	for i, s := range []string{"a", "b", "", "c"} {
		dict.Opt(s, s != "")
		plain.Opt(s, s != "")
		ints.Opt(int64(i*10), s != "")
	}
	rows := []int32{3, -1, 0, 2, 1, 3, 0, 0}
	want := "c,null,a,null,b,c,a,a"
	for name, c := range map[string]*Str{"dict": &dict, "plain": &plain} {
		g := c.Gather(rows)
		if got := render(g.Col("x")); got != want {
			t.Errorf("%s: got %s, want %s", name, got, want)
		}
		if name == "plain" && g.Plain != nil {
			t.Errorf("plain text gathered onto 8 rows from 4 stayed plain")
		}
		if g := c.Gather(rows[:2]); render(g.Col("x")) != "c,null" {
			t.Errorf("%s: short gather %s", name, render(g.Col("x")))
		}
	}
	g := ints.Gather(rows)
	if got := render(g.Col("x")); got != "30,null,0,null,10,30,0,0" {
		t.Errorf("ints: %s", got)
	}
	if plain.Value(3) != "c" || plain.Value(2) != "" || dict.Value(0) != "a" || dict.Length() != 4 || plain.Length() != 4 {
		t.Error("value/length")
	}
}

// Rows set again (set) end as set, and compact leaves the dictionary that
// adding the final values in row order builds: values in order of first
// appearance, none that no row holds.
func TestStrColSetCompact(t *testing.T) {
	c := Str{NoPlain: true}
	for _, v := range []string{"running", "running", "", "running"} {
		c.Opt(v, v != "")
	}
	c.Set(0, "success", true)
	c.Set(2, "lost", true)
	c.Set(3, "", false)
	c.Set(1, "success", true)
	c.Compact()
	if want := []string{"success", "lost"}; !slices.Equal(c.dict, want) {
		t.Fatalf("dict = %q, want %q", c.dict, want)
	}
	vals, ok, err := frame.New(c.Col("state")).Strings("state")
	if err != nil {
		t.Fatal(err)
	}
	if want := []string{"success", "success", "lost", ""}; !slices.Equal(vals, want) || !slices.Equal(ok, []bool{true, true, true, false}) {
		t.Fatalf("rows = %q (valid %v), want %q with the last null", vals, ok, want)
	}
	// a noPlain column stays a dictionary past dictLimit
	d := Str{NoPlain: true}
	for i := range dictLimit + 10 {
		d.Add(strconv.Itoa(i))
	}
	if d.Plain != nil {
		t.Fatal("noPlain column went plain")
	}
}

// TestStrTextLimit: a text column whose plain text passes Arrow's limit
// for one string column (lowered here) is an error naming the column and
// the first row that did not fit, never a panic; one whose dictionary
// holds the text stays a dictionary.
func TestStrTextLimit(t *testing.T) {
	c := Str{limit: 100_000}
	for i := 0; i < dictLimit+10; i++ { // distinct values: switches to plain text
		c.Add(fmt.Sprintf("value-%08d", i))
	}
	if c.Plain == nil || c.Plain.Cut == 0 {
		t.Fatalf("want a plain column past its limit, got plain=%v", c.Plain != nil)
	}
	first := c.Plain.FirstCut
	if first != 100_000/len("value-00000000") {
		t.Fatalf("first row cut %d", first)
	}
	f := frame.New(c.Col("args"))
	if f.Err() == nil || !strings.Contains(f.Err().Error(), `column "args": row 7142: the column's text passes 100000 bytes`) {
		t.Fatalf("err %v", f.Err())
	}
	// 1,000 distinct values of 100 bytes on 1,500 rows: 150 kB as plain
	// text, over the limit; the dictionary (100 kB) is kept instead
	d := Str{limit: 120_000}
	for i := 0; i < 1500; i++ {
		d.Add(strings.Repeat(strconv.Itoa(i%1000%10), 90) + fmt.Sprintf("%010d", i%1000))
	}
	col := d.Col("tags")
	g := frame.New(col)
	if g.Err() != nil {
		t.Fatal(g.Err())
	}
	if _, ok := g.Record().Column(0).(*array.Dictionary); !ok {
		t.Fatalf("the column is %T, want a dictionary", g.Record().Column(0))
	}
	if got := g.FormatValue(0, 1234); got != strings.Repeat("4", 90)+"0000000234" {
		t.Fatalf("row 1234 = %q", got)
	}
}

// TestAddCodes appends random runs of codes, with nulls and values
// repeated or not, through AddCodes and row by row through Add: the
// columns must be the same, dictionary or plain, across the switch to
// plain text. Each run has a dictionary of its own, as a loader's chunk
// does.
func TestAddCodes(t *testing.T) {
	rng := rand.New(rand.NewSource(3))
	for _, c := range []struct {
		name     string
		rows     int
		distinct int
	}{{"low cardinality", 50_000, 40}, {"repeated past the limit", 8 * (dictLimit + 100), 8}, {"distinct", 3 * dictLimit, 0}} {
		var bulk, each Str
		var remap []int32
		next := 0
		for added := 0; added < c.rows; {
			n := min(1+rng.Intn(2000), c.rows-added)
			var dict []string
			seen := map[string]int32{}
			codes := make([]int32, n)
			for i := range codes {
				if rng.Intn(11) == 0 {
					codes[i] = -1
					each.Null()
					continue
				}
				var v string
				switch {
				case c.distinct == 0:
					v = "job-" + strconv.Itoa(next)
					next++
				case c.distinct == 8:
					v = "tag-" + strconv.Itoa((added+i)/8)
				default:
					v = "state-" + strconv.Itoa(rng.Intn(c.distinct))
				}
				code, ok := seen[v]
				if !ok || rng.Intn(4) == 0 { // a chunk may hold a value twice
					code = int32(len(dict))
					dict = append(dict, v)
					seen[v] = code
				}
				codes[i] = code
				each.Add(v)
			}
			remap = bulk.AddCodes(dict, codes, remap)
			added += n
		}
		if (bulk.Plain == nil) != (each.Plain == nil) || bulk.Length() != each.Length() {
			t.Fatalf("%s: plain %v and %v, %d and %d rows", c.name, bulk.Plain != nil, each.Plain != nil, bulk.Length(), each.Length())
		}
		if bulk.Plain == nil && !slices.Equal(bulk.dict, each.dict) {
			t.Fatalf("%s: dictionaries differ", c.name)
		}
		for i := 0; i < each.Length(); i++ {
			if bulk.Valid(i) != each.Valid(i) || bulk.Value(i) != each.Value(i) {
				t.Fatalf("%s: row %d is %q (%v), want %q (%v)", c.name, i, bulk.Value(i), bulk.Valid(i), each.Value(i), each.Valid(i))
			}
		}
	}
}
