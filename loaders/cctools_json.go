package loaders

import (
	"errors"
	"strconv"
	"strings"
)

// cctools resource JSON: a flat, compact object whose every value is a
// two-element array [number, "unit"] (rmsummary_print_buffer, jx_print;
// shared/docs/formats.md §2.2). Numbers are %.16g (exponent forms occur)
// or integers. A dedicated parser is several times faster than a generic
// JSON decoder on the millions of such objects a log holds.

type resource struct {
	key, unit string
	value     float64
}

var errResourceJSON = errors.New(`want a resource object {"key":[value,"unit"],...}`)

// parseResources parses one resource object; keys and units are interned
// in intern to avoid an allocation per field.
func parseResources(s string, intern map[string]string, out []resource) ([]resource, error) {
	out = out[:0]
	i := skipSpace(s, 0)
	if i >= len(s) || s[i] != '{' {
		return nil, errResourceJSON
	}
	i = skipSpace(s, i+1)
	if i < len(s) && s[i] == '}' {
		return out, nil
	}
	for {
		key, j, ok := jsonString(s, i)
		if !ok {
			return nil, errResourceJSON
		}
		i = skipSpace(s, j)
		if i >= len(s) || s[i] != ':' {
			return nil, errResourceJSON
		}
		i = skipSpace(s, i+1)
		if i >= len(s) || s[i] != '[' {
			return nil, errResourceJSON
		}
		i = skipSpace(s, i+1)
		k := i
		for k < len(s) && s[k] != ',' && s[k] != ']' && s[k] != ' ' {
			k++
		}
		v, err := strconv.ParseFloat(s[i:k], 64)
		if err != nil {
			return nil, errResourceJSON
		}
		i = skipSpace(s, k)
		unit := ""
		if i < len(s) && s[i] == ',' {
			var ok bool
			unit, i, ok = jsonString(s, skipSpace(s, i+1))
			if !ok {
				return nil, errResourceJSON
			}
			i = skipSpace(s, i)
		}
		if i >= len(s) || s[i] != ']' {
			return nil, errResourceJSON
		}
		if key == "" {
			return nil, errResourceJSON
		}
		for _, r := range out {
			if r.key == key {
				return nil, errResourceJSON // a key twice
			}
		}
		out = append(out, resource{key: internString(intern, key), unit: internString(intern, unit), value: v})
		i = skipSpace(s, i+1)
		if i < len(s) && s[i] == ',' {
			i = skipSpace(s, i+1)
			continue
		}
		if i < len(s) && s[i] == '}' {
			if skipSpace(s, i+1) != len(s) {
				return nil, errResourceJSON
			}
			return out, nil
		}
		return nil, errResourceJSON
	}
}

func internString(m map[string]string, s string) string {
	if v, ok := m[s]; ok {
		return v
	}
	s = strings.Clone(s)
	m[s] = s
	return s
}

func skipSpace(s string, i int) int {
	for i < len(s) && (s[i] == ' ' || s[i] == '\t') {
		i++
	}
	return i
}

// jsonString reads a JSON string without escapes at s[i]; it returns the
// content and the index after the closing quote.
func jsonString(s string, i int) (string, int, bool) {
	if i >= len(s) || s[i] != '"' {
		return "", i, false
	}
	j := strings.IndexByte(s[i+1:], '"')
	if j < 0 {
		return "", i, false
	}
	str := s[i+1 : i+1+j]
	if strings.IndexByte(str, '\\') >= 0 {
		return "", i, false
	}
	return str, i + j + 2, true
}

// resourceColumn returns the column name and converted value of a measured
// resource: memory -> mem_mb, "us" values -> seconds, others named
// key_unit ("wall_time" in "s" -> wall_time_s, "bandwidth" in "Mbps" ->
// bandwidth_mbps); counts (cores, procs, files, ...) keep their key.
// start and end become the timestamps measured_start and measured_end
// (µs); isTime is then true.
func resourceColumn(r resource) (name string, v float64, isTime bool) {
	v = r.value
	unit := r.unit
	if unit == "us" {
		v, unit = v/1e6, "s"
	}
	switch r.key {
	case "start", "end":
		return "measured_" + r.key, v, true
	case "memory":
		return "mem_mb", v, false
	case "virtual_memory":
		return "virtual_mem_mb", v, false
	case "swap_memory":
		return "swap_mem_mb", v, false
	}
	switch unit {
	case "s":
		return r.key + "_s", v, false
	case "MB":
		return r.key + "_mb", v, false
	case "Mbps":
		return r.key + "_mbps", v, false
	case "B", "bytes":
		return r.key + "_bytes", v, false
	}
	return r.key, v, false
}
