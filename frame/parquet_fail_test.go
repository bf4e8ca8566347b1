package frame

import (
	"bytes"
	"errors"
	"syscall"
	"testing"
)

// failingWriter accepts n bytes, then fails as a full disk does.
type failingWriter struct{ n int }

func (w *failingWriter) Write(p []byte) (int, error) {
	if len(p) > w.n {
		k := w.n
		w.n = 0
		return k, syscall.ENOSPC
	}
	w.n -= len(p)
	return len(p), nil
}

// TestWriteParquetFullDisk: a sink that fails at any byte (a full disk)
// makes WriteParquet return an error that wraps the sink's, never panic.
func TestWriteParquetFullDisk(t *testing.T) {
	f := New(Int64Col("a", []int64{1, 2, 3}, nil), StringCol("b", []string{"x", "y", "z"}, nil))
	var whole bytes.Buffer
	if err := f.WriteParquet(&whole, ParquetOptions{}); err != nil {
		t.Fatal(err)
	}
	for n := 0; n < whole.Len(); n += max(1, whole.Len()/40) {
		err := f.WriteParquet(&failingWriter{n: n}, ParquetOptions{})
		if err == nil {
			t.Fatalf("a sink full after %d of %d bytes: no error", n, whole.Len())
		}
		if !errors.Is(err, syscall.ENOSPC) {
			t.Errorf("after %d bytes: %v does not wrap ENOSPC", n, err)
		}
	}
}
