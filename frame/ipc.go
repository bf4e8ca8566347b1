package frame

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"

	"github.com/apache/arrow/go/v17/arrow"
	"github.com/apache/arrow/go/v17/arrow/array"
	"github.com/apache/arrow/go/v17/arrow/ipc"
)

// IPCOptions control WriteIPC.
type IPCOptions struct {
	// Compression is "none" (the default when empty: what Arrow JS and
	// DuckDB read), "zstd" or "lz4".
	Compression string
}

// WriteIPCFile writes the frame to an Arrow IPC file (see WriteIPC).
func (f *Frame) WriteIPCFile(path string, o IPCOptions) error {
	fh, err := os.Create(path)
	if err != nil {
		return err
	}
	if err := f.WriteIPC(fh, o); err != nil {
		fh.Close()
		return fmt.Errorf("%s: %w", path, err)
	}
	return fh.Close()
}

// WriteIPC writes the frame in the Arrow IPC file format (Feather v2),
// uncompressed unless o says otherwise.
func (f *Frame) WriteIPC(w io.Writer, o IPCOptions) error {
	if f.err != nil {
		return f.err
	}
	opts := []ipc.Option{ipc.WithSchema(f.Schema())}
	switch o.Compression {
	case "", "none", "uncompressed":
	case "zstd":
		opts = append(opts, ipc.WithZstd())
	case "lz4":
		opts = append(opts, ipc.WithLZ4())
	default:
		return fmt.Errorf("unknown IPC compression %q (want none, zstd or lz4)", o.Compression)
	}
	fw, err := ipc.NewFileWriter(&seekless{w: w}, opts...)
	if err != nil {
		return fmt.Errorf("arrow ipc: %w", err)
	}
	rec := f.Record()
	err = fw.Write(rec)
	rec.Release()
	if err != nil {
		fw.Close()
		return fmt.Errorf("arrow ipc: %w", err)
	}
	if err := fw.Close(); err != nil {
		return fmt.Errorf("arrow ipc: %w", err)
	}
	return nil
}

// seekless adapts an io.Writer to the io.WriteSeeker the IPC file writer
// asks for; the writer only ever asks for its current position.
type seekless struct {
	w   io.Writer
	pos int64
}

func (s *seekless) Write(p []byte) (int, error) {
	n, err := s.w.Write(p)
	s.pos += int64(n)
	return n, err
}

func (s *seekless) Seek(off int64, whence int) (int64, error) {
	if off == 0 && whence == io.SeekCurrent {
		return s.pos, nil
	}
	return 0, errors.New("seek not supported")
}

// ReadIPCFile reads an Arrow IPC file (see ReadIPC).
func ReadIPCFile(path string, o ReadOptions) (*Frame, error) {
	fh, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer fh.Close()
	if o.Name == "" {
		o.Name = path
	}
	return ReadIPC(fh, o)
}

// ReadIPC reads an Arrow IPC file (Feather v2, any compression) into a
// frame, concatenating its record batches and converting column types as
// FromRecord does. Input that is not an Arrow IPC file is an error saying
// so.
func ReadIPC(r ipc.ReadAtSeeker, o ReadOptions) (*Frame, error) {
	magic := make([]byte, 6)
	if _, err := r.ReadAt(magic, 0); err != nil || !bytes.Equal(magic, ipc.Magic) {
		return nil, fmt.Errorf("%s: not an Arrow IPC file (it does not start with ARROW1)", o.name())
	}
	mem := o.mem()
	fr, err := ipc.NewFileReader(r, ipc.WithAllocator(mem))
	if err != nil {
		return nil, fmt.Errorf("%s: arrow ipc: %w", o.name(), err)
	}
	defer fr.Close()
	recs := make([]arrow.Record, 0, fr.NumRecords())
	defer func() {
		for _, rec := range recs {
			rec.Release()
		}
	}()
	for i := 0; i < fr.NumRecords(); i++ {
		rec, err := fr.RecordAt(i)
		if err != nil {
			return nil, fmt.Errorf("%s: arrow ipc: record batch %d: %w", o.name(), i, err)
		}
		recs = append(recs, rec)
	}
	tbl := array.NewTableFromRecords(fr.Schema(), recs)
	defer tbl.Release()
	return fromTable(tbl, mem, o.name())
}
