package columns

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/jobframe/jobframe/frame"
	"github.com/jobframe/jobframe/loaders/internal/bytesconv"
)

// Typed column accumulators: loaders append values (or nulls) row by row
// and hand them to frame columns without copying. A nil accumulator (a
// column a Set's Keep refused) takes rows and keeps nothing.

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

// Push appends v to *s, growing it by doubling. It takes the slice by
// pointer so that the usual append, with room, only stores the new
// length: the compiler then writes no pointer, and a column in a heap
// struct pays no GC write barrier per row while a collection runs (the
// one-core HyperQueue load spent 6% of its time in them).
func Push[T any](s *[]T, v T) {
	if len(*s) == cap(*s) {
		*s = grow(*s, 1)
	}
	*s = append(*s, v)
}

// PushAll appends vs to *s as push appends one value.
func PushAll[T any](s *[]T, vs []T) {
	if len(*s)+len(vs) > cap(*s) {
		*s = grow(*s, len(vs))
	}
	*s = append(*s, vs...)
}

// Int builds an int64 column with nulls.
type Int struct {
	V  []int64
	OK []bool
}

// Add appends v.
func (c *Int) Add(v int64) {
	if c != nil {
		Push(&c.V, v)
		Push(&c.OK, true)
	}
}

// Null appends a null.
func (c *Int) Null() {
	if c != nil {
		Push(&c.V, 0)
		Push(&c.OK, false)
	}
}

// Opt appends v, or a null when ok is false.
func (c *Int) Opt(v int64, ok bool) {
	if c != nil {
		Push(&c.V, v)
		Push(&c.OK, ok)
	}
}

// Reserve makes room for n more rows, when the row count is known ahead.
func (c *Int) Reserve(n int) {
	c.V = slices.Grow(c.V, n)
	c.OK = slices.Grow(c.OK, n)
}

// Col returns the column named name.
func (c *Int) Col(name string) frame.Column { return frame.Int64Col(name, c.V, c.OK) }

// Times returns the column named name as timestamps (µs UTC).
func (c *Int) Times(name string) frame.Column {
	return frame.MicrosCol(name, c.V, c.OK)
}

// DenseInt and denseFloat are columns without nulls (line numbers, start
// times, amounts every row has): no validity to push per row.
type DenseInt struct{ V []int64 }

// Add appends v.
func (c *DenseInt) Add(v int64) {
	if c != nil {
		Push(&c.V, v)
	}
}

// Reserve makes room for n more rows.
func (c *DenseInt) Reserve(n int) { c.V = slices.Grow(c.V, n) }

// Col returns the column named name.
func (c *DenseInt) Col(name string) frame.Column { return frame.Int64Col(name, c.V, nil) }

// Times returns the column named name as timestamps (µs UTC).
func (c *DenseInt) Times(name string) frame.Column { return frame.MicrosCol(name, c.V, nil) }

// DenseFloat builds a float64 column without nulls.
type DenseFloat struct{ v []float64 }

// Add appends v.
func (c *DenseFloat) Add(v float64) {
	if c != nil {
		Push(&c.v, v)
	}
}

// Reserve makes room for n more rows.
func (c *DenseFloat) Reserve(n int) { c.v = slices.Grow(c.v, n) }

// Col returns the column named name.
func (c *DenseFloat) Col(name string) frame.Column { return frame.Float64Col(name, c.v, nil) }

// Float builds a float64 column with nulls.
type Float struct {
	V  []float64
	OK []bool
}

// Add appends v.
func (c *Float) Add(v float64) {
	if c != nil {
		Push(&c.V, v)
		Push(&c.OK, true)
	}
}

// Null appends a null.
func (c *Float) Null() {
	if c != nil {
		Push(&c.V, 0)
		Push(&c.OK, false)
	}
}

// Opt appends v, or a null when ok is false.
func (c *Float) Opt(v float64, ok bool) {
	if c != nil {
		Push(&c.V, v)
		Push(&c.OK, ok)
	}
}

// Col returns the column named name.
func (c *Float) Col(name string) frame.Column { return frame.Float64Col(name, c.V, c.OK) }

// Reserve makes room for n more rows.
func (c *Float) Reserve(n int) {
	c.V = slices.Grow(c.V, n)
	c.OK = slices.Grow(c.OK, n)
}

// Reserver is a column builder that can make room for rows ahead.
type Reserver interface{ Reserve(n int) }

// Reserve makes room for n more rows in each of cols, when the row count
// is known: no column then grows (and copies itself) while rows are added.
func Reserve(n int, cols ...Reserver) {
	for _, c := range cols {
		c.Reserve(n)
	}
}

// Str interns its values as it goes: each distinct string is stored
// once (copied, so that it does not pin the line it was cut from) and rows
// hold codes, so low-cardinality columns (states, workers, hosts, tags)
// cost a map lookup per row and become dictionary columns. A column whose
// distinct values pass dictLimit while they are more than a quarter of
// its rows (job ids, per-job tags, paths) switches to plain text: no map,
// bytes appended per row. One whose values repeat (EPMT's 75k process
// tags over a million processes) stays a dictionary, which group-by and
// joins read by code.
type Str struct {
	codes []int32
	ok    []bool
	dict  []string
	index map[string]int32
	Plain *Text
	// The code of the last value added, and its integer for addInt: runs
	// of one value (a job's tasks, a state) skip the map.
	Last, lastInt int32
	lastIntV      int64
	small         []int32 // addInt's code+1 of each small integer seen (ids of workers, jobs)
	// noPlain keeps the column a dictionary whatever its values, for
	// columns whose rows are set again (set)
	NoPlain bool
	// limit bounds the bytes of text of the column's plain form (0:
	// math.MaxInt32, Arrow's limit for one string column); tests lower it
	limit int
}

// smallInts bounds Str.small: integers below it skip formatting and
// the map.
const smallInts = 1 << 12

// dictLimit is the number of distinct values past which a Str stops
// interning, unless its values repeat (see Str).
const dictLimit = 1 << 16

// Add appends v.
func (c *Str) Add(v string) {
	if c == nil {
		return
	}
	if c.Plain != nil {
		c.Plain.Add(v)
		return
	}
	if c.Last > 0 && c.dict[c.Last-1] == v {
		Push(&c.codes, c.Last-1)
		Push(&c.ok, true)
		return
	}
	if c.index == nil {
		c.index = map[string]int32{}
	}
	code, found := c.index[v]
	if !found {
		if len(c.dict) >= dictLimit && 4*len(c.dict) > len(c.codes) && !c.NoPlain {
			c.toPlain()
			c.Plain.Add(v)
			return
		}
		code = int32(len(c.dict))
		v = strings.Clone(v)
		c.dict = append(c.dict, v)
		c.index[v] = code
	}
	c.Last = code + 1
	Push(&c.codes, code)
	Push(&c.ok, true)
}

// AddCodes appends rows given as codes into dict (-1: a null), as Add
// would append dict[code] for each: each value of dict is looked up once
// per call, and the rows between two values not seen before are
// appended in bulk. remap is scratch the caller may pass from one call
// to the next; AddCodes returns it.
func (c *Str) AddCodes(dict []string, codes []int32, remap []int32) []int32 {
	remap = slices.Grow(remap[:0], len(dict))[:len(dict)]
	for i := range remap {
		remap[i] = -1
	}
	k := 0
	for c.Plain == nil && k < len(codes) {
		j := k
		for j < len(codes) && (codes[j] < 0 || remap[codes[j]] >= 0) {
			j++
		}
		c.pushCodes(codes[k:j], remap)
		if j == len(codes) {
			return remap
		}
		c.Add(dict[codes[j]]) // a new value: interned, or the column goes plain
		if c.Plain == nil {
			remap[codes[j]] = c.Last - 1
		}
		k = j + 1
	}
	for _, code := range codes[k:] {
		if code < 0 {
			c.Plain.null()
		} else {
			c.Plain.Add(dict[code])
		}
	}
	return remap
}

// pushCodes appends rows whose values remap gives the codes of.
func (c *Str) pushCodes(codes []int32, remap []int32) {
	if len(codes) == 0 {
		return
	}
	start := len(c.codes)
	c.codes = grow(c.codes, len(codes))[:start+len(codes)]
	c.ok = grow(c.ok, len(codes))[:start+len(codes)]
	out, ok := c.codes[start:], c.ok[start:]
	for i, code := range codes {
		if code < 0 {
			out[i], ok[i] = 0, false
		} else {
			out[i], ok[i] = remap[code], true
			c.Last = remap[code] + 1
		}
	}
}

// Set sets row i (added before) of a noPlain column to v, or to null
// when !ok.
func (c *Str) Set(i int, v string, ok bool) {
	if !ok {
		c.codes[i], c.ok[i] = 0, false
		return
	}
	code := c.Last - 1
	if c.Last == 0 || c.dict[code] != v {
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
		c.Last = code + 1
	}
	c.codes[i], c.ok[i] = code, true
}

// Compact renumbers the codes of a column whose rows were set again by
// first appearance and drops the values no row holds any more: the
// dictionary becomes the one adding the rows in their final values would
// have built. It is for building a frame; no rows are added after it.
func (c *Str) Compact() {
	if c.Plain != nil {
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
	c.dict, c.index, c.Last, c.lastInt, c.small = dict, nil, 0, 0, nil
}

// Valid reports whether row i holds a value.
func (c *Str) Valid(i int) bool {
	if c.Plain != nil {
		return c.Plain.ok[i]
	}
	return c.ok[i]
}

// PushCode appends the value whose code (in a column not gone plain) an
// earlier add left in c.last−1: the same value, without hashing it again.
func (c *Str) PushCode(code int32) {
	Push(&c.codes, code)
	Push(&c.ok, true)
	c.Last = code + 1
}

// Null appends a null.
func (c *Str) Null() {
	if c == nil {
		return
	}
	if c.Plain != nil {
		c.Plain.null()
		return
	}
	Push(&c.codes, 0)
	Push(&c.ok, false)
}

// Opt appends v, or a null when ok is false.
func (c *Str) Opt(v string, ok bool) {
	if ok {
		c.Add(v)
	} else {
		c.Null()
	}
}

// Reserve makes room for n more rows.
func (c *Str) Reserve(n int) {
	if c.Plain != nil {
		c.Plain.Reserve(n, 0)
		return
	}
	c.codes = slices.Grow(c.codes, n)
	c.ok = slices.Grow(c.ok, n)
}

// toPlain rewrites the rows so far as plain text and drops the dictionary.
func (c *Str) toPlain() {
	c.Plain = &Text{limit: c.limit}
	for i, code := range c.codes {
		if c.ok[i] {
			c.Plain.Add(c.dict[code])
		} else {
			c.Plain.null()
		}
	}
	c.codes, c.ok, c.dict, c.index = nil, nil, nil, nil
	c.Last, c.lastInt, c.small = 0, 0, nil
}

// Col returns the column: a dictionary while its values repeat, else
// plain text. Text past Arrow's 2 GiB limit for one string column makes
// a column that holds the error, naming the first row that did not fit
// (frame.New then returns a frame with that error).
func (c *Str) Col(name string) frame.Column {
	if c.Plain != nil {
		if c.Plain.Cut > 0 {
			return frame.ErrCol(name, fmt.Errorf("row %d: the column's text passes %d bytes, Arrow's limit for one string column", c.Plain.FirstCut, textLimit(c.limit)))
		}
		return c.Plain.Col(name)
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
	if size > textLimit(c.limit) { // too much text as plain: the dictionary holds it
		return frame.DictStringCol(name, c.codes, c.ok, c.dict)
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

// Bool builds a bool column with nulls.
type Bool struct {
	V  []bool
	OK []bool
}

// Add appends v.
func (c *Bool) Add(v bool) {
	if c != nil {
		Push(&c.V, v)
		Push(&c.OK, true)
	}
}

// Null appends a null.
func (c *Bool) Null() {
	if c != nil {
		Push(&c.V, false)
		Push(&c.OK, false)
	}
}

// Opt appends v, or a null when !ok.
func (c *Bool) Opt(v, ok bool) {
	if c != nil {
		Push(&c.V, v && ok)
		Push(&c.OK, ok)
	}
}

// Col returns the column named name.
func (c *Bool) Col(name string) frame.Column { return frame.BoolCol(name, c.V, c.OK) }

// Reserve makes room for n more rows.
func (c *Bool) Reserve(n int) {
	c.V = slices.Grow(c.V, n)
	c.OK = slices.Grow(c.OK, n)
}

// Repeat returns a string column of n copies of s.
func Repeat(name, s string, n int) frame.Column {
	return frame.DictStringCol(name, make([]int32, n), nil, []string{s})
}

// Value returns row i's text ("" when null).
func (c *Str) Value(i int) string {
	switch {
	case c.Plain != nil:
		if !c.Plain.ok[i] {
			return ""
		}
		return bytesconv.String(c.Plain.data[c.Plain.offsets[i]:c.Plain.offsets[i+1]])
	case c.ok[i]:
		return c.dict[c.codes[i]]
	}
	return ""
}

// Length returns the number of rows.
func (c *Str) Length() int {
	if c.Plain != nil {
		return len(c.Plain.ok)
	}
	return len(c.codes)
}

// AddInt appends the decimal text of v.
func (c *Str) AddInt(v int64, scratch *[]byte) {
	if c == nil {
		return
	}
	if c.Plain == nil {
		code := int32(0)
		switch {
		case c.lastInt > 0 && c.lastIntV == v:
			code = c.lastInt
		case v >= 0 && v < int64(len(c.small)):
			code = c.small[v]
		}
		if code > 0 {
			Push(&c.codes, code-1)
			Push(&c.ok, true)
			c.lastInt, c.lastIntV = code, v
			return
		}
	}
	*scratch = strconv.AppendInt((*scratch)[:0], v, 10)
	c.Add(bytesconv.String(*scratch))
	if c.Plain != nil {
		return
	}
	c.lastInt, c.lastIntV = c.Last, v
	if v >= 0 && v < smallInts {
		if v >= int64(len(c.small)) {
			c.small = append(c.small, make([]int32, int(v)+1-len(c.small))...)
		}
		c.small[v] = c.Last
	}
}

// SetAt sets row i, padding with nulls up to it (rows may be filled out of
// order).
func (c *Int) SetAt(i int, v int64) {
	for len(c.V) <= i {
		c.Null()
	}
	c.V[i], c.OK[i] = v, true
}

// SetAt sets row i, padding with nulls up to it.
func (c *Float) SetAt(i int, v float64) {
	for len(c.V) <= i {
		c.Null()
	}
	c.V[i], c.OK[i] = v, true
}
