package lake

import (
	"encoding/binary"
	"fmt"
	"maps"
	"slices"

	"github.com/apache/arrow/go/v17/arrow"
	"github.com/apache/arrow/go/v17/arrow/array"
	"github.com/zeebo/xxh3"

	"github.com/jobframe/jobframe/loaders/source"
)

// fingerprint hashes the rows of a batch: its frames by name, and each
// column's name, type and Arrow buffers (values, validity, offsets,
// dictionary). It follows the layout as well as the values: the same
// rows built the same way hash alike, which is what an append checks
// (that a grown log's first batches are those ingested before, by the
// same loader); a jobframe that builds them otherwise only makes the
// append read the log again whole. Hashing buffers rather than values
// costs a few milliseconds a batch (xxh3-128 of each buffer, then of
// those hashes).
func fingerprint(b *source.Dataset) string {
	h := xxh3.New()
	var head []byte
	for _, name := range slices.Sorted(maps.Keys(b.Frames)) {
		f := b.Frames[name]
		head = appendText(head[:0], name)
		head = binary.LittleEndian.AppendUint64(head, uint64(f.NumRows()))
		h.Write(head)
		rec := f.Record()
		for k, col := range rec.Columns() {
			h.Write(appendText(head[:0], rec.ColumnName(k)))
			hashData(h, col.Data(), head[:0])
		}
	}
	sum := h.Sum128()
	return fmt.Sprintf("%016x%016x", sum.Hi, sum.Lo)
}

// hashData writes an array's type, length, offset, null count and
// buffers, then its dictionary and children, to h; scratch is a buffer
// to reuse.
func hashData(h *xxh3.Hasher, d arrow.ArrayData, scratch []byte) {
	scratch = appendText(scratch, d.DataType().String())
	for _, v := range []int{d.Len(), d.Offset(), d.NullN(), len(d.Buffers()), len(d.Children())} {
		scratch = binary.LittleEndian.AppendUint64(scratch, uint64(v))
	}
	for _, buf := range d.Buffers() {
		n := 0
		if buf != nil {
			n = buf.Len()
		}
		scratch = binary.LittleEndian.AppendUint64(scratch, uint64(n))
	}
	// Each buffer is hashed on its own and its hash written: the
	// streaming Hasher copies what it is given after its first block
	// into its own buffer before hashing it, and those copies were most
	// of a fingerprint's time.
	for _, buf := range d.Buffers() {
		if buf != nil {
			sum := xxh3.Hash128(buf.Bytes())
			scratch = binary.LittleEndian.AppendUint64(scratch, sum.Hi)
			scratch = binary.LittleEndian.AppendUint64(scratch, sum.Lo)
		}
	}
	h.Write(scratch)
	if dict, ok := d.Dictionary().(*array.Data); ok && dict != nil { // a nil *Data when none
		hashData(h, dict, scratch[:0])
	}
	for _, c := range d.Children() {
		hashData(h, c, scratch[:0])
	}
}

// appendText appends s, its length first.
func appendText(buf []byte, s string) []byte {
	buf = binary.LittleEndian.AppendUint64(buf, uint64(len(s)))
	return append(buf, s...)
}
