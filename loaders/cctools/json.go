package cctools

import (
	"errors"
	"math"
	"strings"

	"github.com/jobframe/jobframe/loaders/internal/bytesconv"
)

// cctools resource JSON: a flat, compact object whose every value is a
// two-element array [number, "unit"] (rmsummary_print_buffer, jx_print;
// docs/formats.md). Numbers are %.16g (exponent forms occur)
// or integers. A dedicated parser is several times faster than a generic
// JSON decoder on the millions of such objects a log holds.

// resource is one entry of a resource object. Keys and units are symbol
// numbers, so that the millions of entries a log holds carry no pointers
// for the garbage collector to scan.
type resource struct {
	key, unit sym
	value     float64
}

// sym numbers a resource key or unit in a symbols table.
type sym int32

// The keys a loader tests for have fixed numbers.
const (
	symNone sym = iota // the empty unit
	symCores
	symMemory
	symDisk
	symGPUs
	symWallTime
	symCPUTime
)

// symbols holds the names of the syms of one load.
type symbols struct {
	names []string
	index map[string]sym
	// the keys and units of the last object, by position: the next
	// object of a log nearly always repeats them in the same order, and
	// comparing with the guess is cheaper than hashing
	guess []sym
	// seen[k] is the number of the last object that held key k
	seen   []uint64
	object uint64
}

// idAt is id for the pos'th key or unit of an object.
func (s *symbols) idAt(name string, pos int) sym {
	if pos < len(s.guess) && s.names[s.guess[pos]] == name {
		return s.guess[pos]
	}
	k := s.id(name)
	if pos < 64 {
		for len(s.guess) <= pos {
			s.guess = append(s.guess, 0)
		}
		s.guess[pos] = k
	}
	return k
}

func newSymbols() *symbols {
	s := &symbols{index: map[string]sym{}}
	for _, n := range []string{"", "cores", "memory", "disk", "gpus", "wall_time", "cpu_time"} {
		s.id(n)
	}
	return s
}

// id returns the number of name, adding it (copied) when new.
func (s *symbols) id(name string) sym {
	if k, ok := s.index[name]; ok {
		return k
	}
	k := sym(len(s.names))
	name = strings.Clone(name)
	s.names = append(s.names, name)
	s.index[name] = k
	return k
}

func (s *symbols) name(k sym) string { return s.names[k] }

var errResourceJSON = errors.New(`want a resource object {"key":[value,"unit"],...}`)

// rawResource is one entry of a resource object before its key and unit
// are numbered. Key and unit are places in the object's text, so that
// parsing needs no shared state (it runs on the decode goroutines) and
// the millions of parsed entries in flight hold no pointers for the
// garbage collector to scan.
type rawResource struct {
	key, unit bytesconv.Span
	value     float64
}

// parseRawResources parses one resource object, appending its entries to
// out; on error out is returned as it was.
func parseRawResources(s string, out []rawResource) ([]rawResource, error) {
	if len(s) > math.MaxInt32 {
		return out, errResourceJSON
	}
	n0 := len(out)
	bad := func() ([]rawResource, error) { return out[:n0], errResourceJSON }
	i := skipSpace(s, 0)
	if i >= len(s) || s[i] != '{' {
		return bad()
	}
	i = skipSpace(s, i+1)
	if i < len(s) && s[i] == '}' {
		if skipSpace(s, i+1) != len(s) {
			return bad()
		}
		return out, nil
	}
	for {
		key, j, ok := jsonSpan(s, i)
		if !ok || key.From == key.To {
			return bad()
		}
		i = skipSpace(s, j)
		if i >= len(s) || s[i] != ':' {
			return bad()
		}
		i = skipSpace(s, i+1)
		if i >= len(s) || s[i] != '[' {
			return bad()
		}
		i = skipSpace(s, i+1)
		k := i
		for k < len(s) && s[k] != ',' && s[k] != ']' && s[k] != ' ' {
			k++
		}
		v, err := parseFloat(s[i:k])
		if err != nil || math.IsNaN(v) || math.IsInf(v, 0) || v < 0 {
			return bad() // NaN, inf and negative amounts are no resources
		}
		i = skipSpace(s, k)
		var unit bytesconv.Span
		if i < len(s) && s[i] == ',' {
			var ok bool
			unit, i, ok = jsonSpan(s, skipSpace(s, i+1))
			if !ok || !unitFits(key.Of(s), unit.Of(s)) {
				return bad()
			}
			i = skipSpace(s, i)
		}
		if i >= len(s) || s[i] != ']' {
			return bad()
		}
		out = append(out, rawResource{key: key, unit: unit, value: v})
		i = skipSpace(s, i+1)
		if i < len(s) && s[i] == ',' {
			i = skipSpace(s, i+1)
			continue
		}
		if i < len(s) && s[i] == '}' {
			if skipSpace(s, i+1) != len(s) {
				return bad()
			}
			return out, nil
		}
		return bad()
	}
}

// unitFits reports whether unit u suits resource key k: the memory
// amounts, which become the MB columns whatever their unit
// (resourceColumn), must be in MB, so that [1000,"furlongs"] is a bad
// record and not 1000 MB. Other keys name their column after their unit
// (wall_time in s: wall_time_s), so any unit reads as what it says.
func unitFits(k, u string) bool {
	switch k {
	case "memory", "virtual_memory", "swap_memory":
		return u == "MB" || u == ""
	}
	return true
}

// internResources numbers the keys and units of raw, entries of the
// object text obj, in syms, appending them to out; a key given twice is
// an error, and out is then returned as it was.
func internResources(obj string, raw []rawResource, syms *symbols, out []resource) ([]resource, error) {
	n0 := len(out)
	syms.object++ // a new object for the test of repeated keys
	for _, r := range raw {
		pos := 2 * (len(out) - n0)
		id := syms.idAt(r.key.Of(obj), pos)
		for int(id) >= len(syms.seen) {
			syms.seen = append(syms.seen, 0)
		}
		if syms.seen[id] == syms.object {
			return out[:n0], errResourceJSON // a key twice
		}
		syms.seen[id] = syms.object
		out = append(out, resource{key: id, unit: syms.idAt(r.unit.Of(obj), pos+1), value: r.value})
	}
	return out, nil
}

// symXlate maps the numbers of one decoder's table (lineDecoder) to the
// loader's: sym(-1) for a number not yet met.
type symXlate struct {
	dec  *lineDecoder
	syms []sym
}

// translate appends to out the entries rs of a line l decoded on another
// goroutine, their keys and units numbered in the loader's table. A
// number is translated, by name, the first time it is met here, so the
// loader's table numbers names in the order it meets them, as when it
// numbered every object itself. The decoder checked rs for repeated
// keys: distinct numbers in its table name distinct names.
func (c *txnLoader) translate(l *txnLine, rs []resource, out []resource) []resource {
	var x *symXlate
	for k := range c.xlates {
		if c.xlates[k].dec == l.dec {
			x = &c.xlates[k]
			break
		}
	}
	if x == nil {
		c.xlates = append(c.xlates, symXlate{dec: l.dec})
		x = &c.xlates[len(c.xlates)-1]
	}
	for len(x.syms) < len(l.names) {
		x.syms = append(x.syms, -1)
	}
	global := func(k sym) sym {
		g := x.syms[k]
		if g < 0 {
			g = c.syms.id(l.names[k])
			x.syms[k] = g
		}
		return g
	}
	for _, r := range rs {
		out = append(out, resource{key: global(r.key), unit: global(r.unit), value: r.value})
	}
	return out
}

func skipSpace(s string, i int) int {
	for i < len(s) && (s[i] == ' ' || s[i] == '\t') {
		i++
	}
	return i
}

// jsonSpan reads a JSON string without escapes at s[i]; it returns the
// place of its content and the index after the closing quote.
func jsonSpan(s string, i int) (bytesconv.Span, int, bool) {
	if i >= len(s) || s[i] != '"' {
		return bytesconv.Span{}, i, false
	}
	for j := i + 1; j < len(s); j++ {
		switch s[j] {
		case '"':
			return bytesconv.Span{From: int32(i + 1), To: int32(j)}, j + 1, true
		case '\\':
			return bytesconv.Span{}, i, false
		}
	}
	return bytesconv.Span{}, i, false
}

// resourceColumn returns the column name and converted value of a measured
// resource: memory -> mem_mb, "us" values -> seconds, others named
// key_unit ("wall_time" in "s" -> wall_time_s, "bandwidth" in "Mbps" ->
// bandwidth_mbps); counts (cores, procs, files, ...) keep their key.
// start and end become the timestamps measured_start and measured_end
// (µs); isTime is then true.
func resourceColumn(syms *symbols, r resource) (name string, v float64, isTime bool) {
	v = r.value
	unit, key := syms.name(r.unit), syms.name(r.key)
	if unit == "us" {
		v, unit = v/1e6, "s"
	}
	switch key {
	case "start", "end":
		return "measured_" + key, v, true
	case "workers": // a count; "workers" names the tasks' worker list elsewhere
		return "measured_workers", v, false
	case "memory":
		return "mem_mb", v, false
	case "virtual_memory":
		return "virtual_mem_mb", v, false
	case "swap_memory":
		return "swap_mem_mb", v, false
	}
	switch unit {
	case "s":
		return key + "_s", v, false
	case "MB":
		return key + "_mb", v, false
	case "Mbps":
		return key + "_mbps", v, false
	case "B", "bytes":
		return key + "_bytes", v, false
	}
	return key, v, false
}
