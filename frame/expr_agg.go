package frame

import (
	"fmt"
	"math"

	"github.com/apache/arrow/go/v17/arrow"
)

// Aggregations as expressions: Col("mem_mb").Max() is the largest
// mem_mb. Alone (With, SelectExpr) an aggregation is of the whole frame,
// one value repeated on every row; with Over(keys...) it is of each row's
// group; in GroupBy(keys...).Agg it is one row per group. Each computes
// what the Agg of its name computes (Sum, Mean, ...), over the non-null
// values; a duration stays a duration. Expressions combine aggregations
// as any values: Col("end").Max().Sub(Col("start").Min()) is a span.

// aggNode aggregates its argument.
type aggNode struct {
	kind aggKind
	q    float64
	a    exprNode
}

// aggNames are the aggregations' names: the text form's functions and
// the suffix of their default column names.
var aggNames = map[aggKind]string{aggCountOf: "count", aggSum: "sum", aggMean: "mean", aggMin: "min", aggMax: "max",
	aggMedian: "median", aggStd: "std", aggQuantile: "quantile", aggFirst: "first", aggLast: "last", aggNUnique: "n_unique"}

func (n aggNode) String() string {
	if n.kind == aggQuantile {
		return fmt.Sprintf("quantile(%s, %v)", n.a, n.q)
	}
	return fmt.Sprintf("%s(%s)", aggNames[n.kind], n.a)
}

// name is the default column name of an aggregation of a bare column,
// as Agg's constructors name theirs (mem_mb_max, mem_mb_q0.95).
func (n aggNode) name() string {
	c, ok := unwrapNode(n.a).(colNode)
	if !ok {
		return ""
	}
	if n.kind == aggQuantile {
		return Quantile(c.name, n.q).name
	}
	if n.kind == aggNUnique {
		return c.name + "_nunique"
	}
	return c.name + "_" + aggNames[n.kind]
}

func aggExpr(kind aggKind, e Expr, q float64) Expr {
	if e.err != nil {
		return e
	}
	return Expr{n: aggNode{kind: kind, q: q, a: e.n}, alias: e.alias}
}

// Sum is the sum of e's non-null values (0 when there are none), int64
// for integers, float64 for floats, a duration for durations.
func (e Expr) Sum() Expr { return aggExpr(aggSum, e, 0) }

// Mean is the mean of e's non-null values, float64 (a duration for
// durations); null when there are none.
func (e Expr) Mean() Expr { return aggExpr(aggMean, e, 0) }

// Min is e's smallest non-null value, of e's type.
func (e Expr) Min() Expr { return aggExpr(aggMin, e, 0) }

// Max is e's largest non-null value, of e's type.
func (e Expr) Max() Expr { return aggExpr(aggMax, e, 0) }

// Median is the median of e's non-null values, float64 (a duration for
// durations).
func (e Expr) Median() Expr { return aggExpr(aggMedian, e, 0) }

// Std is the sample standard deviation (ddof=1, as pandas) of e's
// non-null values, float64; null for fewer than two.
func (e Expr) Std() Expr { return aggExpr(aggStd, e, 0) }

// Quantile is the q-quantile (0 <= q <= 1) of e's non-null values with
// linear interpolation, as numpy and pandas by default.
func (e Expr) Quantile(q float64) Expr { return aggExpr(aggQuantile, e, q) }

// Count is the number of e's non-null values, int64.
func (e Expr) Count() Expr { return aggExpr(aggCountOf, e, 0) }

// NUnique is the number of e's distinct non-null values, int64.
func (e Expr) NUnique() Expr { return aggExpr(aggNUnique, e, 0) }

// First is e's first non-null value in row order.
func (e Expr) First() Expr { return aggExpr(aggFirst, e, 0) }

// Last is e's last non-null value in row order.
func (e Expr) Last() Expr { return aggExpr(aggLast, e, 0) }

// aggCtx is the frame of GroupBy(...).Agg(exprs...) evaluates over: the
// grouped frame and its groups. An aggregation there makes one value
// per group.
type aggCtx struct {
	src *Frame
	g   grouping
}

// groupFrame is the frame an Agg expression evaluates over: a row per
// group of g over f, and no column (a column read outside an
// aggregation is an error).
func groupFrame(f *Frame, g grouping) *Frame {
	return &Frame{index: map[string]int{}, nrows: g.ngroups, agg: &aggCtx{src: f, g: g}}
}

// wholeFrame is the grouping of n rows into one group.
func wholeFrame(n int) grouping {
	return grouping{gid: make([]int32, n), ngroups: 1, firstRow: []int{0}}
}

func (n aggNode) eval(f *Frame) (vec, error) {
	src, g, whole := f, wholeFrame(f.nrows), true
	if f.agg != nil {
		src, g, whole = f.agg.src, f.agg.g, false
	}
	out, err := n.over(src, g)
	if err != nil {
		return vec{}, err
	}
	if whole {
		out.scalar = true
	}
	return out, nil
}

// over aggregates the argument, evaluated over src, over the groups of
// g: a value per group. A bare column is aggregated as the frame holds
// it, without a copy.
func (n aggNode) over(src *Frame, g grouping) (vec, error) {
	if c, ok := unwrapNode(n.a).(colNode); ok {
		if i, ok := src.index[c.name]; ok && typeOf(src.cols[i].DataType()) != Invalid {
			arr, err := (&Grouped{g: g}).aggregate(Agg{kind: n.kind, col: c.name, q: n.q, name: n.String()}, src.cols[i])
			if err != nil {
				return vec{}, err
			}
			return vecOf(arr)
		}
	}
	v, err := n.a.eval(src)
	if err != nil {
		return vec{}, err
	}
	return n.reduce(v, src.nrows, g)
}

// reduce aggregates v, of n rows, over the groups of g: a value per
// group. Grouped.aggregate computes it, on an int64 column of µs for a
// duration, which the result is again.
func (n aggNode) reduce(v vec, rows int, g grouping) (vec, error) {
	if v.scalar {
		v = v.broadcast(rows)
	}
	if n.kind == aggQuantile && (n.q < 0 || n.q > 1 || math.IsNaN(n.q)) {
		return vec{}, fmt.Errorf("quantile %v outside [0, 1]", n.q)
	}
	var col Column
	switch v.kind {
	case vDur:
		col = Int64Col("x", v.i, v.valid)
	case vNull:
		col = Float64Col("x", make([]float64, rows), make([]bool, rows))
	default:
		col = v.column("x")
	}
	if col.err != nil {
		return vec{}, col.err
	}
	arr, err := (&Grouped{g: g}).aggregate(Agg{kind: n.kind, col: n.a.String(), q: n.q, name: n.String()}, col.arr)
	if err != nil {
		return vec{}, err
	}
	out, err := vecOf(arr)
	if err != nil {
		return vec{}, err
	}
	if v.kind == vDur && n.kind != aggCountOf && n.kind != aggNUnique && n.kind != aggStd {
		out = asDuration(out)
	}
	return out, nil
}

// asDuration makes an int64 or float64 (rounded) value of µs a duration.
func asDuration(v vec) vec {
	switch v.kind {
	case vInt:
		v.kind = vDur
	case vFloat:
		out := vec{kind: vDur, n: v.n, valid: v.valid, i: make([]int64, len(v.f))}
		for r, x := range v.f {
			out.i[r] = int64(math.Round(x))
		}
		v = out
	}
	return v
}

// vecOf reads an arrow array of one of the frame's types into a vec.
func vecOf(a arrow.Array) (vec, error) {
	return colNode{name: "value"}.eval(&Frame{cols: []arrow.Array{a}, index: map[string]int{"value": 0}, nrows: a.Len()})
}

// gather is v's rows at idx, in that order.
func (v vec) gather(idx []int32) vec {
	out := vec{kind: v.kind, n: len(idx)}
	if v.valid != nil {
		out.valid = make([]bool, len(idx))
		for r, k := range idx {
			out.valid[r] = v.valid[k]
		}
	}
	switch v.kind {
	case vInt, vTime, vDur:
		out.i = gatherOf(v.i, idx)
	case vFloat:
		out.f = gatherOf(v.f, idx)
	case vBool:
		out.b = gatherOf(v.b, idx)
	case vString:
		if v.s == nil && v.dict != nil {
			out.dict, out.codes = v.dict, gatherOf(v.codes, idx)
		} else {
			out.s = gatherOf(v.s, idx)
		}
	case vNull:
		out.valid = make([]bool, len(idx))
	}
	return out
}

// gatherOf is s at idx.
func gatherOf[T any](s []T, idx []int32) []T {
	out := make([]T, len(idx))
	for r, k := range idx {
		out[r] = s[k]
	}
	return out
}
