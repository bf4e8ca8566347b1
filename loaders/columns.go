package loaders

import (
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"
	"unsafe"

	"github.com/jobframe/jobframe/frame"
	"github.com/jobframe/jobframe/loaders/source"
)

// Typed column accumulators: loaders append values (or nulls) row by row
// and hand them to frame columns without copying.

// grow returns s with room for n more elements, doubling the capacity
// when it must grow: append grows big slices by only 1.25x, which copies a
// column of millions of rows several times over.
func grow[T any](s []T, n int) []T {
	if len(s)+n > cap(s) {
		grown := make([]T, len(s), max(2*cap(s), len(s)+n, 256))
		copy(grown, s)
		s = grown
	}
	return s
}

// push appends v to *s, growing it by doubling. It takes the slice by
// pointer so that the usual append, with room, only stores the new
// length: the compiler then writes no pointer, and a column in a heap
// struct pays no GC write barrier per row while a collection runs (the
// one-core HyperQueue load spent 6% of its time in them).
func push[T any](s *[]T, v T) {
	if len(*s) == cap(*s) {
		*s = grow(*s, 1)
	}
	*s = append(*s, v)
}

// pushAll appends vs to *s as push appends one value.
func pushAll[T any](s *[]T, vs []T) {
	if len(*s)+len(vs) > cap(*s) {
		*s = grow(*s, len(vs))
	}
	*s = append(*s, vs...)
}

type intCol struct {
	v  []int64
	ok []bool
}

func (c *intCol) add(v int64) { push(&c.v, v); push(&c.ok, true) }
func (c *intCol) null()       { push(&c.v, 0); push(&c.ok, false) }
func (c *intCol) opt(v int64, ok bool) {
	push(&c.v, v)
	push(&c.ok, ok)
}

// reserve makes room for n more rows, when the row count is known ahead.
func (c *intCol) reserve(n int) {
	c.v = slices.Grow(c.v, n)
	c.ok = slices.Grow(c.ok, n)
}

func (c *intCol) col(name string) frame.Column { return frame.Int64Col(name, c.v, c.ok) }
func (c *intCol) times(name string) frame.Column {
	return frame.MicrosCol(name, c.v, c.ok)
}

// denseInt and denseFloat are columns without nulls (line numbers, start
// times, amounts every row has): no validity to push per row.
type denseInt struct{ v []int64 }

func (c *denseInt) add(v int64)                    { push(&c.v, v) }
func (c *denseInt) reserve(n int)                  { c.v = slices.Grow(c.v, n) }
func (c *denseInt) col(name string) frame.Column   { return frame.Int64Col(name, c.v, nil) }
func (c *denseInt) times(name string) frame.Column { return frame.MicrosCol(name, c.v, nil) }

type denseFloat struct{ v []float64 }

func (c *denseFloat) add(v float64)                { push(&c.v, v) }
func (c *denseFloat) reserve(n int)                { c.v = slices.Grow(c.v, n) }
func (c *denseFloat) col(name string) frame.Column { return frame.Float64Col(name, c.v, nil) }

type floatCol struct {
	v  []float64
	ok []bool
}

func (c *floatCol) add(v float64) { push(&c.v, v); push(&c.ok, true) }
func (c *floatCol) null()         { push(&c.v, 0); push(&c.ok, false) }
func (c *floatCol) opt(v float64, ok bool) {
	push(&c.v, v)
	push(&c.ok, ok)
}
func (c *floatCol) col(name string) frame.Column { return frame.Float64Col(name, c.v, c.ok) }

// reserve makes room for n more rows.
func (c *floatCol) reserve(n int) {
	c.v = slices.Grow(c.v, n)
	c.ok = slices.Grow(c.ok, n)
}

// reserver is a column builder that can make room for rows ahead.
type reserver interface{ reserve(n int) }

// reserve makes room for n more rows in each of cols, when the row count
// is known: no column then grows (and copies itself) while rows are added.
func reserve(n int, cols ...reserver) {
	for _, c := range cols {
		c.reserve(n)
	}
}

// strCol interns its values as it goes: each distinct string is stored
// once (copied, so that it does not pin the line it was cut from) and rows
// hold codes, so low-cardinality columns (states, workers, hosts, tags)
// cost a map lookup per row and become dictionary columns. A column whose
// distinct values pass dictLimit while they are more than a quarter of
// its rows (job ids, per-job tags, paths) switches to plain text: no map,
// bytes appended per row. One whose values repeat (EPMT's 75k process
// tags over a million processes) stays a dictionary, which group-by and
// joins read by code.
type strCol struct {
	codes []int32
	ok    []bool
	dict  []string
	index map[string]int32
	plain *textCol
	// The code of the last value added, and its integer for addInt: runs
	// of one value (a job's tasks, a state) skip the map.
	last, lastInt int32
	lastIntV      int64
	small         []int32 // addInt's code+1 of each small integer seen (ids of workers, jobs)
	// noPlain keeps the column a dictionary whatever its values, for
	// columns whose rows are set again (set)
	noPlain bool
}

// smallInts bounds strCol.small: integers below it skip formatting and
// the map.
const smallInts = 1 << 12

// dictLimit is the number of distinct values past which a strCol stops
// interning, unless its values repeat (see strCol).
const dictLimit = 1 << 16

func (c *strCol) add(v string) {
	if c.plain != nil {
		c.plain.add(v)
		return
	}
	if c.last > 0 && c.dict[c.last-1] == v {
		push(&c.codes, c.last-1)
		push(&c.ok, true)
		return
	}
	if c.index == nil {
		c.index = map[string]int32{}
	}
	code, found := c.index[v]
	if !found {
		if len(c.dict) >= dictLimit && 4*len(c.dict) > len(c.codes) && !c.noPlain {
			c.toPlain()
			c.plain.add(v)
			return
		}
		code = int32(len(c.dict))
		v = strings.Clone(v)
		c.dict = append(c.dict, v)
		c.index[v] = code
	}
	c.last = code + 1
	push(&c.codes, code)
	push(&c.ok, true)
}

// set sets row i (added before) of a noPlain column to v, or to null
// when !ok.
func (c *strCol) set(i int, v string, ok bool) {
	if !ok {
		c.codes[i], c.ok[i] = 0, false
		return
	}
	code := c.last - 1
	if c.last == 0 || c.dict[code] != v {
		if c.index == nil {
			c.index = map[string]int32{}
		}
		var found bool
		if code, found = c.index[v]; !found {
			code = int32(len(c.dict))
			v = strings.Clone(v)
			c.dict = append(c.dict, v)
			c.index[v] = code
		}
		c.last = code + 1
	}
	c.codes[i], c.ok[i] = code, true
}

// compact renumbers the codes of a column whose rows were set again by
// first appearance and drops the values no row holds any more: the
// dictionary becomes the one adding the rows in their final values would
// have built. It is for building a frame; no rows are added after it.
func (c *strCol) compact() {
	if c.plain != nil {
		return
	}
	remap := make([]int32, len(c.dict)) // new code + 1
	var dict []string
	for i, code := range c.codes {
		if !c.ok[i] {
			continue
		}
		if remap[code] == 0 {
			dict = append(dict, c.dict[code])
			remap[code] = int32(len(dict))
		}
		c.codes[i] = remap[code] - 1
	}
	c.dict, c.index, c.last, c.lastInt, c.small = dict, nil, 0, 0, nil
}

// valid reports whether row i holds a value.
func (c *strCol) valid(i int) bool {
	if c.plain != nil {
		return c.plain.ok[i]
	}
	return c.ok[i]
}

// pushCode appends the value whose code (in a column not gone plain) an
// earlier add left in c.last−1: the same value, without hashing it again.
func (c *strCol) pushCode(code int32) {
	push(&c.codes, code)
	push(&c.ok, true)
	c.last = code + 1
}

func (c *strCol) null() {
	if c.plain != nil {
		c.plain.null()
		return
	}
	push(&c.codes, 0)
	push(&c.ok, false)
}

func (c *strCol) opt(v string, ok bool) {
	if ok {
		c.add(v)
	} else {
		c.null()
	}
}

// reserve makes room for n more rows.
func (c *strCol) reserve(n int) {
	if c.plain != nil {
		c.plain.reserve(n, 0)
		return
	}
	c.codes = slices.Grow(c.codes, n)
	c.ok = slices.Grow(c.ok, n)
}

// toPlain rewrites the rows so far as plain text and drops the dictionary.
func (c *strCol) toPlain() {
	c.plain = &textCol{}
	for i, code := range c.codes {
		if c.ok[i] {
			c.plain.add(c.dict[code])
		} else {
			c.plain.null()
		}
	}
	c.codes, c.ok, c.dict, c.index = nil, nil, nil, nil
	c.last, c.lastInt, c.small = 0, 0, nil
}

func (c *strCol) col(name string) frame.Column {
	if c.plain != nil {
		if c.plain.cut > 0 {
			panic(fmt.Sprintf("loaders: column %s holds over 2 GiB of text", name)) // not a raw-text column: no row is that long
		}
		return c.plain.col(name)
	}
	n := len(c.codes)
	if len(c.dict)*2 <= n {
		return frame.DictStringCol(name, c.codes, c.ok, c.dict)
	}
	size := 0
	for i, code := range c.codes {
		if c.ok[i] {
			size += len(c.dict[code])
		}
	}
	data := make([]byte, 0, size)
	offsets := make([]int32, n+1)
	for i, code := range c.codes {
		if c.ok[i] {
			data = append(data, c.dict[code]...)
		}
		offsets[i+1] = int32(len(data))
	}
	return frame.BytesStringCol(name, data, offsets, c.ok)
}

// textCol holds high-cardinality text (raw records, arguments) in one
// byte buffer, with no per-row allocation. Arrow string offsets are 32-bit,
// so one column holds at most 2 GiB of text: rows past that limit get a
// null value and are counted in cut (the caller warns, naming the first
// such row).
type textCol struct {
	data     []byte
	offsets  []int32
	ok       []bool
	limit    int // bytes; 0 means math.MaxInt32
	cut      int // rows whose text was not kept
	firstCut int // index of the first of them
}

// reserve makes room for n more rows holding about size bytes of text.
func (c *textCol) reserve(n, size int) {
	if c.offsets == nil {
		c.offsets = append(make([]int32, 0, n+1), 0)
	}
	c.offsets = slices.Grow(c.offsets, n)
	c.ok = slices.Grow(c.ok, n)
	c.data = slices.Grow(c.data, size)
}

func (c *textCol) addBytes(b []byte) {
	if c.offsets == nil {
		c.offsets = []int32{0}
	}
	limit := c.limit
	if limit == 0 {
		limit = math.MaxInt32
	}
	if c.cut > 0 || len(c.data)+len(b) > limit {
		if c.cut == 0 {
			c.firstCut = len(c.ok)
		}
		c.cut++
		c.offsets = append(c.offsets, int32(len(c.data)))
		c.ok = append(c.ok, false)
		return
	}
	pushAll(&c.data, b)
	push(&c.offsets, int32(len(c.data)))
	push(&c.ok, true)
}

func (c *textCol) null() {
	if c.offsets == nil {
		c.offsets = []int32{0}
	}
	push(&c.offsets, int32(len(c.data)))
	push(&c.ok, false)
}

func (c *textCol) add(s string) {
	c.addBytes(unsafe.Slice(unsafe.StringData(s), len(s)))
}

func (c *textCol) col(name string) frame.Column {
	if c.offsets == nil {
		c.offsets = []int32{0}
	}
	return frame.BytesStringCol(name, c.data, c.offsets, c.ok)
}

// textCut warns when c reached the 2 GiB limit of one Arrow string
// column; line is the log line of c's first cut row (0 if unknown).
func textCut(p *source.Problems, frameName, col string, c *textCol, line int) {
	if c.cut == 0 {
		return
	}
	p.Note(line, frameName+"."+col, "", fmt.Sprintf(
		"%d rows from here on have a null %s: the column reached Arrow's 2 GiB string limit (every record is still parsed into the other frames; load without the %s frame to save the memory)",
		c.cut, col, frameName))
}

type boolCol struct {
	v  []bool
	ok []bool
}

func (c *boolCol) add(v bool)                   { push(&c.v, v); push(&c.ok, true) }
func (c *boolCol) null()                        { push(&c.v, false); push(&c.ok, false) }
func (c *boolCol) opt(v, ok bool)               { push(&c.v, v); push(&c.ok, ok) }
func (c *boolCol) col(name string) frame.Column { return frame.BoolCol(name, c.v, c.ok) }

// reserve makes room for n more rows.
func (c *boolCol) reserve(n int) {
	c.v = slices.Grow(c.v, n)
	c.ok = slices.Grow(c.ok, n)
}

// repeat returns a string column of n copies of s.
func repeat(name, s string, n int) frame.Column {
	return frame.DictStringCol(name, make([]int32, n), nil, []string{s})
}

// gather returns the column whose row i is c's row rows[i], or null where
// rows[i] < 0. A dictionary column shares c's dictionary; text gathered
// onto at least twice as many rows becomes a dictionary over c's rows
// (the per-job text of events: one copy per job, not per event). The
// result is for building a frame, not for further adds.
func (c *strCol) gather(rows []int32) strCol {
	if c.plain != nil && len(rows) < 2*len(c.plain.ok) {
		t := c.plain.gather(rows)
		return strCol{plain: &t}
	}
	dict := c.dict
	if c.plain != nil {
		src := c.plain
		dict = make([]string, len(src.ok))
		for r := range dict {
			dict[r] = bstr(src.data[src.offsets[r]:src.offsets[r+1]])
		}
	}
	out := strCol{codes: make([]int32, len(rows)), ok: make([]bool, len(rows)), dict: dict}
	for i, r := range rows {
		switch {
		case r < 0:
		case c.plain != nil:
			if c.plain.ok[r] {
				out.codes[i], out.ok[i] = r, true
			}
		case c.ok[r]:
			out.codes[i], out.ok[i] = c.codes[r], true
		}
	}
	return out
}

// gather is strCol.gather for text columns.
func (c *textCol) gather(rows []int32) textCol {
	size := 0
	for _, r := range rows {
		if r >= 0 && c.ok[r] {
			size += int(c.offsets[r+1] - c.offsets[r])
		}
	}
	out := textCol{data: make([]byte, 0, min(size, math.MaxInt32)), offsets: make([]int32, 1, len(rows)+1), ok: make([]bool, 0, len(rows))}
	for _, r := range rows {
		if r >= 0 && c.ok[r] {
			out.addBytes(c.data[c.offsets[r]:c.offsets[r+1]])
		} else {
			out.null()
		}
	}
	return out
}

// gatherValid returns the values and validity of rows rows of a column
// (v, ok): null where a row is negative, past the column or null.
func gatherValid[T any](v []T, ok []bool, rows []int32) ([]T, []bool) {
	outV, outOK := make([]T, len(rows)), make([]bool, len(rows))
	for i, r := range rows {
		if r >= 0 && int(r) < len(v) && ok[r] {
			outV[i], outOK[i] = v[r], true
		}
	}
	return outV, outOK
}

// gather is strCol.gather for float columns.
func (c *floatCol) gather(rows []int32) floatCol {
	v, ok := gatherValid(c.v, c.ok, rows)
	return floatCol{v: v, ok: ok}
}

// gather is strCol.gather for integer columns.
func (c *intCol) gather(rows []int32) intCol {
	v, ok := gatherValid(c.v, c.ok, rows)
	return intCol{v: v, ok: ok}
}

// value returns row i's text ("" when null).
func (c *strCol) value(i int) string {
	switch {
	case c.plain != nil:
		if !c.plain.ok[i] {
			return ""
		}
		return bstr(c.plain.data[c.plain.offsets[i]:c.plain.offsets[i+1]])
	case c.ok[i]:
		return c.dict[c.codes[i]]
	}
	return ""
}

// length returns the number of rows.
func (c *strCol) length() int {
	if c.plain != nil {
		return len(c.plain.ok)
	}
	return len(c.codes)
}

// addInt appends the decimal text of v.
func (c *strCol) addInt(v int64, scratch *[]byte) {
	if c.plain == nil {
		code := int32(0)
		switch {
		case c.lastInt > 0 && c.lastIntV == v:
			code = c.lastInt
		case v >= 0 && v < int64(len(c.small)):
			code = c.small[v]
		}
		if code > 0 {
			push(&c.codes, code-1)
			push(&c.ok, true)
			c.lastInt, c.lastIntV = code, v
			return
		}
	}
	*scratch = strconv.AppendInt((*scratch)[:0], v, 10)
	c.add(bstr(*scratch))
	if c.plain != nil {
		return
	}
	c.lastInt, c.lastIntV = c.last, v
	if v >= 0 && v < smallInts {
		if v >= int64(len(c.small)) {
			c.small = append(c.small, make([]int32, int(v)+1-len(c.small))...)
		}
		c.small[v] = c.last
	}
}

// setAt sets row i, padding with nulls up to it (rows may be filled out of
// order).
func (c *intCol) setAt(i int, v int64) {
	for len(c.v) <= i {
		c.null()
	}
	c.v[i], c.ok[i] = v, true
}

// setAt sets row i, padding with nulls up to it.
func (c *floatCol) setAt(i int, v float64) {
	for len(c.v) <= i {
		c.null()
	}
	c.v[i], c.ok[i] = v, true
}
