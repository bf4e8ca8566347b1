package frame_test

import (
	"strings"
	"testing"

	"github.com/jobframe/jobframe/frame"
)

// HTML shows a short frame whole, escapes text, greys nulls, and shows
// a long one as its first and last 10 rows only.
func TestHTML(t *testing.T) {
	f := frame.New(
		frame.StringCol("name", []string{"<b>", "x"}, []bool{true, false}),
		frame.Int64Col("n", []int64{1, 2}, nil),
	)
	got := f.HTML()
	for _, want := range []string{
		"<th>name<br><small>string</small></th><th>n<br><small>int64</small></th>",
		"<tr><th>0</th><td>&lt;b&gt;</td><td class=\"num\">1</td></tr>",
		"<tr><th>1</th><td class=\"null\">null</td><td class=\"num\">2</td></tr>",
		"<p>2 rows × 2 columns</p>",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("no %q in\n%s", want, got)
		}
	}
	n := make([]int64, 100000)
	for i := range n {
		n[i] = int64(i)
	}
	long := frame.New(frame.Int64Col("i", n, nil)).HTML()
	if rows := strings.Count(long, "<tr><th>"); rows != 22 { // the header, 20 rows and the "..." row
		t.Errorf("%d rows shown of 100000, want 20 and an ellipsis", rows)
	}
	for _, want := range []string{"<tr><th>9</th><td class=\"num\">9</td>", "<tr><th>...</th>", "<tr><th>99990</th>", "<p>100000 rows × 1 columns</p>"} {
		if !strings.Contains(long, want) {
			t.Errorf("no %q in the long frame's HTML", want)
		}
	}
	if got := frame.Errorf("bad <input>").HTML(); got != `<pre class="jobframe-error">frame error: bad &lt;input&gt;</pre>` {
		t.Errorf("error frame: %s", got)
	}
}

// A 100,000-row frame renders as HTML in well under the kernel's budget
// (issue: under 100 ms).
func BenchmarkHTML100k(b *testing.B) {
	n := make([]int64, 100000)
	s := make([]string, 100000)
	for i := range n {
		n[i], s[i] = int64(i), "task"
	}
	f := frame.New(frame.Int64Col("i", n, nil), frame.StringCol("s", s, nil))
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		_ = f.HTML()
	}
}
