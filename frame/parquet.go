package frame

import (
	"bytes"
	"context"
	"encoding/base64"
	"fmt"
	"io"
	"os"
	"slices"

	"github.com/apache/arrow/go/v17/arrow"
	"github.com/apache/arrow/go/v17/arrow/array"
	"github.com/apache/arrow/go/v17/arrow/memory"
	"github.com/apache/arrow/go/v17/parquet"
	"github.com/apache/arrow/go/v17/parquet/compress"
	"github.com/apache/arrow/go/v17/parquet/file"
	"github.com/apache/arrow/go/v17/parquet/pqarrow"
)

// ParquetOptions control WriteParquet.
type ParquetOptions struct {
	// Compression is "zstd" (the default when empty), "snappy", "gzip" or
	// "none".
	Compression string
	// RowGroupRows bounds the rows per row group; 0 means
	// DefaultRowGroupRows.
	RowGroupRows int
	// Level is the codec's compression level (zstd: 1 fastest to 22
	// smallest; gzip: 1 to 9); 0 means the codec's default (zstd 3).
	Level int
}

// DefaultRowGroupRows is the rows of a Parquet row group when
// ParquetOptions.RowGroupRows is 0: about DuckDB's default of 122880, so
// readers can parallelise.
const DefaultRowGroupRows = 131072

func parquetCodec(name string) (compress.Compression, error) {
	switch name {
	case "", "zstd":
		return compress.Codecs.Zstd, nil
	case "snappy":
		return compress.Codecs.Snappy, nil
	case "gzip":
		return compress.Codecs.Gzip, nil
	case "none", "uncompressed":
		return compress.Codecs.Uncompressed, nil
	}
	return 0, fmt.Errorf("unknown Parquet compression %q (want zstd, snappy, gzip or none)", name)
}

// dataPageBytes is the size a data page of codec is cut at, before
// compression. Arrow's writer allocates and clears buffers of a page's
// size for every column of every row group, so small pages cost less:
// at 1 MiB (Arrow's default) those buffers were a fifth of the CPU of
// writing a lake. Snappy compresses in blocks of 64 KiB whatever the
// page, so 128 KiB pages compress as well (a Parquet lake 1.2% larger,
// page headers and statistics). zstd pays a fixed cost per page to set
// its encoder up and compresses better over more text: 1 MiB stays.
func dataPageBytes(codec compress.Compression) int64 {
	if codec == compress.Codecs.Zstd {
		return 1 << 20
	}
	return 128 << 10
}

// WriteParquetFile writes the frame to a Parquet file (see WriteParquet).
func (f *Frame) WriteParquetFile(path string, o ParquetOptions) error {
	return writeFile(path, func(fh *os.File) error { return f.WriteParquet(fh, o) })
}

// WriteParquet writes the frame as Parquet: zstd-compressed by default,
// dictionary-encoded only for the dictionary (low-cardinality) string
// columns, timestamps as TIMESTAMP(MICROS, isAdjustedToUTC=true), the
// Arrow schema stored in the metadata (so ReadParquet restores the exact
// column types), row groups of at most RowGroupRows rows and data pages
// of about 128 KiB (1 MiB with zstd) before compression.
func (f *Frame) WriteParquet(w io.Writer, o ParquetOptions) (err error) {
	if f.err != nil {
		return f.err
	}
	// Arrow's Parquet writer panics on some write errors of its sink
	// ("failed to write magic number") and loses others: the sink's
	// first error is kept here and returned whatever the writer did, so
	// a full disk is always an error that wraps it, never a panic or a
	// truncated file taken for a good one.
	sink := &errWriter{w: w}
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("parquet: %v", r)
		}
		if sink.err != nil {
			err = fmt.Errorf("parquet: writing: %w", sink.err)
		}
	}()
	codec, err := parquetCodec(o.Compression)
	if err != nil {
		return err
	}
	rg := o.RowGroupRows
	if rg <= 0 {
		rg = DefaultRowGroupRows
	}
	props := []parquet.WriterProperty{
		parquet.WithCompression(codec),
		parquet.WithDictionaryDefault(false),
		parquet.WithMaxRowGroupLength(int64(rg)),
		parquet.WithCreatedBy("jobframe"),
		parquet.WithDataPageSize(dataPageBytes(codec)),
	}
	if o.Level != 0 {
		props = append(props, parquet.WithCompressionLevel(o.Level))
	}
	for i, a := range f.cols {
		if a.DataType().ID() == arrow.DICTIONARY {
			props = append(props, parquet.WithDictionaryFor(f.names[i], true))
		}
	}
	// pqarrow closes its sink when it is an io.Closer; the caller owns w
	// (errWriter is no Closer).
	fw, err := pqarrow.NewFileWriter(f.Schema(), sink, parquet.NewWriterProperties(props...),
		pqarrow.NewArrowWriterProperties(pqarrow.WithStoreSchema()))
	if err != nil {
		return fmt.Errorf("parquet: %w", err)
	}
	for start := 0; start < f.nrows || start == 0; start += rg {
		part := f.Slice(start, start+rg).usedDicts()
		rec := part.Record()
		err := fw.Write(rec)
		rec.Release()
		if err != nil {
			fw.Close()
			return fmt.Errorf("parquet: %w", err)
		}
		if f.nrows == 0 {
			break
		}
	}
	if err := fw.Close(); err != nil {
		return fmt.Errorf("parquet: %w", err)
	}
	return nil
}

// ReadOptions control ReadParquet and ReadIPC.
type ReadOptions struct {
	// Allocator receives the Arrow memory of the result; nil means Go
	// memory. Tests pass a checked allocator to prove nothing leaks.
	Allocator memory.Allocator
	// Name names the input in error messages.
	Name string
	// Columns, when not nil, are the columns to read, in the file's
	// order: the others are not decoded (a projection). Names the file
	// lacks are ignored.
	Columns []string
	// KeepRowGroup, when set, is asked of each Parquet row group, in
	// order, before it is read: the row groups it refuses are not read
	// (a predicate pushed down to the footer's statistics, as a query
	// engine prunes). ReadIPC ignores it.
	KeepRowGroup func(RowGroup) bool
	// KeepColumn, when set, is asked of each column that Columns keeps,
	// with its name and the type it reads as, before it is read: those
	// it refuses are not decoded (a projection by type: the Time
	// columns of a file whose names the caller does not know). ReadIPC
	// ignores it.
	KeepColumn func(name string, t Type) bool
	// Budget bounds the bytes the read may allocate (see Budget); nil
	// means a budget of its own of DefaultBudgetBytes(the file's size).
	// Reads that share one (a lake's files) are bounded in all.
	Budget *Budget
}

func (o ReadOptions) mem() memory.Allocator {
	if o.Allocator == nil {
		return memory.DefaultAllocator
	}
	return o.Allocator
}

// budgeted returns o's allocator counting against o.Budget, or against
// a budget of its own for a file of size bytes.
func (o ReadOptions) budgeted(size int64) memory.Allocator {
	b := o.Budget
	if b == nil {
		b = NewBudget(DefaultBudgetBytes(size))
	}
	return budgeted{Allocator: o.mem(), b: b}
}

func (o ReadOptions) name() string {
	if o.Name == "" {
		return "input"
	}
	return o.Name
}

// ReadParquetFile reads a Parquet file (see ReadParquet).
func ReadParquetFile(path string, o ReadOptions) (*Frame, error) {
	if o.Name == "" {
		o.Name = path
	}
	return readFile(path, func(fh *os.File) (*Frame, error) { return ReadParquet(fh, o) })
}

// ReadParquet reads a whole Parquet file into a frame, converting column
// types as FromRecord does. A file that is not Parquet is an error saying
// so; one whose reading would allocate more than its budget
// (ReadOptions.Budget) is an error wrapping a *BudgetError.
func ReadParquet(r parquet.ReaderAtSeeker, o ReadOptions) (f *Frame, err error) {
	defer recoverCorrupt(o.name(), &f, &err)
	magic := make([]byte, 4)
	if _, err := r.ReadAt(magic, 0); err != nil || !bytes.Equal(magic, []byte("PAR1")) {
		return nil, fmt.Errorf("%s: not a Parquet file (it does not start with PAR1)", o.name())
	}
	size, err := r.Seek(0, io.SeekEnd)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", o.name(), err)
	}
	if _, err := r.Seek(0, io.SeekStart); err != nil {
		return nil, fmt.Errorf("%s: %w", o.name(), err)
	}
	mem := o.budgeted(size)
	pf, err := file.NewParquetReader(r, file.WithReadProps(parquet.NewReaderProperties(mem)))
	if err != nil {
		return nil, fmt.Errorf("%s: parquet: %w", o.name(), err)
	}
	defer pf.Close()
	if err := checkArrowSchemaMeta(pf); err != nil {
		return nil, fmt.Errorf("%s: parquet: %w", o.name(), err)
	}
	fr, err := pqarrow.NewFileReader(pf, pqarrow.ArrowReadProperties{BatchSize: 1 << 16}, mem)
	if err != nil {
		return nil, fmt.Errorf("%s: parquet: %w", o.name(), err)
	}
	schema, err := fr.Schema()
	if err != nil {
		return nil, fmt.Errorf("%s: parquet: %w", o.name(), err)
	}
	// Columns are read one by one in this goroutine: pqarrow.ReadTable
	// reads in goroutines of its own, where a panic on a corrupt file could
	// not be recovered and would end the program.
	groups, nrows := rowGroupsToRead(pf, fr, schema, o)
	var keep map[string]bool
	if o.Columns != nil {
		keep = make(map[string]bool, len(o.Columns))
		for _, c := range o.Columns {
			keep[c] = true
		}
	}
	cols := make([]arrow.Column, 0, schema.NumFields())
	var fields []arrow.Field
	defer func() {
		for i := range cols {
			cols[i].Release()
		}
	}()
	ctx := context.Background()
	for i, field := range schema.Fields() {
		if keep != nil && !keep[field.Name] || o.KeepColumn != nil && !o.KeepColumn(field.Name, typeOf(field.Type)) {
			continue
		}
		fields = append(fields, field)
		cr, err := columnReader(ctx, fr, i, groups)
		if err != nil {
			return nil, fmt.Errorf("%s: parquet: column %q: %w", o.name(), field.Name, err)
		}
		chunked, err := readColumn(cr, field.Type, nrows)
		cr.Release()
		if err != nil {
			return nil, fmt.Errorf("%s: parquet: column %q: %w", o.name(), field.Name, err)
		}
		if int64(chunked.Len()) != nrows {
			chunked.Release()
			return nil, fmt.Errorf("%s: parquet: column %q has %d values, the file says %d rows", o.name(), field.Name, chunked.Len(), nrows)
		}
		cols = append(cols, *arrow.NewColumn(field, chunked))
		chunked.Release()
	}
	if keep != nil || o.KeepColumn != nil {
		md := schema.Metadata()
		schema = arrow.NewSchema(fields, &md)
	}
	tbl := array.NewTable(schema, cols, nrows)
	defer tbl.Release()
	return fromTable(tbl, mem, o.name())
}

// parquetBatch bounds the rows read from a column at a time: the reader
// reserves room for what it is asked, so asking for the footer's row
// count at once would let a damaged footer (2^40 rows) allocate without
// bound; in batches, memory follows the data actually decoded.
const parquetBatch = 1 << 16

// readColumn reads up to nrows values of a column, parquetBatch at a
// time, as one chunked array.
func readColumn(cr *pqarrow.ColumnReader, typ arrow.DataType, nrows int64) (*arrow.Chunked, error) {
	var chunks []arrow.Array
	defer func() {
		for _, c := range chunks {
			c.Release()
		}
	}()
	for read := int64(0); read < nrows; {
		part, err := cr.NextBatch(min(nrows-read, parquetBatch))
		if err != nil {
			return nil, err
		}
		n := int64(part.Len())
		for _, c := range part.Chunks() {
			c.Retain()
			chunks = append(chunks, c)
		}
		part.Release()
		if n == 0 {
			break // fewer values than the footer says; the caller reports it
		}
		read += n
	}
	if len(chunks) == 1 { // several are concatenated to their size
		chunks[0] = compacted(chunks[0])
	}
	return arrow.NewChunked(typ, chunks), nil
}

// fromTable turns a chunked table into a frame, concatenating chunks.
func fromTable(tbl arrow.Table, mem memory.Allocator, name string) (*Frame, error) {
	cols := make([]Column, tbl.NumCols())
	defer func() {
		for _, c := range cols {
			if c.arr != nil {
				c.arr.Release()
			}
		}
	}()
	for i := range cols {
		col := tbl.Column(i)
		chunks := col.Data().Chunks()
		var whole arrow.Array
		switch len(chunks) {
		case 0:
			whole = array.MakeArrayOfNull(mem, col.DataType(), 0)
		case 1:
			whole = chunks[0]
			whole.Retain()
		default:
			var err error
			if col.DataType().ID() == arrow.DICTIONARY {
				whole, err = concatDicts(chunks)
			} else {
				whole, err = array.Concatenate(chunks, mem)
			}
			if err != nil {
				return nil, fmt.Errorf("%s: column %q: %w", name, col.Name(), err)
			}
		}
		arr, err := canonical(whole)
		whole.Release()
		if err != nil {
			return nil, fmt.Errorf("%s: column %q: %w", name, col.Name(), err)
		}
		cols[i] = Column{name: col.Name(), arr: arr}
	}
	f := New(cols...)
	return f, f.err
}

// compacted returns a, or a copy of it (a released) when one of its
// buffers holds more than a quarter beyond its bytes. Arrow's Parquet
// reader decodes a column into a buffer of a power of two of values,
// then cuts it to the values read, and Go's allocator keeps the whole:
// each column of a file of 33,000 rows held the memory of 65,536, and a
// lake's frame read in such parts 1.5 times its size. A column read in
// several batches is concatenated into a buffer of its size instead. An
// Arrow IPC read is not compacted: its columns are slices of a record
// batch's body, not room.
func compacted(a arrow.Array) arrow.Array {
	d := a.Data()
	var bufs []*memory.Buffer
	for k, b := range d.Buffers() {
		if b == nil || cap(b.Buf()) <= b.Len()+b.Len()/4+64 {
			continue
		}
		if bufs == nil {
			bufs = slices.Clone(d.Buffers())
		}
		bufs[k] = memory.NewBufferBytes(slices.Clone(b.Bytes()))
	}
	if bufs == nil {
		return a
	}
	var nd *array.Data
	if dict := d.Dictionary(); dict != nil {
		nd = array.NewDataWithDictionary(d.DataType(), d.Len(), bufs, d.NullN(), d.Offset(), dict.(*array.Data))
	} else {
		nd = array.NewData(d.DataType(), d.Len(), bufs, d.Children(), d.NullN(), d.Offset())
	}
	out := array.MakeFromData(nd)
	nd.Release()
	a.Release()
	return out
}

// checkArrowSchemaMeta validates the Arrow schema that Arrow writers store
// in a Parquet file's key-value metadata (ARROW:schema, a base64 IPC
// stream holding one Schema message) before pqarrow decodes it: arrow-go
// trusts the counts in that flatbuffer, and a damaged one can make it
// allocate without bound (checkIPCStream explains).
func checkArrowSchemaMeta(pf *file.Reader) error {
	v := pf.MetaData().KeyValueMetadata().FindValue("ARROW:schema")
	if v == nil {
		return nil
	}
	enc := *v
	// pqarrow accepts padded and unpadded base64; so do we.
	raw, err := base64.StdEncoding.DecodeString(enc)
	if len(raw) == 0 || err != nil {
		raw, err = base64.RawStdEncoding.DecodeString(enc)
	}
	if err != nil {
		return fmt.Errorf("ARROW:schema metadata: %w", err)
	}
	if err := checkIPCStream(bytes.NewReader(raw), 0, int64(len(raw))); err != nil {
		return fmt.Errorf("ARROW:schema metadata: %w", err)
	}
	return nil
}

// recoverCorrupt turns a panic inside a third-party decoder (which arrow-go
// raises on some corrupt inputs, and a Budget's allocator when it is
// spent) into an error naming the input.
func recoverCorrupt(name string, f **Frame, err *error) {
	if r := recover(); r != nil {
		*f = nil
		if be, ok := r.(*BudgetError); ok {
			*err = fmt.Errorf("%s: %w", name, be)
			return
		}
		*err = fmt.Errorf("%s: corrupt file: %v", name, r)
	}
}

// errWriter writes to w and keeps the first error w returned; after it,
// every write fails with it.
type errWriter struct {
	w   io.Writer
	err error
}

func (e *errWriter) Write(p []byte) (int, error) {
	if e.err != nil {
		return 0, e.err
	}
	n, err := e.w.Write(p)
	if err != nil {
		e.err = err
	}
	return n, err
}
