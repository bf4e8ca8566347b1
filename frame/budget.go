package frame

import (
	"fmt"
	"sync/atomic"

	"github.com/apache/arrow/go/v17/arrow/memory"
)

// Budget bounds the bytes that the reads sharing it (ReadParquet,
// ReadIPC) may allocate in all, counted as they are asked for (buffers
// freed are not given back). Parquet encodes a run of equal values or
// nulls in a few bytes whatever its length, and zstd compresses 64 MiB
// of zeros to 7 KB: a valid 184-byte Parquet file holds a column of a
// billion nulls, 8 GB once read, and a 176 KB Arrow IPC file 1.6 GB of
// zeros. A read that would pass its budget stops with a *BudgetError
// instead of taking the machine's memory. A Budget is safe for
// concurrent use (a lake's files are read in parallel under one).
type Budget struct {
	max  int64
	used atomic.Int64
}

// NewBudget returns a budget of max bytes; max <= 0 means no bound.
func NewBudget(max int64) *Budget { return &Budget{max: max} }

// Used returns the bytes allocated so far under the budget.
func (b *Budget) Used() int64 { return b.used.Load() }

// BudgetBytesPerByte and MinBudgetBytes make the default budget of a
// read (ReadOptions.Budget nil): BudgetBytesPerByte bytes per byte of
// the files read, at least MinBudgetBytes. jobframe's own lake files
// allocate at most 25 bytes per byte as they are read (16 on average,
// the transient batches included), so a legitimate file has forty times
// that room.
const (
	BudgetBytesPerByte = 1024
	MinBudgetBytes     = 1 << 30
)

// DefaultBudgetBytes returns the bytes a read of a file of size bytes
// may allocate by default: BudgetBytesPerByte × size, at least
// MinBudgetBytes.
func DefaultBudgetBytes(size int64) int64 {
	if size > (1<<62)/BudgetBytesPerByte {
		return 1 << 62
	}
	return max(MinBudgetBytes, BudgetBytesPerByte*size)
}

// BudgetError is the error of a read that would have allocated more
// than its Budget allows.
type BudgetError struct {
	// Max is the budget, Asked the bytes it was asked for in all.
	Max, Asked int64
}

func (e *BudgetError) Error() string {
	return fmt.Sprintf("reading it would allocate more than %d bytes, the bound on what a file may decode to (a few KB of Parquet or compressed Arrow can hold gigabytes of nulls or zeros: a damaged or hostile file, or a bound set too low; frame.ReadOptions.Budget, source.Options.MaxParquetBytes for a lake and JOBFRAME_MAX_PARQUET_BYTES for jobframe set it)", e.Max)
}

// take counts n more bytes, panicking with a *BudgetError past the
// budget: memory.Allocator cannot return an error, and ReadParquet and
// ReadIPC recover it.
func (b *Budget) take(n int) {
	used := b.used.Add(int64(n))
	if b.max > 0 && used > b.max {
		panic(&BudgetError{Max: b.max, Asked: used})
	}
}

// budgeted is an allocator that counts what it allocates against a
// budget.
type budgeted struct {
	memory.Allocator
	b *Budget
}

// Allocate counts size bytes, then allocates them.
func (a budgeted) Allocate(size int) []byte {
	a.b.take(size)
	return a.Allocator.Allocate(size)
}

// Reallocate counts the bytes b grows by, then reallocates it.
func (a budgeted) Reallocate(size int, b []byte) []byte {
	if size > len(b) {
		a.b.take(size - len(b))
	}
	return a.Allocator.Reallocate(size, b)
}
