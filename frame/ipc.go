package frame

import (
	"bytes"
	"encoding/binary"
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
	return writeFile(path, func(fh *os.File) error { return f.WriteIPC(fh, o) })
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
	if o.Name == "" {
		o.Name = path
	}
	return readFile(path, func(fh *os.File) (*Frame, error) { return ReadIPC(fh, o) })
}

// ReadIPC reads an Arrow IPC file (Feather v2, any compression) into a
// frame, concatenating its record batches and converting column types as
// FromRecord does. Input that is not an Arrow IPC file is an error saying
// so.
//
// An IPC file is the magic "ARROW1", a complete IPC stream, a footer and
// the magic again. ReadIPC checks both magics and decodes the stream with
// ipc.NewReader: arrow-go v17's ipc.FileReader never releases the
// dictionaries it reads (apache/arrow#36981 was fixed for the stream
// reader only), which a checked allocator in our tests exposes. Every
// message's metadata is checked first (ipcguard.go, docs/formats.md "Bad
// input and limits"): a damaged or hostile file is an error naming it,
// never a request for more memory than its bytes can describe. Nested
// columns (lists, structs, maps, unions) are an error naming the field.
// A file whose reading would allocate more than its budget
// (ReadOptions.Budget: compressed buffers of zeros) is an error wrapping
// a *BudgetError.
func ReadIPC(r ipc.ReadAtSeeker, o ReadOptions) (f *Frame, err error) {
	defer recoverCorrupt(o.name(), &f, &err)
	notIPC := fmt.Errorf("%s: not an Arrow IPC file (it does not start and end with ARROW1)", o.name())
	size, err := r.Seek(0, io.SeekEnd)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", o.name(), err)
	}
	head, tail := make([]byte, 6), make([]byte, 10)
	if size < 18 {
		return nil, notIPC
	}
	if _, err := r.ReadAt(head, 0); err != nil || !bytes.Equal(head, ipc.Magic) {
		return nil, notIPC
	}
	if _, err := r.ReadAt(tail, size-10); err != nil || !bytes.Equal(tail[4:], ipc.Magic) {
		return nil, notIPC
	}
	// The footer (and its int32 length) sits between the stream and the
	// trailing magic; the stream need not end with an end-of-stream marker.
	footer := int64(binary.LittleEndian.Uint32(tail[:4]))
	streamEnd := size - 10 - footer
	if footer <= 0 || streamEnd < 8 {
		return nil, fmt.Errorf("%s: arrow ipc: footer length %d does not fit a %d-byte file", o.name(), footer, size)
	}
	if err := checkIPCStream(r, 8, streamEnd); err != nil {
		return nil, fmt.Errorf("%s: %w", o.name(), err)
	}
	mem := o.budgeted(size)
	sr, err := ipc.NewReader(io.NewSectionReader(r, 8, streamEnd-8), ipc.WithAllocator(mem))
	if err != nil {
		return nil, fmt.Errorf("%s: arrow ipc: %w", o.name(), err)
	}
	defer sr.Release()
	var recs []arrow.Record
	defer func() {
		for _, rec := range recs {
			rec.Release()
		}
	}()
	for sr.Next() {
		rec := sr.Record()
		rec.Retain()
		recs = append(recs, rec)
	}
	if err := sr.Err(); err != nil && err != io.EOF {
		return nil, fmt.Errorf("%s: arrow ipc: record batch %d: %w", o.name(), len(recs), err)
	}
	tbl := array.NewTableFromRecords(sr.Schema(), recs)
	defer tbl.Release()
	return fromTable(tbl, mem, o.name())
}
