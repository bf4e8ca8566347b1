package frame

import (
	"cmp"
	"math"

	"github.com/apache/arrow/go/v17/arrow"
	"github.com/apache/arrow/go/v17/arrow/array"
)

// keyCodes holds, for one key column, a dense code per row (nullCode for
// null) and, per code, its rank in sorted value order.
type keyCodes struct {
	codes []int32
	rank  []int32 // rank[code]; the null code ranks last
	card  int     // number of codes including the null code
}

// codesOf assigns dense codes to the values of a (equal values share a
// code): numbered by first appearance, or for a dictionary column by
// rank.
func codesOf(a arrow.Array) keyCodes {
	codes := make([]int32, a.Len())
	hasNull := a.NullN() > 0
	var nvals int
	var less func(x, y int32) int // compares the values of two codes (nil: codes are ranks)
	switch typeOf(a.DataType()) {
	case String:
		if d, ok := a.(*array.Dictionary); ok {
			nvals = dictRankCodes(d, hasNull, codes)
		} else {
			nvals, less = stringCodes(a.(*array.String), hasNull, codes)
		}
	case Int64, Time:
		nvals, less = intCodes(a, hasNull, codes)
	case Float64:
		nvals, less = floatCodes(a, hasNull, codes)
	case Bool:
		nvals, less = boolCodes(a.(*array.Boolean), hasNull, codes)
	}
	order := make([]int32, nvals)
	for i := range order {
		order[i] = int32(i)
	}
	if less != nil {
		sortFunc(order, less)
	}
	rank := make([]int32, nvals+1)
	for r, c := range order {
		rank[c] = int32(r)
	}
	rank[nvals] = int32(nvals) // null last
	if hasNull {
		for i, c := range codes {
			if c < 0 {
				codes[i] = int32(nvals)
			}
		}
	}
	return keyCodes{codes: codes, rank: rank, card: nvals + 1}
}

// dictRankCodes codes a dictionary column by the rank of its values in
// sorted order, duplicate dictionary values sharing one (nulls get -1),
// and returns the number of distinct values used. Only the dictionary's
// used values are ranked (dictRanks); no value is hashed.
func dictRankCodes(a *array.Dictionary, hasNull bool, codes []int32) int {
	dcodes, dict := dictParts(a)
	used := make([]bool, dict.Len())
	for i, c := range dcodes {
		if !hasNull || a.IsValid(i) {
			used[c] = true
		}
	}
	rank, n := dictRanks(dict, used)
	for i, c := range dcodes {
		if hasNull && a.IsNull(i) {
			codes[i] = -1
			continue
		}
		codes[i] = rank[c]
	}
	return n
}

// stringCodes codes a plain string column by first appearance (nulls
// -1), returning the number of values and their order.
func stringCodes(s *array.String, hasNull bool, codes []int32) (int, func(x, y int32) int) {
	var t interner
	for i := range codes {
		if hasNull && s.IsNull(i) {
			codes[i] = -1
			continue
		}
		codes[i] = t.code(s.Value(i))
	}
	vals := t.vals
	return len(vals), func(x, y int32) int { return cmp.Compare(vals[x], vals[y]) }
}

// intCodes codes an int64 or timestamp column by first appearance (nulls
// -1), returning the number of values and their order.
func intCodes(a arrow.Array, hasNull bool, codes []int32) (int, func(x, y int32) int) {
	var t codeTable
	for i, v := range int64Values(a) {
		if hasNull && a.IsNull(i) {
			codes[i] = -1
			continue
		}
		codes[i] = t.code(uint64(v))
	}
	keys := t.keys
	return len(keys), func(x, y int32) int { return cmp.Compare(int64(keys[x]), int64(keys[y])) }
}

// floatCodes codes a float64 column by first appearance (nulls -1), -0
// as 0 and every NaN as one value ordered last, returning the number of
// values and their order.
func floatCodes(a arrow.Array, hasNull bool, codes []int32) (int, func(x, y int32) int) {
	var t codeTable
	for i, v := range float64Values(a) {
		if hasNull && a.IsNull(i) {
			codes[i] = -1
			continue
		}
		if v == 0 {
			v = 0 // fold -0 into 0
		}
		bits := math.Float64bits(v)
		if math.IsNaN(v) {
			bits = math.Float64bits(math.NaN())
		}
		codes[i] = t.code(bits)
	}
	keys := t.keys
	return len(keys), func(x, y int32) int {
		a, b := math.Float64frombits(keys[x]), math.Float64frombits(keys[y])
		switch {
		case math.IsNaN(a):
			return 1
		case math.IsNaN(b):
			return -1
		case a < b:
			return -1
		case a > b:
			return 1
		}
		return 0
	}
}

// boolCodes codes a bool column as 0 (false) and 1 (true), nulls -1.
func boolCodes(b *array.Boolean, hasNull bool, codes []int32) (int, func(x, y int32) int) {
	for i := range codes {
		switch {
		case hasNull && b.IsNull(i):
			codes[i] = -1
		case b.Value(i):
			codes[i] = 1
		default:
			codes[i] = 0
		}
	}
	return 2, func(x, y int32) int { return cmp.Compare(int64(x), int64(y)) }
}

// grouping assigns every row a group id; groups are numbered in sorted key
// order (nulls last), as pandas' groupby(sort=True, dropna=False).
type grouping struct {
	gid      []int32 // per row
	ngroups  int
	firstRow []int // per group: first row, for the key values
}

func groupRows(cols []arrow.Array) (grouping, error) {
	n := cols[0].Len()
	cols = varying(cols)
	kcs := make([]keyCodes, len(cols))
	for k, a := range cols {
		kcs[k] = codesOf(a)
	}
	if len(cols) == 1 {
		return groupOneKey(kcs[0]), nil
	}
	prod := uint64(1)
	for _, kc := range kcs {
		if prod > math.MaxUint64/uint64(kc.card) {
			return groupHashed(kcs, n), nil
		}
		prod *= uint64(kc.card)
	}
	return groupByRank(kcs, n), nil
}

// varying returns the key columns but those that hold one value on
// every row, as their form alone shows (a dictionary of one value and
// no null: a loader's run and source columns), and which can change
// neither the groups nor their order; the first key when every one is
// such. Each key column's codes are 4 bytes a row: two of the four keys
// of a 10M-row frame's tasks (source, run, job, task) were 76 MB.
func varying(cols []arrow.Array) []arrow.Array {
	var out []arrow.Array
	for _, a := range cols {
		if d, ok := a.(*array.Dictionary); !ok || d.NullN() > 0 || d.Dictionary().Len() != 1 {
			out = append(out, a)
		}
	}
	if len(out) == 0 {
		return cols[:1]
	}
	return out
}

// groupHashed groups rows by keys whose codes do not fit one number:
// each row's codes as a string key of a map, groups numbered by first
// appearance, then renumbered in sorted key order.
func groupHashed(kcs []keyCodes, n int) grouping {
	raw := make([]int32, n) // provisional group per row, by first appearance
	var firstRow []int
	m := make(map[string]int32)
	buf := make([]byte, 4*len(kcs))
	for i := 0; i < n; i++ {
		for k := range kcs {
			c := kcs[k].codes[i]
			buf[4*k], buf[4*k+1], buf[4*k+2], buf[4*k+3] = byte(c), byte(c>>8), byte(c>>16), byte(c>>24)
		}
		g, ok := m[string(buf)]
		if !ok {
			g = int32(len(firstRow))
			m[string(buf)] = g
			firstRow = append(firstRow, i)
		}
		raw[i] = g
	}
	// Renumber groups in sorted key order.
	ng := len(firstRow)
	order := make([]int32, ng)
	for i := range order {
		order[i] = int32(i)
	}
	sortFunc(order, func(x, y int32) int {
		rx, ry := firstRow[x], firstRow[y]
		for _, kc := range kcs {
			if c := cmp.Compare(int64(kc.rank[kc.codes[rx]]), int64(kc.rank[kc.codes[ry]])); c != 0 {
				return c
			}
		}
		return 0
	})
	newID := make([]int32, ng)
	sortedFirst := make([]int, ng)
	for k, g := range order {
		newID[g] = int32(k)
		sortedFirst[k] = firstRow[g]
	}
	for i, g := range raw {
		raw[i] = newID[g]
	}
	return grouping{gid: raw, ngroups: ng, firstRow: sortedFirst}
}

// groupOneKey groups rows by one key column: its codes in rank order,
// those that occur, are the groups, so no second sort is needed.
func groupOneKey(kc keyCodes) grouping {
	present := make([]bool, kc.card)
	for _, c := range kc.codes {
		present[c] = true
	}
	byRank := make([]int32, kc.card)
	for c, r := range kc.rank {
		byRank[r] = int32(c)
	}
	gidOf := make([]int32, kc.card)
	ng := 0
	for _, c := range byRank {
		if present[c] {
			gidOf[c] = int32(ng)
			ng++
		}
	}
	gid := make([]int32, len(kc.codes))
	firstRow := make([]int, ng)
	for g := range firstRow {
		firstRow[g] = -1
	}
	for i, c := range kc.codes {
		g := gidOf[c]
		gid[i] = g
		if firstRow[g] < 0 {
			firstRow[g] = i
		}
	}
	return grouping{gid: gid, ngroups: ng, firstRow: firstRow}
}
