package report

import (
	"math"
	"strconv"
	"strings"

	"github.com/jobframe/jobframe/frame/plot"
)

// SchemaVersion names the layout of the JSON document WriteJSON writes
// (docs/report-json.md); it changes when a field changes meaning or goes.
const SchemaVersion = "jobframe-report/1"

// Document is a report as data: what Write renders as HTML and WriteJSON
// encodes as JSON.
type Document struct {
	// Schema is SchemaVersion.
	Schema string `json:"schema"`
	Title  string `json:"title"`
	// Source names the format of the data ("hyperqueue", "balsam", ...).
	Source   string    `json:"source"`
	Files    []string  `json:"files"`
	Sections []Section `json:"sections"`
}

// Section is one part of the report.
type Section struct {
	ID    string `json:"id"`
	Title string `json:"title"`
	// Intro says what the section shows, in a sentence.
	Intro string `json:"intro,omitempty"`
	// Facts are the section's figures, in the order shown.
	Facts []Fact `json:"facts,omitempty"`
	// Charts are drawn in the page from their data.
	Charts []Chart `json:"charts,omitempty"`
	// Tables are shown after the charts.
	Tables []Table `json:"tables,omitempty"`
	// Notes are remarks on the data (e.g. a measurement caveat).
	Notes []string `json:"notes,omitempty"`
	// Reason says why the section is empty, when it is.
	Reason string `json:"reason,omitempty"`
}

// Fact is one figure: its name, the text the page shows and, for a
// number, its value in Unit (nil for a text).
type Fact struct {
	Name  string   `json:"name"`
	Text  string   `json:"text"`
	Value *float64 `json:"value,omitempty"`
	Unit  string   `json:"unit,omitempty"`
	// InTable is true for a figure the section's table shows (a
	// comparison's per-run values): the page lists it only there.
	InTable bool `json:"in_table,omitempty"`
}

// Chart is a figure as data (plot.Spec) and its size on the page in
// CSS pixels.
type Chart struct {
	ID     string `json:"id"`
	Width  int    `json:"width_px"`
	Height int    `json:"height_px"`
	*plot.Spec
}

// Table is a frame rendered as text cells.
type Table struct {
	Caption string     `json:"caption"`
	Head    []string   `json:"head"`
	Rows    [][]string `json:"rows"`
	// More is the number of rows left out.
	More int `json:"more,omitempty"`
}

// textFact is a fact without a number.
func textFact(name, text string) Fact { return Fact{Name: name, Text: text} }

// countFact is a count of things.
func countFact(name string, n int) Fact {
	v := float64(n)
	return Fact{Name: name, Text: strconv.Itoa(n), Value: &v}
}

// quantity is a number in a unit, shown with formatNumber; a note, when
// given, follows in parentheses.
func quantity(name string, v float64, unit, note string) Fact {
	text := formatNumber(v)
	if unit != "" && !math.IsNaN(v) && !math.IsInf(v, 0) {
		text += " " + unit
	}
	if note != "" {
		text += " (" + note + ")"
	}
	return numberFact(name, text, v, unit)
}

// numberFact is a fact with a value; NaN and infinities (no value) are
// left out of the JSON document.
func numberFact(name, text string, v float64, unit string) Fact {
	f := Fact{Name: name, Text: text, Unit: unit}
	if !math.IsNaN(v) && !math.IsInf(v, 0) {
		f.Value = &v
	}
	return f
}

// formatNumber shows v with three significant digits, all digits of the
// integer part kept (1234.6 is "1235", 0.012345 is "0.0123"); integers
// are shown whole; NaN and infinities as a dash.
func formatNumber(v float64) string {
	switch {
	case math.IsNaN(v) || math.IsInf(v, 0):
		return "–"
	case v == math.Trunc(v) && math.Abs(v) < 1e15:
		return strconv.FormatFloat(v, 'f', 0, 64)
	}
	digits := 3 - int(math.Floor(math.Log10(math.Abs(v)))) - 1
	if digits < 0 {
		digits = 0
	}
	s := strconv.FormatFloat(v, 'f', digits, 64)
	if strings.Contains(s, ".") {
		s = strings.TrimRight(strings.TrimRight(s, "0"), ".")
	}
	return s
}

// duration shows seconds as a duration with three significant digits in
// the largest fitting unit: "950 ms", "42.3 s", "12.5 min", "3.27 h",
// "2.10 d".
func duration(s float64) string {
	if math.IsNaN(s) || math.IsInf(s, 0) {
		return "–"
	}
	a := math.Abs(s)
	switch {
	case a == 0:
		return "0 s"
	case a < 1:
		return formatNumber(s*1e3) + " ms"
	case a < 120:
		return formatNumber(s) + " s"
	case a < 2*3600:
		return formatNumber(s/60) + " min"
	case a < 2*86400:
		return formatNumber(s/3600) + " h"
	}
	return formatNumber(s/86400) + " d"
}

// durationFact is a time in seconds shown as a duration.
func durationFact(name string, s float64, note string) Fact {
	text := duration(s)
	if note != "" {
		text += " (" + note + ")"
	}
	return numberFact(name, text, s, "s")
}

// percentOf returns 100·a/b, NaN when b is 0.
func percentOf(a, b float64) float64 {
	if b == 0 {
		return math.NaN()
	}
	return 100 * a / b
}
