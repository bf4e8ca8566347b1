package slurm

import "slices"

// flatRows are the rows of a chunk as a worker reads them: slot by slot,
// row after row, in buffers the worker keeps from chunk to chunk. The
// fields are read straight into the row being read; columns turns the
// rows into the chunk's columns once they are all read, a slot at a time
// over rows the cache holds, where appending each value to its column as
// it was read cost a bounds check and a length per value.
type flatRows struct {
	n     int // rows kept
	codes []int32
	ints  []int64
	iok   []bool
	flts  []float64
	fok   []bool
	side  []uint8
	hash  []uint64
	line  []int64
	count [2]int // rows of each side
}

func (f *flatRows) reset() {
	f.n, f.count = 0, [2]int{}
	f.side, f.hash, f.line = f.side[:0], f.hash[:0], f.line[:0]
}

// next returns the slots of the row being read, row n.
func (f *flatRows) next(sl *slots) (codes []int32, ints []int64, iok []bool, flts []float64, fok []bool) {
	n := f.n
	f.codes = room(f.codes, (n+1)*sl.text)
	f.ints, f.iok = room(f.ints, (n+1)*sl.ints), room(f.iok, (n+1)*sl.ints)
	f.flts, f.fok = room(f.flts, (n+1)*sl.flts), room(f.fok, (n+1)*sl.flts)
	return f.codes[n*sl.text : (n+1)*sl.text], f.ints[n*sl.ints : (n+1)*sl.ints], f.iok[n*sl.ints : (n+1)*sl.ints],
		f.flts[n*sl.flts : (n+1)*sl.flts], f.fok[n*sl.flts : (n+1)*sl.flts]
}

// room returns s with a length of at least n.
func room[T any](s []T, n int) []T {
	if len(s) >= n {
		return s
	}
	if cap(s) >= n {
		return s[:n]
	}
	return slices.Grow(s, max(n, 2*cap(s))-len(s))[:n]
}

// keep keeps the row read as a row of side, with its JobID's hash and
// the line it starts on.
func (f *flatRows) keep(side int, hash uint64, line int) {
	f.side = append(f.side, uint8(side))
	f.hash = append(f.hash, hash)
	f.line = append(f.line, int64(line))
	f.count[side]++
	f.n++
}

// columns fills c's rows from the rows kept: each side's slots as
// columns of exactly its rows.
func (f *flatRows) columns(c *chunk, sl *slots) {
	var of [2][]int32 // the rows of each side
	for s := range of {
		of[s] = make([]int32, 0, f.count[s])
	}
	for k, s := range f.side[:f.n] {
		of[s] = append(of[s], int32(k))
	}
	for s := range c.rows {
		rows, n := of[s], f.count[s]
		r := &c.rows[s]
		r.n = n
		codes := make([]int32, n*sl.text)
		r.text = make([][]int32, sl.text)
		for t := range r.text {
			r.text[t] = transpose(codes[t*n:(t+1)*n], f.codes, rows, sl.text, t)
		}
		ints, iok := make([]int64, n*sl.ints), make([]bool, n*sl.ints)
		r.ints = make([]intVals, sl.ints)
		for i := range r.ints {
			r.ints[i] = intVals{v: transpose(ints[i*n:(i+1)*n], f.ints, rows, sl.ints, i), ok: transpose(iok[i*n:(i+1)*n], f.iok, rows, sl.ints, i)}
		}
		flts, fok := make([]float64, n*sl.flts), make([]bool, n*sl.flts)
		r.flts = make([]fltVals, sl.flts)
		for i := range r.flts {
			r.flts[i] = fltVals{v: transpose(flts[i*n:(i+1)*n], f.flts, rows, sl.flts, i), ok: transpose(fok[i*n:(i+1)*n], f.fok, rows, sl.flts, i)}
		}
		r.hash, r.line = make([]uint64, n), make([]int64, n)
		for j, k := range rows {
			r.hash[j], r.line[j] = f.hash[k], f.line[k]
		}
	}
}

// transpose fills dst with slot i of the given rows of flat (stride
// values a row) and returns it.
func transpose[T any](dst, flat []T, rows []int32, stride, i int) []T {
	for j, k := range rows {
		dst[j] = flat[int(k)*stride+i]
	}
	return dst[:len(dst):len(dst)]
}
