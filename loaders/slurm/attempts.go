package slurm

import (
	"cmp"
	"math/bits"
	"slices"
)

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
			if j == i+1 {
				out[rows[i]] = 1
			} else {
				numberRun(rows[i:j], out, textOf)
			}
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

// jobKey names the job a row belongs to: its JobID without the step,
// and the attempt (the run of a requeued job).
type jobKey struct {
	job     string
	attempt int64
}

// parents finds the job row of every step: the row of the same job and
// attempt, or -1 when the file has none. sacct prints a job's steps after
// its row, so the job row last before each step is tried first (a walk
// over both sides in line order); the steps it is not for are looked up
// by key.
func (r *rows) parents() []int32 {
	jobs, steps := &r.jobs, &r.steps
	jobOf, stepJob := &jobs.text[tJob], &steps.text[tJob]
	out := make([]int32, steps.n)
	var lost []int
	j := -1
	for k := range out {
		for j+1 < jobs.n && jobs.line[j+1] < steps.line[k] {
			j++
		}
		if j >= 0 && jobs.attempt[j] == steps.attempt[k] && jobOf.Value(j) == stepJob.Value(k) {
			out[k] = int32(j)
			continue
		}
		out[k] = -1
		lost = append(lost, k)
	}
	if len(lost) == 0 {
		return out
	}
	index := make(map[jobKey]int32, jobs.n)
	for j := range jobs.n {
		index[jobKey{jobOf.Value(j), jobs.attempt[j]}] = int32(j)
	}
	for _, k := range lost {
		if j, ok := index[jobKey{stepJob.Value(k), steps.attempt[k]}]; ok {
			out[k] = j
		}
	}
	return out
}
