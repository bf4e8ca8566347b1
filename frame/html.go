package frame

import (
	"fmt"
	"html"
	"strconv"
	"strings"
)

// HTML renders the frame as an HTML table for notebooks, as pandas'
// _repr_html_ does: a header of names with the column types under them,
// the rows with their index (the first and last 10 around a row of
// "..." when there are more than 60: never the whole of a long frame),
// cells truncated at 80 characters, nulls as "null" in grey, numbers
// right-aligned, then "N rows × M columns". Jupyter kernels for Go
// (jobframe's, GoNB, gophernotes) show a value with an HTML method as
// this HTML. A frame that carries an error renders the error.
func (f *Frame) HTML() string {
	var b strings.Builder
	if f.err != nil {
		fmt.Fprintf(&b, "<pre class=\"jobframe-error\">frame error: %s</pre>", html.EscapeString(f.err.Error()))
		return b.String()
	}
	maxRows := 60
	if f.nrows > maxRows {
		maxRows = 20
	}
	rows, gap := shownRows(f.nrows, maxRows)
	b.WriteString("<div class=\"jobframe-frame\"><style scoped>.jobframe-frame td.num{text-align:right}" +
		".jobframe-frame td.null{color:#999}.jobframe-frame th small{font-weight:normal;color:#666}</style>\n")
	b.WriteString("<table class=\"dataframe\" border=\"1\">\n<thead><tr><th></th>")
	types := make([]Type, len(f.cols))
	for c, n := range f.names {
		types[c] = typeOf(f.cols[c].DataType())
		fmt.Fprintf(&b, "<th>%s<br><small>%s</small></th>", html.EscapeString(n), types[c])
	}
	b.WriteString("</tr></thead>\n<tbody>\n")
	for k, r := range rows {
		if k == gap {
			b.WriteString("<tr><th>...</th>")
			b.WriteString(strings.Repeat("<td>...</td>", len(f.cols)))
			b.WriteString("</tr>\n")
		}
		b.WriteString("<tr><th>" + strconv.Itoa(r) + "</th>")
		for c := range f.cols {
			class := ""
			switch {
			case f.cols[c].IsNull(r):
				class = " class=\"null\""
			case types[c] == Int64 || types[c] == Float64:
				class = " class=\"num\""
			}
			fmt.Fprintf(&b, "<td%s>%s</td>", class, html.EscapeString(truncate(cellText(f, c, r), 80)))
		}
		b.WriteString("</tr>\n")
	}
	fmt.Fprintf(&b, "</tbody>\n</table>\n<p>%d rows × %d columns</p></div>", f.nrows, len(f.cols))
	return b.String()
}
