package epmt

import (
	"io"

	"github.com/jobframe/jobframe/loaders/source"
)

// How far a job's data files have been read, for sizing the procs and
// threads columns ahead. A column grown by doubling holds up to twice
// its rows, and leaves its old array at each doubling as garbage until
// the collector runs: a load of ten million processes ended with room
// for 16.7 million in each column, 588 MB live where 396 MB hold them
// sized. With the files' sizes known, the columns are sized for the
// rows that the bytes read so far predict.

// inputSize returns the bytes r holds when known: an input loaders
// opened from a file, or an archive member read into memory; else 0.
func inputSize(r io.Reader) int64 {
	if n := source.InputSize(r); n > 0 {
		return n
	}
	if s, ok := r.(interface{ Size() int64 }); ok {
		return s.Size()
	}
	return 0
}

// jobBytes returns the bytes of the data files, 0 when the size of one
// of them is not known.
func jobBytes(files []dataFile) int64 {
	var total int64
	for _, f := range files {
		if f.size <= 0 {
			return 0
		}
		total += f.size
	}
	return total
}

// part returns read/total, 0 when total is not known.
func part(read, total int64) float64 {
	if total <= 0 {
		return 0
	}
	return float64(read) / float64(total)
}

// expect returns the rows to make room for when n rows are about to be
// added to the have already there: those the part of the input read
// predicts for the whole job, with a fiftieth more, and at least n;
// without a prediction, as many as there are (doubling).
func expect(have, n int, read float64) int {
	if read <= 0 || read > 1 {
		return max(n, have)
	}
	return max(n, int(float64(have+n)/read*1.02)-have)
}
