package frame

import (
	"cmp"
	"fmt"
	"math"
	"slices"
	"strings"

	"github.com/apache/arrow/go/v17/arrow"
	"github.com/apache/arrow/go/v17/arrow/array"
)

// Sort returns the rows ordered by the named columns, the first column
// most significant. A name prefixed with "-" sorts that column in
// descending order. The sort is stable, and nulls come last in either
// direction (as pandas' na_position="last"). NaN sorts after every other
// float and before null.
func (f *Frame) Sort(keys ...string) *Frame {
	if f.err != nil {
		return f
	}
	if len(keys) == 0 {
		return Errorf("Sort: no columns given")
	}
	idx, err := f.sortIndex(keys)
	if err != nil {
		return WithErr(fmt.Errorf("Sort: %w", err))
	}
	return f.take(idx)
}

// SortIndex returns the row positions in the order Sort would put them.
func (f *Frame) SortIndex(keys ...string) ([]int, error) {
	if f.err != nil {
		return nil, f.err
	}
	return f.sortIndex(keys)
}

// sortKey is one column's comparison, already oriented for its direction
// with nulls last.
type sortKey struct {
	cmp func(i, j int) int
}

func (f *Frame) sortIndex(keys []string) ([]int, error) {
	sks := make([]sortKey, len(keys))
	for k, name := range keys {
		desc := strings.HasPrefix(name, "-")
		name = strings.TrimPrefix(name, "-")
		i, err := f.colIndex(name)
		if err != nil {
			return nil, err
		}
		sks[k] = makeSortKey(f.cols[i], desc)
	}
	n := f.nrows
	// Fast path: one int64/timestamp key without nulls. Sorting
	// (key, position) pairs with an unstable sort that breaks ties by
	// position is stable and much faster than a comparator sort.
	if len(keys) == 1 {
		name := strings.TrimPrefix(keys[0], "-")
		a := f.cols[f.index[name]]
		if id := a.DataType().ID(); (id == arrow.INT64 || id == arrow.TIMESTAMP) && a.NullN() == 0 {
			vals := int64Values(a)
			type pair struct {
				k int64
				i int32
			}
			ps := make([]pair, n)
			desc := strings.HasPrefix(keys[0], "-")
			for i, v := range vals {
				if desc {
					v = ^v // order-reversing and bijective
				}
				ps[i] = pair{v, int32(i)}
			}
			slices.SortFunc(ps, func(x, y pair) int {
				if c := cmp.Compare(x.k, y.k); c != 0 {
					return c
				}
				return cmp.Compare(x.i, y.i)
			})
			idx := make([]int, n)
			for k, p := range ps {
				idx[k] = int(p.i)
			}
			return idx, nil
		}
	}
	idx := make([]int, n)
	for i := range idx {
		idx[i] = i
	}
	slices.SortStableFunc(idx, func(i, j int) int {
		for _, sk := range sks {
			if c := sk.cmp(i, j); c != 0 {
				return c
			}
		}
		return 0
	})
	return idx, nil
}

// makeSortKey returns a comparison of rows of a with nulls last.
func makeSortKey(a arrow.Array, desc bool) sortKey {
	dir := 1
	if desc {
		dir = -1
	}
	hasNulls := a.NullN() > 0
	var base func(i, j int) int
	switch typeOf(a.DataType()) {
	case Int64, Time:
		v := int64Values(a)
		base = func(i, j int) int { return cmp.Compare(v[i], v[j]) }
	case Float64:
		v := float64Values(a)
		base = func(i, j int) int {
			x, y := v[i], v[j]
			xn, yn := math.IsNaN(x), math.IsNaN(y)
			switch {
			case xn && yn:
				return 0
			case xn:
				return 1 * dir // NaN last in both directions
			case yn:
				return -1 * dir
			}
			return cmp.Compare(x, y)
		}
	case Bool:
		b := a.(*array.Boolean)
		base = func(i, j int) int {
			x, y := b.Value(i), b.Value(j)
			switch {
			case x == y:
				return 0
			case !x:
				return -1
			}
			return 1
		}
	case String:
		if d, ok := a.(*array.Dictionary); ok {
			codes, dict := dictParts(d)
			rank := dictRanks(dict)
			base = func(i, j int) int { return cmp.Compare(rank[codes[i]], rank[codes[j]]) }
		} else {
			s := a.(*array.String)
			base = func(i, j int) int { return strings.Compare(s.Value(i), s.Value(j)) }
		}
	}
	return sortKey{cmp: func(i, j int) int {
		if hasNulls {
			ni, nj := a.IsNull(i), a.IsNull(j)
			switch {
			case ni && nj:
				return 0
			case ni:
				return 1
			case nj:
				return -1
			}
		}
		return dir * base(i, j)
	}}
}

// dictRanks returns, for each dictionary code, the rank of its value in
// sorted order (equal values get equal ranks).
func dictRanks(dict *array.String) []int32 {
	order := make([]int, dict.Len())
	for i := range order {
		order[i] = i
	}
	sortFunc(order, func(x, y int) int { return strings.Compare(dict.Value(x), dict.Value(y)) })
	rank := make([]int32, dict.Len())
	r := int32(0)
	for k, code := range order {
		if k > 0 && dict.Value(code) != dict.Value(order[k-1]) {
			r++
		}
		rank[code] = r
	}
	return rank
}
