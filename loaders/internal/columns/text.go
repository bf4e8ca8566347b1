package columns

import (
	"fmt"
	"math"
	"slices"
	"unsafe"

	"github.com/jobframe/jobframe/frame"
	"github.com/jobframe/jobframe/loaders/source"
)

// Text holds high-cardinality text (raw records, arguments) in one
// byte buffer, with no per-row allocation. Arrow string offsets are 32-bit,
// so one column holds at most 2 GiB of text: rows past that limit get a
// null value and are counted in cut (the caller warns, naming the first
// such row).
type Text struct {
	data     []byte
	offsets  []int32
	ok       []bool
	limit    int // bytes; 0 means math.MaxInt32
	Cut      int // rows whose text was not kept
	FirstCut int // index of the first of them
}

// Reserve makes room for n more rows holding about size bytes of text.
func (c *Text) Reserve(n, size int) {
	if c.offsets == nil {
		c.offsets = append(make([]int32, 0, n+1), 0)
	}
	c.offsets = slices.Grow(c.offsets, n)
	c.ok = slices.Grow(c.ok, n)
	c.data = slices.Grow(c.data, size)
}

// Size returns the rows and the bytes of text the column holds.
func (c *Text) Size() (rows, bytes int) { return len(c.ok), len(c.data) }

// AddBytes appends a copy of b (a null past the 2 GiB limit, counted in
// Cut).
func (c *Text) AddBytes(b []byte) {
	if c == nil {
		return
	}
	if c.offsets == nil {
		c.offsets = []int32{0}
	}
	if c.Cut > 0 || len(c.data)+len(b) > textLimit(c.limit) {
		if c.Cut == 0 {
			c.FirstCut = len(c.ok)
		}
		c.Cut++
		c.offsets = append(c.offsets, int32(len(c.data)))
		c.ok = append(c.ok, false)
		return
	}
	PushAll(&c.data, b)
	Push(&c.offsets, int32(len(c.data)))
	Push(&c.ok, true)
}

func (c *Text) null() {
	if c.offsets == nil {
		c.offsets = []int32{0}
	}
	Push(&c.offsets, int32(len(c.data)))
	Push(&c.ok, false)
}

// Add appends s (see AddBytes).
func (c *Text) Add(s string) {
	c.AddBytes(unsafe.Slice(unsafe.StringData(s), len(s)))
}

// Col returns the column named name.
func (c *Text) Col(name string) frame.Column {
	if c.offsets == nil {
		c.offsets = []int32{0}
	}
	return frame.BytesStringCol(name, c.data, c.offsets, c.ok)
}

// TextCut warns when c reached the 2 GiB limit of one Arrow string
// column; line is the log line of c's first cut row (0 if unknown).
func TextCut(p *source.Problems, frameName, col string, c *Text, line int) {
	if c.Cut == 0 {
		return
	}
	p.Note(line, frameName+"."+col, "", fmt.Sprintf(
		"%d rows from here on have a null %s: the column reached Arrow's 2 GiB string limit (every record is still parsed into the other frames; load without the %s frame to save the memory)",
		c.Cut, col, frameName))
}

// textLimit returns the bytes of text one string column may hold: limit,
// or Arrow's limit when limit is 0.
func textLimit(limit int) int {
	if limit == 0 {
		return math.MaxInt32
	}
	return limit
}
