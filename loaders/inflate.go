package loaders

import (
	"fmt"
	"io"

	"github.com/jobframe/jobframe/loaders/source"
)

// InflateBytesPerByte and MinInflateBytes make the default bound on
// what a compressed input (gzip, zstd) may decompress to: at any point
// of the read, InflateBytesPerByte bytes per compressed byte read so
// far, or MinInflateBytes if more. zstd makes 3 GB of spaces 92 KB, and
// a document format holds its whole text (a WfCommons instance, sacct
// --json): such a file took 6.7 GB and 27 s before failing. The real
// logs and documents of ../shared/data compress at most 46 times with
// zstd -19; gzip cannot pass 1032.
const (
	InflateBytesPerByte = 1024
	MinInflateBytes     = 64 << 20
)

// inflated is a decompressor's output, bounded: past its bound a read
// fails, naming the codec and the bound.
type inflated struct {
	r     io.Reader        // the decompressor
	in    *source.Progress // counts the compressed bytes it read
	out   int64            // the bytes it gave
	fixed int64            // a bound set by the caller (> 0), else the ratio's
	codec string           // "gzip" or "zstd"
}

// bound returns the bytes the input may decompress to, having read
// read compressed bytes.
func (z *inflated) bound(read int64) int64 {
	if z.fixed > 0 {
		return z.fixed
	}
	if read > (1<<62)/InflateBytesPerByte {
		return 1 << 62
	}
	return max(MinInflateBytes, InflateBytesPerByte*read)
}

func (z *inflated) Read(p []byte) (int, error) {
	n, err := z.r.Read(p)
	z.out += int64(n)
	read, _ := z.in.Bytes()
	if b := z.bound(read); z.out > b {
		how := fmt.Sprintf("%d bytes per byte of it, at least %d", InflateBytesPerByte, MinInflateBytes)
		if z.fixed > 0 {
			how = "the bound set"
		}
		return 0, fmt.Errorf("its %s stream decompresses to more than %d bytes from %d (%s): a damaged or hostile file; source.Options.MaxDecompressedBytes, and JOBFRAME_MAX_DECOMPRESSED_BYTES for jobframe, set the bound", z.codec, b, read, how)
	}
	return n, err
}
