package loaders

import (
	"fmt"
	"sort"
	"strings"
	"unicode/utf8"

	"github.com/apache/arrow/go/v17/arrow/array"

	"github.com/jobframe/jobframe/frame"
	"github.com/jobframe/jobframe/loaders/source"
)

// checkText makes sure every text value of d's frames is valid UTF-8
// without NUL bytes: Parquet, DuckDB and the report take text as UTF-8,
// and DuckDB refuses a whole lake file for one bad value. In strict mode
// the first bad value is a bad record naming the input, the line (when
// the frame has a line column), the frame and column; lenient, the values
// are repaired (invalid bytes become U+FFFD, NUL bytes are removed),
// counted and listed per column. Only text columns are read, and of a
// dictionary column only its dictionary.
func checkText(d *source.Dataset, lenient bool) error {
	file := strings.Join(d.Files, ",")
	names := make([]string, 0, len(d.Frames))
	for n := range d.Frames {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, name := range names {
		f := d.Frames[name]
		for i, t := range f.Types() {
			if t != frame.String {
				continue
			}
			col := f.Names()[i]
			row, bad := firstBadText(f, col)
			if row < 0 {
				continue
			}
			if !lenient {
				line := 0
				for _, lc := range []string{"line", "start_line", "connected_line"} { // the row's record
					if v, ok, err := f.Int64s(lc); err == nil && ok[row] {
						line = int(v[row])
						break
					}
				}
				return &source.ParseError{File: file, Line: line, Field: name + "." + col, Text: source.Clip(bad, 80),
					Want: fmt.Sprintf("valid UTF-8 text without NUL bytes (row %d of the %s frame)", row, name)}
			}
			fixed, n := repairText(f, col)
			d.Frames[name] = fixed
			f = fixed
			d.Warnings = append(d.Warnings, source.Warning{File: file, Field: name + "." + col, Text: source.Clip(bad, 80),
				Msg: fmt.Sprintf("%d values repaired: invalid UTF-8 replaced by U+FFFD, NUL bytes removed", n)})
		}
	}
	return nil
}

// badText reports whether s is not valid UTF-8 or holds a NUL byte.
func badText(s string) bool { return !utf8.ValidString(s) || strings.IndexByte(s, 0) >= 0 }

// firstBadText returns the first row of column col whose value is bad
// text, and the value; -1 when there is none.
func firstBadText(f *frame.Frame, col string) (int, string) {
	c, err := f.Col(col)
	if err != nil {
		return -1, ""
	}
	switch a := c.Arrow().(type) {
	case *array.String:
		for i := range a.Len() {
			if a.IsValid(i) && badText(a.Value(i)) {
				return i, a.Value(i)
			}
		}
	case *array.Dictionary:
		dict, ok := a.Dictionary().(*array.String)
		if !ok {
			return -1, ""
		}
		bad := map[int]bool{}
		for k := range dict.Len() {
			if dict.IsValid(k) && badText(dict.Value(k)) {
				bad[k] = true
			}
		}
		if len(bad) == 0 {
			return -1, ""
		}
		for i := range a.Len() {
			if a.IsValid(i) && bad[a.GetValueIndex(i)] {
				return i, dict.Value(a.GetValueIndex(i))
			}
		}
	}
	return -1, ""
}

// repairText returns f with column col's bad text repaired, and the
// number of rows changed.
func repairText(f *frame.Frame, col string) (*frame.Frame, int) {
	v, ok, err := f.Strings(col)
	if err != nil {
		return f, 0
	}
	n := 0
	for i, s := range v {
		if ok[i] && badText(s) {
			v[i] = strings.ToValidUTF8(strings.ReplaceAll(s, "\x00", ""), "\uFFFD")
			n++
		}
	}
	return f.WithColumn(col, frame.StringCol(col, v, ok)), n
}

// checkedBatches returns o with its Batch, when set, checking each
// batch's text (checkText) before handing it on.
func checkedBatches(o source.Options) source.Options {
	if next := o.Batch; next != nil {
		o.Batch = func(b *source.Dataset) error {
			if err := checkText(b, o.Lenient); err != nil {
				return err
			}
			return next(b)
		}
	}
	return o
}
