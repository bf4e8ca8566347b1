package frame

import "math/rand/v2"

// codeTable numbers distinct 64-bit keys (an int64, or a float64's bits)
// in order of first appearance. It is an open-addressing table of code+1
// per slot (0: empty), probed linearly and kept at most half full, over
// the keys in code order: 8 to 16 bytes per distinct key, where a Go map
// of int32 codes takes about 20, and again as much as garbage each time
// it grows. A group-by over a column of a million distinct values (the
// Work Queue bench script's distinct bandwidths) held 23 MB in its map.
// Each table hashes with its own random seed, so no input is slow for
// every run.
type codeTable struct {
	slots []int32
	keys  []uint64 // by code
	shift uint     // 64 - log2(len(slots))
	seed  uint64
}

// code returns k's code, giving it the next one when k is new.
func (t *codeTable) code(k uint64) int32 {
	if 2*len(t.keys) >= len(t.slots) {
		t.grow()
	}
	mask := len(t.slots) - 1
	for i := t.slot(k); ; i = (i + 1) & mask {
		s := t.slots[i]
		if s == 0 {
			t.keys = append(t.keys, k)
			t.slots[i] = int32(len(t.keys))
			return int32(len(t.keys) - 1)
		}
		if t.keys[s-1] == k {
			return s - 1
		}
	}
}

// slot returns the first slot to probe for k: the top bits of k mixed
// with the seed (the finalizer of MurmurHash3, a bijection on 64 bits).
func (t *codeTable) slot(k uint64) int {
	k ^= t.seed
	k ^= k >> 33
	k *= 0xff51afd7ed558ccd
	k ^= k >> 33
	k *= 0xc4ceb9fe1a85ec53
	k ^= k >> 33
	return int(k >> t.shift)
}

// grow doubles the slots (16 at first) and places the keys again.
func (t *codeTable) grow() {
	n := max(2*len(t.slots), 16)
	if t.slots == nil {
		t.seed = rand.Uint64()
	}
	t.slots = make([]int32, n)
	t.shift = 64
	for m := n; m > 1; m >>= 1 {
		t.shift--
	}
	mask := n - 1
	for c, k := range t.keys {
		i := t.slot(k)
		for t.slots[i] != 0 {
			i = (i + 1) & mask
		}
		t.slots[i] = int32(c + 1)
	}
}
