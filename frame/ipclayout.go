package frame

import (
	"encoding/binary"
	"fmt"
)

// This file checks that a record or dictionary batch holds every field
// node, buffer and variadic count that arrow-go v17 will read of it for
// the schema's fields. arrow-go's flatbuffer accessors (RecordBatch
// .Nodes, .Buffers, .VariadicBufferCounts) do not check an index against
// the vector's length: a batch whose vectors are short is read past
// their end, and the bytes there, taken for a buffer's offset, length
// and compressed size, escape the checks of recordBatch (a 2.9 KB fuzzed
// file asked for 1.79 TB). arrow-go reads, per field of a flat type
// (ipc/file_reader.go, loadArray): one field node; a validity buffer's
// place unless the type is Null; then one buffer for a fixed-width
// value, two for binary and strings (offsets, data), and for a view type
// the views and as many data buffers as its variadic count says. A
// dictionary-encoded field's batch holds its indices (an Int); its
// dictionary batch holds its values. Frames hold flat columns only:
// nested types are refused before they are read.

// Flatbuffers Type union of format/Schema.fbs (Field.type_type).
const (
	fbNull          = 1
	fbBinary        = 4
	fbUtf8          = 5
	fbLargeBinary   = 19
	fbLargeUtf8     = 20
	fbBinaryView    = 23
	fbUtf8View      = 24
	fbLargeListView = 26
)

// fbNested are the Type union's nested types: list, struct, union,
// fixed-size list, map, large list, run-end encoded, list views.
var fbNested = map[byte]string{12: "list", 13: "struct", 14: "union", 16: "fixed-size list", 17: "map", 21: "large list",
	22: "run-end encoded", 25: "list view", fbLargeListView: "large list view"}

// layout is what a batch holds of one top-level field of the schema.
type layout struct {
	name   string
	typ    byte // the Type of its values
	dict   bool
	dictID int64
}

// batchNeed is what a batch must hold: field nodes, buffers (beside the
// data buffers of its view fields, which their variadic counts give)
// and variadic counts.
type batchNeed struct {
	nodes, buffers, views int
}

// fieldLayout reads the layout of the Field table at tab (checked by
// field).
func (b fbuf) fieldLayout(tab int) (layout, error) {
	var l layout
	if start, n, err := b.vector(tab, 0, 1); err == nil && start != 0 {
		l.name = string(b[start : start+n])
	}
	var err error
	if l.typ, err = b.byteAt(tab, 2); err != nil {
		return l, err
	}
	d, err := b.child(tab, 4)
	if err != nil || d == 0 {
		return l, err
	}
	l.dict = true
	l.dictID, err = b.int64At(d, 0)
	return l, err
}

// need is what a batch of the values of fields holds; indices says that
// a dictionary-encoded field gives its indices (a record batch), not its
// values (its dictionary batch).
func need(fields []layout, indices bool) (batchNeed, error) {
	var n batchNeed
	for _, f := range fields {
		if kind, ok := fbNested[f.typ]; ok && !(f.dict && indices) {
			return n, fmt.Errorf("field %q is of a nested Arrow type (%s): frames hold flat columns only", f.name, kind)
		}
		n.nodes++
		switch {
		case f.dict && indices:
			n.buffers += 2 // validity, the indices
		case f.typ == 0 || f.typ > fbLargeListView:
			return n, fmt.Errorf("%w: field %q has no type arrow-go knows (%d)", errCorruptIPC, f.name, f.typ)
		case f.typ == fbNull:
		case f.typ == fbBinary || f.typ == fbUtf8 || f.typ == fbLargeBinary || f.typ == fbLargeUtf8:
			n.buffers += 3
		case f.typ == fbBinaryView || f.typ == fbUtf8View:
			n.buffers += 2 // validity, the views; the data buffers by variadic count
			n.views++
		default:
			n.buffers += 2
		}
	}
	return n, nil
}

// dictionaryNeed is what the dictionary batch at hdr (a DictionaryBatch
// table) holds: the values of the schema's field with its id.
func (b fbuf) dictionaryNeed(hdr int, schema []layout) (batchNeed, error) {
	id, err := b.int64At(hdr, 0)
	if err != nil {
		return batchNeed{}, err
	}
	for _, f := range schema {
		if f.dict && f.dictID == id {
			return need([]layout{f}, false)
		}
	}
	return batchNeed{}, fmt.Errorf("%w: a dictionary batch of id %d, which no field of the schema has", errCorruptIPC, id)
}

// holds checks that a record batch whose vectors are v holds what n
// says.
func (b fbuf) holds(v batchVectors, n batchNeed) error {
	if v.nodes < n.nodes || v.views < n.views {
		return fmt.Errorf("%w: a batch of %d field nodes and %d variadic counts where the schema's fields need %d and %d", errCorruptIPC, v.nodes, v.views, n.nodes, n.views)
	}
	buffers := n.buffers
	for i := range n.views {
		c := int64(binary.LittleEndian.Uint64(b[v.viewsAt+8*i:]))
		if c < 0 || c > int64(v.buffers) {
			return fmt.Errorf("%w: variadic count %d of a batch of %d buffers", errCorruptIPC, c, v.buffers)
		}
		buffers += int(c)
	}
	if v.buffers < buffers {
		return fmt.Errorf("%w: a batch of %d buffers where the schema's fields need %d", errCorruptIPC, v.buffers, buffers)
	}
	return nil
}
