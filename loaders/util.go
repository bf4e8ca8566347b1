package loaders

// atoiFast parses a decimal integer of at most 18 digits with an optional
// '-' (every value fits in an int64); other text is left to strconv
// (ok false), which also gives the error.
func atoiFast(s string) (int64, bool) {
	d := s
	if len(d) > 0 && d[0] == '-' {
		d = d[1:]
	}
	if len(d) == 0 || len(d) > 18 {
		return 0, false
	}
	var v int64
	for i := 0; i < len(d); i++ {
		c := d[i] - '0'
		if c > 9 {
			return 0, false
		}
		v = v*10 + int64(c)
	}
	if len(d) < len(s) {
		v = -v
	}
	return v, true
}

// arena hands out pointers to values allocated a block at a time: one
// allocation per arenaBlock values instead of one each, for the millions
// of small records (tasks, attempts) a loader keeps to the end of a load.
type arena[T any] struct{ free []T }

// arenaBlock is the number of values an arena allocates at once.
const arenaBlock = 1024

// alloc returns a pointer to a zero value: for large T, filling it in
// place beats new's copy.
func (a *arena[T]) alloc() *T {
	if len(a.free) == 0 {
		a.free = make([]T, arenaBlock)
	}
	p := &a.free[0]
	a.free = a.free[1:]
	return p
}

// new returns a pointer to a copy of v.
func (a *arena[T]) new(v T) *T {
	if len(a.free) == 0 {
		a.free = make([]T, arenaBlock)
	}
	p := &a.free[0]
	*p = v
	a.free = a.free[1:]
	return p
}
