package ops

import (
	"fmt"
	"math"
	"slices"
	"strings"

	"github.com/jobframe/jobframe/frame"
)

// OutlierOptions are the arguments of Outliers.
type OutlierOptions struct {
	// ID names the column that identifies a row (default "job").
	ID string
	// Features are the numeric columns to test. Nil means EPMT's default
	// duration, cpu_time, num_procs; "*" means every numeric column. Either
	// way the list is sanitised as EPMT does: only present int64 or float64
	// columns, not EPMT's blacklist (ids, times, tags), sorted.
	Features []string
	// Methods are the classifiers, in order: "iqr", "modified_z_score",
	// "z_score" (the default, all three).
	Methods []string
	// By partitions the rows into comparable sets (EPMT: the job tags
	// exp_name and exp_component) tested separately; a missing value is
	// "". Sets with fewer than 4 rows get null scores and counts.
	By []string
}

// outlierThreshold is EPMT's outlier_thresholds: a score flags a row when
// it is strictly above it (iqr has no entry: its 0/1 score flags above 0).
func outlierThreshold(method string) float64 {
	switch method {
	case "modified_z_score":
		return 3.5
	case "z_score":
		return 3.0
	}
	return 0
}

// outlierBlacklist reports EPMT's columns that are never features.
func outlierBlacklist(name string) bool {
	switch name {
	case "env_dict", "tags", "info_dict", "env_changes_dict", "annotations", "analyses", "jobid", "job", "jobname",
		"user", "all_proc_tags", "created_at", "modified_at", "start", "end":
		return true
	}
	return strings.HasPrefix(name, frame.TagPrefix)
}

// Outliers is EPMT's detect_outlier_jobs (docs/semantics.md#outliers) with the
// default univariate classifiers. For every feature c and method m it adds
// the column c_m with each row's score: iqr (1 outside [Q1 − 1.5·IQR, Q3 +
// 1.5·IQR], numpy's linear percentiles), modified_z_score (0.6745·|y −
// median| / MAD, MAD falling back to the mean absolute deviation around
// the median when 0, rounded to 4 decimals as numpy) and z_score (|y −
// mean| / pstdev with mean and std rounded to 4 decimals first, numpy's
// pairwise sums; 0/0 is 0 and x/0 the largest float64). Then per feature
// the column c with the number of methods that flag the row (score
// strictly above 0, 3.5 and 3.0), and outlier_methods, the sum over the
// features. Columns: the ID, then those. Row order is kept.
//
// A table with a null or NaN feature value, or fewer than 4 rows (without
// By), is an error, as in EPMT.
func Outliers(f *frame.Frame, o OutlierOptions) *frame.Frame {
	if o.ID == "" {
		o.ID = "job"
	}
	if err := require("Outliers", f, "the jobs frame has job; name the ID column otherwise", append([]string{o.ID}, o.By...)...); err != nil {
		return frame.WithErr(err)
	}
	methods := o.Methods
	if methods == nil {
		methods = []string{"iqr", "modified_z_score", "z_score"}
	}
	for _, m := range methods {
		if m != "iqr" && m != "modified_z_score" && m != "z_score" {
			return frame.Errorf("Outliers: method %q: want iqr, modified_z_score or z_score", m)
		}
	}
	features := sanitizeFeatures(f, o.Features)
	if len(features) == 0 {
		return frame.Errorf("Outliers: none of the features %v is a numeric column of the frame", o.Features)
	}
	values := make([][]float64, len(features))
	for k, c := range features {
		v, ok, err := f.Float64s(c)
		if err != nil {
			return frame.WithErr(fmt.Errorf("Outliers: %w", err))
		}
		for i := range v {
			if !ok[i] || math.IsNaN(v[i]) {
				return frame.Errorf("Outliers: feature %s is null or NaN at row %d", c, i)
			}
		}
		values[k] = v
	}
	n := f.NumRows()
	sets := [][]int{rowRange(n)}
	if len(o.By) > 0 {
		sets = partitions(f, o.By)
	} else if n < 4 {
		return frame.Errorf("Outliers: too few rows to do outlier detection: %d, need at least 4", n)
	}
	out := []frame.Column{}
	idCol, err := f.Col(o.ID)
	if err != nil {
		return frame.WithErr(fmt.Errorf("Outliers: %w", err))
	}
	out = append(out, idCol)
	total := make([]int64, n)
	totalOK := make([]bool, n)
	var countCols []frame.Column
	for k, c := range features {
		count, countOK := make([]int64, n), make([]bool, n)
		for _, m := range methods {
			score, scoreOK := make([]float64, n), make([]bool, n)
			for _, rows := range sets {
				if len(rows) < 4 {
					continue
				}
				ys := make([]float64, len(rows))
				for j, r := range rows {
					ys[j] = values[k][r]
				}
				s := outlierScores(m, ys)
				for j, r := range rows {
					score[r], scoreOK[r] = s[j], true
					countOK[r] = true
					if math.Abs(s[j]) > outlierThreshold(m) {
						count[r]++
					}
				}
			}
			out = append(out, frame.Float64Col(c+"_"+m, score, scoreOK))
		}
		for i := range count {
			total[i] += count[i]
			totalOK[i] = countOK[i]
		}
		countCols = append(countCols, frame.Int64Col(c, count, countOK))
	}
	out = append(out, countCols...)
	out = append(out, frame.Int64Col("outlier_methods", total, totalOK))
	return frame.New(out...)
}

func rowRange(n int) []int {
	r := make([]int, n)
	for i := range r {
		r[i] = i
	}
	return r
}

// partitions groups the rows by the by columns (nulls as "").
func partitions(f *frame.Frame, by []string) [][]int {
	g := f.GroupBy(by...)
	sets := make([][]int, g.NumGroups())
	for i, k := range g.GroupIDs() {
		sets[k] = append(sets[k], i)
	}
	return sets
}

// sanitizeFeatures is EPMT's sanitize_features.
func sanitizeFeatures(f *frame.Frame, want []string) []string {
	if want == nil {
		want = []string{"duration", "cpu_time", "num_procs"}
		if !f.Has("duration") && f.Has("duration_us") {
			want[0] = "duration_us" // the epmt loader's name for job duration
		}
	}
	all := len(want) == 0 || (len(want) == 1 && want[0] == "*")
	var out []string
	for i, name := range f.Names() {
		t := f.Types()[i]
		if (t != frame.Int64 && t != frame.Float64) || outlierBlacklist(name) {
			continue
		}
		if all || slices.Contains(want, name) {
			out = append(out, name)
		}
	}
	slices.Sort(out)
	return out
}

// outlierScores returns the scores of one method for one feature.
func outlierScores(method string, ys []float64) []float64 {
	switch method {
	case "iqr":
		return IQRScores(ys)
	case "modified_z_score":
		return ModifiedZScores(ys)
	}
	return ZScores(ys)
}

// IQRScores is EPMT's iqr: 1 for values strictly outside [Q1 − 1.5·IQR,
// Q3 + 1.5·IQR] with Q1 and Q3 numpy's linear 25th and 75th percentiles,
// else 0.
func IQRScores(ys []float64) []float64 {
	s := slices.Clone(ys)
	out := make([]float64, len(ys))
	if len(s) == 0 {
		return out
	}
	q1, q3 := frame.QuantileOf(s, 0.25), frame.QuantileOf(s, 0.75)
	iqr := q3 - q1
	lb, ub := q1-1.5*iqr, q3+1.5*iqr
	for i, y := range ys {
		if y > ub || y < lb {
			out[i] = 1
		}
	}
	return out
}

// ModifiedZScores is EPMT's modified_z_score: npround(0.6745·|y − med| /
// MAD, 4), MAD the median absolute deviation, or when that is 0 the mean
// absolute deviation around the median; all 0 when that is 0 too.
func ModifiedZScores(ys []float64) []float64 {
	out := make([]float64, len(ys))
	if len(ys) == 0 {
		return out
	}
	med := median(ys)
	dev := make([]float64, len(ys))
	for i, y := range ys {
		dev[i] = math.Abs(y - med)
	}
	mad := median(dev)
	if mad == 0 {
		mad = pairwiseSum(dev) / float64(len(dev))
	}
	if mad > 0 {
		for i, d := range dev {
			out[i] = npround(0.6745*d/mad, 4)
		}
	}
	return out
}

// ZScores is EPMT's z_score: npround(|y − mean| / std, 4) with mean and
// the population std each rounded to 4 decimals first (numpy's two-pass
// std with pairwise sums); 0/0 gives 0 and x/0 the largest float64, as
// numpy.nan_to_num.
func ZScores(ys []float64) []float64 {
	out := make([]float64, len(ys))
	if len(ys) == 0 {
		return out
	}
	n := float64(len(ys))
	mu := pairwiseSum(ys) / n
	sq := make([]float64, len(ys))
	for i, y := range ys {
		d := y - mu
		sq[i] = d * d
	}
	std := npround(math.Sqrt(pairwiseSum(sq)/n), 4)
	mean := npround(mu, 4)
	for i, y := range ys {
		z := npround(math.Abs(y-mean)/std, 4)
		switch {
		case math.IsNaN(z):
			z = 0
		case math.IsInf(z, 1):
			z = math.MaxFloat64
		}
		out[i] = z
	}
	return out
}

func median(v []float64) float64 {
	return frame.QuantileOf(slices.Clone(v), 0.5)
}

// pairwiseSum adds as numpy.add.reduce does on a float64 array: blocks
// of 8192 values (numpy's buffer size) added in order, each summed
// pairwise (a plain loop below 8 values, eight interleaved accumulators up
// to 128, halves above).
func pairwiseSum(a []float64) float64 {
	const buffer = 8192
	if len(a) <= buffer {
		return pairwiseBlock(a)
	}
	s := pairwiseBlock(a[:buffer])
	for i := buffer; i < len(a); i += buffer {
		s += pairwiseBlock(a[i:min(i+buffer, len(a))])
	}
	return s
}

func pairwiseBlock(a []float64) float64 {
	n := len(a)
	switch {
	case n < 8:
		s := 0.0 // numpy starts from -0.0; they differ only for all -0.0
		for _, v := range a {
			s += v
		}
		return s
	case n <= 128:
		var r [8]float64
		copy(r[:], a[:8])
		i := 8
		for ; i < n-n%8; i += 8 {
			for k := range r {
				r[k] += a[i+k]
			}
		}
		s := ((r[0] + r[1]) + (r[2] + r[3])) + ((r[4] + r[5]) + (r[6] + r[7]))
		for ; i < n; i++ {
			s += a[i]
		}
		return s
	default:
		h := n / 2
		h -= h % 8
		return pairwiseBlock(a[:h]) + pairwiseBlock(a[h:])
	}
}
