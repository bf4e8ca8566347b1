package frame

// rankKey combines the rank codes of row i's keys into one number, the
// first key most significant: rows compare by it as by their keys
// (nulls last). The caller has checked that the product of the keys'
// cardinalities fits in 64 bits.
func rankKey(kcs []keyCodes, i int) uint64 {
	var key uint64
	for _, kc := range kcs {
		key = key*uint64(kc.card) + uint64(kc.rank[kc.codes[i]])
	}
	return key
}

// groupByRank groups rows by keys whose codes fit one number (rankKey):
// the rows are radix sorted by it (not at all when already in key order,
// as a frame just sorted by its group keys is), and each run of equal
// numbers is a group, in key order, its first row the run's first. No
// row is hashed and the groups need no sort of their own.
func groupByRank(kcs []keyCodes, n int) grouping {
	keys := make([]int64, n)
	sorted := true
	for i := range keys {
		keys[i] = int64(rankKey(kcs, i) ^ 1<<63) // the same order, as int64
		if i > 0 && keys[i] < keys[i-1] {
			sorted = false
		}
	}
	idx := make([]int32, n)
	for i := range idx {
		idx[i] = int32(i)
	}
	if !sorted {
		idx, _ = radixByKey(idx, make([]int32, n), keys) // stable: a run's rows ascend
	}
	groups := 0 // counted first: firstRow is made at its size
	for j, r := range idx {
		if j == 0 || keys[r] != keys[idx[j-1]] {
			groups++
		}
	}
	gid := make([]int32, n)
	firstRow := make([]int, 0, groups)
	for j, r := range idx {
		if j == 0 || keys[r] != keys[idx[j-1]] {
			firstRow = append(firstRow, int(r))
		}
		gid[r] = int32(len(firstRow) - 1)
	}
	return grouping{gid: gid, ngroups: len(firstRow), firstRow: firstRow}
}
