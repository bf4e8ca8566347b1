package snakemake

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"path/filepath"
	"regexp"
	"sort"
	"strings"

	"github.com/jobframe/jobframe/frame/schema"
	"github.com/jobframe/jobframe/loaders/internal/records"
	"github.com/jobframe/jobframe/loaders/source"
)

// Source is the Dataset.Source of Snakemake benchmark loads.
const Source = "snakemake"

// Format is Snakemake's benchmark files (a rule's benchmark: directive),
// TSV or JSON lines, and the aggregated benchmark TSV. The benchmark
// files of one folder are one load.
func Format() source.Format {
	return source.Format{
		Name:        "snakemake-benchmark",
		System:      "Snakemake",
		Description: "Snakemake benchmark files (TSV with s, h:m:s, max_rss, ...; or JSON lines)",
		Sources:     []string{Source},
		Frames:      []string{schema.Tasks},
		Sniff:       func(_ string, head []byte) bool { return sniff(head) },
		Group:       group,
		Load:        LoadInputs,
	}
}

// group puts the benchmark files of a folder in one load (standard
// input loads alone).
func group(name string, _ []byte) string {
	if name == "-" {
		return ""
	}
	return filepath.Dir(name)
}

// tsvHeader and jsonLine match the first line of a benchmark file.
var (
	tsvHeader = regexp.MustCompile(`^(\xef\xbb\xbf)?([a-z_]+\t)*s\th:m:s(\t|\r?$)`)
	jsonLine  = regexp.MustCompile(`^\s*\{.*"h:m:s"\s*:.*"max_rss"\s*:|^\s*\{.*"max_rss"\s*:.*"h:m:s"\s*:`)
)

func sniff(head []byte) bool {
	line := head
	if i := bytes.IndexByte(line, '\n'); i >= 0 {
		line = line[:i]
	}
	return tsvHeader.Match(line) || jsonLine.Match(line)
}

// Load reads one benchmark file (see the package documentation).
func Load(r io.Reader, o source.Options) (*source.Dataset, error) {
	return LoadInputs([]source.Input{{Name: o.InputName(), R: r}}, o)
}

// LoadInputs reads benchmark files as one load, in name order: each
// file's rows are the repeats of its job.
func LoadInputs(in []source.Input, o source.Options) (*source.Dataset, error) {
	in = append([]source.Input(nil), in...)
	sort.SliceStable(in, func(a, b int) bool { return in[a].Name < in[b].Name })
	b := &builder{}
	d := &source.Dataset{Source: Source}
	for i, x := range in {
		p := o.Problems(x.Name)
		data, err := records.ReadAll(x.R)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", x.Name, err)
		}
		data = bytes.TrimPrefix(data, []byte("\ufeff"))
		if cap(b.rows) == 0 {
			b.rows = make([]row, 0, min(len(data)/128, 1<<22)) // a run's row is 130 bytes or more
		}
		if strings.HasPrefix(strings.TrimSpace(string(data[:min(len(data), 64)])), "{") {
			err = b.jsonLines(data, i, p)
		} else {
			err = b.tsv(data, i, p)
		}
		if err != nil {
			return nil, err
		}
		d.Files = append(d.Files, x.Name)
		d.Warnings = append(d.Warnings, p.Finish()...)
	}
	d.Frames = b.frames(source.WantFrames(o), d.Files)
	return o.Project(d, nil)
}

// tsv reads a benchmark TSV: its header, then a row per repeat. The
// header's columns are looked up once; a row's fields are cut in place.
func (b *builder) tsv(data []byte, file int, p *source.Problems) error {
	var header []string
	var specs []spec
	var cells []string
	return records.EachLine(bytes.NewReader(data), p, func(line []byte, n int) error {
		text := string(line)
		if header == nil {
			fields := strings.Split(text, "\t")
			for _, f := range fields {
				if strings.TrimSpace(f) == "" {
					return &source.ParseError{File: p.File, Line: n, Text: source.Clip(text, 80), Err: source.ErrBadHeader,
						Want: "a benchmark header of named columns separated by tabs"}
				}
			}
			if !contains(fields, "s") {
				return &source.ParseError{File: p.File, Line: n, Field: "s", Text: source.Clip(text, 80), Err: source.ErrBadHeader,
					Want: "Snakemake's benchmark columns, s and h:m:s first among them (this header lacks s)"}
			}
			header = fields
			for _, name := range fields {
				specs = append(specs, specOf(name))
			}
			return nil
		}
		if len(strings.TrimSpace(text)) == 0 {
			return nil
		}
		cells = cut(cells[:0], text)
		if len(cells) != len(header) {
			return p.Bad(n, "", text, fmt.Sprintf("%d fields separated by tabs, as the header has (this row has %d)", len(header), len(cells)), nil)
		}
		r := row{file: file, line: n}
		for k, sp := range specs {
			if want := sp.apply(&r, cells[k]); want != "" {
				return p.Bad(n, header[k], cells[k], want, nil)
			}
		}
		b.rows = append(b.rows, r)
		return nil
	})
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

// set puts the value of column name into r; it returns the column and
// what was wanted there when the value does not read.
func set(r *row, name, value string) (field, want string) {
	c, known := fields[name]
	if !known {
		r.extra = append(r.extra, extra{name, value})
		return "", ""
	}
	return setKnown(r, name, c, value)
}

// setKnown puts the value of known column name into r.
func setKnown(r *row, name string, c fieldSpec, value string) (field, want string) {
	if !c.number {
		if !isNA(value) {
			c.set(r, flt{}, value)
		}
		return "", ""
	}
	f, ok := number(value)
	if name == "input_size_mb" && strings.HasPrefix(value, "{") {
		f, ok = sizes(value)
	}
	if !ok {
		return name, "a number, 0 or more, or NA"
	}
	c.set(r, f, value)
	return "", ""
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// jsonLines reads a benchmark in JSON lines: a measurement per line,
// numbers as numbers or text ("s": "10.0038"), wildcards, params and
// resources as objects, input_size_mb an object of a size per input
// (summed).
func (b *builder) jsonLines(data []byte, file int, p *source.Problems) error {
	return records.EachLine(bytes.NewReader(data), p, func(line []byte, n int) error {
		if len(bytes.TrimSpace(line)) == 0 {
			return nil
		}
		var m map[string]json.RawMessage
		if err := json.Unmarshal(line, &m); err != nil {
			return p.Bad(n, "", string(line), "a benchmark measurement: a JSON object", nil)
		}
		if _, ok := m["s"]; !ok {
			return p.Bad(n, "s", string(line), "the measurement's wall time, s", nil)
		}
		r := row{file: file, line: n}
		keys := make([]string, 0, len(m))
		for k := range m {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		for _, k := range keys {
			value, want := jsonValue(k, m[k])
			if want == "" {
				_, want = set(&r, k, value)
			}
			if want != "" {
				return p.Bad(n, k, string(m[k]), want, nil)
			}
		}
		b.rows = append(b.rows, r)
		return nil
	})
}

// jsonValue is a JSON member's value as the TSV would write it: a
// number or string as its text, an object as its JSON, input_size_mb's
// object as the sum of its sizes.
func jsonValue(key string, raw json.RawMessage) (string, string) {
	raw = bytes.TrimSpace(raw)
	switch {
	case len(raw) > 0 && raw[0] == '"':
		var s string
		if json.Unmarshal(raw, &s) != nil {
			return "", "a string"
		}
		return s, ""
	case key == "input_size_mb" && len(raw) > 0 && raw[0] == '{':
		var sizes map[string]float64
		if json.Unmarshal(raw, &sizes) != nil {
			return "", "an object of a size in MB per input"
		}
		total := 0.0
		for _, v := range sizes {
			total += v
		}
		return fmt.Sprint(total), ""
	case string(raw) == "null":
		return "NA", ""
	}
	return string(raw), ""
}

// sizes sums the sizes of a per-input dictionary as Snakemake 8's TSV
// writes input_size_mb ({'a.txt': 0.5, 'b.txt': 1.25}; {} for none).
func sizes(s string) (flt, bool) {
	inner := strings.TrimSpace(strings.TrimSuffix(strings.TrimPrefix(s, "{"), "}"))
	if !strings.HasSuffix(s, "}") {
		return flt{}, false
	}
	total := 0.0
	if inner == "" {
		return flt{0, true}, true
	}
	for _, entry := range strings.Split(inner, ",") {
		i := strings.LastIndexByte(entry, ':')
		if i < 0 {
			return flt{}, false
		}
		v, ok := number(entry[i+1:])
		if !ok || !v.ok {
			return flt{}, false
		}
		total += v.v
	}
	return flt{total, true}, true
}
