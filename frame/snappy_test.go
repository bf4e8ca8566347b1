package frame

import (
	"bytes"
	"testing"

	"github.com/apache/arrow/go/v17/parquet/compress"
	"github.com/golang/snappy"
)

// TestCapSnappyIntoCapacity compresses as the page writer calls it (a
// buffer of length 0 grown to the bound) and as other callers may (nil,
// too small): the output is snappy.Encode's, byte for byte, and decodes
// to the input; with room enough it is written in the buffer given.
func TestCapSnappyIntoCapacity(t *testing.T) {
	c, _ := compress.GetCodec(compress.Codecs.Snappy)
	for _, src := range [][]byte{
		nil,
		[]byte("x"),
		bytes.Repeat([]byte("task 17 ran on node cn042 for 12.5 s; "), 4000),
		func() []byte { // incompressible: the output is near the bound
			b := make([]byte, 70000)
			g := lcg(3)
			for i := range b {
				b[i] = byte(g.next())
			}
			return b
		}(),
	} {
		want := snappy.Encode(nil, src)
		bound := int(c.CompressBound(int64(len(src))))
		var grown bytes.Buffer
		grown.Grow(bound)
		for name, dst := range map[string][]byte{"grown": grown.Bytes(), "nil": nil, "short": make([]byte, 0, bound-1)} {
			got := c.EncodeLevel(dst, src, compress.DefaultCompressionLevel)
			if !bytes.Equal(got, want) {
				t.Fatalf("%d bytes, dst %s: output differs from snappy.Encode", len(src), name)
			}
			if back, err := snappy.Decode(nil, got); err != nil || !bytes.Equal(back, src) {
				t.Fatalf("%d bytes, dst %s: round trip failed (%v)", len(src), name, err)
			}
			if name == "grown" && len(got) > 0 && &got[0] != &dst[:1][0] {
				t.Errorf("%d bytes: with room for the bound, the output was not written in dst", len(src))
			}
		}
		if got := c.Encode(grown.Bytes(), src); !bytes.Equal(got, want) {
			t.Errorf("%d bytes: Encode differs from EncodeLevel", len(src))
		}
	}
}
