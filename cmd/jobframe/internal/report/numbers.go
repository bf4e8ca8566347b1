package report

import "github.com/jobframe/jobframe/frame"

// number is a numeric column of a frame read a row at a time: its
// values and validity, or, for a column the frame lacks or that is not
// numeric, every row invalid (and no slice made for it: a 10M-row
// frame's missing column would be 90 MB of zeros).
type number struct {
	v  []float64
	ok []bool
}

// numberOf returns column name of f as a number.
func numberOf(f *frame.Frame, name string) number {
	if f.Has(name) {
		if v, ok, err := f.Float64s(name); err == nil {
			return number{v, ok}
		}
	}
	return number{}
}

// at returns row i's value and whether it holds one.
func (c number) at(i int) (float64, bool) {
	if c.v == nil || !c.ok[i] {
		return 0, false
	}
	return c.v[i], true
}

// runTime is each row's run time, read a row at a time: end − start
// where the row has both (end not before start), else its measured
// wall_time_s when not negative (Snakemake's benchmarks have no times of
// day).
type runTime struct {
	start, end     []int64
	startOK, endOK []bool
	times          bool // start and end are timestamp columns
	wall           number
}

// runTimeOf reads the run times of f's rows.
func runTimeOf(f *frame.Frame) runTime {
	r := runTime{wall: numberOf(f, "wall_time_s")}
	var errS, errE error
	r.start, r.startOK, errS = f.Micros("start")
	r.end, r.endOK, errE = f.Micros("end")
	r.times = errS == nil && errE == nil
	return r
}

// hours returns row i's run time in hours, and whether it has one.
func (r runTime) hours(i int) (float64, bool) {
	if r.times && r.startOK[i] && r.endOK[i] && r.end[i] >= r.start[i] {
		return float64(r.end[i]-r.start[i]) / 3.6e9, true
	}
	if w, ok := r.wall.at(i); ok && w >= 0 {
		return w / 3600, true
	}
	return 0, false
}

// groupNames names each row's group of column col of f (−1: no
// column): the group's value as the frame prints it, "–" for null. A
// row's name is looked up by its group (groupNames.of), not formatted
// per row; values that print alike share a name.
type groupNames struct {
	ids   []int32
	names []string
}

// groupNamesOf returns the names of the groups of column col of f (no
// groups when col < 0).
func groupNamesOf(f *frame.Frame, col int) groupNames {
	if col < 0 {
		return groupNames{}
	}
	g := f.GroupBy(f.Names()[col])
	keys := g.Agg()
	if keys.Err() != nil { // a column GroupBy cannot key: each row formatted
		names := make([]string, f.NumRows())
		ids := make([]int32, f.NumRows())
		for i := range names {
			names[i], ids[i] = cellName(f, col, i), int32(i)
		}
		return groupNames{ids, names}
	}
	names := make([]string, keys.NumRows())
	for k := range names {
		names[k] = cellName(keys, 0, k)
	}
	return groupNames{g.GroupIDs(), names}
}

// of returns row i's group name.
func (g groupNames) of(i int) string { return g.names[g.ids[i]] }

// cellName is a value of column c of f as a group's name: as the frame
// prints it, "–" for null.
func cellName(f *frame.Frame, c, i int) string {
	if f.IsNull(c, i) {
		return "–"
	}
	return f.FormatValue(c, i)
}
