package columns

import (
	"math"

	"github.com/jobframe/jobframe/loaders/internal/bytesconv"
)

// Gather returns the column whose row i is c's row rows[i], or null where
// rows[i] < 0. A dictionary column shares c's dictionary; text gathered
// onto at least twice as many rows becomes a dictionary over c's rows
// (the per-job text of events: one copy per job, not per event). The
// result is for building a frame, not for further adds.
func (c *Str) Gather(rows []int32) Str {
	if c.Plain != nil && len(rows) < 2*len(c.Plain.ok) {
		t := c.Plain.gather(rows)
		return Str{Plain: &t}
	}
	dict := c.dict
	if c.Plain != nil {
		src := c.Plain
		dict = make([]string, len(src.ok))
		for r := range dict {
			dict[r] = bytesconv.String(src.data[src.offsets[r]:src.offsets[r+1]])
		}
	}
	out := Str{codes: make([]int32, len(rows)), ok: make([]bool, len(rows)), dict: dict}
	for i, r := range rows {
		switch {
		case r < 0:
		case c.Plain != nil:
			if c.Plain.ok[r] {
				out.codes[i], out.ok[i] = r, true
			}
		case c.ok[r]:
			out.codes[i], out.ok[i] = c.codes[r], true
		}
	}
	return out
}

// gather is Str.Gather for text columns.
func (c *Text) gather(rows []int32) Text {
	size := 0
	for _, r := range rows {
		if r >= 0 && c.ok[r] {
			size += int(c.offsets[r+1] - c.offsets[r])
		}
	}
	out := Text{data: make([]byte, 0, min(size, math.MaxInt32)), offsets: make([]int32, 1, len(rows)+1), ok: make([]bool, 0, len(rows))}
	for _, r := range rows {
		if r >= 0 && c.ok[r] {
			out.AddBytes(c.data[c.offsets[r]:c.offsets[r+1]])
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

// Gather is Str.Gather for float columns.
func (c *Float) Gather(rows []int32) Float {
	v, ok := gatherValid(c.V, c.OK, rows)
	return Float{V: v, OK: ok}
}

// Gather is Str.Gather for boolean columns.
func (c *Bool) Gather(rows []int32) Bool {
	v, ok := gatherValid(c.V, c.OK, rows)
	return Bool{V: v, OK: ok}
}

// Gather is Str.Gather for integer columns.
func (c *Int) Gather(rows []int32) Int {
	v, ok := gatherValid(c.V, c.OK, rows)
	return Int{V: v, OK: ok}
}
