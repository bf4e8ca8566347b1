package frame

import (
	"testing"

	"github.com/apache/arrow/go/v17/parquet/compress"
)

// TestCodecsRegistered checks that Parquet files are compressed by the
// codecs of codecs.go, not by Arrow's own.
func TestCodecsRegistered(t *testing.T) {
	for c, want := range map[compress.Compression]func(compress.Codec) bool{
		compress.Codecs.Zstd:   func(c compress.Codec) bool { _, ok := c.(*sharedZstd); return ok },
		compress.Codecs.Snappy: func(c compress.Codec) bool { _, ok := c.(capSnappy); return ok },
	} {
		got, err := compress.GetCodec(c)
		if err != nil {
			t.Fatal(err)
		}
		if !want(got) {
			t.Errorf("%s codec is %T, not jobframe's", c, got)
		}
	}
}
