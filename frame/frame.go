package frame

import (
	"fmt"
	"sort"
	"strings"

	"github.com/apache/arrow/go/v17/arrow"
	"github.com/apache/arrow/go/v17/arrow/array"
)

// Frame is an immutable table of named, typed, nullable columns of equal
// length, backed by Arrow arrays. The zero value is an empty frame.
//
// A Frame may carry an error from the operation that produced it (see the
// package documentation); Err returns it.
type Frame struct {
	names []string
	cols  []arrow.Array
	index map[string]int
	nrows int
	err   error
	agg   *aggCtx // set on the frame an Agg expression evaluates over (expr_agg.go)
}

// Column is one named column, used to construct frames (see New).
type Column struct {
	name string
	arr  arrow.Array
	err  error
}

// Name returns the column's name.
func (c Column) Name() string { return c.name }

// Type returns the column's logical type.
func (c Column) Type() Type {
	if c.arr == nil {
		return Invalid
	}
	return typeOf(c.arr.DataType())
}

// Len returns the number of values in the column.
func (c Column) Len() int {
	if c.arr == nil {
		return 0
	}
	return c.arr.Len()
}

// Arrow returns the column's Arrow array (shared, not copied).
func (c Column) Arrow() arrow.Array { return c.arr }

// Errorf returns an empty frame that carries the error built from format
// and args, for functions that return frames.
func Errorf(format string, args ...any) *Frame {
	return &Frame{err: fmt.Errorf(format, args...)}
}

// WithErr returns an empty frame carrying err.
func WithErr(err error) *Frame { return &Frame{err: err} }

// New returns a frame of the given columns. Columns must have distinct
// names and equal lengths.
func New(cols ...Column) *Frame {
	f := &Frame{index: make(map[string]int, len(cols))}
	for i, c := range cols {
		if c.err != nil {
			return WithErr(fmt.Errorf("column %q: %w", c.name, c.err))
		}
		if c.arr == nil {
			return Errorf("column %q has no values", c.name)
		}
		if _, dup := f.index[c.name]; dup {
			return Errorf("duplicate column name %q", c.name)
		}
		if i == 0 {
			f.nrows = c.arr.Len()
		} else if c.arr.Len() != f.nrows {
			return Errorf("column %q has %d rows, column %q has %d", c.name, c.arr.Len(), cols[0].name, f.nrows)
		}
		f.index[c.name] = i
		f.names = append(f.names, c.name)
		c.arr.Retain()
		f.cols = append(f.cols, settled(c.arr))
	}
	return f
}

// settled returns a, its lazily built parts built: Arrow builds a
// dictionary array's dictionary on the first call of Dictionary and
// keeps it, so two goroutines reading one frame (the report's sections
// are built side by side) would both write it. A frame's arrays are
// read-only once it holds them.
func settled(a arrow.Array) arrow.Array {
	if d, ok := a.(*array.Dictionary); ok {
		d.Dictionary()
	}
	return a
}

// FromRecord returns a frame holding the columns of an Arrow record.
// Columns of other Arrow types are converted to the five column types:
// smaller integers to int64, float32 to float64, large strings to strings,
// dictionaries of strings to dictionary<int32, utf8>, and timestamps of any
// unit or zone to µs UTC (a zone-less timestamp is read as UTC). A value
// that cannot be converted exactly, or a column of another type, is an
// error naming the column.
func FromRecord(rec arrow.Record) *Frame {
	cols := make([]Column, rec.NumCols())
	for i := range cols {
		name := rec.ColumnName(i)
		arr, err := canonical(rec.Column(i))
		if err != nil {
			return WithErr(fmt.Errorf("column %q: %w", name, err))
		}
		cols[i] = Column{name: name, arr: arr}
	}
	f := New(cols...)
	for _, c := range cols {
		c.arr.Release()
	}
	return f
}

// Err returns the error carried by the frame, or nil.
func (f *Frame) Err() error {
	if f == nil {
		return fmt.Errorf("nil frame")
	}
	return f.err
}

// NumRows returns the number of rows.
func (f *Frame) NumRows() int { return f.nrows }

// NumCols returns the number of columns.
func (f *Frame) NumCols() int { return len(f.cols) }

// Names returns the column names in order.
func (f *Frame) Names() []string { return append([]string(nil), f.names...) }

// Has reports whether the frame has a column called name.
func (f *Frame) Has(name string) bool {
	_, ok := f.index[name]
	return ok
}

// Types returns the column types in column order.
func (f *Frame) Types() []Type {
	t := make([]Type, len(f.cols))
	for i, c := range f.cols {
		t[i] = typeOf(c.DataType())
	}
	return t
}

// Type returns the type of the named column.
func (f *Frame) Type(name string) (Type, error) {
	i, err := f.colIndex(name)
	if err != nil {
		return Invalid, err
	}
	return typeOf(f.cols[i].DataType()), nil
}

// Col returns the named column.
func (f *Frame) Col(name string) (Column, error) {
	i, err := f.colIndex(name)
	if err != nil {
		return Column{}, err
	}
	return Column{name: name, arr: f.cols[i]}, nil
}

// Columns returns all columns in order (sharing memory with the frame).
func (f *Frame) Columns() []Column {
	out := make([]Column, len(f.cols))
	for i, a := range f.cols {
		out[i] = Column{name: f.names[i], arr: a}
	}
	return out
}

// Schema returns the Arrow schema of the frame.
func (f *Frame) Schema() *arrow.Schema {
	fields := make([]arrow.Field, len(f.cols))
	for i, a := range f.cols {
		fields[i] = arrow.Field{Name: f.names[i], Type: a.DataType(), Nullable: true}
	}
	return arrow.NewSchema(fields, nil)
}

// Record returns the frame as an Arrow record. The caller owns one
// reference and should Release it.
func (f *Frame) Record() arrow.Record {
	return array.NewRecord(f.Schema(), f.cols, int64(f.nrows))
}

// Release drops the frame's references to its Arrow memory. It is needed
// only when the frame's memory came from a non-Go allocator; frames built
// by this package use Go memory and are reclaimed by the garbage collector.
func (f *Frame) Release() {
	for _, a := range f.cols {
		a.Release()
	}
	f.cols = nil
	f.names = nil
	f.index = nil
	f.nrows = 0
}

// colIndex returns the position of the named column, or an error that
// lists the available names.
func (f *Frame) colIndex(name string) (int, error) {
	if f.err != nil {
		return 0, f.err
	}
	if i, ok := f.index[name]; ok {
		return i, nil
	}
	return 0, f.unknownColumn(name)
}

func (f *Frame) unknownColumn(name string) error {
	avail := append([]string(nil), f.names...)
	sort.Strings(avail)
	if len(avail) == 0 {
		return fmt.Errorf("unknown column %q (the frame has no columns)", name)
	}
	return fmt.Errorf("unknown column %q; available: %s", name, strings.Join(avail, ", "))
}

// typedCol returns the array of the named column after checking that it
// has type want; op names the operation for the error message.
func (f *Frame) typedCol(op, name string, want Type) (arrow.Array, error) {
	i, err := f.colIndex(name)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", op, err)
	}
	got := typeOf(f.cols[i].DataType())
	if got != want {
		return nil, fmt.Errorf("%s: column %q is %s, not %s", op, name, got, want)
	}
	return f.cols[i], nil
}

// withCols returns a new frame with the given names and arrays; it takes
// ownership of one reference to each array.
func withCols(names []string, cols []arrow.Array, nrows int) *Frame {
	f := &Frame{names: names, cols: cols, nrows: nrows, index: make(map[string]int, len(names))}
	for i, n := range names {
		f.index[n] = i
		settled(cols[i])
	}
	return f
}
