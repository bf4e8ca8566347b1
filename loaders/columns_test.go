package loaders

import (
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/jobframe/jobframe/frame"
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
	p := problems{file: "x.log"}
	p.textCut(Events, "data", &c, 42)
	if len(p.warnings) != 1 || p.warnings[0].Line != 42 || !strings.Contains(p.warnings[0].String(), "2 rows from here on have a null data") {
		t.Fatalf("warnings = %v", p.warnings)
	}
}

// A string column interns until it has dictLimit distinct values, then
// turns plain; the values and nulls written before and after the switch
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
