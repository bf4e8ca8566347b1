package frame

import (
	"fmt"

	"github.com/apache/arrow/go/v17/arrow"
)

// Select returns the named columns, in the given order.
func (f *Frame) Select(names ...string) *Frame {
	if f.err != nil {
		return f
	}
	cols := make([]arrow.Array, len(names))
	seen := make(map[string]bool, len(names))
	for k, n := range names {
		i, err := f.colIndex(n)
		if err != nil {
			return WithErr(fmt.Errorf("Select: %w", err))
		}
		if seen[n] {
			return Errorf("Select: column %q named twice", n)
		}
		seen[n] = true
		f.cols[i].Retain()
		cols[k] = f.cols[i]
	}
	return withCols(append([]string(nil), names...), cols, f.nrows)
}

// Drop returns the frame without the named columns. Naming a column that
// does not exist is an error.
func (f *Frame) Drop(names ...string) *Frame {
	if f.err != nil {
		return f
	}
	drop := make(map[string]bool, len(names))
	for _, n := range names {
		if _, err := f.colIndex(n); err != nil {
			return WithErr(fmt.Errorf("Drop: %w", err))
		}
		drop[n] = true
	}
	var keep []string
	for _, n := range f.names {
		if !drop[n] {
			keep = append(keep, n)
		}
	}
	return f.Select(keep...)
}

// Rename returns the frame with columns renamed by pairs: Rename("old1",
// "new1", "old2", "new2", ...).
func (f *Frame) Rename(pairs ...string) *Frame {
	if f.err != nil {
		return f
	}
	if len(pairs)%2 != 0 {
		return Errorf("Rename: want old, new pairs, got %d names", len(pairs))
	}
	names := append([]string(nil), f.names...)
	for k := 0; k < len(pairs); k += 2 {
		i, err := f.colIndex(pairs[k])
		if err != nil {
			return WithErr(fmt.Errorf("Rename: %w", err))
		}
		names[i] = pairs[k+1]
	}
	seen := make(map[string]bool, len(names))
	for _, n := range names {
		if seen[n] {
			return Errorf("Rename: two columns would be named %q", n)
		}
		seen[n] = true
	}
	cols := make([]arrow.Array, len(f.cols))
	for i, a := range f.cols {
		a.Retain()
		cols[i] = a
	}
	return withCols(names, cols, f.nrows)
}
