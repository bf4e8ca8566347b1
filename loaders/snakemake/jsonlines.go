package snakemake

import (
	"bytes"
	"encoding/json"
	"fmt"
	"sort"
)

// jsonRow reads a benchmark measurement in JSON lines into r: numbers
// as numbers or text ("s": "10.0038"), wildcards, params and resources
// as objects, input_size_mb an object of a size per input (summed). A
// line that does not read is returned as a bad record.
func jsonRow(r *row, line string) *bad {
	var m map[string]json.RawMessage
	if err := json.Unmarshal([]byte(line), &m); err != nil {
		return &bad{text: line, want: "a benchmark measurement: a JSON object"}
	}
	if _, ok := m["s"]; !ok {
		return &bad{field: "s", text: line, want: "the measurement's wall time, s"}
	}
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		value, want := jsonValue(k, m[k])
		if want == "" {
			_, want = set(r, k, value)
		}
		if want != "" {
			return &bad{field: k, text: string(m[k]), want: want}
		}
	}
	return nil
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
