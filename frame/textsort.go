package frame

import (
	"cmp"
	"slices"
)

// sortByText sorts codes into ascending byte order of the text each
// names (text(code)). It is a most-significant-digit radix sort on eight
// bytes at a time: the codes are sorted by their texts' eight bytes from
// depth, and each run sharing them is sorted again from depth+8. Texts
// with long common prefixes (EPMT tags, paths, task names) cost one
// integer sort per eight bytes, where a comparison sort compares the
// whole prefix at each of its n log n comparisons.
func sortByText(codes []int32, text func(int32) string) {
	sortTextFrom(codes, make([]textKey, len(codes)), make([]textKey, len(codes)), text, 0)
}

// textKey is a code and eight bytes of its text, big-endian, zero-padded
// past the text's end.
type textKey struct {
	k uint64
	c int32
}

// smallTextRun is the run length below which sortTextFrom compares the
// texts' rest directly.
const smallTextRun = 16

// sortTextFrom sorts codes, whose texts share their first depth bytes,
// by their texts; keys and tmp are scratch of len(codes) each.
func sortTextFrom(codes []int32, keys, tmp []textKey, text func(int32) string, depth int) {
	for {
		if len(codes) < 2 {
			return
		}
		if len(codes) < smallTextRun {
			slices.SortFunc(codes, func(x, y int32) int { return cmp.Compare(text(x)[depth:], text(y)[depth:]) })
			return
		}
		same := true
		for i, c := range codes {
			keys[i] = textKey{chunk8(text(c), depth), c}
			same = same && keys[i].k == keys[0].k
		}
		if !same {
			break
		}
		// one chunk for all: short texts first (those ending here, by
		// length), then the rest from the next chunk
		k := splitShort(codes, text, depth)
		codes, keys, tmp = codes[k:], keys[k:], tmp[k:]
		depth += 8
	}
	keys, tmp = keys[:len(codes)], tmp[:len(codes)]
	sortKeys(keys, tmp)
	for i := range keys {
		codes[i] = keys[i].c
	}
	for lo := 0; lo < len(keys); {
		hi := lo + 1
		for hi < len(keys) && keys[hi].k == keys[lo].k {
			hi++
		}
		if hi-lo > 1 {
			// the rest of the run, sorted in its own scratch: the loop
			// reads keys past hi only
			k := lo + splitShort(codes[lo:hi], text, depth)
			sortTextFrom(codes[k:hi], keys[k:hi], tmp[k:hi], text, depth+8)
		}
		lo = hi
	}
}

// sortKeys sorts keys by k, using tmp (of the same length) as scratch:
// a least-significant-byte radix sort over the bytes in which the keys
// differ, or a comparison sort for a few keys.
func sortKeys(keys, tmp []textKey) {
	if len(keys) < 256 {
		slices.SortFunc(keys, func(a, b textKey) int { return cmp.Compare(a.k, b.k) })
		return
	}
	var diff uint64
	for _, k := range keys {
		diff |= k.k ^ keys[0].k
	}
	src, dst := keys, tmp
	for shift := 0; shift < 64; shift += 8 {
		if (diff>>shift)&0xff == 0 {
			continue
		}
		var pos [256]int
		for _, k := range src {
			pos[(k.k>>shift)&0xff]++
		}
		sum := 0
		for b, n := range pos {
			pos[b], sum = sum, sum+n
		}
		for _, k := range src {
			b := (k.k >> shift) & 0xff
			dst[pos[b]] = k
			pos[b]++
		}
		src, dst = dst, src
	}
	if &src[0] != &keys[0] {
		copy(keys, src)
	}
}

// chunk8 returns the eight bytes of s from depth, big-endian, zero-padded.
func chunk8(s string, depth int) uint64 {
	if len(s) >= depth+8 {
		s = s[depth : depth+8]
		return uint64(s[0])<<56 | uint64(s[1])<<48 | uint64(s[2])<<40 | uint64(s[3])<<32 |
			uint64(s[4])<<24 | uint64(s[5])<<16 | uint64(s[6])<<8 | uint64(s[7])
	}
	var k uint64
	for i := depth; i < len(s); i++ {
		k |= uint64(s[i]) << (56 - 8*(i-depth))
	}
	return k
}

// splitShort puts first, in order of length, the codes of a run sharing
// their chunk at depth whose texts end within it (a shorter such text is
// a prefix of a longer one, and of every text going on), and returns how
// many there are.
func splitShort(run []int32, text func(int32) string, depth int) int {
	n := 0
	for i, c := range run {
		if len(text(c)) <= depth+8 {
			run[n], run[i] = run[i], run[n]
			n++
		}
	}
	if n > 1 {
		slices.SortFunc(run[:n], func(x, y int32) int { return cmp.Compare(len(text(x)), len(text(y))) })
	}
	return n
}
