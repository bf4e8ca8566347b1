package snakemake

import (
	"fmt"
	"strings"

	"github.com/jobframe/jobframe/loaders/source"
)

// layout is a benchmark TSV's header: its columns, looked up once.
type layout struct {
	header []string
	specs  []spec
}

// readHeader reads a benchmark TSV's first line.
func readHeader(file, line string) (*layout, error) {
	fields := strings.Split(line, "\t")
	for _, f := range fields {
		if strings.TrimSpace(f) == "" {
			return nil, &source.ParseError{File: file, Line: 1, Text: source.Clip(line, 80), Err: source.ErrBadHeader,
				Want: "a benchmark header of named columns separated by tabs"}
		}
	}
	if !contains(fields, "s") {
		return nil, &source.ParseError{File: file, Line: 1, Field: "s", Text: source.Clip(line, 80), Err: source.ErrBadHeader,
			Want: "Snakemake's benchmark columns, s and h:m:s first among them (this header lacks s)"}
	}
	l := &layout{header: fields}
	for _, name := range fields {
		l.specs = append(l.specs, specOf(name))
	}
	return l, nil
}

// read reads a row of the TSV into r, its fields cut in place into
// cells (returned for reuse); a bad field is returned as a bad record.
func (l *layout) read(r *row, line string, cells []string) ([]string, *bad) {
	cells = cut(cells[:0], line)
	if len(cells) != len(l.header) {
		return cells, &bad{text: line, want: fmt.Sprintf("%d fields separated by tabs, as the header has (this row has %d)", len(l.header), len(cells))}
	}
	for k, sp := range l.specs {
		if want := sp.apply(r, cells[k]); want != "" {
			return cells, &bad{field: l.header[k], text: cells[k], want: want}
		}
	}
	return cells, nil
}

// cut splits a row at its tabs into dst.
func cut(dst []string, s string) []string {
	for {
		i := strings.IndexByte(s, '\t')
		if i < 0 {
			return append(dst, s)
		}
		dst, s = append(dst, s[:i]), s[i+1:]
	}
}

// spec is a column of a header, resolved once: its name and what its
// values set.
type spec struct {
	name  string
	known bool
	field fieldSpec
}

func specOf(name string) spec {
	f, ok := fields[name]
	return spec{name: name, known: ok, field: f}
}

// apply puts value into r; it returns what was wanted when the value
// does not read.
func (sp spec) apply(r *row, value string) string {
	if !sp.known {
		r.extra = append(r.extra, extra{sp.name, value})
		return ""
	}
	_, want := setKnown(r, sp.name, sp.field, value)
	return want
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}
