package frame

// interner numbers distinct strings in order of first appearance.
type interner struct {
	index map[string]int32
	vals  []string // by code
}

// code returns s's code, giving it the next one when s is new.
func (t *interner) code(s string) int32 {
	c, ok := t.index[s]
	if !ok {
		if t.index == nil {
			t.index = map[string]int32{}
		}
		c = int32(len(t.vals))
		t.index[s] = c
		t.vals = append(t.vals, s)
	}
	return c
}
