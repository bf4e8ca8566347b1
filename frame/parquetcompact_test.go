package frame

import (
	"bytes"
	"testing"
)

// TestReadKeepsNoSlack reads a Parquet file of 33,000 rows, whose
// columns Arrow's reader decodes into buffers of 65,536 values and then
// cuts: the frame's buffers hold what their values need, not the
// buffers reserved (a lake's frame, read in parts of that size, held 1.5
// times its size).
func TestReadKeepsNoSlack(t *testing.T) {
	const n = 33_000
	ints, floats, valid := make([]int64, n), make([]float64, n), make([]bool, n)
	codes := make([]int32, n)
	for i := range ints {
		ints[i], floats[i], valid[i], codes[i] = int64(i), float64(i)/2, i%3 != 0, int32(i%3)
	}
	f := New(Int64Col("id", ints, nil), Float64Col("x", floats, valid), MicrosCol("t", ints, valid), DictStringCol("w", codes, nil, []string{"a", "b", "c"}))
	var buf bytes.Buffer
	if err := f.WriteParquet(&buf, ParquetOptions{Compression: "snappy"}); err != nil {
		t.Fatal(err)
	}
	back, err := ReadParquet(bytes.NewReader(buf.Bytes()), ReadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range back.Columns() {
		for k, b := range c.Arrow().Data().Buffers() {
			if b == nil {
				continue
			}
			if held, need := cap(b.Buf()), b.Len(); held > need+need/4+64 {
				t.Errorf("column %s, buffer %d: holds %d bytes for %d", c.Name(), k, held, need)
			}
		}
	}
	if got, want := csvOf(t, back), csvOf(t, f); got != want {
		t.Errorf("read back:\n%.300s\nwant\n%.300s", got, want)
	}
}
