package frame

import (
	"fmt"
	"testing"
)

// exprGen builds an expression from fuzz bytes twice, as text and by the
// methods, so that the two forms can be compared.
type exprGen struct {
	b []byte
	i int
}

func (g *exprGen) next() int {
	if g.i >= len(g.b) {
		return 0
	}
	g.i++
	return int(g.b[g.i-1])
}

var genCols = []string{"a", "x", "y", "s", "start", "end"}

// gen returns an expression of depth at most d: its text and its Expr.
func (g *exprGen) gen(d int) (string, Expr) {
	c := g.next()
	if d == 0 || c%4 == 0 {
		switch k := g.next() % 4; k {
		case 0, 1:
			n := genCols[g.next()%len(genCols)]
			return n, Col(n)
		case 2:
			v := int64(g.next()%7) - 3
			return fmt.Sprint(v), Lit(v)
		default:
			w := []string{"lost", "failed", ""}[g.next()%3]
			return fmt.Sprintf("%q", w), Lit(w)
		}
	}
	if c%4 == 1 { // a function of one argument
		t, e := g.gen(d - 1)
		fns := []struct {
			name string
			m    func(Expr) Expr
		}{{"abs", Expr.Abs}, {"seconds", Expr.Seconds}, {"is_null", Expr.IsNull}, {"upper", Expr.Upper}, {"len", Expr.Len}, {"hour", Expr.Hour}, {"floor", Expr.Floor},
			{"sum", Expr.Sum}, {"max", Expr.Max}, {"n_unique", Expr.NUnique}, {"cum_sum", Expr.CumSum}, {"rank", Expr.Rank}}
		f := fns[g.next()%len(fns)]
		if g.next()%3 == 0 { // within the groups of s
			return "over(" + f.name + "(" + t + "), \"s\")", f.m(e).Over("s")
		}
		return f.name + "(" + t + ")", f.m(e)
	}
	ops := []struct {
		op string
		m  func(Expr, any) Expr
	}{{"+", Expr.Add}, {"-", Expr.Sub}, {"*", Expr.Mul}, {"/", Expr.Div}, {"%", Expr.Mod}, {"==", Expr.Eq}, {"<", Expr.Lt}, {"&&", Expr.And}, {"||", Expr.Or}}
	o := ops[g.next()%len(ops)]
	lt, le := g.gen(d - 1)
	rt, re := g.gen(d - 1)
	return "(" + lt + " " + o.op + " " + rt + ")", o.m(le, re)
}

// FuzzExprForms: an expression built from any bytes gives, as text
// (ParseExpr) and by the methods, the same cells or an error both ways,
// and neither panics; any text at all parses or fails without a panic.
func FuzzExprForms(f *testing.F) {
	f.Add([]byte{1, 2, 3, 4, 5, 6, 7, 8}, "a + 1")
	f.Add([]byte{9, 1, 0, 3, 1, 5, 2, 2}, "seconds(end - start) > 60")
	f.Add([]byte{0, 2, 1}, `is_in(s, "lost") && !(x < y)`)
	fr := exprRandom(64, 3)
	f.Fuzz(func(t *testing.T, b []byte, text string) {
		g := &exprGen{b: b}
		src, e := g.gen(4)
		parsed, err := ParseExpr(src)
		if err != nil {
			t.Fatalf("%s: the generated text does not parse: %v", src, err)
		}
		m, p := fr.With(e.As("v")), fr.With(parsed.As("v"))
		switch {
		case (m.Err() == nil) != (p.Err() == nil):
			t.Fatalf("%s: methods %v, text %v", src, m.Err(), p.Err())
		case m.Err() == nil:
			for r := range fr.NumRows() {
				if a, b := cellText(m, m.index["v"], r), cellText(p, p.index["v"], r); a != b {
					t.Fatalf("%s row %d: methods %s, text %s", src, r, a, b)
				}
			}
		}
		if x, err := ParseExpr(text); err == nil { // any text: no panic
			_ = fr.With(x.As("v")).Err()
			_ = fr.Keep(x).Err()
		}
	})
}
