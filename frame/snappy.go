package frame

import (
	"github.com/apache/arrow/go/v17/parquet/compress"
	"github.com/golang/snappy"
)

// capSnappy is Arrow's snappy codec encoding into dst's capacity. Arrow
// Go v17's Parquet page writer grows a buffer to the codec's bound and
// hands the codec that buffer with length zero
// (serializedPageWriter.Compress passes bytes.Buffer.Bytes() after
// Grow); Arrow's snappy codec passes it on to snappy.Encode, which looks
// at the length, not the capacity, and so allocates and clears a new
// buffer of the page's size for every page. This one encodes into the
// capacity it was given when that is enough, which the codec's contract
// allows (Codec.Encode: dst sized with CompressBound). The bytes written
// are snappy's own either way; decoding is Arrow's.
type capSnappy struct {
	compress.Codec
}

// Encode compresses src into dst's capacity when it holds
// snappy.MaxEncodedLen(len(src)) bytes, else into a new slice.
func (capSnappy) Encode(dst, src []byte) []byte {
	if cap(dst) >= snappy.MaxEncodedLen(len(src)) {
		dst = dst[:cap(dst)]
	}
	return snappy.Encode(dst, src)
}

// EncodeLevel is Encode: snappy has no levels.
func (c capSnappy) EncodeLevel(dst, src []byte, _ int) []byte {
	return c.Encode(dst, src)
}
