package slurm

import (
	"encoding/binary"
	"math/bits"

	"github.com/jobframe/jobframe/loaders/internal/bytesconv"
)

// Splitting a record into its fields. sacct does not quote: a JobName,
// SubmitLine or Constraints holding the delimiter prints as more fields
// than the header has. The record is resolved from the column count and
// the fields that can hold the delimiter: each way of giving the extra
// pieces to the free-text fields is tried against the other fields, which
// must all read as decode reads them (times, durations, integers, exit
// codes, states, JobIDs, TRES and node lists). The free texts that commonly hold the delimiter
// (spec.rank 1) are tried first, and among valid ways an earlier field
// takes as many pieces as it can.

// maxExtra bounds the delimiters a record may have beyond its fields
// (the work and memory of resolving are the fields times this).
const maxExtra = 4096

// fits reports whether text reads as field s.
func (l *layout) fits(s spec, text string) bool {
	return l.check(s, text) == nil
}

// tokens splits line at every delimiter; it returns the end of each
// piece. sacct's fields are a few bytes each, too short for
// bytes.IndexByte's vector search to pay for its call: the line is
// searched eight bytes at a time instead, each word's delimiter bytes
// found at once (the zero-byte test of "Bit Twiddling Hacks" on the word
// XOR the delimiter repeated).
func tokens(line []byte, delim byte, ends []int) []int {
	ends = ends[:0]
	rep := uint64(delim) * lowBits
	i := 0
	for ; i+8 <= len(line); i += 8 {
		w := binary.LittleEndian.Uint64(line[i:]) ^ rep
		// exact: a byte's high bit is set iff the byte is zero
		z := ^(((w & lowSeven) + lowSeven) | w | lowSeven)
		for z != 0 {
			ends = append(ends, i+bits.TrailingZeros64(z)/8)
			z &= z - 1
		}
	}
	for ; i < len(line); i++ {
		if line[i] == delim {
			ends = append(ends, i)
		}
	}
	return append(ends, len(line))
}

const (
	lowBits  = 0x0101010101010101
	lowSeven = 0x7f7f7f7f7f7f7f7f // all but each byte's high bit
)

// resolve finds, for a record of len(ends) pieces and len(specs) < that
// fields, how many pieces each field takes; it returns the piece index
// each field starts at (plus a final entry), or nil when no way reads.
func (l *layout) resolve(line []byte, ends []int) []int {
	specs := l.specs
	if len(ends)-len(specs) > maxExtra {
		return nil
	}
	for rank := 1; rank <= 2; rank++ {
		if starts := l.resolveRank(line, ends, rank); starts != nil {
			return starts
		}
	}
	return nil
}

func (l *layout) resolveRank(line []byte, ends []int, rank int) []int {
	specs := l.specs
	n, m := len(specs), len(ends)
	extra := m - n
	piece := func(j int) string {
		from := 0
		if j > 0 {
			from = ends[j-1] + 1
		}
		return bytesconv.String(line[from:ends[j]])
	}
	absorbs := func(i int) bool { return specs[i].kind == kFree && specs[i].rank <= rank }
	// ok[i][d]: fields i.. can take exactly the pieces i+d.. (d extra
	// pieces used before field i).
	flat := make([]bool, (n+1)*(extra+1))
	ok := make([][]bool, n+1)
	for i := range ok {
		ok[i] = flat[i*(extra+1) : (i+1)*(extra+1)]
	}
	ok[n][extra] = true
	for i := n - 1; i >= 0; i-- {
		if absorbs(i) {
			// The field takes one piece or more: ok[i][d] is any of
			// ok[i+1][d..extra], a suffix "or".
			later := false
			for d := extra; d >= 0; d-- {
				later = later || ok[i+1][d]
				ok[i][d] = later
			}
			continue
		}
		for d := 0; d <= extra; d++ {
			ok[i][d] = ok[i+1][d] && l.fits(specs[i], piece(i+d))
		}
	}
	if !ok[0][0] {
		return nil
	}
	starts := make([]int, n+1)
	d := 0
	for i := 0; i < n; i++ {
		starts[i] = i + d
		if absorbs(i) {
			k := extra - d
			for !ok[i+1][d+k] {
				k--
			}
			d += k
		}
	}
	starts[n] = m
	return starts
}
