package frame

import "github.com/apache/arrow/go/v17/parquet/compress"

// Two of the pinned Arrow Go v17's Parquet codecs waste work on every
// page they compress: zstd makes a new encoder (sharedZstd, zstd.go),
// snappy a new output buffer (capSnappy, snappy.go). The codecs
// registered here in their place write the same bytes without it, for
// every Parquet writer of the program. Arrow's registry is meant to be
// filled so, at init (compress.RegisterCodec).
func init() {
	registerOver(compress.Codecs.Zstd, func(upstream compress.Codec) compress.Codec { return &sharedZstd{Codec: upstream} })
	registerOver(compress.Codecs.Snappy, func(upstream compress.Codec) compress.Codec { return capSnappy{Codec: upstream} })
}

// registerOver registers, for Parquet's compression c, the codec that
// wrap makes of Arrow's own. Without a codec for c in this Arrow there
// is nothing to improve on, and nothing is registered.
func registerOver(c compress.Compression, wrap func(compress.Codec) compress.Codec) {
	if upstream, err := compress.GetCodec(c); err == nil {
		compress.RegisterCodec(c, wrap(upstream))
	}
}
