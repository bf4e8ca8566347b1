package loaders

import "github.com/jobframe/jobframe/frame"

// Typed column accumulators: loaders append values (or nulls) row by row
// and turn them into frame columns without copying.

type intCol struct {
	v  []int64
	ok []bool
}

func (c *intCol) add(v int64) { c.v = append(c.v, v); c.ok = append(c.ok, true) }
func (c *intCol) null()       { c.v = append(c.v, 0); c.ok = append(c.ok, false) }
func (c *intCol) opt(v int64, ok bool) {
	c.v = append(c.v, v)
	c.ok = append(c.ok, ok)
}
func (c *intCol) col(name string) frame.Column { return frame.Int64Col(name, c.v, c.ok) }
func (c *intCol) times(name string) frame.Column {
	return frame.MicrosCol(name, c.v, c.ok)
}

type floatCol struct {
	v  []float64
	ok []bool
}

func (c *floatCol) add(v float64) { c.v = append(c.v, v); c.ok = append(c.ok, true) }
func (c *floatCol) null()         { c.v = append(c.v, 0); c.ok = append(c.ok, false) }
func (c *floatCol) opt(v float64, ok bool) {
	c.v = append(c.v, v)
	c.ok = append(c.ok, ok)
}
func (c *floatCol) col(name string) frame.Column { return frame.Float64Col(name, c.v, c.ok) }

type strCol struct {
	v  []string
	ok []bool
}

func (c *strCol) add(v string) { c.v = append(c.v, v); c.ok = append(c.ok, true) }
func (c *strCol) null()        { c.v = append(c.v, ""); c.ok = append(c.ok, false) }
func (c *strCol) opt(v string, ok bool) {
	c.v = append(c.v, v)
	c.ok = append(c.ok, ok)
}
func (c *strCol) col(name string) frame.Column { return frame.StringCol(name, c.v, c.ok) }

type boolCol struct {
	v  []bool
	ok []bool
}

func (c *boolCol) add(v bool)                   { c.v = append(c.v, v); c.ok = append(c.ok, true) }
func (c *boolCol) null()                        { c.v = append(c.v, false); c.ok = append(c.ok, false) }
func (c *boolCol) col(name string) frame.Column { return frame.BoolCol(name, c.v, c.ok) }

// repeat returns a string column of n copies of s.
func repeat(name, s string, n int) frame.Column {
	v := make([]string, n)
	for i := range v {
		v[i] = s
	}
	return frame.StringCol(name, v, nil)
}
