package frame

import (
	"bytes"
	"sync"
	"testing"

	"github.com/apache/arrow/go/v17/parquet/compress"
	"github.com/klauspost/compress/zstd"
)

// TestSharedZstdLevels compresses at every level from many goroutines at
// once and decompresses with zstd's own decoder: each output is a valid
// frame of its input, and a higher level never comes out larger on
// repetitive text.
func TestSharedZstdLevels(t *testing.T) {
	c, _ := compress.GetCodec(compress.Codecs.Zstd)
	src := bytes.Repeat([]byte("task 17 ran on node cn042 for 12.5 s; "), 4000)
	dec, err := zstd.NewReader(nil)
	if err != nil {
		t.Fatal(err)
	}
	defer dec.Close()
	levels := []int{compress.DefaultCompressionLevel, 1, 3, 7, 22}
	var wg sync.WaitGroup
	out := make([][]byte, len(levels)*8)
	for i := range out {
		wg.Add(1)
		go func() {
			defer wg.Done()
			out[i] = c.EncodeLevel(nil, src, levels[i%len(levels)])
		}()
	}
	wg.Wait()
	for i, b := range out {
		got, err := dec.DecodeAll(b, nil)
		if err != nil || !bytes.Equal(got, src) {
			t.Fatalf("level %d: round trip failed (%v)", levels[i%len(levels)], err)
		}
	}
	if len(out[4]) > len(out[1]) { // 22 against 1
		t.Errorf("level 22 gave %d bytes, level 1 %d", len(out[4]), len(out[1]))
	}
	if got := c.Encode(nil, src); !bytes.Equal(got, out[0]) {
		t.Errorf("Encode differs from EncodeLevel at the default level")
	}
}

// TestParquetZstdConcurrent writes one frame as zstd Parquet at level 1
// from several goroutines at once and reads every copy back.
func TestParquetZstdConcurrent(t *testing.T) {
	f := mixed(5000)
	bufs := make([]bytes.Buffer, 6)
	var wg sync.WaitGroup
	errs := make([]error, len(bufs))
	for i := range bufs {
		wg.Add(1)
		go func() {
			defer wg.Done()
			errs[i] = f.WriteParquet(&bufs[i], ParquetOptions{Compression: "zstd", Level: 1, RowGroupRows: 700})
		}()
	}
	wg.Wait()
	for i := range bufs {
		if errs[i] != nil {
			t.Fatal(errs[i])
		}
		g, err := ReadParquet(bytes.NewReader(bufs[i].Bytes()), ReadOptions{})
		if err != nil {
			t.Fatal(err)
		}
		assertSameFrame(t, g, f)
	}
}

// BenchmarkWriteParquetZstd writes a 200,000-row frame as zstd Parquet
// at level 1 (the encoder-per-page codec spent a third of this in
// allocating encoders).
func BenchmarkWriteParquetZstd(b *testing.B) {
	f := mixed(200_000)
	var buf bytes.Buffer
	for i := 0; i < b.N; i++ {
		buf.Reset()
		if err := f.WriteParquet(&buf, ParquetOptions{Compression: "zstd", Level: 1}); err != nil {
			b.Fatal(err)
		}
	}
}
