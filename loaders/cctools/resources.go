package cctools

// Resource objects: the boxes a task asks for and is given, their
// checks and the measured values.

import (
	"strconv"
	"strings"

	"github.com/jobframe/jobframe/frame/schema"
	"github.com/jobframe/jobframe/loaders/internal/bytesconv"
	"github.com/jobframe/jobframe/loaders/internal/columns"
)

// box parses the i'th resource object of tail (as c.tail returned it)
// into the cores, memory, disk and gpus it gives. bad is true when it is
// malformed: the caller then skips the record and returns err (nil in
// lenient mode). An empty object {} is valid and gives an empty box.
func (c *txnLoader) box(tail []string, i int, line int, field string) (b box, bad bool, err error) {
	rs, bad, err := c.checkResources(tail, i, line, field)
	if bad {
		return box{}, bad, err
	}
	return boxOf(rs), false, nil
}

// checkResources parses the i'th resource object of tail; bad and err
// are as box's. The result is valid until the next call for the same i.
// c.interned[i].same then says whether it has the keys and units, in
// order, of the last object checked at place i.
func (c *txnLoader) checkResources(tail []string, i int, line int, field string) (rs []resource, bad bool, err error) {
	var cache *internedTail
	var shape uint32 // the decoder's shape of the object, at places 0 and 1
	if i < len(c.interned) {
		cache = &c.interned[i]
		// a DONE repeats the RETRIEVED on the line before: the same
		// text, checked and interned then
		if c.pre != nil && c.pre.repeats&(1<<i) != 0 && cache.line > 0 && cache.line == line-1 {
			cache.line, cache.same = line, true
			return cache.rs, false, nil
		}
		if c.pre != nil {
			shape = c.pre.shapes[i]
		}
		// the object numbered in the shape of the last one translated
		// here: only its values differ
		cache.same = shape != 0 && cache.dec == c.pre.dec && cache.shape == shape
		cache.line, cache.dec, cache.shape = 0, nil, 0 // cache.rs is overwritten below
	}
	out := c.scratch[:0]
	if cache != nil {
		out = cache.rs[:0]
	}
	var perr error
	switch {
	case c.pre != nil && c.pre.bad[i]:
		perr = errResourceJSON
	case cache != nil && cache.same:
		rs = cache.rs
		for j, r := range c.pre.resources(i) {
			rs[j].value = r.value
		}
	case c.pre != nil:
		rs = c.translate(c.pre, c.pre.resources(i), out)
	default:
		var raw []rawResource
		raw, perr = parseRawResources(tail[i], c.rawBuf[:0])
		c.rawBuf = raw
		if perr == nil {
			rs, perr = internResources(tail[i], raw, c.syms, out)
		}
	}
	if perr != nil {
		return nil, true, c.p.Bad(line, field, tail[i], `a resource object {"key":[value,"unit"],...} of finite amounts >= 0, memory in MB`, nil)
	}
	if cache != nil {
		cache.rs, cache.line = rs, line
		if shape != 0 {
			cache.dec, cache.shape = c.pre.dec, shape
		}
	} else {
		c.scratch = rs
	}
	return rs, false, nil
}

// internedTail is the last resource object checked at one place of a
// record's tail: its entries, and its line (0: none kept); the decoder
// and its shape that numbered it (nil, 0: none); same says it had the
// keys and units of the one before.
type internedTail struct {
	rs    []resource
	line  int
	dec   *lineDecoder
	shape uint32
	same  bool
}

// parseInt is strconv.ParseInt(s, 10, 64) with a fast path for plain
// digits.
func parseInt(s string) (int64, error) {
	if v, ok := bytesconv.Atoi(s); ok {
		return v, nil
	}
	return strconv.ParseInt(s, 10, 64)
}

// parseFloat is strconv.ParseFloat(s, 64) with a fast path for plain
// decimals (bytesconv.ParseDecimal, which gives the same value).
func parseFloat(s string) (float64, error) {
	if v, ok := bytesconv.ParseDecimal(s); ok {
		return v, nil
	}
	return strconv.ParseFloat(s, 64)
}

// measure records the measured resources rs of t's current attempt (has:
// a record reported them, possibly as {}): their values go to the tasks
// frame's columns at its row. An attempt measured before keeps its values
// unless replace is set; replacing with nothing clears them.
func (c *txnLoader) measure(t *taskState, rs []resource, has, replace bool) {
	if !replace && (t.hasMeasured || !has) {
		return
	}
	if t.hasMeasured {
		c.meas.clearRow(int(t.cur))
	}
	t.hasMeasured = has
	c.rows.setFallback(t.cur, 0)
	if !has {
		return
	}
	hasWall, hasCPU := false, false
	for _, r := range rs {
		hasWall = hasWall || r.key == symWallTime
		hasCPU = hasCPU || r.key == symCPUTime
	}
	fallback := int8(1)
	if hasWall && !hasCPU {
		fallback = 2
	}
	c.rows.setFallback(t.cur, fallback)
	if c.wants(schema.Tasks) {
		c.meas.put(int(t.cur), rs)
	}
}

// formatLimits renders a limits_exceeded object as "memory:1000 MB".
func formatLimits(syms *symbols, rs []resource) string {
	parts := make([]string, len(rs))
	for i, r := range rs {
		parts[i] = syms.name(r.key) + ":" + strconv.FormatFloat(r.value, 'g', -1, 64)
		if r.unit != symNone {
			parts[i] += " " + syms.name(r.unit)
		}
	}
	return strings.Join(parts, ";")
}

// boxCols are the four columns of a box (cores, memory, disk, gpus).
type boxCols struct{ cores, mem, disk, gpus columns.Float }

func (c *boxCols) add(b box) {
	c.cores.Opt(b.cores, b.hasCores)
	c.mem.Opt(b.mem, b.hasMem)
	c.disk.Opt(b.disk, b.hasDisk)
	c.gpus.Opt(b.gpus, b.hasGPUs)
}

// box is the usual four resources of a resource object.
type box struct {
	cores, mem, disk, gpus             float64
	hasCores, hasMem, hasDisk, hasGPUs bool
}

func boxOf(rs []resource) box {
	var b box
	for _, r := range rs {
		switch r.key {
		case symCores:
			b.cores, b.hasCores = r.value, true
		case symMemory:
			b.mem, b.hasMem = r.value, true
		case symDisk:
			b.disk, b.hasDisk = r.value, true
		case symGPUs:
			b.gpus, b.hasGPUs = r.value, true
		}
	}
	return b
}
