package frame

import (
	"sync"

	"github.com/apache/arrow/go/v17/parquet/compress"
	"github.com/klauspost/compress/zstd"
)

// sharedZstd is Arrow's zstd codec with its block encoders made once per
// level and reused. Arrow Go v17's own makes a new encoder for every
// Parquet page it compresses (compress.zstdCodec.EncodeLevel calls
// zstd.NewWriter), and a new encoder allocates and clears its history
// buffers: a third of the CPU of writing a million-row frame went to
// that. Arrow Go fixed it later with a pool of encoders; until the
// pinned version has it, this one keeps one encoder per level, made on
// first use and shared (an Encoder's EncodeAll is safe for concurrent
// use). Everything else, decoding included, is Arrow's own codec.
type sharedZstd struct {
	compress.Codec
	once [zstd.SpeedBestCompression + 1]sync.Once
	enc  [zstd.SpeedBestCompression + 1]*zstd.Encoder
}

// encoder returns the shared encoder of a zstd level (1 to 22), or of
// zstd's default (3) for compress.DefaultCompressionLevel, as Arrow's
// codec maps them.
func (z *sharedZstd) encoder(level int) *zstd.Encoder {
	l := zstd.SpeedDefault
	if level != compress.DefaultCompressionLevel {
		l = zstd.EncoderLevelFromZstd(level)
	}
	z.once[l].Do(func() {
		// The options are valid constants, so NewWriter cannot fail.
		z.enc[l], _ = zstd.NewWriter(nil, zstd.WithZeroFrames(true), zstd.WithEncoderLevel(l))
	})
	return z.enc[l]
}

// Encode compresses src at zstd's default level, appending to dst[:0].
func (z *sharedZstd) Encode(dst, src []byte) []byte {
	return z.encoder(compress.DefaultCompressionLevel).EncodeAll(src, dst[:0])
}

// EncodeLevel compresses src at the given zstd level, appending to
// dst[:0].
func (z *sharedZstd) EncodeLevel(dst, src []byte, level int) []byte {
	return z.encoder(level).EncodeAll(src, dst[:0])
}
