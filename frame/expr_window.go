package frame

import (
	"cmp"
	"fmt"
	"math"
	"slices"
	"strings"

	"github.com/apache/arrow/go/v17/arrow"
)

// Window functions go along the rows in the frame's order (sort it
// first): CumSum, Shift, Diff, Rank and Rolling. Alone they run over the
// whole frame; Over(keys...) runs them within each group of rows with
// equal keys, and gives an aggregation of each row's group.

// segments are the rows of each group, in row order: group k's rows are
// rows[start[k]:start[k+1]].
type segments struct {
	start []int
	rows  []int32
}

// segmentsOf are g's groups as segments.
func segmentsOf(g grouping) segments {
	start, rows := (&Grouped{g: g}).rowsByGroup()
	return segments{start: start, rows: rows}
}

// each calls fn with the rows of each segment.
func (s segments) each(fn func(rows []int32)) {
	for k := 0; k+1 < len(s.start); k++ {
		fn(s.rows[s.start[k]:s.start[k+1]])
	}
}

// windowNode computes a window function of its argument over segments.
type windowNode struct {
	name string // the text form's, with the constant arguments
	a    exprNode
	fn   func(v vec, s segments) (vec, error)
}

func (n windowNode) String() string { return n.name }

func (n windowNode) eval(f *Frame) (vec, error) {
	if f.agg != nil {
		return vec{}, fmt.Errorf("%s is a window function, one value per row: in Agg use an aggregation (With(...Over(keys)) for a window per group)", n.name)
	}
	v, err := n.a.eval(f)
	if err != nil {
		return vec{}, err
	}
	if v.scalar {
		v = v.broadcast(f.nrows)
	}
	return n.fn(v, segmentsOf(wholeFrame(f.nrows)))
}

func windowExpr(name string, e Expr, fn func(v vec, s segments) (vec, error)) Expr {
	if e.err != nil {
		return e
	}
	return Expr{n: windowNode{name: name, a: e.n, fn: fn}, alias: e.alias}
}

// overNode is an aggregation or a window function computed within the
// groups of rows of equal keys.
type overNode struct {
	inner exprNode // an aggNode or a windowNode
	keys  []string
}

func (n overNode) String() string {
	return fmt.Sprintf("over(%s, %q)", n.inner, strings.Join(n.keys, `", "`))
}

// Over computes e, an aggregation or a window function, within each
// group of rows whose key columns are equal: an aggregation gives every
// row its group's value (Col("mem_mb").Max().Over("worker")), a window
// function runs along each group's rows in row order
// (Col("start").Diff(1).Over("worker")).
func (e Expr) Over(keys ...string) Expr {
	if e.err != nil {
		return e
	}
	if len(keys) == 0 {
		return Expr{err: fmt.Errorf("Over %s: no key column", e)}
	}
	return Expr{n: overNode{inner: e.n, keys: keys}, alias: e.alias}
}

func (n overNode) eval(f *Frame) (vec, error) {
	if f.agg != nil {
		return vec{}, fmt.Errorf("Over in Agg: the groups are GroupBy's")
	}
	cols := make([]arrow.Array, len(n.keys))
	for k, name := range n.keys {
		i, ok := f.index[name]
		if !ok {
			return vec{}, fmt.Errorf("Over: unknown column %q", name)
		}
		cols[k] = f.cols[i]
	}
	var g grouping
	if f.nrows == 0 {
		g = grouping{}
	} else {
		var err error
		if g, err = groupRows(cols); err != nil {
			return vec{}, fmt.Errorf("Over: %w", err)
		}
	}
	switch x := unwrapNode(n.inner).(type) {
	case aggNode:
		per, err := x.over(f, g)
		if err != nil {
			return vec{}, err
		}
		return per.gather(g.gid), nil
	case windowNode:
		v, err := x.a.eval(f)
		if err != nil {
			return vec{}, err
		}
		if v.scalar {
			v = v.broadcast(f.nrows)
		}
		return x.fn(v, segmentsOf(g))
	}
	return vec{}, fmt.Errorf("Over applies to an aggregation or a window function, not %s", n.inner)
}

// unwrapNode is n without the text form's offsets.
func unwrapNode(n exprNode) exprNode {
	for {
		p, ok := n.(posNode)
		if !ok {
			return n
		}
		n = p.exprNode
	}
}

// CumSum is the running sum of e's non-null values along the rows; a
// null row stays null (as polars' cum_sum). Integers stay int64,
// durations durations.
func (e Expr) CumSum() Expr {
	return windowExpr(fmt.Sprintf("cum_sum(%s)", e), e, func(v vec, s segments) (vec, error) {
		out := vec{kind: v.kind, n: v.n, valid: v.valid}
		switch v.kind {
		case vInt, vDur:
			out.i = cumSum(v.i, v.valid, s)
		case vFloat:
			out.f = cumSum(v.f, v.valid, s)
		case vNull:
		default:
			return vec{}, fmt.Errorf("CumSum of %s (want a number or a duration)", v.kind)
		}
		return out, nil
	})
}

// cumSum is the running sum of x's valid values along each segment (0
// where a row is not valid: its validity says null).
func cumSum[T int64 | float64](x []T, valid []bool, s segments) []T {
	out := make([]T, len(x))
	s.each(func(rows []int32) {
		var sum T
		for _, r := range rows {
			if valid == nil || valid[r] {
				sum += x[r]
				out[r] = sum
			}
		}
	})
	return out
}

// Shift is e's value k rows before in row order (k < 0: after); null
// where there is none.
func (e Expr) Shift(k int) Expr {
	return windowExpr(fmt.Sprintf("shift(%s, %d)", e, k), e, func(v vec, s segments) (vec, error) {
		return shifted(v, s, k), nil
	})
}

// Lag is Shift(k).
func (e Expr) Lag(k int) Expr { return e.Shift(k) }

// shifted is v with each row taking the value k rows before it in its
// segment.
func shifted(v vec, s segments, k int) vec {
	idx := make([]int32, v.n)
	ok := make([]bool, v.n)
	s.each(func(rows []int32) {
		for j, r := range rows {
			if from := j - k; from >= 0 && from < len(rows) {
				idx[r], ok[r] = rows[from], true
			}
		}
	})
	out := v.gather(idx)
	out.valid = andValid(out.valid, ok, v.n)
	if out.valid == nil {
		out.valid = ok
	}
	return out
}

// Diff is e minus its value k rows before (Sub of Shift(k)): a time's
// difference is a duration; null for the first k rows.
func (e Expr) Diff(k int) Expr {
	return windowExpr(fmt.Sprintf("diff(%s, %d)", e, k), e, func(v vec, s segments) (vec, error) {
		return applyBinary("-", v, shifted(v, s, k), v.n)
	})
}

// Rank is the rank of e's value among the non-null values along the
// rows, 1 for the smallest, ties given their mean rank (pandas' and
// polars' "average"), float64; null for a null value.
func (e Expr) Rank() Expr {
	return windowExpr(fmt.Sprintf("rank(%s)", e), e, func(v vec, s segments) (vec, error) {
		less, err := rowOrder(&v)
		if err != nil {
			return vec{}, fmt.Errorf("Rank: %w", err)
		}
		out := vec{kind: vFloat, n: v.n, f: make([]float64, v.n), valid: v.valid}
		var order []int32
		s.each(func(rows []int32) {
			order = order[:0]
			for _, r := range rows {
				if v.valid == nil || v.valid[r] {
					order = append(order, r)
				}
			}
			slices.SortStableFunc(order, less)
			for i := 0; i < len(order); {
				j := i + 1
				for j < len(order) && less(order[i], order[j]) == 0 {
					j++
				}
				rank := float64(i+j+1) / 2 // the mean of ranks i+1 .. j
				for _, r := range order[i:j] {
					out.f[r] = rank
				}
				i = j
			}
		})
		return out, nil
	})
}

// rowOrder compares two rows of v by value.
func rowOrder(v *vec) (func(a, b int32) int, error) {
	switch v.kind {
	case vInt, vTime, vDur:
		return func(a, b int32) int { return cmp.Compare(v.i[a], v.i[b]) }, nil
	case vFloat:
		return func(a, b int32) int { return cmp.Compare(v.f[a], v.f[b]) }, nil
	case vString:
		s := v.strs()
		return func(a, b int32) int { return strings.Compare(s[a], s[b]) }, nil
	case vBool:
		return func(a, b int32) int { return cmp.Compare(b2i(v.b[a]), b2i(v.b[b])) }, nil
	case vNull:
		return func(a, b int32) int { return 0 }, nil
	}
	return nil, fmt.Errorf("values of %s", v.kind)
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

// Rolling is a window of the n rows up to and including each row, for
// its Sum or Mean.
type Rolling struct {
	e Expr
	n int
}

// Rolling is the window of the n rows ending at each row (n >= 1).
func (e Expr) Rolling(n int) Rolling { return Rolling{e: e, n: n} }

// Sum is the sum of the window's values, float64 (a duration for
// durations), null unless all n are there and non-null (pandas'
// rolling(n).sum(), min_periods n).
func (w Rolling) Sum() Expr { return w.agg("sum", false) }

// Mean is the mean of the window's values, as Sum.
func (w Rolling) Mean() Expr { return w.agg("mean", true) }

func (w Rolling) agg(what string, mean bool) Expr {
	name := fmt.Sprintf("rolling_%s(%s, %d)", what, w.e, w.n)
	if w.n < 1 {
		return Expr{err: fmt.Errorf("%s: a window of %d rows (want 1 or more)", name, w.n)}
	}
	return windowExpr(name, w.e, func(v vec, s segments) (vec, error) {
		var x []float64
		switch v.kind {
		case vInt, vDur:
			x = make([]float64, v.n)
			for r, i := range v.i {
				x[r] = float64(i)
			}
		case vFloat:
			x = v.f
		case vNull:
			return v, nil
		default:
			return vec{}, fmt.Errorf("%s of %s (want a number or a duration)", name, v.kind)
		}
		out := vec{kind: vFloat, n: v.n, f: make([]float64, v.n), valid: make([]bool, v.n)}
		s.each(func(rows []int32) { rollRows(x, v.valid, rows, w.n, mean, out.f, out.valid) })
		if v.kind == vDur {
			out = asDuration(out)
		}
		return out, nil
	})
}

// rollRows writes the rolling sum (or mean) of x over the last n of
// rows, where all n are valid, to out and ok. The sum is kept as it
// slides (a row added, one taken off); a NaN or Inf in it is summed
// again from the window's rows, so that it does not stay.
func rollRows(x []float64, valid []bool, rows []int32, n int, mean bool, out []float64, ok []bool) {
	var sum float64
	bad := 0 // invalid rows in the window
	for j, r := range rows {
		if valid != nil && !valid[r] {
			bad++
		} else {
			sum += x[r]
		}
		if j >= n {
			old := rows[j-n]
			if valid != nil && !valid[old] {
				bad--
			} else {
				sum -= x[old]
			}
		}
		if j+1 < n || bad > 0 {
			continue
		}
		if math.IsNaN(sum) || math.IsInf(sum, 0) {
			sum = 0
			for _, k := range rows[j+1-n : j+1] {
				sum += x[k]
			}
		}
		out[r], ok[r] = sum, true
		if mean {
			out[r] = sum / float64(n)
		}
	}
}
