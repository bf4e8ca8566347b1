package slurm

import (
	"cmp"
	"math/bits"
	"slices"
)

// numberAttempts fills the attempt column once every row is read: the
// n-th row of one JobID is its attempt n (sacct --duplicates prints each
// run of a requeued job).
func (b *builder) numberAttempts() {
	b.attempt.V = attemptsOf(b.idHash, b.cols[b.lay.idField].str.Value)
	b.idHash = nil
}

// attemptsOf numbers rows by JobID, given each row's JobID hash and a
// way to its text: 1 for a JobID's first row, 2 for its next. Rows are
// bucketed by their hash's top bits (a counting sort, so each bucket
// keeps the rows' order) with about one row per bucket, and a bucket's
// rows sorted by hash; rows of one hash are one JobID unless their texts
// differ (a collision), and are then counted by text. A million distinct
// JobIDs thus cost two passes over arrays and no string each, where
// counting in a map on the builder's goroutine took a quarter of its
// time adding rows.
func attemptsOf(hashes []uint64, textOf func(int) string) []int64 {
	out := make([]int64, len(hashes))
	if len(hashes) == 0 {
		return out
	}
	width := bits.Len(uint(len(hashes)))
	shift := uint(64 - width)
	start := make([]int32, 1<<width+1)
	for _, h := range hashes {
		start[h>>shift+1]++
	}
	for i := 1; i < len(start); i++ {
		start[i] += start[i-1]
	}
	order, fill := make([]int32, len(hashes)), slices.Clone(start)
	for row, h := range hashes {
		order[fill[h>>shift]] = int32(row)
		fill[h>>shift]++
	}
	for k := 0; k+1 < len(start); k++ {
		rows := order[start[k]:start[k+1]]
		if len(rows) == 1 {
			out[rows[0]] = 1
			continue
		}
		slices.SortStableFunc(rows, func(x, y int32) int { return cmp.Compare(hashes[x], hashes[y]) })
		for i := 0; i < len(rows); {
			j := i + 1
			for j < len(rows) && hashes[rows[j]] == hashes[rows[i]] {
				j++
			}
			numberRun(rows[i:j], out, textOf)
			i = j
		}
	}
	return out
}

// numberRun numbers rows (in order) of one JobID hash.
func numberRun(rows []int32, out []int64, textOf func(int) string) {
	first := textOf(int(rows[0]))
	same := true
	for _, r := range rows[1:] {
		same = same && textOf(int(r)) == first
	}
	if same {
		for n, r := range rows {
			out[r] = int64(n + 1)
		}
		return
	}
	seen := map[string]int64{}
	for _, r := range rows {
		id := textOf(int(r))
		seen[id]++
		out[r] = seen[id]
	}
}
