package snakemake

import (
	"math"
	"strconv"
	"strings"

	"github.com/jobframe/jobframe/loaders/internal/bytesconv"
)

// row is one benchmark measurement (one repeat of one job), as the
// frames take it.
type row struct {
	jobID                      string // "" when the file does not say
	rule, wildcards, resources string
	params                     string
	wall, cpu, cpuUsage        flt // s, s, %
	rss, vms, uss, pss         flt // MB
	ioIn, ioOut, load, inputMB flt // MB, MB, %, MB
	threads                    flt
	extra                      []extra // columns of a later Snakemake, as text
	file, line                 int
}

// extra is a column the loader does not know, kept under its name.
type extra struct{ name, value string }

type flt struct {
	v  float64
	ok bool
}

// fields are the columns of a benchmark, by their names in the TSV
// header and the JSON keys: where each goes, and whether it is a number.
var fields = map[string]fieldSpec{
	"s":                  {true, func(r *row, f flt, _ string) { r.wall = f }},
	"h:m:s":              {false, func(*row, flt, string) {}}, // s, written again
	"max_rss":            {true, func(r *row, f flt, _ string) { r.rss = f }},
	"max_vms":            {true, func(r *row, f flt, _ string) { r.vms = f }},
	"max_uss":            {true, func(r *row, f flt, _ string) { r.uss = f }},
	"max_pss":            {true, func(r *row, f flt, _ string) { r.pss = f }},
	"io_in":              {true, func(r *row, f flt, _ string) { r.ioIn = f }},
	"io_out":             {true, func(r *row, f flt, _ string) { r.ioOut = f }},
	"mean_load":          {true, func(r *row, f flt, _ string) { r.load = f }},
	"cpu_time":           {true, func(r *row, f flt, _ string) { r.cpu = f }},
	"cpu_usage":          {true, func(r *row, f flt, _ string) { r.cpuUsage = f }},
	"cpu_usages":         {true, func(r *row, f flt, _ string) { r.cpuUsage = f }}, // its name for six days of 2024
	"threads":            {true, func(r *row, f flt, _ string) { r.threads = f }},
	"input_size_mb":      {true, func(r *row, f flt, _ string) { r.inputMB = f }},
	"input_file_size_mb": {true, func(r *row, f flt, _ string) { r.inputMB = keep(r.inputMB, f) }},
	"jobid":              {false, func(r *row, _ flt, s string) { r.jobID = s }},
	"rule":               {false, func(r *row, _ flt, s string) { r.rule = s }},
	"rule_name":          {false, func(r *row, _ flt, s string) { r.rule = s }},
	"wildcards":          {false, func(r *row, _ flt, s string) { r.wildcards = s }},
	"resources":          {false, func(r *row, _ flt, s string) { r.resources = s }},
	"params":             {false, func(r *row, _ flt, s string) { r.params = s }},
}

// fieldSpec is a known column: whether it holds a number, and where its
// value goes.
type fieldSpec struct {
	number bool
	set    func(r *row, f flt, s string)
}

// keep returns a unless it is null, else b.
func keep(a, b flt) flt {
	if a.ok {
		return a
	}
	return b
}

// isNA reports whether a value is Snakemake's word for "not measured".
func isNA(s string) bool { return s == "NA" || s == "" || s == "-" }

// number reads a measurement: a number, 0 or more, or NA.
func number(s string) (flt, bool) {
	if v, ok := bytesconv.ParseDecimal(s); ok && v >= 0 { // most values: strconv's result, sooner
		return flt{v, true}, true
	}
	s = strings.TrimSpace(s)
	if isNA(s) {
		return flt{}, true
	}
	v, err := strconv.ParseFloat(s, 64)
	if err != nil || math.IsNaN(v) || math.IsInf(v, 0) || v < 0 {
		return flt{}, false
	}
	return flt{v, true}, true
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
