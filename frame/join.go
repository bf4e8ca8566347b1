package frame

import (
	"encoding/binary"
	"fmt"
	"math"

	"github.com/apache/arrow/go/v17/arrow"
	"github.com/apache/arrow/go/v17/arrow/array"
)

// Join returns the join of f (left) and other (right) on equal values of
// the key columns, which both frames must have with the same types.
//
// how is "inner" (matching rows only), "left" (every left row, with nulls
// where no right row matches) or "outer" (every row of both). The result
// has the key columns, then the other left columns, then the other right
// columns; a right column whose name is taken gets the suffix "_right".
// Rows come in left order, each followed by its matches in right order;
// an outer join then appends the unmatched right rows in right order.
// Null keys match nothing (as in SQL).
func (f *Frame) Join(other *Frame, how string, on ...string) *Frame {
	if f.err != nil {
		return f
	}
	if other.err != nil {
		return other
	}
	if how != "inner" && how != "left" && how != "outer" {
		return Errorf("Join: unknown join type %q (want inner, left or outer)", how)
	}
	if len(on) == 0 {
		return Errorf("Join: no key columns")
	}
	lk := make([]arrow.Array, len(on))
	rk := make([]arrow.Array, len(on))
	for k, name := range on {
		i, err := f.colIndex(name)
		if err != nil {
			return WithErr(fmt.Errorf("Join: left: %w", err))
		}
		j, err := other.colIndex(name)
		if err != nil {
			return WithErr(fmt.Errorf("Join: right: %w", err))
		}
		lk[k], rk[k] = f.cols[i], other.cols[j]
		if lt, rt := typeOf(lk[k].DataType()), typeOf(rk[k].DataType()); lt != rt {
			return Errorf("Join: key %q is %s on the left and %s on the right", name, lt, rt)
		}
	}
	lid, rid, n := keyIDs(lk, rk, f.nrows, other.nrows)
	li, ri := matchRows(lid, rid, n, how)
	isKey := make(map[string]bool, len(on))
	for _, k := range on {
		isKey[k] = true
	}
	var names []string
	var cols []arrow.Array
	for k, name := range on {
		col := take(lk[k], li)
		if how == "outer" {
			col = coalesce(col, take(rk[k], ri))
		}
		names = append(names, name)
		cols = append(cols, col)
	}
	taken := make(map[string]bool)
	for _, n := range on {
		taken[n] = true
	}
	for i, n := range f.names {
		if !isKey[n] {
			names = append(names, n)
			cols = append(cols, take(f.cols[i], li))
			taken[n] = true
		}
	}
	for j, n := range other.names {
		if isKey[n] {
			continue
		}
		out := n
		for taken[out] {
			out += "_right"
		}
		taken[out] = true
		names = append(names, out)
		cols = append(cols, take(other.cols[j], ri))
	}
	return withCols(names, cols, len(li))
}

// matchRows pairs the rows of a join: li[k] of the left with ri[k] of
// the right (-1: none), in left order, each left row followed by its
// matches in right order; an outer join then appends the unmatched
// right rows. lid and rid give each row's key as an id below n, equal
// ids for equal keys (-1: a null key, which matches nothing).
func matchRows(lid, rid []int32, n int, how string) (li, ri []int) {
	// the right rows of each key, chained in right order: head[id] is
	// the first (-1: none), next[j] the one after row j
	head := make([]int32, n)
	for k := range head {
		head[k] = -1
	}
	next := make([]int32, len(rid))
	for j := len(rid) - 1; j >= 0; j-- {
		if k := rid[j]; k >= 0 {
			next[j] = head[k]
			head[k] = int32(j)
		}
	}
	matched := make([]bool, len(rid))
	for i, k := range lid {
		j := int32(-1)
		if k >= 0 {
			j = head[k]
		}
		if j < 0 && how != "inner" {
			li = append(li, i)
			ri = append(ri, -1)
		}
		for ; j >= 0; j = next[j] {
			li = append(li, i)
			ri = append(ri, int(j))
			matched[j] = true
		}
	}
	if how == "outer" {
		for j, m := range matched {
			if !m {
				li = append(li, -1)
				ri = append(ri, j)
			}
		}
	}
	return li, ri
}

// keyIDs numbers the join keys of the left rows (lid) and the right ones
// (rid) for matchRows: -1 for a null key, and ids below n that are equal
// exactly when the keys are. A key in a dictionary both sides share is
// numbered by its value's rank, with no hashing; any other key is hashed
// (joinKeyFunc, interned in order of the right rows), and a left key no
// right row has gets -1.
func keyIDs(lk, rk []arrow.Array, nLeft, nRight int) (lid, rid []int32, n int) {
	if len(lk) == 1 {
		l, lok := lk[0].(*array.Dictionary)
		r, rok := rk[0].(*array.Dictionary)
		if lok && rok && sameDictionary(l, r) {
			return sharedDictIDs(l, r)
		}
	}
	keyOf := joinKeyFunc(lk, rk)
	ids := interner{index: make(map[string]int32, nRight)}
	rid = make([]int32, nRight)
	for j := range rid {
		rid[j] = -1
		if k, ok := keyOf(true, j); ok {
			rid[j] = ids.code(k)
		}
	}
	lid = make([]int32, nLeft)
	for i := range lid {
		lid[i] = -1
		if k, ok := keyOf(false, i); ok {
			if id, seen := ids.index[k]; seen {
				lid[i] = id
			}
		}
	}
	return lid, rid, len(ids.vals)
}

// sharedDictIDs numbers the rows of two dictionary arrays over one
// dictionary by the ranks of their values (dictRanks), nulls -1.
func sharedDictIDs(l, r *array.Dictionary) (lid, rid []int32, n int) {
	lc, dict := dictParts(l)
	rc, _ := dictParts(r)
	used := make([]bool, dict.Len())
	for _, side := range []struct {
		a     *array.Dictionary
		codes []int32
	}{{l, lc}, {r, rc}} {
		for i, c := range side.codes {
			if side.a.IsValid(i) {
				used[c] = true
			}
		}
	}
	rank, n := dictRanks(dict, used)
	ids := func(a *array.Dictionary, codes []int32) []int32 {
		out := make([]int32, len(codes))
		for i, c := range codes {
			out[i] = -1
			if a.IsValid(i) {
				out[i] = rank[c]
			}
		}
		return out
	}
	return ids(l, lc), ids(r, rc), n
}

// joinKeyFunc returns the map key of a row of the right key columns rk
// (right true) or the left ones lk; ok is false when a key is null. One
// string key is its text itself, read in place; other keys are encoded
// (encodeKey) into a buffer the function reuses, and copied.
func joinKeyFunc(lk, rk []arrow.Array) func(right bool, i int) (string, bool) {
	if len(lk) == 1 && typeOf(lk[0].DataType()) == String {
		return func(right bool, i int) (string, bool) {
			a := lk[0]
			if right {
				a = rk[0]
			}
			if a.IsNull(i) {
				return "", false
			}
			return strAt(a, i), true
		}
	}
	var buf []byte
	return func(right bool, i int) (string, bool) {
		cols := lk
		if right {
			cols = rk
		}
		var ok bool
		buf, ok = encodeKey(buf[:0], cols, i)
		return string(buf), ok
	}
}

// encodeKey appends a byte encoding of row i of the key columns to buf;
// ok is false when any key is null.
func encodeKey(buf []byte, cols []arrow.Array, i int) ([]byte, bool) {
	for _, a := range cols {
		if a.IsNull(i) {
			return buf, false
		}
		switch typeOf(a.DataType()) {
		case Int64, Time:
			buf = binary.LittleEndian.AppendUint64(buf, uint64(int64Values(a)[i]))
		case Float64:
			v := float64Values(a)[i]
			if v == 0 {
				v = 0
			}
			buf = binary.LittleEndian.AppendUint64(buf, math.Float64bits(v))
		case Bool:
			if a.(*array.Boolean).Value(i) {
				buf = append(buf, 1)
			} else {
				buf = append(buf, 0)
			}
		case String:
			s := strAt(a, i)
			buf = binary.AppendUvarint(buf, uint64(len(s)))
			buf = append(buf, s...)
		}
	}
	return buf, true
}

// coalesce returns a where it is valid, else b (same type).
func coalesce(a, b arrow.Array) arrow.Array {
	idx := make([]int, a.Len())
	both := Concat(withCols([]string{"v"}, []arrow.Array{a}, a.Len()), withCols([]string{"v"}, []arrow.Array{b}, b.Len()))
	for i := range idx {
		if a.IsValid(i) {
			idx[i] = i
		} else {
			idx[i] = a.Len() + i
		}
	}
	return take(both.cols[0], idx)
}
