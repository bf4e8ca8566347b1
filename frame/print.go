package frame

import (
	"fmt"
	"io"
	"math"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/apache/arrow/go/v17/arrow/array"
)

// PrintOptions control how a frame is rendered as text.
type PrintOptions struct {
	// MaxRows is the most rows shown; a longer frame shows its first and
	// last MaxRows/2 rows around an ellipsis row. 0 means 20.
	MaxRows int
	// MaxWidth truncates longer cell texts with "..."; 0 means 40.
	MaxWidth int
	// Dtypes adds a row of column types under the header.
	Dtypes bool
	// Index adds a leading column of row numbers.
	Index bool
	// Width, when positive, is the width of a line in characters: a
	// wider frame shows its first and last columns around a column of
	// "..." (pandas' display.width), as many as fit.
	Width int
}

// DefaultPrintOptions returns the rendering String uses: up to 20 rows,
// cells up to 40 characters, with dtypes and the row index.
func DefaultPrintOptions() PrintOptions {
	return PrintOptions{MaxRows: 20, MaxWidth: 40, Dtypes: true, Index: true}
}

// String renders the frame like pandas: a header of names, a row of
// dtypes, the rows (head and tail around "..." when long), then
// "[N rows x M columns]". Timestamps print as RFC 3339 UTC with
// microseconds; null prints as "null".
func (f *Frame) String() string {
	var b strings.Builder
	f.WriteText(&b, DefaultPrintOptions())
	return b.String()
}

// FormatValue returns the text of row i of column c as String prints it,
// untruncated.
func (f *Frame) FormatValue(c, i int) string { return cellText(f, c, i) }

// IsNull reports whether the value in row i of column number c is null.
func (f *Frame) IsNull(c, i int) bool { return f.cols[c].IsNull(i) }

// Texts returns the values of column name as text, whatever its type: a
// string column's values ("" where null, as Strings returns them), any
// other column's as FormatValue prints them ("null" where null). Charts
// and reports use it for category labels.
func (f *Frame) Texts(name string) ([]string, error) {
	c, err := f.colIndex(name)
	if err != nil {
		return nil, err
	}
	if typeOf(f.cols[c].DataType()) == String {
		s, _, err := f.Strings(name)
		return s, err
	}
	out := make([]string, f.nrows)
	for i := range out {
		out[i] = cellText(f, c, i)
	}
	return out, nil
}

func cellText(f *Frame, c, i int) string {
	a := f.cols[c]
	if a.IsNull(i) {
		return "null"
	}
	switch typeOf(a.DataType()) {
	case Int64:
		return strconv.FormatInt(int64Values(a)[i], 10)
	case Float64:
		return formatFloat(float64Values(a)[i])
	case Bool:
		return strconv.FormatBool(a.(*array.Boolean).Value(i))
	case String:
		return strAt(a, i)
	case Time:
		return FormatMicros(int64Values(a)[i])
	}
	return "?"
}

// formatFloat prints the shortest exact representation when it is short,
// else 6 significant digits (as pandas' display does).
func formatFloat(v float64) string {
	if math.IsInf(v, 1) {
		return "inf"
	}
	if math.IsInf(v, -1) {
		return "-inf"
	}
	s := strconv.FormatFloat(v, 'f', -1, 64)
	if len(s) <= 12 {
		if !strings.ContainsAny(s, ".nN") {
			s += ".0"
		}
		return s
	}
	return strconv.FormatFloat(v, 'g', 6, 64)
}

func truncate(s string, w int) string {
	s = strings.NewReplacer("\n", `\n`, "\t", `\t`, "\r", `\r`).Replace(s)
	if w > 3 && utf8.RuneCountInString(s) > w {
		r := []rune(s)
		return string(r[:w-3]) + "..."
	}
	return s
}

// WriteText writes the frame as an aligned plain-text table.
func (f *Frame) WriteText(w io.Writer, o PrintOptions) error {
	if f.err != nil {
		_, err := fmt.Fprintf(w, "frame error: %v\n", f.err)
		return err
	}
	if o.MaxRows <= 0 {
		o.MaxRows = 20
	}
	if o.MaxWidth <= 0 {
		o.MaxWidth = 40
	}
	rows, gap := shownRows(f.nrows, o.MaxRows)
	header := []string{}
	dtypes := []string{}
	if o.Index {
		header = append(header, "")
		dtypes = append(dtypes, "")
	}
	for i, n := range f.names {
		header = append(header, n)
		dtypes = append(dtypes, typeOf(f.cols[i].DataType()).String())
	}
	table := [][]string{header}
	if o.Dtypes {
		table = append(table, dtypes)
	}
	for k, r := range rows {
		if gap >= 0 && k == gap {
			dots := make([]string, len(header))
			for j := range dots {
				dots[j] = "..."
			}
			table = append(table, dots)
		}
		line := []string{}
		if o.Index {
			line = append(line, strconv.Itoa(r))
		}
		for c := range f.cols {
			line = append(line, truncate(cellText(f, c, r), o.MaxWidth))
		}
		table = append(table, line)
	}
	widths := make([]int, len(header))
	for _, line := range table {
		for j, s := range line {
			widths[j] = max(widths[j], utf8.RuneCountInString(s))
		}
	}
	if o.Width > 0 {
		fixed := 0
		if o.Index {
			fixed = 1
		}
		table, widths = elideColumns(table, widths, fixed, o.Width)
	}
	var b strings.Builder
	for _, line := range table {
		for j, s := range line {
			if j > 0 {
				b.WriteString("  ")
			}
			b.WriteString(strings.Repeat(" ", widths[j]-utf8.RuneCountInString(s)))
			b.WriteString(s)
		}
		b.WriteString("\n")
	}
	fmt.Fprintf(&b, "\n[%d rows x %d columns]\n", f.nrows, len(f.cols))
	_, err := io.WriteString(w, b.String())
	return err
}

// elideColumns fits a table of columns of widths into width characters
// (two spaces between columns): its first fixed columns (the index),
// then as many of its other columns as fit, taken from the left and the
// right in turn, around a column of "...". A table that fits, or of two
// columns or fewer beside the fixed ones, is returned as it is.
func elideColumns(table [][]string, widths []int, fixed, width int) ([][]string, []int) {
	total := -2
	for _, w := range widths {
		total += w + 2
	}
	n := len(widths) - fixed
	if total <= width || n <= 2 {
		return table, widths
	}
	used := 3 // the "..." column
	for _, w := range widths[:fixed] {
		used += w + 2
	}
	left, right := 0, 0 // columns kept from each end
	for left+right < n {
		j := fixed + left // the next from the left, or from the right
		if right < left {
			j = len(widths) - 1 - right
		}
		if used+widths[j]+2 > width && left+right >= 2 {
			break
		}
		used += widths[j] + 2
		if right < left {
			right++
		} else {
			left++
		}
	}
	keep := func(row []string, dots string) []string {
		out := append([]string{}, row[:fixed+left]...)
		out = append(out, dots)
		return append(out, row[len(row)-right:]...)
	}
	out := make([][]string, len(table))
	for k, row := range table {
		out[k] = keep(row, "...")
	}
	ws := make([]int, 0, fixed+left+1+right)
	ws = append(append(append(ws, widths[:fixed+left]...), 3), widths[len(widths)-right:]...)
	return out, ws
}

// shownRows returns the rows to print and the position in that list
// before which the ellipsis goes (-1 for none).
func shownRows(n, maxRows int) ([]int, int) {
	if n <= maxRows {
		rows := make([]int, n)
		for i := range rows {
			rows[i] = i
		}
		return rows, -1
	}
	h := maxRows / 2
	rows := make([]int, 0, 2*h)
	for i := 0; i < h; i++ {
		rows = append(rows, i)
	}
	for i := n - h; i < n; i++ {
		rows = append(rows, i)
	}
	return rows, h
}

// WriteMarkdown writes the frame as a GitHub Markdown table of at most
// maxRows rows (0: all rows); "|" in cells is escaped. Numeric columns are
// right-aligned.
func (f *Frame) WriteMarkdown(w io.Writer, maxRows int) error {
	if f.err != nil {
		return f.err
	}
	var b strings.Builder
	b.WriteString("|")
	for _, n := range f.names {
		b.WriteString(" " + mdEscape(n) + " |")
	}
	b.WriteString("\n|")
	for _, a := range f.cols {
		switch typeOf(a.DataType()) {
		case Int64, Float64:
			b.WriteString("---:|")
		default:
			b.WriteString("---|")
		}
	}
	b.WriteString("\n")
	if maxRows <= 0 {
		maxRows = f.nrows
	}
	rows, gap := shownRows(f.nrows, maxRows)
	for k, r := range rows {
		if k == gap {
			b.WriteString("|" + strings.Repeat(" ... |", len(f.cols)) + "\n")
		}
		b.WriteString("|")
		for c := range f.cols {
			b.WriteString(" " + mdEscape(cellText(f, c, r)) + " |")
		}
		b.WriteString("\n")
	}
	_, err := io.WriteString(w, b.String())
	return err
}

func mdEscape(s string) string {
	return strings.NewReplacer("|", `\|`, "\n", " ").Replace(s)
}
