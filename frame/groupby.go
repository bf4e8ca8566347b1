package frame

import (
	"fmt"
	"math"
	"strconv"

	"github.com/apache/arrow/go/v17/arrow"
	"github.com/apache/arrow/go/v17/arrow/array"
)

// Grouped is a frame split into groups of equal key values, ready for Agg.
type Grouped struct {
	f    *Frame
	keys []string
	g    grouping
	err  error
}

// GroupBy groups the rows by the values of the key columns. Groups are
// ordered by key values (ascending, nulls last); rows with a null key form
// their own group (pandas' dropna=False). With no keys the whole frame is
// one group (pandas' df.agg): Agg then returns one row, also for an empty
// frame (counts 0, other aggregates null).
func (f *Frame) GroupBy(keys ...string) *Grouped {
	if f.err != nil {
		return &Grouped{err: f.err}
	}
	if len(keys) == 0 {
		return &Grouped{f: f, g: grouping{gid: make([]int32, f.NumRows()), ngroups: 1, firstRow: []int{0}}}
	}
	cols := make([]arrow.Array, len(keys))
	for k, name := range keys {
		i, err := f.colIndex(name)
		if err != nil {
			return &Grouped{err: fmt.Errorf("GroupBy: %w", err)}
		}
		cols[k] = f.cols[i]
	}
	g, err := groupRows(cols)
	if err != nil {
		return &Grouped{err: fmt.Errorf("GroupBy: %w", err)}
	}
	return &Grouped{f: f, keys: keys, g: g}
}

// NumGroups returns the number of groups.
func (g *Grouped) NumGroups() int { return g.g.ngroups }

// GroupIDs returns, per row, the number of its group in output order.
func (g *Grouped) GroupIDs() []int32 { return g.g.gid }

// aggKind names an aggregation function.
type aggKind int

const (
	aggCount aggKind = iota
	aggCountOf
	aggSum
	aggMean
	aggMin
	aggMax
	aggMedian
	aggStd
	aggQuantile
	aggFirst
	aggLast
	aggNUnique
)

// Agg is one aggregation of a column, made by Count, Sum, Mean and the
// other constructors below and named by As.
type Agg struct {
	kind aggKind
	col  string
	q    float64
	name string
}

// As returns the aggregation with its output column named name.
func (a Agg) As(name string) Agg { a.name = name; return a }

// Count counts the rows of each group (column "count").
func Count() Agg { return Agg{kind: aggCount, name: "count"} }

// CountOf counts the non-null values of col in each group (col_count).
func CountOf(col string) Agg { return Agg{kind: aggCountOf, col: col, name: col + "_count"} }

// Sum adds the non-null values of col (col_sum); int64 sums stay int64,
// and a group with no values sums to 0, as in pandas.
func Sum(col string) Agg { return Agg{kind: aggSum, col: col, name: col + "_sum"} }

// Mean is the arithmetic mean of the non-null values (col_mean), float64;
// null for a group without values.
func Mean(col string) Agg { return Agg{kind: aggMean, col: col, name: col + "_mean"} }

// Min is the smallest non-null value (col_min), of the column's type.
func Min(col string) Agg { return Agg{kind: aggMin, col: col, name: col + "_min"} }

// Max is the largest non-null value (col_max), of the column's type.
func Max(col string) Agg { return Agg{kind: aggMax, col: col, name: col + "_max"} }

// Median is the median of the non-null values (col_median), float64, the
// mean of the two middle values for an even count.
func Median(col string) Agg { return Agg{kind: aggMedian, col: col, name: col + "_median"} }

// Std is the sample standard deviation (ddof=1, as pandas) of the non-null
// values (col_std); null for fewer than two values.
func Std(col string) Agg { return Agg{kind: aggStd, col: col, name: col + "_std"} }

// Quantile is the q-quantile (0 <= q <= 1) of the non-null values with
// linear interpolation, as pandas and numpy by default (col_q<q>, e.g.
// mem_mb_q0.95).
func Quantile(col string, q float64) Agg {
	return Agg{kind: aggQuantile, col: col, q: q, name: col + "_q" + strconv.FormatFloat(q, 'g', -1, 64)}
}

// First is the first non-null value in row order (col_first).
func First(col string) Agg { return Agg{kind: aggFirst, col: col, name: col + "_first"} }

// Last is the last non-null value in row order (col_last).
func Last(col string) Agg { return Agg{kind: aggLast, col: col, name: col + "_last"} }

// NUnique counts the distinct non-null values (col_nunique).
func NUnique(col string) Agg { return Agg{kind: aggNUnique, col: col, name: col + "_nunique"} }

// Aggregation is what Agg computes per group: an Agg (Count(),
// Sum("mem_mb"), ...) or an Expr whose columns are all aggregated
// (Col("mem_mb").Max(), Col("end").Max().Sub(Col("start").Min())),
// each named by its Name.
type Aggregation interface {
	Name() string
}

// Name is the column the aggregation makes.
func (a Agg) Name() string { return a.name }

// Agg computes the aggregations per group. The result has one row per
// group: the key columns, then one column per aggregation.
func (g *Grouped) Agg(aggs ...Aggregation) *Frame {
	if g.err != nil {
		return WithErr(g.err)
	}
	f := g.f
	names := append([]string(nil), g.keys...)
	cols := make([]arrow.Array, 0, len(g.keys)+len(aggs))
	for _, k := range g.keys {
		cols = append(cols, take(f.cols[f.index[k]], g.g.firstRow))
	}
	for _, x := range aggs {
		if e, ok := x.(Expr); ok {
			c, err := g.aggExpr(e)
			if err != nil {
				return WithErr(err)
			}
			names, cols = append(names, c.name), append(cols, c.arr)
			continue
		}
		a, ok := x.(Agg)
		if !ok {
			return Errorf("Agg: %T is not an aggregation (want an Agg or an Expr)", x)
		}
		var src arrow.Array
		if a.kind != aggCount {
			i, err := f.colIndex(a.col)
			if err != nil {
				return WithErr(fmt.Errorf("Agg %s: %w", a.name, err))
			}
			src = f.cols[i]
		}
		out, err := g.aggregate(a, src)
		if err != nil {
			return WithErr(fmt.Errorf("Agg %s: %w", a.name, err))
		}
		names = append(names, a.name)
		cols = append(cols, out)
	}
	seen := map[string]bool{}
	for _, n := range names {
		if seen[n] {
			return Errorf("Agg: two output columns named %q (use Agg.As to rename)", n)
		}
		seen[n] = true
	}
	return withCols(names, cols, g.g.ngroups)
}

// aggExpr computes expression e once per group: its column.
func (g *Grouped) aggExpr(e Expr) (Column, error) {
	name := e.Name()
	if name == "" {
		return Column{}, fmt.Errorf("Agg: %s has no name: give it one with .As(\"name\")", e)
	}
	v, err := e.evalRows(groupFrame(g.f, g.g), "Agg")
	if err != nil {
		return Column{}, err
	}
	c := v.column(name)
	if c.err != nil {
		return Column{}, fmt.Errorf("Agg %s: %w", name, c.err)
	}
	return c, nil
}

// rowsByGroup returns the rows of every group, contiguous and in row
// order: group k's rows are rows[start[k]:start[k+1]].
func (g *Grouped) rowsByGroup() ([]int, []int32) {
	ng := g.g.ngroups
	start := make([]int, ng+1)
	for _, k := range g.g.gid {
		start[k+1]++
	}
	for k := 0; k < ng; k++ {
		start[k+1] += start[k]
	}
	pos := append([]int(nil), start[:ng]...)
	rows := make([]int32, len(g.g.gid))
	for i, k := range g.g.gid {
		rows[pos[k]] = int32(i)
		pos[k]++
	}
	return start, rows
}

// QuantileSorted returns the q-quantile of sorted values with linear
// interpolation, as numpy.percentile's default method (including numpy's
// rule of interpolating from the upper neighbour when the fraction is at
// least one half, which makes results bit-identical to numpy >= 1.22).
func QuantileSorted(sorted []float64, q float64) float64 {
	return quantileAt(len(sorted), q, func(i int) (float64, float64) {
		if i+1 < len(sorted) {
			return sorted[i], sorted[i+1]
		}
		return sorted[i], sorted[i]
	})
}

// quantileAt returns the q-quantile of n values (NaN when there are
// none) from pair, which gives the i-th and (i+1)-th of them in sorted
// order (when i is the last, the i-th twice): numpy's linear
// interpolation at position (n−1)·q.
func quantileAt(n int, q float64, pair func(i int) (float64, float64)) float64 {
	if n == 0 {
		return math.NaN()
	}
	v := float64(n-1) * q
	lo := math.Floor(v)
	i := int(lo)
	if i >= n-1 {
		a, _ := pair(n - 1)
		return a
	}
	a, b := pair(i)
	return interpolate(a, b, v-lo)
}

// interpolate returns the value at fraction t of the way from a to b as
// numpy.percentile computes it (from b when t is at least one half).
func interpolate(a, b, t float64) float64 {
	if t >= 0.5 {
		return b - (b-a)*(1-t)
	}
	return a + (b-a)*t
}

// asFloats returns the values of a numeric array as float64.
func asFloats(a arrow.Array) []float64 {
	if a.DataType().ID() == arrow.FLOAT64 {
		return float64Values(a)
	}
	iv := int64Values(a)
	out := make([]float64, len(iv))
	for i, v := range iv {
		out[i] = float64(v)
	}
	return out
}

// minMax returns the smallest (or largest) non-null value per group, as a
// column of the source type.
func (g *Grouped) minMax(src arrow.Array, isMax bool) (arrow.Array, error) {
	ng := g.g.ngroups
	best := make([]int, ng)
	for i := range best {
		best[i] = -1
	}
	var better func(i, j int) bool // is row i better than row j
	switch typeOf(src.DataType()) {
	case Int64, Time:
		v := int64Values(src)
		better = func(i, j int) bool { return (v[i] < v[j]) != isMax && v[i] != v[j] }
	case Float64:
		v := float64Values(src)
		better = func(i, j int) bool {
			if math.IsNaN(v[i]) {
				return false
			}
			if math.IsNaN(v[j]) {
				return true
			}
			return (v[i] < v[j]) != isMax && v[i] != v[j]
		}
	case String:
		better = func(i, j int) bool {
			x, y := strAt(src, i), strAt(src, j)
			return (x < y) != isMax && x != y
		}
	case Bool:
		b := src.(*array.Boolean)
		better = func(i, j int) bool {
			x, y := b.Value(i), b.Value(j)
			return x != y && (x == isMax)
		}
	}
	hasNull := src.NullN() > 0
	for i, k := range g.g.gid {
		if hasNull && src.IsNull(i) {
			continue
		}
		if best[k] < 0 || better(i, best[k]) {
			best[k] = i
		}
	}
	return take(src, best), nil
}
