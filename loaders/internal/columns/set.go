package columns

import "github.com/jobframe/jobframe/frame"

// Set is the ordered columns of one frame being built, each named once
// where it is declared: s.Str("host") returns the builder the rows are
// added to, and s.Frame makes the frame with the columns in the order
// declared. The zero value is an empty set.
//
// Keep, when set, says which declared columns are built: a column it
// refuses is declared as a nil builder, and Skipped lists it (a load's
// projection, Options.Columns). A nil builder's row methods (Add, Null,
// Opt, AddInt, AddBytes) keep nothing, so the caller adds every row to
// every column declared, built or not.
type Set struct {
	Keep    func(name string) bool
	cols    []func(n int) frame.Column
	res     []Reserver
	skipped []string
}

// Skipped returns the names of the columns Keep refused, in order.
func (s *Set) Skipped() []string { return s.skipped }

// refuses reports whether Keep refuses column name, and notes it.
func (s *Set) refuses(name string) bool {
	if s.Keep == nil || s.Keep(name) {
		return false
	}
	s.skipped = append(s.skipped, name)
	return true
}

func (s *Set) add(r Reserver, col func(n int) frame.Column) {
	s.cols = append(s.cols, col)
	if r != nil {
		s.res = append(s.res, r)
	}
}

// Const declares a column holding value in every row.
func (s *Set) Const(name, value string) {
	if s.refuses(name) {
		return
	}
	s.add(nil, func(n int) frame.Column { return Repeat(name, value, n) })
}

// Column declares a column built elsewhere (one several frames share,
// or a gathered one), of the frame's length.
func (s *Set) Column(name string, col func() frame.Column) {
	if s.refuses(name) {
		return
	}
	s.add(nil, func(int) frame.Column { return col() })
}

// Str declares a text column.
func (s *Set) Str(name string) *Str {
	if s.refuses(name) {
		return nil
	}
	c := new(Str)
	s.add(c, func(int) frame.Column { return c.Col(name) })
	return c
}

// PlainStr declares a text column stored as is, never as a dictionary,
// with room for size bytes: for values (ids) that nearly every row has
// its own, which interning would cost a map for nothing.
func (s *Set) PlainStr(name string, size int) *Str {
	c := s.Str(name)
	if c != nil {
		c.Plain = &Text{}
		c.Plain.Reserve(0, size)
	}
	return c
}

// Text declares a column of high-cardinality text (Text: a record's
// raw text), stored as is; the caller reserves its room (Text.Reserve).
func (s *Set) Text(name string) *Text {
	if s.refuses(name) {
		return nil
	}
	c := new(Text)
	s.add(nil, func(int) frame.Column { return c.Col(name) })
	return c
}

// Int declares an integer column with nulls.
func (s *Set) Int(name string) *Int {
	if s.refuses(name) {
		return nil
	}
	c := new(Int)
	s.add(c, func(int) frame.Column { return c.Col(name) })
	return c
}

// Time declares a timestamp column with nulls (µs since the epoch, UTC).
func (s *Set) Time(name string) *Int {
	if s.refuses(name) {
		return nil
	}
	c := new(Int)
	s.add(c, func(int) frame.Column { return c.Times(name) })
	return c
}

// DenseInt declares an integer column without nulls.
func (s *Set) DenseInt(name string) *DenseInt {
	if s.refuses(name) {
		return nil
	}
	c := new(DenseInt)
	s.add(c, func(int) frame.Column { return c.Col(name) })
	return c
}

// DenseTime declares a timestamp column without nulls.
func (s *Set) DenseTime(name string) *DenseInt {
	if s.refuses(name) {
		return nil
	}
	c := new(DenseInt)
	s.add(c, func(int) frame.Column { return c.Times(name) })
	return c
}

// Float declares a float column with nulls.
func (s *Set) Float(name string) *Float {
	if s.refuses(name) {
		return nil
	}
	c := new(Float)
	s.add(c, func(int) frame.Column { return c.Col(name) })
	return c
}

// DenseFloat declares a float column without nulls.
func (s *Set) DenseFloat(name string) *DenseFloat {
	if s.refuses(name) {
		return nil
	}
	c := new(DenseFloat)
	s.add(c, func(int) frame.Column { return c.Col(name) })
	return c
}

// Bool declares a boolean column with nulls.
func (s *Set) Bool(name string) *Bool {
	if s.refuses(name) {
		return nil
	}
	c := new(Bool)
	s.add(c, func(int) frame.Column { return c.Col(name) })
	return c
}

// Reserve makes room for n rows in every column.
func (s *Set) Reserve(n int) {
	for _, r := range s.res {
		r.Reserve(n)
	}
}

// Frame makes the frame of n rows from the columns, in the order they
// were declared.
func (s *Set) Frame(n int) *frame.Frame {
	cols := make([]frame.Column, len(s.cols))
	for i, c := range s.cols {
		cols[i] = c(n)
	}
	return frame.New(cols...)
}
