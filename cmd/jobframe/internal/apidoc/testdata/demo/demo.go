// Package demo is a fixture of apidoc's test.
package demo

// Limit is the largest size, in bytes.
const Limit = 10

// Thing holds a count.
type Thing struct {
	N int // the count
}

// NewThing returns a Thing of n.
func NewThing(n int) *Thing { return &Thing{n} }

// Twice returns 2·N.
func (t *Thing) Twice() int { return 2 * t.N }

func (t *Thing) hidden() {}

// Sum adds a and b.
func Sum(a, b int) int { return a + b }
