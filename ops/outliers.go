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
	// MinMethods, when above 0, keeps only the rows that at least that
	// many methods flag (outlier_methods ≥ MinMethods), in row order: no
	// score column is held for the other rows, so a frame of millions of
	// rows costs its counts and its flagged rows.
	MinMethods int
	// Rows, when not nil, are the rows of the frame to test, ascending:
	// the others are neither tested nor returned (their features may be
	// null), as if the frame were Take(Rows), without the copy of its
	// columns that Take makes. The tests, and By's sets, are those of
	// the rows given.
	Rows []int32
	// RowID identifies a row by its number in the frame instead of by
	// the ID column: the result's first column is "row" (int64).
	RowID bool
}

// outlierThreshold is EPMT's outlier_thresholds: a score flags a row when
// it is strictly above it (iqr has no entry: its 0/1 score flags above 0).
func outlierThreshold(method int) float64 {
	switch method {
	case methodModifiedZ:
		return 3.5
	case methodZ:
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
// features. Columns: the ID, then those. Row order is kept; with
// MinMethods only the rows flagged by that many methods are.
//
// A table with a null or NaN feature value, or fewer than 4 rows (without
// By), is an error, as in EPMT (of the rows tested, with Rows).
func Outliers(f *frame.Frame, o OutlierOptions) *frame.Frame {
	if o.ID == "" {
		o.ID = "job"
	}
	need := o.By
	if !o.RowID {
		need = append([]string{o.ID}, o.By...)
	}
	if err := require("Outliers", f, "the jobs frame has job; name the ID column otherwise", need...); err != nil {
		return frame.WithErr(err)
	}
	names := o.Methods
	if names == nil {
		names = []string{"iqr", "modified_z_score", "z_score"}
	}
	methods := make([]int, len(names))
	for i, m := range names {
		code, ok := methodCode(m)
		if !ok {
			return frame.Errorf("Outliers: method %q: want iqr, modified_z_score or z_score", m)
		}
		methods[i] = code
	}
	features := sanitizeFeatures(f, o.Features)
	if len(features) == 0 {
		return frame.Errorf("Outliers: none of the features %v is a numeric column of the frame", o.Features)
	}
	if len(features)*len(methods) > math.MaxUint16 {
		return frame.Errorf("Outliers: %d features by %d methods: more than the %d flags a row counts", len(features), len(methods), math.MaxUint16)
	}
	n := f.NumRows()
	if n > math.MaxInt32 {
		return frame.Errorf("Outliers: %d rows, more than it takes (2³¹−1)", n)
	}
	rows := o.Rows
	if rows != nil {
		if err := checkRows(rows, n); err != nil {
			return frame.WithErr(err)
		}
	}
	values, err := featureValues(f, features, rows)
	if err != nil {
		return frame.WithErr(err)
	}
	tested := n
	if rows != nil {
		tested = len(rows)
	}
	var sets [][]int32
	switch {
	case len(o.By) > 0:
		sets = partitions(f, o.By, rows)
	case tested < 4:
		return frame.Errorf("Outliers: too few rows to do outlier detection: %d, need at least 4", tested)
	case rows != nil:
		sets = [][]int32{rows}
	default:
		sets = [][]int32{rowRange(n)}
	}
	ids, err := outlierIDs(f, o)
	if err != nil {
		return frame.WithErr(fmt.Errorf("Outliers: %w", err))
	}
	t := outlierTests{names: names, methods: methods, features: features, values: values, sets: sets, n: n}
	t.count(o.MinMethods <= 0)
	if o.MinMethods > 0 {
		return t.flagged(ids, o.MinMethods)
	}
	if rows != nil {
		return t.frame(ids(nil)).Take(intRows(rows))
	}
	return t.frame(ids(nil))
}

// outlierTests are Outliers's classifiers run over the sets of rows of
// each feature: per feature, method and set the statistics (scoring),
// per feature and row the methods that flag it.
type outlierTests struct {
	names    []string // the methods, as named
	methods  []int    // their codes
	features []string
	values   [][]float64 // by feature
	sets     [][]int32
	n        int
	// stats[k][m][s] is feature k's method m over set s (set of 4 rows or
	// more); counts[k][r] the methods flagging row r's feature k (2 bytes
	// a row: the methods are at most 3 but for repeats); tested whether
	// row r is in such a set.
	stats  [][][]scoring
	counts [][]uint16
	tested []bool
	// scores[k][m] holds every row's score when all are returned (nil
	// with MinMethods).
	scores [][][]float64
}

// count works out every set's statistics and counts the methods that
// flag each row; with all it holds every row's scores too.
func (t *outlierTests) count(all bool) {
	t.tested = make([]bool, t.n)
	for _, rows := range t.sets {
		if len(rows) >= 4 && len(t.methods) > 0 { // no method tests a row: its counts are null
			for _, r := range rows {
				t.tested[r] = true
			}
		}
	}
	var ys []float64 // a set's values, the largest set's room reused
	for k := range t.features {
		count := make([]uint16, t.n)
		perMethod := make([][]scoring, len(t.methods))
		var scores [][]float64
		for mi, m := range t.methods {
			perMethod[mi] = make([]scoring, len(t.sets))
			var score []float64
			if all {
				score = make([]float64, t.n)
			}
			for si, rows := range t.sets {
				if len(rows) < 4 {
					continue
				}
				ys = ys[:0]
				for _, r := range rows {
					ys = append(ys, t.values[k][r])
				}
				sc := newScoring(m, ys)
				perMethod[mi][si] = sc
				for j, r := range rows {
					v := sc.score(ys[j])
					if score != nil {
						score[r] = v
					}
					if math.Abs(v) > outlierThreshold(m) {
						count[r]++
					}
				}
			}
			scores = append(scores, score)
		}
		t.stats, t.counts, t.scores = append(t.stats, perMethod), append(t.counts, count), append(t.scores, scores)
	}
}

// frame returns every row's scores (count(true)) and counts: the ID, the
// score columns c_m, the counts per feature, outlier_methods.
func (t *outlierTests) frame(ids *frame.Frame) *frame.Frame {
	out := ids.Columns()
	for k, c := range t.features {
		for mi := range t.methods {
			out = append(out, frame.Float64Col(c+"_"+t.names[mi], t.scores[k][mi], t.tested))
		}
	}
	total := make([]int64, t.n)
	for k, c := range t.features {
		count := make([]int64, t.n)
		for r, v := range t.counts[k] {
			count[r] = int64(v)
			total[r] += int64(v)
		}
		out = append(out, frame.Int64Col(c, count, t.tested))
	}
	if err := ids.Err(); err != nil {
		return frame.WithErr(err)
	}
	return frame.New(append(out, frame.Int64Col("outlier_methods", total, t.tested))...)
}

// flagged returns the rows that at least least methods flag, in row
// order, with the columns of frame; only their scores are worked out.
func (t *outlierTests) flagged(ids func(rows []int) *frame.Frame, least int) *frame.Frame {
	total := t.counts[0] // one feature: its counts are the sum
	if len(t.features) > 1 {
		total = make([]uint16, t.n)
		for _, count := range t.counts {
			for r, v := range count {
				total[r] += v
			}
		}
	}
	type kept struct{ row, set int }
	var keep []kept
	for si, rows := range t.sets {
		if len(rows) < 4 {
			continue
		}
		for _, r := range rows {
			if int(total[r]) >= least {
				keep = append(keep, kept{int(r), si})
			}
		}
	}
	slices.SortFunc(keep, func(a, b kept) int { return a.row - b.row })
	rows := make([]int, len(keep))
	for i, k := range keep {
		rows[i] = k.row
	}
	out := ids(rows)
	for k, c := range t.features {
		for mi, m := range t.names {
			score := make([]float64, len(keep))
			for i, kp := range keep {
				score[i] = t.stats[k][mi][kp.set].score(t.values[k][kp.row])
			}
			out = out.WithColumn(c+"_"+m, frame.Float64Col(c+"_"+m, score, nil))
		}
	}
	taken := func(v []uint16) []int64 {
		w := make([]int64, len(rows))
		for i, r := range rows {
			w[i] = int64(v[r])
		}
		return w
	}
	for k, c := range t.features {
		out = out.WithColumn(c, frame.Int64Col(c, taken(t.counts[k]), nil))
	}
	return out.WithColumn("outlier_methods", frame.Int64Col("outlier_methods", taken(total), nil))
}

// checkRows refuses rows that are not ascending rows of a frame of n.
func checkRows(rows []int32, n int) error {
	for i, r := range rows {
		if r < 0 || int(r) >= n || i > 0 && r <= rows[i-1] {
			return fmt.Errorf("Outliers: Rows[%d] = %d: want ascending rows of the frame's %d", i, r, n)
		}
	}
	return nil
}

// featureValues returns the values of each feature column of f, all
// rows (read in place), refusing a null or NaN among rows (nil: all).
func featureValues(f *frame.Frame, features []string, rows []int32) ([][]float64, error) {
	values := make([][]float64, len(features))
	for k, c := range features {
		v, ok, err := f.Float64s(c)
		if err != nil {
			return nil, fmt.Errorf("Outliers: %w", err)
		}
		check := func(i int) error {
			if !ok[i] || math.IsNaN(v[i]) {
				return fmt.Errorf("Outliers: feature %s is null or NaN at row %d", c, i)
			}
			return nil
		}
		if rows == nil {
			for i := range v {
				if err := check(i); err != nil {
					return nil, err
				}
			}
		}
		for _, i := range rows {
			if err := check(int(i)); err != nil {
				return nil, err
			}
		}
		values[k] = v
	}
	return values, nil
}

// outlierIDs returns what names rows of f in Outliers's result, as a
// frame of one column: of the rows given (nil: all), the column o.ID,
// or with o.RowID their numbers, "row" (made for those rows alone: a
// frame of 10M rows flagging a few holds no 80 MB of numbers).
func outlierIDs(f *frame.Frame, o OutlierOptions) (func(rows []int) *frame.Frame, error) {
	if !o.RowID {
		id, err := f.Col(o.ID)
		if err != nil {
			return nil, err
		}
		return func(rows []int) *frame.Frame {
			if rows == nil {
				return frame.New(id)
			}
			return frame.New(id).Take(rows)
		}, nil
	}
	return func(rows []int) *frame.Frame {
		var nums []int64
		if rows == nil {
			nums = make([]int64, f.NumRows())
			for i := range nums {
				nums[i] = int64(i)
			}
		} else {
			nums = make([]int64, len(rows))
			for i, r := range rows {
				nums[i] = int64(r)
			}
		}
		return frame.New(frame.Int64Col("row", nums, nil))
	}, nil
}

// intRows is rows as ints (frame.Take's).
func intRows(rows []int32) []int {
	out := make([]int, len(rows))
	for i, r := range rows {
		out[i] = int(r)
	}
	return out
}

func rowRange(n int) []int32 {
	r := make([]int32, n)
	for i := range r {
		r[i] = int32(i)
	}
	return r
}

// partitions groups the rows given of f (nil: all) by the by columns
// (nulls as ""): each group's rows in order, all groups' in one array (4
// bytes a row; a slice grown per group held up to four times that). A
// group none of the rows holds is an empty set.
func partitions(f *frame.Frame, by []string, rows []int32) [][]int32 {
	g := f.GroupBy(by...)
	ids := g.GroupIDs()
	each := func(visit func(r int32)) {
		if rows == nil {
			for r := range ids {
				visit(int32(r))
			}
			return
		}
		for _, r := range rows {
			visit(r)
		}
	}
	from := make([]int, g.NumGroups()+1)
	each(func(r int32) { from[ids[r]+1]++ })
	for k := range g.NumGroups() {
		from[k+1] += from[k]
	}
	all, next := make([]int32, from[g.NumGroups()]), slices.Clone(from[:g.NumGroups()])
	each(func(r int32) {
		k := ids[r]
		all[next[k]] = r
		next[k]++
	})
	sets := make([][]int32, g.NumGroups())
	for k := range sets {
		sets[k] = all[from[k]:from[k+1]:from[k+1]]
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

// IQRScores is EPMT's iqr: 1 for values strictly outside [Q1 − 1.5·IQR,
// Q3 + 1.5·IQR] with Q1 and Q3 numpy's linear 25th and 75th percentiles,
// else 0.
func IQRScores(ys []float64) []float64 { return scores(methodIQR, ys) }

// ModifiedZScores is EPMT's modified_z_score: npround(0.6745·|y − med| /
// MAD, 4), MAD the median absolute deviation, or when that is 0 the mean
// absolute deviation around the median; all 0 when that is 0 too.
func ModifiedZScores(ys []float64) []float64 { return scores(methodModifiedZ, ys) }

// ZScores is EPMT's z_score: npround(|y − mean| / std, 4) with mean and
// the population std each rounded to 4 decimals first (numpy's two-pass
// std with pairwise sums); 0/0 gives 0 and x/0 the largest float64, as
// numpy.nan_to_num.
func ZScores(ys []float64) []float64 { return scores(methodZ, ys) }

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
