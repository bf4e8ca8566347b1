package frame

import (
	"encoding/binary"
	"errors"
	"fmt"
	"io"
)

// This file checks the framing and flatbuffer metadata of an Arrow IPC
// stream before arrow-go decodes it. arrow-go trusts the counts and
// lengths it finds there: a damaged file can make it allocate gigabytes
// (for example, a corrupt child-field count in the schema) and end the
// program with an out-of-memory error that no recover can catch. The
// checks follow the Arrow format (format/Message.fbs, format/Schema.fbs):
// every table, vtable, string and vector must lie inside its message, the
// nesting of fields is bounded, each message body must lie inside the
// file, and the declared size of a compressed buffer must be plausible.

var errCorruptIPC = errors.New("corrupt Arrow IPC metadata")

// fbuf is one flatbuffer (an IPC message's metadata).
type fbuf []byte

func (b fbuf) u32(pos int) (int, bool) {
	if pos < 0 || pos+4 > len(b) {
		return 0, false
	}
	return int(binary.LittleEndian.Uint32(b[pos:])), true
}

// slot returns the absolute position of field slot s of the table at tab,
// 0 when the field is absent.
func (b fbuf) slot(tab, s int) (int, error) {
	soff, ok := b.u32(tab)
	if !ok {
		return 0, errCorruptIPC
	}
	vt := tab - int(int32(uint32(soff)))
	if vt < 0 || vt+4 > len(b) {
		return 0, errCorruptIPC
	}
	vtlen := int(binary.LittleEndian.Uint16(b[vt:]))
	tablen := int(binary.LittleEndian.Uint16(b[vt+2:]))
	if vtlen < 4 || vt+vtlen > len(b) || tab+tablen > len(b) {
		return 0, errCorruptIPC
	}
	// a slot is there when its place starts inside the vtable, as
	// flatbuffers reads it (Table.Offset), even if an odd vtable length
	// cuts its second byte off: a stricter reading would skip checking
	// what arrow-go then reads
	at := 4 + 2*s
	if at >= vtlen {
		return 0, nil
	}
	if vt+at+2 > len(b) {
		return 0, errCorruptIPC
	}
	off := int(binary.LittleEndian.Uint16(b[vt+at:]))
	if off == 0 {
		return 0, nil
	}
	if off >= tablen {
		return 0, errCorruptIPC
	}
	return tab + off, nil
}

// ref follows the offset stored at pos (to a table, vector or string).
func (b fbuf) ref(pos int) (int, error) {
	off, ok := b.u32(pos)
	if !ok || pos+off >= len(b) {
		return 0, errCorruptIPC
	}
	return pos + off, nil
}

// child returns the table referenced by slot s of tab (0 if absent).
func (b fbuf) child(tab, s int) (int, error) {
	p, err := b.slot(tab, s)
	if err != nil || p == 0 {
		return 0, err
	}
	return b.ref(p)
}

// scalar returns the size bytes of scalar slot s of tab (nil when the
// field is absent: its default, 0).
func (b fbuf) scalar(tab, s, size int) ([]byte, error) {
	p, err := b.slot(tab, s)
	if err != nil || p == 0 {
		return nil, err
	}
	if p+size > len(b) {
		return nil, errCorruptIPC
	}
	return b[p : p+size], nil
}

// byteAt returns the ubyte in slot s of tab (0 when absent).
func (b fbuf) byteAt(tab, s int) (byte, error) {
	v, err := b.scalar(tab, s, 1)
	if err != nil || v == nil {
		return 0, err
	}
	return v[0], nil
}

// int64At returns the long in slot s of tab (0 when absent).
func (b fbuf) int64At(tab, s int) (int64, error) {
	v, err := b.scalar(tab, s, 8)
	if err != nil || v == nil {
		return 0, err
	}
	return int64(binary.LittleEndian.Uint64(v)), nil
}

// vector returns the start and length of the vector in slot s of tab,
// checking that n elements of elem bytes fit.
func (b fbuf) vector(tab, s, elem int) (int, int, error) {
	p, err := b.slot(tab, s)
	if err != nil || p == 0 {
		return 0, 0, err
	}
	v, err := b.ref(p)
	if err != nil {
		return 0, 0, err
	}
	n, ok := b.u32(v)
	if !ok || n < 0 || n > (len(b)-v-4)/max(elem, 1) {
		return 0, 0, errCorruptIPC
	}
	return v + 4, n, nil
}

// tables checks a vector of tables in slot s and calls each on every one.
func (b fbuf) tables(tab, s int, each func(int) error) error {
	start, n, err := b.vector(tab, s, 4)
	if err != nil {
		return err
	}
	for i := 0; i < n; i++ {
		t, err := b.ref(start + 4*i)
		if err != nil {
			return err
		}
		if err := each(t); err != nil {
			return err
		}
	}
	return nil
}

func (b fbuf) keyValues(tab, s int) error {
	return b.tables(tab, s, func(kv int) error {
		for k := 0; k < 2; k++ {
			if _, _, err := b.vector(kv, k, 1); err != nil {
				return err
			}
		}
		return nil
	})
}

// field checks the Field table at tab and its children, counting in
// dicts those that are dictionary-encoded.
func (b fbuf) field(tab, depth int, dicts *int) error {
	if depth > 64 {
		return fmt.Errorf("%w: fields nested deeper than 64", errCorruptIPC)
	}
	if _, _, err := b.vector(tab, 0, 1); err != nil { // name
		return err
	}
	if t, err := b.child(tab, 3); err != nil || (t != 0 && b.plainTable(t) != nil) { // type
		return errCorruptIPC
	}
	if d, err := b.child(tab, 4); err != nil { // dictionary encoding
		return err
	} else if d != 0 {
		if it, err := b.child(d, 1); err != nil || (it != 0 && b.plainTable(it) != nil) {
			return errCorruptIPC
		}
		*dicts++
	}
	if err := b.keyValues(tab, 6); err != nil {
		return err
	}
	return b.tables(tab, 5, func(c int) error { return b.field(c, depth+1, dicts) })
}

// plainTable checks that a table of scalar fields has a valid vtable.
func (b fbuf) plainTable(tab int) error {
	_, err := b.slot(tab, 0)
	return err
}

// batchVectors are the vectors of a RecordBatch table: where each
// starts and how many elements it holds.
type batchVectors struct {
	nodesAt, nodes     int // FieldNode structs, 16 bytes each
	buffersAt, buffers int // Buffer structs, 16 bytes each
	viewsAt, views     int // variadic buffer counts, 8 bytes each
}

// batchVectors checks and returns the vectors of the RecordBatch at tab.
func (b fbuf) batchVectors(tab int) (batchVectors, error) {
	var v batchVectors
	var err error
	if v.nodesAt, v.nodes, err = b.vector(tab, 1, 16); err != nil {
		return v, err
	}
	if v.buffersAt, v.buffers, err = b.vector(tab, 2, 16); err != nil {
		return v, err
	}
	v.viewsAt, v.views, err = b.vector(tab, 4, 8)
	return v, err
}

// recordBatch checks a RecordBatch table against its message body.
func (b fbuf) recordBatch(tab int, body []byte, n batchNeed) error {
	v, err := b.batchVectors(tab)
	if err != nil {
		return err
	}
	if err := b.holds(v, n); err != nil {
		return err
	}
	comp, err := b.child(tab, 3)
	if err != nil {
		return err
	}
	bs, nb := v.buffersAt, v.buffers
	data := int64(0) // the bytes of the buffers, uncompressed
	for i := 0; i < nb; i++ {
		off := int64(binary.LittleEndian.Uint64(b[bs+16*i:]))
		n := int64(binary.LittleEndian.Uint64(b[bs+16*i+8:]))
		if off < 0 || n < 0 || off > int64(len(body)) || n > int64(len(body))-off {
			return fmt.Errorf("%w: buffer %d [%d, +%d) outside a %d-byte body", errCorruptIPC, i, off, n, len(body))
		}
		data += n
		if comp != 0 && n >= 8 {
			// A compressed buffer starts with its uncompressed length
			// (-1: stored uncompressed). Accept what compression could
			// plausibly have produced: 64 MiB, or 65536 times the
			// compressed size.
			raw := int64(binary.LittleEndian.Uint64(body[off:]))
			if raw < -1 || (raw > 64<<20 && raw/65536 > n) {
				return fmt.Errorf("%w: buffer %d claims %d bytes uncompressed from %d", errCorruptIPC, i, raw, n)
			}
			data += max(raw, 0)
		}
	}
	return b.rowsBacked(tab, v, data)
}

// rowsBacked checks the row counts of the record batch at tab, whose
// vectors are v (its length and its field nodes') against data, the bytes of its buffers:
// a row of any type but Null takes at least a bit of some buffer, so a
// count above 8 × data (or 2²⁴, for a batch of Null columns alone) is
// not the batch's, and would have frames allocate for rows that are not
// there (a Null column claiming 2³⁶ rows ran out of memory).
func (b fbuf) rowsBacked(tab int, v batchVectors, data int64) error {
	most := max(1<<24, 8*data)
	if rows, err := b.int64At(tab, 0); err != nil {
		return err
	} else if rows < 0 || rows > most {
		return fmt.Errorf("%w: a batch of %d rows in %d bytes of buffers", errCorruptIPC, rows, data)
	}
	for i := range v.nodes {
		length := int64(binary.LittleEndian.Uint64(b[v.nodesAt+16*i:]))
		nulls := int64(binary.LittleEndian.Uint64(b[v.nodesAt+16*i+8:]))
		if length < 0 || length > most || nulls < 0 || nulls > length {
			return fmt.Errorf("%w: field node %d of %d values (%d null) in %d bytes of buffers", errCorruptIPC, i, length, nulls, data)
		}
	}
	return nil
}

// checkIPCStream validates every message of the IPC stream in r[start:end).
func checkIPCStream(r io.ReaderAt, start, end int64) error {
	pos := start
	var hdr [8]byte
	dicts := 0          // dictionary batches still due after the schema
	var schema []layout // its top-level fields, once read
	for pos < end {
		if end-pos < 4 {
			return fmt.Errorf("%w: %d stray bytes at offset %d", errCorruptIPC, end-pos, pos)
		}
		if _, err := r.ReadAt(hdr[:4], pos); err != nil {
			return err
		}
		size := int64(binary.LittleEndian.Uint32(hdr[:4]))
		skip := int64(4)
		if size == 0xFFFFFFFF { // continuation marker, then the length
			if end-pos < 8 {
				return fmt.Errorf("%w: truncated message header at offset %d", errCorruptIPC, pos)
			}
			if _, err := r.ReadAt(hdr[4:8], pos+4); err != nil {
				return err
			}
			size = int64(int32(binary.LittleEndian.Uint32(hdr[4:8])))
			skip = 8
		}
		if size == 0 {
			return nil // end-of-stream marker
		}
		if size < 0 || size > end-pos-skip {
			return fmt.Errorf("%w: message of %d bytes at offset %d overruns the stream", errCorruptIPC, size, pos)
		}
		meta := make(fbuf, size)
		if _, err := r.ReadAt(meta, pos+skip); err != nil {
			return err
		}
		m, err := checkMessage(meta, schema, func(n int64) ([]byte, error) {
			from := pos + skip + size
			if n < 0 || n > end-from {
				return nil, fmt.Errorf("%w: message body of %d bytes at offset %d overruns the stream", errCorruptIPC, n, from)
			}
			body := make([]byte, n)
			_, err := r.ReadAt(body, from)
			return body, err
		})
		if err != nil {
			return fmt.Errorf("message at offset %d: %w", pos, err)
		}
		// arrow-go's stream reader takes the messages after the schema
		// as its dictionaries, one per dictionary-encoded field, whatever
		// their kind (it notes the error and decodes them anyway), so
		// another kind there would be decoded unchecked
		switch {
		case m.kind == ipcSchema:
			dicts, schema = m.dicts, m.fields
		case dicts > 0 && m.kind != ipcDictionary:
			return fmt.Errorf("%w: the message at offset %d is of kind %d, not a dictionary batch: %d more are due after the schema, one per dictionary-encoded field", errCorruptIPC, pos, m.kind, dicts)
		case dicts > 0:
			dicts--
		}
		pos += skip + size + m.bodyLen
	}
	return nil
}

// The kinds of IPC message (format/Message.fbs, MessageHeader).
const (
	ipcSchema     = 1
	ipcDictionary = 2
	ipcRecords    = 3
)

// message is what checkMessage found of one IPC message: its body's
// length, its kind and, of a schema, how many fields are
// dictionary-encoded (the dictionary batches that must follow it) and
// the layout of each top-level field.
type message struct {
	bodyLen int64
	kind    byte
	dicts   int
	fields  []layout // of a schema, its top-level fields
}

// checkMessage validates one Message flatbuffer of a stream whose
// schema's fields are schema (nil before the schema); body reads its
// body.
func checkMessage(b fbuf, schema []layout, body func(int64) ([]byte, error)) (message, error) {
	var m message
	root, err := b.ref(0)
	if err != nil {
		return m, err
	}
	if m.bodyLen, err = b.int64At(root, 3); err != nil {
		return m, err
	}
	data, err := body(m.bodyLen)
	if err != nil {
		return m, err
	}
	if err := b.keyValues(root, 4); err != nil {
		return m, err
	}
	if m.kind, err = b.byteAt(root, 1); err != nil {
		return m, err
	}
	hdr, err := b.child(root, 2)
	if err != nil || hdr == 0 {
		return m, err
	}
	switch m.kind {
	case ipcSchema:
		if err := b.tables(hdr, 1, func(f int) error {
			if err := b.field(f, 0, &m.dicts); err != nil {
				return err
			}
			l, err := b.fieldLayout(f)
			m.fields = append(m.fields, l)
			return err
		}); err != nil {
			return m, err
		}
		if err := b.keyValues(hdr, 2); err != nil {
			return m, err
		}
		_, _, err = b.vector(hdr, 3, 8)
	case ipcDictionary:
		var rb int
		var n batchNeed
		if rb, err = b.child(hdr, 1); err == nil && rb != 0 {
			if n, err = b.dictionaryNeed(hdr, schema); err == nil {
				err = b.recordBatch(rb, data, n)
			}
		}
	case ipcRecords:
		var n batchNeed
		if n, err = need(schema, true); err == nil {
			err = b.recordBatch(hdr, data, n)
		}
	}
	return m, err
}
