package ops

import (
	"math"
	"slices"
	"unsafe"
)

// sortStableByKey sorts s stably by the unsigned key that key gives each
// element: an LSD radix sort over the bytes in which the keys differ
// (a series' times or line numbers: three or four passes), O(n) where
// slices.SortStableFunc's insertion-and-merge is O(n log² n) — the whole
// cost of Busy on a million placements. Short inputs are insertion
// sorted, and inputs already in order are left after one pass that
// allocates nothing.
func sortStableByKey[T any](s []T, key func(*T) uint64) {
	if len(s) < 2 {
		return
	}
	if len(s) < 64 { // insertion sort: stable, and one pass when in order
		for i := 1; i < len(s); i++ {
			k := key(&s[i])
			if key(&s[i-1]) <= k {
				continue
			}
			v, j := s[i], i
			for ; j > 0 && key(&s[j-1]) > k; j-- {
				s[j] = s[j-1]
			}
			s[j] = v
		}
		return
	}
	if sortedByKey(s, key) {
		return
	}
	var zero T
	if unsafe.Sizeof(zero) <= 16 {
		radixSortSmall(s, key)
		return
	}
	type item struct {
		k uint64
		i int32
	}
	if len(s) > math.MaxInt32 {
		panic("ops: sortStableByKey: more than 2^31 rows")
	}
	items := make([]item, len(s))
	lo, hi := uint64(math.MaxUint64), uint64(0)
	for i := range s {
		k := key(&s[i])
		items[i] = item{k, int32(i)}
		lo, hi = min(lo, k), max(hi, k)
	}
	span := hi - lo
	buf := make([]item, len(items))
	src, dst := items, buf
	for shift := uint(0); shift < 64 && span>>shift != 0; shift += 8 {
		var count [257]int
		for _, it := range src {
			count[((it.k-lo)>>shift)&0xff+1]++
		}
		if slices.Contains(count[1:], len(src)) {
			continue // every key has the same digit here
		}
		for d := 1; d < 257; d++ {
			count[d] += count[d-1]
		}
		for _, it := range src {
			d := ((it.k - lo) >> shift) & 0xff
			dst[count[d]] = it
			count[d]++
		}
		src, dst = dst, src
	}
	out := make([]T, len(s))
	for j, it := range src {
		out[j] = s[it.i]
	}
	copy(s, out)
}

// radixSortSmall is sortStableByKey's LSD radix sort for elements of at
// most 16 bytes (a time and two counts): they are moved themselves, with
// one buffer of their size, rather than sorted as (key, index) pairs and
// gathered, which takes three buffers. One pass counts every byte's
// digits; each byte in which the keys differ is then one scatter.
func radixSortSmall[T any](s []T, key func(*T) uint64) {
	var count [8][257]int
	lo, hi := uint64(math.MaxUint64), uint64(0)
	for i := range s {
		k := key(&s[i])
		lo, hi = min(lo, k), max(hi, k)
	}
	for i := range s {
		k := key(&s[i]) - lo
		for b := range count {
			count[b][(k>>(8*b))&0xff+1]++
		}
	}
	buf := make([]T, len(s))
	src, dst := s, buf
	for b := range count {
		c := &count[b]
		if (hi-lo)>>(8*b) == 0 {
			break
		}
		if slices.Contains(c[1:], len(s)) {
			continue // every key has the same digit here
		}
		for d := 1; d < 257; d++ {
			c[d] += c[d-1]
		}
		shift := 8 * uint(b)
		for i := range src {
			d := ((key(&src[i]) - lo) >> shift) & 0xff
			dst[c[d]] = src[i]
			c[d]++
		}
		src, dst = dst, src
	}
	if &src[0] != &s[0] {
		copy(s, src)
	}
}

// sortInt64s sorts times (or any int64s) ascending: radixSortSmall
// without a key function, whose call per element per pass would be most
// of the sort.
func sortInt64s(s []int64) {
	if slices.IsSorted(s) {
		return
	}
	lo, hi := slices.Min(s), slices.Max(s)
	var count [8][257]int
	for _, v := range s {
		k := uint64(v) - uint64(lo)
		for b := range count {
			count[b][(k>>(8*b))&0xff+1]++
		}
	}
	buf := make([]int64, len(s))
	src, dst := s, buf
	for b := range count {
		if (uint64(hi)-uint64(lo))>>(8*b) == 0 {
			break
		}
		c := &count[b]
		if slices.Contains(c[1:], len(s)) {
			continue // every value has the same byte here
		}
		for d := 1; d < 257; d++ {
			c[d] += c[d-1]
		}
		shift := 8 * uint(b)
		for _, v := range src {
			d := ((uint64(v) - uint64(lo)) >> shift) & 0xff
			dst[c[d]] = v
			c[d]++
		}
		src, dst = dst, src
	}
	if &src[0] != &s[0] {
		copy(s, src)
	}
}

// sortedByKey reports whether s is in ascending order of key, stopping
// at the first element out of order.
func sortedByKey[T any](s []T, key func(*T) uint64) bool {
	if len(s) == 0 {
		return true
	}
	prev := key(&s[0])
	for i := 1; i < len(s); i++ {
		k := key(&s[i])
		if k < prev {
			return false
		}
		prev = k
	}
	return true
}

// int64Key maps an int64 to an unsigned key of the same order.
func int64Key(v int64) uint64 { return uint64(v) ^ 1<<63 }

// float64Key maps a float64 to an unsigned key of the same order
// (−0 before +0; NaNs after +Inf, or before −Inf when negative).
func float64Key(f float64) uint64 {
	b := math.Float64bits(f)
	if b>>63 == 1 {
		return ^b
	}
	return b | 1<<63
}

// sortStableByKeys sorts s by key, then by then among equal keys,
// keeping the order of items equal in both: the result of a stable sort
// by then followed by a stable sort by key, in one radix sort and a
// pass over the runs of equal key (which are short in event series).
func sortStableByKeys[T any](s []T, key, then func(*T) uint64) {
	sortStableByKey(s, key)
	for i := 0; i < len(s); {
		k, j := key(&s[i]), i+1
		for j < len(s) && key(&s[j]) == k {
			j++
		}
		if j-i > 1 {
			run := s[i:j]
			if j-i < 64 { // insertion sort: stable
				for a := 1; a < len(run); a++ {
					v, b := run[a], a
					for ; b > 0 && then(&run[b-1]) > then(&v); b-- {
						run[b] = run[b-1]
					}
					run[b] = v
				}
			} else {
				sortStableByKey(run, then)
			}
		}
		i = j
	}
}
