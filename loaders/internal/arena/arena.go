package arena

// Arena hands out pointers to values allocated a block at a time: one
// allocation per arenaBlock values instead of one each, for the millions
// of small records (tasks, attempts) a loader keeps to the end of a load.
type Arena[T any] struct{ free []T }

// Block is the number of values an arena allocates at once.
const Block = 1024

// Alloc returns a pointer to a zero value: for large T, filling it in
// place beats new's copy.
func (a *Arena[T]) Alloc() *T {
	if len(a.free) == 0 {
		a.free = make([]T, Block)
	}
	p := &a.free[0]
	a.free = a.free[1:]
	return p
}

// New returns a pointer to a copy of v.
func (a *Arena[T]) New(v T) *T {
	if len(a.free) == 0 {
		a.free = make([]T, Block)
	}
	p := &a.free[0]
	*p = v
	a.free = a.free[1:]
	return p
}

// Set sets *p to a pointer to a copy of v when ok, else to nil: an
// optional value as encoding/json decodes it into a pointer (null: nil).
func (a *Arena[T]) Set(p **T, v T, ok bool) {
	if !ok {
		*p = nil
		return
	}
	*p = a.New(v)
}
