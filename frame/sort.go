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
	cols := make([]arrow.Array, len(keys))
	descs := make([]bool, len(keys))
	for k, name := range keys {
		descs[k] = strings.HasPrefix(name, "-")
		i, err := f.colIndex(strings.TrimPrefix(name, "-"))
		if err != nil {
			return nil, err
		}
		cols[k] = f.cols[i]
	}
	// Fast path: a first key of int64/timestamp without nulls is sorted
	// as (key, position) pairs; later keys only order the runs of rows
	// it ties, a dictionary's values compared as text unless those rows
	// outnumber them (ranking all 755,000 EPMT tags to order a top-N by
	// value then name was most of its time).
	if id := cols[0].DataType().ID(); (id == arrow.INT64 || id == arrow.TIMESTAMP) && cols[0].NullN() == 0 {
		vals := int64Values(cols[0])
		idx := sortInt64Index(vals, descs[0])
		if len(keys) == 1 {
			return idx, nil
		}
		runs, tied := tieRuns(idx, vals)
		rest := make([]sortKey, len(keys)-1)
		for k := range rest {
			// ranking a dictionary pays when the rows compared
			// outnumber its values
			d, ok := cols[k+1].(*array.Dictionary)
			rest[k] = makeSortKey(cols[k+1], descs[k+1], ok && tied >= d.Dictionary().Len())
		}
		for _, r := range runs { // each run of ties, stably by the later keys
			slices.SortStableFunc(idx[r[0]:r[1]], func(a, b int) int { return compareKeys(rest, a, b) })
		}
		return idx, nil
	}
	if ranked, ok := rankedKeys(cols, descs); ok && f.nrows <= math.MaxInt32 {
		return sortRanked(ranked, f.nrows), nil
	}
	sks := make([]sortKey, len(keys))
	for k := range keys {
		sks[k] = makeSortKey(cols[k], descs[k], true)
	}
	idx := make([]int, f.nrows)
	for i := range idx {
		idx[i] = i
	}
	slices.SortStableFunc(idx, func(i, j int) int { return compareKeys(sks, i, j) })
	return idx, nil
}

// sortInt64Index returns the positions of vals in ascending order
// (descending when desc), ties in position order. Sorting (key,
// position) pairs with an unstable sort that breaks ties by position is
// stable and much faster than a comparator sort.
func sortInt64Index(vals []int64, desc bool) []int {
	type pair struct {
		k int64
		i int32
	}
	ps := make([]pair, len(vals))
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
	idx := make([]int, len(vals))
	for k, p := range ps {
		idx[k] = int(p.i)
	}
	return idx
}

// tieRuns returns the runs [from, to) of idx (sorted by vals) whose
// rows share their value, and the number of rows in them.
func tieRuns(idx []int, vals []int64) (runs [][2]int, tied int) {
	for i := 0; i < len(idx); {
		j := i + 1
		for j < len(idx) && vals[idx[j]] == vals[idx[i]] {
			j++
		}
		if j-i > 1 {
			runs = append(runs, [2]int{i, j})
			tied += j - i
		}
		i = j
	}
	return runs, tied
}

// compareKeys compares rows i and j by keys, the first most significant.
func compareKeys(keys []sortKey, i, j int) int {
	for _, sk := range keys {
		if c := sk.cmp(i, j); c != 0 {
			return c
		}
	}
	return 0
}

// makeSortKey returns a comparison of rows of a with nulls last. A
// dictionary's values are ranked first when rank is set (a key compared
// many times), else compared as text.
func makeSortKey(a arrow.Array, desc, rank bool) sortKey {
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
		if d, ok := a.(*array.Dictionary); ok && rank {
			codes, dict := dictParts(d)
			ranks, _ := dictRanks(dict, nil)
			base = func(i, j int) int { return cmp.Compare(ranks[codes[i]], ranks[codes[j]]) }
		} else if ok {
			codes, dict := dictParts(d)
			base = func(i, j int) int {
				if codes[i] == codes[j] {
					return 0
				}
				return strings.Compare(dict.Value(int(codes[i])), dict.Value(int(codes[j])))
			}
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
