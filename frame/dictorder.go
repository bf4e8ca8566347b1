package frame

import (
	"slices"

	"github.com/apache/arrow/go/v17/arrow"
	"github.com/apache/arrow/go/v17/arrow/array"
)

// dictAscending reports whether the values of dictionary d are strictly
// ascending in byte order, with no null: each code is then its value's
// rank, and no two codes share a value. DictStringCol stores its large
// dictionaries so; one pass of adjacent comparisons tells.
func dictAscending(d *array.String) bool {
	if d.NullN() > 0 {
		return false
	}
	for i := 1; i < d.Len(); i++ {
		if d.Value(i-1) >= d.Value(i) {
			return false
		}
	}
	return true
}

// sameDictionary reports whether dictionary arrays a and b hold their
// values in the very same dictionary (the same memory, as the arrays
// taken, sliced or grouped from one column do), so that equal codes are
// equal values.
func sameDictionary(a, b *array.Dictionary) bool {
	da, db := a.Dictionary().Data(), b.Dictionary().Data()
	if da == db {
		return true
	}
	if da.Len() != db.Len() || da.Offset() != db.Offset() || !arrow.TypeEqual(da.DataType(), db.DataType()) {
		return false
	}
	ba, bb := da.Buffers(), db.Buffers()
	if len(ba) != len(bb) {
		return false
	}
	for i := range ba {
		if ba[i] != bb[i] && (ba[i] == nil || bb[i] == nil || ba[i].Len() != bb[i].Len() ||
			ba[i].Len() > 0 && &ba[i].Bytes()[0] != &bb[i].Bytes()[0]) {
			return false
		}
	}
	return true
}

// dictRanks returns the rank of each used value of dictionary d
// (used[code]; nil: every code) in ascending byte order, by code, and
// how many distinct values are used: codes of equal values share a rank,
// and unused codes get -1. An ascending dictionary (dictAscending) is
// ranked in one pass; any other sorts its used values (sortByText).
func dictRanks(d *array.String, used []bool) ([]int32, int) {
	ids := make([]int32, d.Len())
	if used == nil {
		used = make([]bool, d.Len())
		for c := range used {
			used[c] = true
		}
	}
	if dictAscending(d) {
		r := int32(0)
		for c, u := range used {
			ids[c] = -1
			if u {
				ids[c] = r
				r++
			}
		}
		return ids, int(r)
	}
	order := make([]int32, 0, d.Len())
	for c, u := range used {
		ids[c] = -1
		if u {
			order = append(order, int32(c))
		}
	}
	sortByText(order, func(c int32) string { return d.Value(int(c)) })
	r := int32(-1)
	for k, c := range order {
		if k == 0 || d.Value(int(c)) != d.Value(int(order[k-1])) {
			r++
		}
		ids[c] = r
	}
	return ids, int(r + 1)
}

// sortDictMin is the size from which DictStringCol sorts a dictionary:
// ranking a smaller one when grouping or sorting costs little.
const sortDictMin = 1 << 12

// ascendingDict returns a dictionary of unique values in ascending byte
// order and the rows' codes into it: dict and codes as they are when
// dict is smaller than sortDictMin or already ascending, else a sorted
// copy of dict and the codes renumbered into a new slice (codes of null
// rows are kept as they are). Sorting once as a column is built spares
// every later group-by, join or sort on it from ranking the values again
// (dictRanks): EPMT's 755,000 tags took 0.17 s to rank each time.
func ascendingDict(codes []int32, valid []bool, dict []string) ([]int32, []string) {
	if len(dict) < sortDictMin || slices.IsSorted(dict) {
		return codes, dict
	}
	order := make([]int32, len(dict))
	for i := range order {
		order[i] = int32(i)
	}
	sortByText(order, func(c int32) string { return dict[c] })
	sorted := make([]string, len(dict))
	renumber := make([]int32, len(dict))
	for r, c := range order {
		sorted[r] = dict[c]
		renumber[c] = int32(r)
	}
	out := make([]int32, len(codes))
	for i, c := range codes {
		if valid == nil || valid[i] {
			out[i] = renumber[c]
		} else {
			out[i] = c
		}
	}
	return out, sorted
}
