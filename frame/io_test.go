package frame

import (
	"bytes"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/apache/arrow/go/v17/arrow"
	"github.com/apache/arrow/go/v17/arrow/memory"
	"github.com/apache/arrow/go/v17/parquet"
	"github.com/apache/arrow/go/v17/parquet/compress"
	"github.com/apache/arrow/go/v17/parquet/file"
)

// assertSameFrame checks names, types, nulls and values (NaN equals NaN).
func assertSameFrame(t *testing.T, got, want *Frame) {
	t.Helper()
	if err := got.Err(); err != nil {
		t.Fatal(err)
	}
	if strings.Join(got.Names(), ",") != strings.Join(want.Names(), ",") {
		t.Fatalf("names %v, want %v", got.Names(), want.Names())
	}
	if got.NumRows() != want.NumRows() {
		t.Fatalf("rows %d, want %d", got.NumRows(), want.NumRows())
	}
	for c, a := range want.cols {
		b := got.cols[c]
		if typeOf(a.DataType()) != typeOf(b.DataType()) {
			t.Fatalf("column %q: type %s, want %s", want.names[c], typeOf(b.DataType()), typeOf(a.DataType()))
		}
		for r := 0; r < want.nrows; r++ {
			va, vb := valueAt(a, r), valueAt(b, r)
			if fa, ok := va.(float64); ok && math.IsNaN(fa) {
				if fb, ok := vb.(float64); ok && math.IsNaN(fb) {
					continue
				}
			}
			if va != vb {
				t.Fatalf("column %q row %d: %#v, want %#v", want.names[c], r, vb, va)
			}
		}
	}
}

// edge returns a frame of hard values: int64 extremes, NaN and infinities,
// empty strings next to nulls, and timestamps before the epoch and with
// microseconds.
func edge() *Frame {
	return New(
		Int64Col("i", []int64{math.MaxInt64, math.MinInt64, 0, 1<<53 + 1, -1}, []bool{true, true, false, true, true}),
		Float64Col("f", []float64{math.NaN(), math.Inf(1), math.Inf(-1), 0.1, 5e-324}, []bool{true, true, true, true, true}),
		StringCol("s", []string{"", "", "a,b", "\"q\"\n", " x "}, []bool{true, false, true, true, true}),
		BoolCol("b", []bool{true, false, false, true, false}, []bool{true, true, false, true, true}),
		MicrosCol("t", []int64{-1, 0, 1795254645937763, 253402300799999999, 1}, []bool{true, true, true, true, false}),
	)
}

func TestCSVRoundTrip(t *testing.T) {
	for name, f := range map[string]*Frame{"mixed": mixed(1000), "edge": edge()} {
		var buf bytes.Buffer
		if err := f.WriteCSV(&buf); err != nil {
			t.Fatal(err)
		}
		types := map[string]Type{}
		if name == "edge" {
			types = map[string]Type{"s": String} // "" vs null survives; the rest is inferred
		}
		g, err := ReadCSV(bytes.NewReader(buf.Bytes()), CSVOptions{Types: types})
		if err != nil {
			t.Fatal(name, err)
		}
		assertSameFrame(t, g, f)
	}
}

func TestCSVInference(t *testing.T) {
	in := "a,b,c,d,e,f\n1,1.5,true,2026-08-04T09:00:00Z,x,\n2,2,False,2026-08-04T09:00:00.5+02:00,,\n"
	f, err := ReadCSV(strings.NewReader(in), CSVOptions{})
	if err != nil {
		t.Fatal(err)
	}
	got := []string{}
	for _, ty := range f.Types() {
		got = append(got, ty.String())
	}
	if s := strings.Join(got, ","); s != "int64,float64,bool,timestamp[us, UTC],string,string" {
		t.Fatal(s)
	}
	if c := column(t, f, "d"); c != "2026-08-04T09:00:00.000000Z 2026-08-04T07:00:00.500000Z" {
		t.Fatal(c)
	}
	// Inference reads the whole file: a late float turns the column float.
	late := "v\n" + strings.Repeat("1\n", 5000) + "2.5\n"
	g, _ := ReadCSV(strings.NewReader(late), CSVOptions{})
	if ty, _ := g.Type("v"); ty != Float64 {
		t.Fatal(ty)
	}
	// CRLF, quoted newlines and a field with escaped quotes.
	h, err := ReadCSV(strings.NewReader("k,v\r\n\"a\nb\",\"say \"\"hi\"\"\"\r\n"), CSVOptions{})
	if err != nil || column(t, h, "k") != "a\nb" || column(t, h, "v") != `say "hi"` {
		t.Fatal(err, h)
	}
}

func TestCSVBadInput(t *testing.T) {
	_, err := ReadCSV(strings.NewReader("a,b\n1,2\n3,x\n"), CSVOptions{Name: "in.csv", Types: map[string]Type{"b": Int64}})
	mustErr(t, err, `in.csv:3: column "b": value "x" does not fit int64`)
	_, err = ReadCSV(strings.NewReader("a,b\n1,2\n3\n"), CSVOptions{Name: "in.csv"})
	mustErr(t, err, "in.csv:3: 1 fields, but the header has 2")
	_, err = ReadCSV(strings.NewReader("a\n\"open\n"), CSVOptions{Name: "q.csv"})
	mustErr(t, err, "q.csv", "unterminated quoted field")
	_, err = ReadCSV(strings.NewReader("a\n1\n"), CSVOptions{Types: map[string]Type{"zz": Int64}})
	mustErr(t, err, `names column "zz"`)
	_, err = ReadCSV(strings.NewReader(""), CSVOptions{Name: "empty.csv"})
	mustErr(t, err, "empty.csv: empty input")
	_, err = ReadCSV(strings.NewReader("t\n2026-08-04T09:00:00Z\nsoon\n"), CSVOptions{Types: map[string]Type{"t": Time}})
	mustErr(t, err, `csv:3: column "t": value "soon" does not fit timestamp`)
	f, err := ReadCSV(strings.NewReader("a,b\n"), CSVOptions{Types: map[string]Type{"a": Int64}})
	if err != nil || f.NumRows() != 0 || f.Types()[0] != Int64 {
		t.Fatal(err, f)
	}
}

func TestParquetRoundTripAndLayout(t *testing.T) {
	dir := t.TempDir()
	// "long" is read in several batches of parquetBatch rows.
	for name, f := range map[string]*Frame{"mixed": mixed(3000), "edge": edge(), "empty": mixed(10).Head(0), "long": mixed(2*parquetBatch + 17)} {
		path := filepath.Join(dir, name+".parquet")
		if err := f.WriteParquetFile(path, ParquetOptions{RowGroupRows: 1000}); err != nil {
			t.Fatal(err)
		}
		g, err := ReadParquetFile(path, ReadOptions{})
		if err != nil {
			t.Fatal(name, err)
		}
		assertSameFrame(t, g, f)
	}
	// Layout: zstd, 3 row groups of <= 1000 rows, a dictionary page only
	// for the low-cardinality "cat" column, timestamps adjusted to UTC.
	rdr, err := file.OpenParquetFile(filepath.Join(dir, "mixed.parquet"), false)
	if err != nil {
		t.Fatal(err)
	}
	if rdr.NumRowGroups() != 3 {
		t.Fatalf("row groups %d", rdr.NumRowGroups())
	}
	md := rdr.MetaData().RowGroup(0)
	for i := 0; i < md.NumColumns(); i++ {
		cc, _ := md.ColumnChunk(i)
		name := cc.PathInSchema().String()
		if cc.Compression() != compress.Codecs.Zstd {
			t.Errorf("%s compression %v", name, cc.Compression())
		}
		if cc.HasDictionaryPage() != (name == "cat") {
			t.Errorf("%s dictionary page %v", name, cc.HasDictionaryPage())
		}
	}
	ts := rdr.MetaData().Schema.Column(6).LogicalType().String()
	if !strings.Contains(ts, "isAdjustedToUTC=true") || !strings.Contains(ts, "timeUnit=microseconds") {
		t.Errorf("timestamp logical type %s", ts)
	}
	g, _ := ReadParquetFile(filepath.Join(dir, "mixed.parquet"), ReadOptions{})
	if g.cols[3].DataType().ID() != arrow.DICTIONARY {
		t.Errorf("dictionary column read back as %s", g.cols[3].DataType())
	}
}

// TestParquetColumns: ReadOptions.Columns reads those columns only, in
// the file's order, ignoring names the file lacks; the rows are whole.
func TestParquetColumns(t *testing.T) {
	path := filepath.Join(t.TempDir(), "m.parquet")
	f := mixed(2500)
	if err := f.WriteParquetFile(path, ParquetOptions{RowGroupRows: 1000}); err != nil {
		t.Fatal(err)
	}
	names := f.Names()
	want := []string{names[3], names[1], "not there"}
	g, err := ReadParquetFile(path, ReadOptions{Columns: want})
	if err != nil {
		t.Fatal(err)
	}
	assertSameFrame(t, g, f.Select(names[1], names[3]))
	if g, err := ReadParquetFile(path, ReadOptions{Columns: []string{}}); err != nil || g.NumCols() != 0 {
		t.Errorf("no columns: %v %v", g, err)
	}
}

// TestParquetPageSize: data pages are cut at 128 KiB of values before
// compression, at 1 MiB with zstd. Arrow's writer checks a page's size
// every 1,024 values, so 100,000 int64 values (8 bytes each) make pages
// of 16,384 values (6 of them, then 1,696) with snappy or none, and one
// page with zstd.
func TestParquetPageSize(t *testing.T) {
	ids := make([]int64, 100_000)
	for i := range ids {
		ids[i] = int64(i) * 7919
	}
	f := New(Int64Col("id", ids, nil))
	small := []int32{16384, 16384, 16384, 16384, 16384, 16384, 1696}
	for codec, want := range map[string][]int32{"snappy": small, "none": small, "zstd": {100_000}} {
		var buf bytes.Buffer
		if err := f.WriteParquet(&buf, ParquetOptions{Compression: codec}); err != nil {
			t.Fatal(codec, err)
		}
		rdr, err := file.NewParquetReader(bytes.NewReader(buf.Bytes()))
		if err != nil {
			t.Fatal(codec, err)
		}
		pages, err := rdr.RowGroup(0).GetColumnPageReader(0)
		if err != nil {
			t.Fatal(codec, err)
		}
		var got []int32
		for pages.Next() {
			if p, ok := pages.Page().(file.DataPage); ok {
				got = append(got, p.NumValues())
			}
		}
		if err := pages.Err(); err != nil {
			t.Fatal(codec, err)
		}
		if fmt.Sprint(got) != fmt.Sprint(want) {
			t.Errorf("%s: values per data page %v, want %v", codec, got, want)
		}
	}
}

func TestParquetCompressionOptions(t *testing.T) {
	f := mixed(100)
	for _, c := range []string{"zstd", "snappy", "gzip", "none"} {
		var buf bytes.Buffer
		if err := f.WriteParquet(&buf, ParquetOptions{Compression: c}); err != nil {
			t.Fatal(c, err)
		}
		g, err := ReadParquet(bytes.NewReader(buf.Bytes()), ReadOptions{})
		if err != nil {
			t.Fatal(c, err)
		}
		assertSameFrame(t, g, f)
	}
	mustErr(t, f.WriteParquet(&bytes.Buffer{}, ParquetOptions{Compression: "lzo"}), `unknown Parquet compression "lzo"`)
}

func TestIPCRoundTrip(t *testing.T) {
	for _, c := range []string{"", "zstd", "lz4"} {
		for name, f := range map[string]*Frame{"mixed": mixed(2000), "edge": edge(), "empty": edge().Head(0)} {
			var buf bytes.Buffer
			if err := f.WriteIPC(&buf, IPCOptions{Compression: c}); err != nil {
				t.Fatal(err)
			}
			g, err := ReadIPC(bytes.NewReader(buf.Bytes()), ReadOptions{})
			if err != nil {
				t.Fatal(c, name, err)
			}
			assertSameFrame(t, g, f)
		}
	}
	mustErr(t, mixed(1).WriteIPC(&bytes.Buffer{}, IPCOptions{Compression: "brotli"}), `unknown IPC compression "brotli"`)
}

func TestReadersRejectOtherFormats(t *testing.T) {
	dir := t.TempDir()
	csvPath := filepath.Join(dir, "x.csv")
	os.WriteFile(csvPath, []byte("a,b\n1,2\n"), 0o644)
	_, err := ReadParquetFile(csvPath, ReadOptions{})
	mustErr(t, err, csvPath, "not a Parquet file")
	_, err = ReadIPCFile(csvPath, ReadOptions{})
	mustErr(t, err, csvPath, "not an Arrow IPC file")
	pq := filepath.Join(dir, "x.parquet")
	mixed(5).WriteParquetFile(pq, ParquetOptions{})
	_, err = ReadIPCFile(pq, ReadOptions{})
	mustErr(t, err, "not an Arrow IPC file")
	// a truncated Parquet file
	data, _ := os.ReadFile(pq)
	_, err = ReadParquet(bytes.NewReader(data[:len(data)/2]), ReadOptions{Name: "half.parquet"})
	mustErr(t, err, "half.parquet")
}

func TestReadersDoNotLeak(t *testing.T) {
	f := mixed(500)
	var pq, ip bytes.Buffer
	if err := f.WriteParquet(&pq, ParquetOptions{RowGroupRows: 100}); err != nil {
		t.Fatal(err)
	}
	if err := f.WriteIPC(&ip, IPCOptions{Compression: "zstd"}); err != nil {
		t.Fatal(err)
	}
	for name, read := range map[string]func(memory.Allocator) (*Frame, error){
		"parquet": func(m memory.Allocator) (*Frame, error) {
			return ReadParquet(bytes.NewReader(pq.Bytes()), ReadOptions{Allocator: m})
		},
		"ipc": func(m memory.Allocator) (*Frame, error) {
			return ReadIPC(bytes.NewReader(ip.Bytes()), ReadOptions{Allocator: m})
		},
	} {
		mem := memory.NewCheckedAllocator(memory.NewGoAllocator())
		g, err := read(mem)
		if err != nil {
			t.Fatal(name, err)
		}
		assertSameFrame(t, g, f)
		g.Release()
		mem.AssertSize(t, 0)
	}
}

var _ = parquet.V2_LATEST

// An instant outside years 0000-9999 in UTC cannot be written as RFC 3339,
// so it is not read as one (found by FuzzReadCSV).
func TestParseMicrosYearRange(t *testing.T) {
	if _, err := ParseMicros("0000-01-01 00:00:00+01"); err == nil {
		t.Fatal("year -1 in UTC accepted")
	}
	// RFC 3339 offsets are 00-23 hours and 00-59 minutes; time.Parse reads
	// "+00:60" as one hour, we refuse it.
	for _, in := range []string{"2020-01-01T00:00:00+00:60", "2020-01-01T00:00:00+24:00", "2020-01-01T00:00:00-23:5"} {
		if _, err := ParseMicros(in); err == nil {
			t.Errorf("ParseMicros(%q) accepted an out-of-range offset", in)
		}
	}
	for in, out := range map[string]string{"0000-01-01T00:00:00Z": "0000-01-01T00:00:00.000000Z", "9999-12-31T23:59:59.999999Z": "9999-12-31T23:59:59.999999Z"} {
		us, err := ParseMicros(in)
		if err != nil || FormatMicros(us) != out {
			t.Fatal(in, err, FormatMicros(us))
		}
	}
}

// A slice of a dictionary column is written with only the values its
// rows use: the file of ten rows of a 20,000-row column over 10,000
// distinct 100-byte values holds ten of them, not a megabyte, and reads
// back the same, nulls included.
func TestParquetSliceWritesUsedDictionary(t *testing.T) {
	const distinct = 10000
	dict := make([]string, distinct)
	for i := range dict {
		dict[i] = fmt.Sprintf("%0100d", i)
	}
	codes := make([]int32, 2*distinct)
	valid := make([]bool, 2*distinct)
	for i := range codes {
		codes[i] = int32((i * 7919) % distinct)
		valid[i] = i%5 != 3
	}
	f := New(DictStringCol("s", codes, valid, dict), Int64Col("i", make([]int64, 2*distinct), nil))
	part := f.Slice(100, 110)
	var buf bytes.Buffer
	if err := part.WriteParquet(&buf, ParquetOptions{Compression: "none"}); err != nil {
		t.Fatal(err)
	}
	if buf.Len() > 20000 {
		t.Errorf("%d bytes for ten rows: the whole dictionary was written", buf.Len())
	}
	g, err := ReadParquet(bytes.NewReader(buf.Bytes()), ReadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	for i := range 10 {
		want := "null"
		if valid[100+i] {
			want = dict[codes[100+i]]
		}
		if got := g.FormatValue(0, i); got != want {
			t.Errorf("row %d: %q, want %q", i, got, want)
		}
	}
}
