package frame

import (
	"cmp"
	"math/bits"
	"slices"
)

// QuantileOf returns the q-quantile of values as QuantileSorted returns
// it of the same values sorted (numpy's linear interpolation; NaNs order
// first, as slices.Sort puts them), without sorting them: the two order
// statistics it needs are selected in time linear in len(values), where
// a sort takes n log n. values is reordered.
func QuantileOf(values []float64, q float64) float64 {
	return quantileAt(len(values), q, func(i int) (float64, float64) {
		selectNth(values, i)
		// the next order statistic is the least of those after the i-th
		next := values[i]
		if i+1 < len(values) {
			next = values[i+1]
			for _, x := range values[i+2:] {
				if cmp.Less(x, next) {
					next = x
				}
			}
		}
		return values[i], next
	})
}

// selectNth reorders s so that s[k] holds the value a sort (cmp.Less)
// puts there, the values before it no greater and those after no less:
// a quickselect with three-way partitions (run times repeat), which
// sorts what is left once a range is short or after 2·log2(n) rounds,
// so no input costs more than a sort.
func selectNth(s []float64, k int) {
	lo, hi := 0, len(s) // the range [lo, hi) holds the k-th
	for rounds := 2 * bits.Len(uint(len(s))); hi-lo > 16; rounds-- {
		if rounds == 0 {
			break
		}
		m := lo + (hi-lo)/2
		p := median3(s[lo], s[m], s[hi-1])
		lt, i, gt := lo, lo, hi
		for i < gt {
			switch c := cmp.Compare(s[i], p); {
			case c < 0:
				s[lt], s[i] = s[i], s[lt]
				lt++
				i++
			case c > 0:
				gt--
				s[i], s[gt] = s[gt], s[i]
			default:
				i++
			}
		}
		switch {
		case k < lt:
			hi = lt
		case k >= gt:
			lo = gt
		default:
			return // s[k] equals the pivot, as every value in [lt, gt) does
		}
	}
	slices.Sort(s[lo:hi])
}

// median3 returns the middle of three values (cmp.Compare's order).
func median3(a, b, c float64) float64 {
	if cmp.Less(b, a) {
		a, b = b, a
	}
	if cmp.Less(c, b) {
		b = c
		if cmp.Less(b, a) {
			b = a
		}
	}
	return b
}
