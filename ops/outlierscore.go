package ops

import (
	"math"

	"github.com/jobframe/jobframe/frame"
)

// The classifiers of Outliers, by code.
const (
	methodIQR = iota
	methodModifiedZ
	methodZ
)

// methodCode returns the code of a classifier's name (ok false for
// another name).
func methodCode(name string) (int, bool) {
	switch name {
	case "iqr":
		return methodIQR, true
	case "modified_z_score":
		return methodModifiedZ, true
	case "z_score":
		return methodZ, true
	}
	return 0, false
}

// scoring is one classifier's statistics of one set of values: the score
// of a value of the set is a function of them and the value alone, so a
// set's scores need not be held to be counted, or worked out again for
// the rows kept.
type scoring struct {
	method int
	// iqr: the lower and upper fences; modified_z_score: the median and
	// the MAD (0: every score is 0); z_score: the mean and the population
	// std, each rounded to 4 decimals.
	a, b float64
}

// newScoring returns the statistics of method (a code) over ys, which it
// leaves as they are.
func newScoring(method int, ys []float64) scoring {
	s := scoring{method: method}
	if len(ys) == 0 {
		return s
	}
	switch method {
	case methodIQR:
		sorted := append([]float64(nil), ys...)
		q1, q3 := frame.QuantileOf(sorted, 0.25), frame.QuantileOf(sorted, 0.75)
		iqr := q3 - q1
		s.a, s.b = q1-1.5*iqr, q3+1.5*iqr
	case methodModifiedZ:
		med := median(ys)
		dev := make([]float64, len(ys))
		for i, y := range ys {
			dev[i] = math.Abs(y - med)
		}
		mean := pairwiseSum(dev) / float64(len(dev)) // summed in row order, before the median moves them
		mad := frame.QuantileOf(dev, 0.5)
		if mad == 0 {
			mad = mean
		}
		s.a, s.b = med, mad
	default:
		n := float64(len(ys))
		mu := pairwiseSum(ys) / n
		sq := pairwiseSumOf(len(ys), func(i int) float64 { d := ys[i] - mu; return d * d })
		s.a, s.b = npround(mu, 4), npround(math.Sqrt(sq/n), 4)
	}
	return s
}

// score returns the score of the value y of the set.
func (s scoring) score(y float64) float64 {
	switch s.method {
	case methodIQR:
		if y > s.b || y < s.a {
			return 1
		}
		return 0
	case methodModifiedZ:
		if s.b > 0 {
			return npround(0.6745*math.Abs(y-s.a)/s.b, 4)
		}
		return 0
	}
	z := npround(math.Abs(y-s.a)/s.b, 4)
	switch {
	case math.IsNaN(z):
		return 0
	case math.IsInf(z, 1):
		return math.MaxFloat64
	}
	return z
}

// scores returns the score of every value of ys under method (a code).
func scores(method int, ys []float64) []float64 {
	s := newScoring(method, ys)
	out := make([]float64, len(ys))
	for i, y := range ys {
		out[i] = s.score(y)
	}
	return out
}

// pairwiseSumOf is pairwiseSum of the n values at(0), ..., at(n−1),
// computed a block of numpy's buffer at a time rather than from a slice
// of them all.
func pairwiseSumOf(n int, at func(i int) float64) float64 {
	const buffer = 8192
	var buf [buffer]float64
	s := 0.0
	for lo := 0; lo < n || lo == 0; lo += buffer {
		hi := min(lo+buffer, n)
		for i := lo; i < hi; i++ {
			buf[i-lo] = at(i)
		}
		if b := pairwiseBlock(buf[:hi-lo]); lo == 0 {
			s = b
		} else {
			s += b
		}
	}
	return s
}
