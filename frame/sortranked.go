package frame

import (
	"slices"

	"github.com/apache/arrow/go/v17/arrow"
	"github.com/apache/arrow/go/v17/arrow/array"
)

// rankedKey is one sort key read as an int64 per row (at), ordered as
// the key orders its rows: an int64 or timestamp column's values, or a
// dictionary's codes replaced by the rank of their text; complemented
// when descending.
type rankedKey struct {
	vals  []int64 // an int64 or timestamp column's values; nil for a dictionary
	codes []int32 // a dictionary's codes, each ranked by ranks
	ranks []int32
	flip  int64 // −1 when descending (v ^ −1 = ^v: order-reversing and bijective), else 0
}

// at returns the key of row i.
func (k *rankedKey) at(i int) int64 {
	if k.vals != nil {
		return k.vals[i] ^ k.flip
	}
	return int64(k.ranks[k.codes[i]]) ^ k.flip
}

// values returns the keys of every row: an ascending int64 or timestamp
// key is its column's own values, not a copy (they are only read).
func (k *rankedKey) values() []int64 {
	if k.vals != nil && k.flip == 0 {
		return k.vals
	}
	v := make([]int64, max(len(k.vals), len(k.codes)))
	for i := range v {
		v[i] = k.at(i)
	}
	return v
}

// rankedKeys returns the sort keys (rankedKey) when every key is an
// int64, a timestamp or a dictionary of strings, without nulls; ok is
// false otherwise. A key with one value throughout is left out. Nothing
// of the size of the rows is made: sortRanked makes a key's values only
// when the rows are not in order, one key at a time.
func rankedKeys(cols []arrow.Array, descs []bool) (keys []rankedKey, ok bool) {
	for _, a := range cols {
		if a.NullN() > 0 {
			return nil, false
		}
		switch id := a.DataType().ID(); {
		case id == arrow.INT64 || id == arrow.TIMESTAMP:
		case id == arrow.DICTIONARY && typeOf(a.DataType()) == String:
		default:
			return nil, false
		}
	}
	for k, a := range cols {
		key := rankedKey{}
		if descs[k] {
			key.flip = -1
		}
		if d, isDict := a.(*array.Dictionary); isDict {
			var dict *array.String
			key.codes, dict = dictParts(d)
			key.ranks, _ = dictRanks(dict, nil)
		} else {
			key.vals = int64Values(a)
		}
		if allEqual(a.Len(), key.at) {
			continue // one value (a single run's name): it orders nothing
		}
		keys = append(keys, key)
	}
	return keys, true
}

// allEqual reports whether the n values at(0), ..., at(n−1) are equal.
func allEqual(n int, at func(i int) int64) bool {
	for i := 1; i < n; i++ {
		if at(i) != at(0) {
			return false
		}
	}
	return true
}

// sortRanked returns the row positions in the order of keys (rankedKeys),
// ties in position order. Rows already in order cost one pass; others
// are radix sorted by each key from the last to the first, each pass
// stable, over the bytes in which that key's values differ (a dictionary
// of fewer than 256 values: one pass), with no comparator call.
func sortRanked(keys []rankedKey, n int) []int {
	out := make([]int, n)
	if inOrder(keys, n) {
		for i := range out {
			out[i] = i
		}
		return out
	}
	idx, buf := make([]int32, n), make([]int32, n)
	for i := range idx {
		idx[i] = int32(i)
	}
	for k := len(keys) - 1; k >= 0; k-- {
		idx, buf = radixByKey(idx, buf, keys[k].values())
	}
	for i, r := range idx {
		out[i] = int(r)
	}
	return out
}

// inOrder reports whether rows 0..n−1 are already in the order of keys.
func inOrder(keys []rankedKey, n int) bool {
	for i := 1; i < n; i++ {
		for k := range keys {
			if a, b := keys[k].at(i-1), keys[k].at(i); a != b {
				if a > b {
					return false
				}
				break
			}
		}
	}
	return true
}

// radixByKey sorts the positions idx stably by key[position], an LSD
// radix sort over the bytes of key − min(key) that are not all equal;
// idx is a permutation of key's positions, and buf is scratch of its
// length. It returns the sorted positions and the other buffer. The
// counts of every byte are taken in one pass over key in its own order
// (a count does not depend on the order): only the scatter of each pass
// reads key through idx.
func radixByKey(idx, buf []int32, key []int64) ([]int32, []int32) {
	lo, hi := key[0], key[0]
	for _, v := range key {
		lo, hi = min(lo, v), max(hi, v)
	}
	span := uint64(hi) - uint64(lo)
	bytes := 0
	for bytes < 8 && span>>(8*bytes) != 0 {
		bytes++
	}
	counts := make([][257]int, bytes)
	for _, v := range key {
		u := uint64(v) - uint64(lo)
		for b := range counts {
			counts[b][u>>(8*b)&0xff+1]++
		}
	}
	for b := range counts {
		count, shift := &counts[b], uint(8*b)
		if slices.Contains(count[1:], len(idx)) {
			continue // every value has the same byte here
		}
		for d := 1; d < 257; d++ {
			count[d] += count[d-1]
		}
		for _, r := range idx {
			d := (uint64(key[r]) - uint64(lo)) >> shift & 0xff
			buf[count[d]] = r
			count[d]++
		}
		idx, buf = buf, idx
	}
	return idx, buf
}
