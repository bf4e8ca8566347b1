package frame

import (
	"fmt"
	"hash/maphash"
	"math"
	"math/bits"
	"slices"

	"github.com/apache/arrow/go/v17/arrow"
	"github.com/apache/arrow/go/v17/arrow/array"
)

// repeatedParts is the number of parts the rows' hashes are cut into by
// their top bits, each counted in a table of its own: a part of 10M rows
// is a table of 16 to 32 MB.
const repeatedParts = 16

// Repeated returns the rows whose values of the key columns (a null a
// value, as GroupBy has it) are those of another row too, in row order:
// of a task log, the rows of the tasks with more than one attempt. It
// hashes each row's keys (8 bytes a row) and finds the hashes met twice
// a part at a time, then groups the rows whose hash another row shares, which a
// collision only adds to: so the rows of the keys met once, most of a
// log, are never grouped. GroupBy of 10M tasks by job and task held
// 0.27 GB (heap profile of the report's concurrency section); Repeated
// holds their hashes (80 MB) and one part's table (16 to 32 MB).
func (f *Frame) Repeated(keys ...string) ([]int, error) {
	if f.err != nil {
		return nil, f.err
	}
	if len(keys) == 0 {
		return nil, fmt.Errorf("Repeated: no key column")
	}
	cols := make([]arrow.Array, len(keys))
	for k, name := range keys {
		i, err := f.colIndex(name)
		if err != nil {
			return nil, fmt.Errorf("Repeated: %w", err)
		}
		cols[k] = f.cols[i]
	}
	return f.repeatedAmong(keys, sharedHashes(rowHashes(cols, f.nrows)))
}

// repeatedAmong returns the rows of candidates (in row order, holding
// every row of the keys they hold) whose keys another row of them
// holds: the rows sharing a hash, grouped by their keys, less the groups
// of one, which are collisions.
func (f *Frame) repeatedAmong(keys []string, candidates []int) ([]int, error) {
	if len(candidates) == 0 {
		return nil, nil
	}
	g := f.Select(keys...).Take(candidates).GroupBy(keys...)
	if g.err != nil {
		return nil, fmt.Errorf("Repeated: %w", g.err)
	}
	size := make([]int32, g.NumGroups())
	for _, k := range g.GroupIDs() {
		size[k]++
	}
	out := candidates[:0]
	for i, k := range g.GroupIDs() {
		if size[k] > 1 {
			out = append(out, candidates[i])
		}
	}
	return out, nil
}

// sharedHashes returns the rows whose hash another row shares, in row
// order: the hashes are taken a part at a time (by their top bits) into
// an open-addressed table, where a hash met again marks its rows.
func sharedHashes(hashes []uint64) []int {
	var count [repeatedParts]int
	for _, h := range hashes {
		count[h>>60]++
	}
	type slot struct {
		h     uint64
		row   int32 // −1: empty
		twice bool
	}
	var table []slot
	var out []int
	for p := range uint64(repeatedParts) {
		size := 1 << bits.Len(uint(count[p]+count[p]/2)) // at most two thirds full
		if cap(table) < size {
			table = make([]slot, size)
		}
		table = table[:size]
		for k := range table {
			table[k] = slot{row: -1}
		}
		mask := uint64(size - 1)
		for i, h := range hashes {
			if h>>60 != p {
				continue
			}
			k := h & mask
			for table[k].row >= 0 && table[k].h != h {
				k = (k + 1) & mask
			}
			switch s := &table[k]; {
			case s.row < 0:
				s.h, s.row = h, int32(i)
			case !s.twice:
				s.twice = true
				out = append(out, int(s.row), i)
			default:
				out = append(out, i)
			}
		}
	}
	slices.Sort(out)
	return out
}

// rowHashes returns a hash of each row's values of cols: rows that
// GroupBy puts in one group hash alike (a NaN is any NaN, −0 is 0, a
// null is null whatever the type).
func rowHashes(cols []arrow.Array, n int) []uint64 {
	seed := maphash.MakeSeed()
	out := make([]uint64, n)
	for k, a := range cols {
		mix := func(i int, v uint64) { out[i] = (out[i]^v)*0x9E3779B97F4A7C15 + uint64(k) }
		null := maphash.String(seed, "\x00null")
		switch c := a.(type) {
		case *array.Dictionary:
			dict := c.Dictionary().(*array.String)
			entry := make([]uint64, dict.Len())
			for e := range entry {
				entry[e] = maphash.String(seed, dict.Value(e))
			}
			for i := range n {
				if c.IsNull(i) {
					mix(i, null)
				} else {
					mix(i, entry[c.GetValueIndex(i)])
				}
			}
		case *array.String:
			for i := range n {
				if c.IsNull(i) {
					mix(i, null)
				} else {
					mix(i, maphash.String(seed, c.Value(i)))
				}
			}
		case *array.Float64:
			for i, v := range c.Float64Values() {
				switch {
				case c.IsNull(i):
					mix(i, null)
				case math.IsNaN(v):
					mix(i, spread(math.Float64bits(math.NaN())))
				case v == 0:
					mix(i, spread(0))
				default:
					mix(i, spread(math.Float64bits(v)))
				}
			}
		case *array.Boolean:
			for i := range n {
				switch {
				case c.IsNull(i):
					mix(i, null)
				case c.Value(i):
					mix(i, spread(1))
				default:
					mix(i, spread(2))
				}
			}
		default: // int64 and timestamps
			v := int64Values(a)
			for i := range n {
				if a.IsNull(i) {
					mix(i, null)
				} else {
					mix(i, spread(uint64(v[i])))
				}
			}
		}
	}
	for i, h := range out { // the top bits pick a part: spread them
		out[i] = spread(h)
	}
	return out
}

// spread mixes the bits of x (splitmix64's finalizer), so that keys that
// differ in a few bits differ in most.
func spread(x uint64) uint64 {
	x ^= x >> 30
	x *= 0xBF58476D1CE4E5B9
	x ^= x >> 27
	x *= 0x94D049BB133111EB
	return x ^ x>>31
}

// Varies reports whether column name holds two values that GroupBy
// would put in different groups (a null is a value of its own): false
// for a frame of one row or none. A dictionary of one value without
// nulls (a loader's run and source columns) answers from its form
// alone; else the rows are compared with the first, without grouping
// them (GroupBy of a 10M-row frame's run column held 76 MB to count
// one group).
func (f *Frame) Varies(name string) (bool, error) {
	if f.err != nil {
		return false, f.err
	}
	i, err := f.colIndex(name)
	if err != nil {
		return false, fmt.Errorf("Varies: %w", err)
	}
	a := f.cols[i]
	if a.Len() < 2 {
		return false, nil
	}
	if a.NullN() > 0 {
		return a.NullN() < a.Len(), nil
	}
	switch c := a.(type) {
	case *array.Dictionary:
		dict := c.Dictionary().(*array.String)
		if dict.Len() == 1 {
			return false, nil
		}
		first := dict.Value(c.GetValueIndex(0))
		for r := 1; r < c.Len(); r++ {
			if dict.Value(c.GetValueIndex(r)) != first {
				return true, nil
			}
		}
	case *array.String:
		for r := 1; r < c.Len(); r++ {
			if c.Value(r) != c.Value(0) {
				return true, nil
			}
		}
	case *array.Float64:
		v := c.Float64Values()
		for _, x := range v[1:] {
			if x != v[0] && !(math.IsNaN(x) && math.IsNaN(v[0])) {
				return true, nil
			}
		}
	case *array.Boolean:
		for r := 1; r < c.Len(); r++ {
			if c.Value(r) != c.Value(0) {
				return true, nil
			}
		}
	default: // int64 and timestamps
		v := int64Values(a)
		for _, x := range v[1:] {
			if x != v[0] {
				return true, nil
			}
		}
	}
	return false, nil
}
