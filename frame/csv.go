package frame

import (
	"bufio"
	"bytes"
	"fmt"
	"io"
	"math"
	"os"
	"strconv"
	"strings"

	"github.com/apache/arrow/go/v17/arrow"
	"github.com/apache/arrow/go/v17/arrow/array"
)

// CSV conventions (both directions): the first line is a header of
// column names; fields are separated by commas and quoted with '"' as in
// RFC 4180 ("" inside quotes is one quote); an unquoted empty field is
// null, while a quoted empty field ("") is the empty string; timestamps
// are RFC 3339 (written in UTC with six fraction digits); floats are
// written in their shortest exact form, NaN as "NaN" and infinities as
// "inf" and "-inf"; bools as "true" and "false".

// CSVOptions control ReadCSV.
type CSVOptions struct {
	// Types fixes the types of the named columns; the others are inferred
	// from all their values: int64 if every non-null value is an integer,
	// else float64 if every one is a number, else bool if every one is
	// true/false (any case), else timestamp if every one is RFC 3339 with
	// a zone, else string. A column of only nulls is string.
	Types map[string]Type
	// Comma is the field separator; 0 means ','.
	Comma byte
	// Name names the input in error messages (e.g. the file path).
	Name string
}

// ReadCSVFile reads a CSV file (see ReadCSV); errors name the file.
func ReadCSVFile(path string, o CSVOptions) (*Frame, error) {
	if o.Name == "" {
		o.Name = path
	}
	return readFile(path, func(fh *os.File) (*Frame, error) { return ReadCSV(fh, o) })
}

// writeFile creates path, writes it with write and closes it; an error
// names the file.
func writeFile(path string, write func(*os.File) error) error {
	fh, err := os.Create(path)
	if err != nil {
		return err
	}
	if err := write(fh); err != nil {
		fh.Close()
		return fmt.Errorf("%s: %w", path, err)
	}
	return fh.Close()
}

// readFile opens path, reads a frame from it with read, and closes it.
func readFile(path string, read func(*os.File) (*Frame, error)) (*Frame, error) {
	fh, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer fh.Close()
	return read(fh)
}

// ReadCSV reads CSV text into a frame. A value that does not fit its
// column's type, or a record with the wrong number of fields, is an error
// naming the line and the column.
func ReadCSV(r io.Reader, o CSVOptions) (*Frame, error) {
	name := o.Name
	if name == "" {
		name = "csv"
	}
	comma := o.Comma
	if comma == 0 {
		comma = ','
	}
	data, err := io.ReadAll(r)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	p := csvParser{data: data, comma: comma, line: 1}
	header, _, err := p.record()
	if err != nil {
		return nil, fmt.Errorf("%s:%d: %w", name, p.line, err)
	}
	if header == nil {
		return nil, fmt.Errorf("%s: empty input, no header line", name)
	}
	ncol := len(header)
	seen := map[string]bool{}
	for _, h := range header {
		if seen[h.s] {
			return nil, fmt.Errorf("%s:1: duplicate column name %q", name, h.s)
		}
		seen[h.s] = true
	}
	for col := range o.Types {
		if !seen[col] {
			return nil, fmt.Errorf("%s: CSVOptions.Types names column %q, which the header lacks", name, col)
		}
	}
	vals := make([][]string, ncol)
	nulls := make([][]bool, ncol)
	var lines []int
	for {
		start := p.line
		rec, _, err := p.record()
		if err != nil {
			return nil, fmt.Errorf("%s:%d: %w", name, p.line, err)
		}
		if rec == nil {
			break
		}
		if len(rec) != ncol {
			return nil, fmt.Errorf("%s:%d: %d fields, but the header has %d", name, start, len(rec), ncol)
		}
		lines = append(lines, start)
		for c, fld := range rec {
			vals[c] = append(vals[c], fld.s)
			nulls[c] = append(nulls[c], fld.s == "" && !fld.quoted)
		}
	}
	cols := make([]Column, ncol)
	for c, h := range header {
		t, given := o.Types[h.s]
		if !given {
			t = inferType(vals[c], nulls[c])
		}
		arr, row, err := convertStrings(vals[c], nulls[c], t)
		if err != nil {
			return nil, fmt.Errorf("%s:%d: column %q: %w", name, lines[row], h.s, err)
		}
		cols[c] = Column{name: h.s, arr: arr}
	}
	if len(lines) == 0 {
		for c, h := range header {
			t := o.Types[h.s]
			if t == Invalid {
				t = String
			}
			cols[c] = Column{name: h.s, arr: emptyArray(t)}
		}
	}
	f := New(cols...)
	return f, f.err
}

func emptyArray(t Type) arrow.Array {
	switch t {
	case Int64:
		return newInt64(nil, nil)
	case Float64:
		return newFloat64(nil, nil)
	case Bool:
		return newBool(nil, nil)
	case Time:
		return newTimestamp(nil, nil)
	}
	return newPlainString(nil, nil)
}

type csvField struct {
	s      string
	quoted bool
}

type csvParser struct {
	data  []byte
	pos   int
	comma byte
	line  int
}

// record parses one record; it returns nil at the end of input. Blank
// lines are skipped.
func (p *csvParser) record() ([]csvField, bool, error) {
	for p.pos < len(p.data) && (p.data[p.pos] == '\n' || p.data[p.pos] == '\r') {
		if p.data[p.pos] == '\n' {
			p.line++
		}
		p.pos++
	}
	if p.pos >= len(p.data) {
		return nil, false, nil
	}
	var rec []csvField
	for {
		fld, err := p.field()
		if err != nil {
			return nil, false, err
		}
		rec = append(rec, fld)
		if p.pos >= len(p.data) {
			return rec, true, nil
		}
		switch p.data[p.pos] {
		case p.comma:
			p.pos++
			if p.pos >= len(p.data) {
				rec = append(rec, csvField{})
				return rec, true, nil
			}
		case '\r':
			p.pos++
			if p.pos < len(p.data) && p.data[p.pos] == '\n' {
				p.pos++
			}
			p.line++
			return rec, true, nil
		case '\n':
			p.pos++
			p.line++
			return rec, true, nil
		}
	}
}

func (p *csvParser) field() (csvField, error) {
	d := p.data
	if p.pos < len(d) && d[p.pos] == '"' {
		p.pos++
		var b []byte
		for {
			i := bytes.IndexByte(d[p.pos:], '"')
			if i < 0 {
				return csvField{}, fmt.Errorf("unterminated quoted field")
			}
			p.line += bytes.Count(d[p.pos:p.pos+i], []byte{'\n'})
			b = append(b, d[p.pos:p.pos+i]...)
			p.pos += i + 1
			if p.pos < len(d) && d[p.pos] == '"' {
				b = append(b, '"')
				p.pos++
				continue
			}
			break
		}
		if p.pos < len(d) && d[p.pos] != p.comma && d[p.pos] != '\n' && d[p.pos] != '\r' {
			return csvField{}, fmt.Errorf("unexpected %q after a closing quote", d[p.pos])
		}
		return csvField{s: string(b), quoted: true}, nil
	}
	start := p.pos
	for p.pos < len(d) && d[p.pos] != p.comma && d[p.pos] != '\n' && d[p.pos] != '\r' {
		p.pos++
	}
	return csvField{s: string(d[start:p.pos])}, nil
}

func parseCSVBool(s string) (bool, bool) {
	switch strings.ToLower(s) {
	case "true":
		return true, true
	case "false":
		return false, true
	}
	return false, false
}

func parseCSVFloat(s string) (float64, error) {
	switch strings.ToLower(s) {
	case "nan":
		return math.NaN(), nil
	case "inf", "+inf", "infinity":
		return math.Inf(1), nil
	case "-inf", "-infinity":
		return math.Inf(-1), nil
	}
	return strconv.ParseFloat(s, 64)
}

func inferType(vals []string, nulls []bool) Type {
	canInt, canFloat, canBool, canTime := true, true, true, true
	any := false
	for i, s := range vals {
		if nulls[i] {
			continue
		}
		any = true
		if canInt {
			if _, err := strconv.ParseInt(s, 10, 64); err != nil {
				canInt = false
			}
		}
		if canFloat && !canInt {
			if _, err := parseCSVFloat(s); err != nil {
				canFloat = false
			}
		}
		if canBool {
			if _, ok := parseCSVBool(s); !ok {
				canBool = false
			}
		}
		if canTime {
			if _, err := ParseMicros(s); err != nil {
				canTime = false
			}
		}
		if !canInt && !canFloat && !canBool && !canTime {
			return String
		}
	}
	switch {
	case !any:
		return String
	case canInt:
		return Int64
	case canFloat:
		return Float64
	case canBool:
		return Bool
	case canTime:
		return Time
	}
	return String
}

// convertStrings converts text values to an array of type t; on failure it
// returns the offending row.
func convertStrings(vals []string, nulls []bool, t Type) (arrow.Array, int, error) {
	valid := make([]bool, len(vals))
	for i := range valid {
		valid[i] = !nulls[i]
	}
	switch t {
	case Int64:
		out := make([]int64, len(vals))
		for i, s := range vals {
			if nulls[i] {
				continue
			}
			v, err := strconv.ParseInt(s, 10, 64)
			if err != nil {
				return nil, i, fmt.Errorf("value %q does not fit int64", clip(s))
			}
			out[i] = v
		}
		return newInt64(out, valid), 0, nil
	case Float64:
		out := make([]float64, len(vals))
		for i, s := range vals {
			if nulls[i] {
				continue
			}
			v, err := parseCSVFloat(s)
			if err != nil {
				return nil, i, fmt.Errorf("value %q does not fit float64", clip(s))
			}
			out[i] = v
		}
		return newFloat64(out, valid), 0, nil
	case Bool:
		out := make([]bool, len(vals))
		for i, s := range vals {
			if nulls[i] {
				continue
			}
			v, ok := parseCSVBool(s)
			if !ok {
				return nil, i, fmt.Errorf("value %q does not fit bool (want true or false)", clip(s))
			}
			out[i] = v
		}
		return newBool(out, valid), 0, nil
	case Time:
		out := make([]int64, len(vals))
		for i, s := range vals {
			if nulls[i] {
				continue
			}
			v, err := ParseMicros(s)
			if err != nil {
				return nil, i, fmt.Errorf("value %q does not fit timestamp: %w", clip(s), err)
			}
			out[i] = v
		}
		return newTimestamp(out, valid), 0, nil
	case String:
		return newString(vals, valid), 0, nil
	}
	return nil, 0, fmt.Errorf("invalid type")
}

// clip shortens s for error messages.
func clip(s string) string {
	if len(s) > 60 {
		return s[:57] + "..."
	}
	return s
}

// WriteCSVFile writes the frame to a CSV file (see WriteCSV).
func (f *Frame) WriteCSVFile(path string) error {
	return writeFile(path, func(fh *os.File) error { return f.WriteCSV(fh) })
}

// WriteCSV writes the frame as CSV with a header line, following the
// conventions at the top of this file.
func (f *Frame) WriteCSV(w io.Writer) error {
	if f.err != nil {
		return f.err
	}
	// 64 KB for a large frame; a small one (a test's, a batch's) gets
	// about its size: tests write thousands of them
	bw := bufio.NewWriterSize(w, min(1<<16, max(4096, 16*f.NumRows()*f.NumCols())))
	for i, n := range f.names {
		if i > 0 {
			bw.WriteByte(',')
		}
		writeCSVString(bw, n)
	}
	bw.WriteByte('\n')
	var num []byte
	for r := 0; r < f.nrows; r++ {
		for c, a := range f.cols {
			if c > 0 {
				bw.WriteByte(',')
			}
			if a.IsNull(r) {
				continue
			}
			switch typeOf(a.DataType()) {
			case Int64:
				num = strconv.AppendInt(num[:0], int64Values(a)[r], 10)
				bw.Write(num)
			case Float64:
				v := float64Values(a)[r]
				switch {
				case math.IsNaN(v):
					bw.WriteString("NaN")
				case math.IsInf(v, 1):
					bw.WriteString("inf")
				case math.IsInf(v, -1):
					bw.WriteString("-inf")
				default:
					num = strconv.AppendFloat(num[:0], v, 'g', -1, 64)
					bw.Write(num)
				}
			case Bool:
				bw.WriteString(strconv.FormatBool(a.(*array.Boolean).Value(r)))
			case Time:
				bw.WriteString(FormatMicros(int64Values(a)[r]))
			case String:
				writeCSVString(bw, strAt(a, r))
			}
		}
		bw.WriteByte('\n')
	}
	return bw.Flush()
}

// writeCSVString writes s, quoted when it is empty or holds a comma,
// quote, CR or LF, or starts or ends with a space.
func writeCSVString(w *bufio.Writer, s string) {
	if s != "" && !strings.ContainsAny(s, ",\"\r\n") && s[0] != ' ' && s[len(s)-1] != ' ' {
		w.WriteString(s)
		return
	}
	w.WriteByte('"')
	w.WriteString(strings.ReplaceAll(s, `"`, `""`))
	w.WriteByte('"')
}
