package frame

import (
	"bytes"
	"encoding/binary"
	"errors"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/apache/arrow/go/v17/arrow"
	"github.com/apache/arrow/go/v17/arrow/array"
	"github.com/apache/arrow/go/v17/arrow/ipc"
	"github.com/apache/arrow/go/v17/arrow/memory"
	flatbuffers "github.com/google/flatbuffers/go"
)

// TestIPCDictionaryDue: a message after the schema that is not the
// dictionary batch due there is refused before arrow-go decodes it.
// arrow-go's stream reader notes that error and decodes the message as a
// dictionary batch anyway: a fuzzed file whose message there is of kind
// 0 made it allocate 154 GB (FuzzReadIPC/cf4a8e4ef4323e0f).
func TestIPCDictionaryDue(t *testing.T) {
	f := New(StringCol("state", []string{"a", "b", "a", "a", "b", "a"}, nil), Int64Col("n", []int64{1, 2, 3, 4, 5, 6}, nil))
	var buf bytes.Buffer
	if err := f.WriteIPC(&buf, IPCOptions{}); err != nil {
		t.Fatal(err)
	}
	good := buf.Bytes()
	if _, err := ReadIPC(bytes.NewReader(good), ReadOptions{Name: "good.arrow"}); err != nil {
		t.Fatalf("the file as written: %v", err)
	}
	// the dictionary batch's kind made 0 (none), and the batch left out
	// (the record batch comes where it is due)
	zero := bytes.Clone(good)
	pos := messageAfterSchema(t, zero)
	size := int(binary.LittleEndian.Uint32(zero[pos+4:]))
	meta := fbuf(zero[pos+8 : pos+8+size]) // shares zero's bytes
	root, _ := meta.ref(0)
	kindPos, err := meta.slot(root, 1)
	if err != nil || kindPos == 0 || meta[kindPos] != ipcDictionary {
		t.Fatalf("the message after the schema is not a dictionary batch (%v)", err)
	}
	meta[kindPos] = 0
	bodyPos, _ := meta.slot(root, 3)
	body := int(binary.LittleEndian.Uint64(meta[bodyPos:]))
	left := append(bytes.Clone(good[:pos]), good[pos+8+size+body:]...)
	for name, bad := range map[string][]byte{"kind 0": zero, "no dictionary batch": left} {
		_, err = ReadIPC(bytes.NewReader(bad), ReadOptions{Name: "bad.arrow"})
		if err == nil || !strings.Contains(err.Error(), "bad.arrow") || !strings.Contains(err.Error(), "not a dictionary batch: 1 more are due") {
			t.Errorf("%s: %v", name, err)
		}
	}
}

// messageAfterSchema returns the offset of the second message of the IPC
// file b (its continuation marker).
func messageAfterSchema(t *testing.T, b []byte) int {
	t.Helper()
	pos := 8 // "ARROW1" and padding
	if binary.LittleEndian.Uint32(b[pos:]) != 0xFFFFFFFF {
		t.Fatal("no continuation marker at the schema")
	}
	size := int(binary.LittleEndian.Uint32(b[pos+4:]))
	return pos + 8 + size // the schema has no body
}

// TestSlotAsFlatbuffers: fbuf.slot finds a table's field wherever the
// flatbuffers library (which arrow-go reads with) finds it: a field the
// guard took for absent would go unchecked and be read. Random tables
// and vtables, odd vtable lengths among them (a fuzzed schema whose
// vtable length 9 cut its header slot in two: the guard skipped the
// schema, arrow-go read it and asked for 27 GB;
// FuzzReadIPC/f18602f0d4e20084).
func TestSlotAsFlatbuffers(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	present := 0
	for c := range 20000 {
		b := make(fbuf, 16+r.IntN(48))
		for i := range b {
			b[i] = byte(r.IntN(256))
		}
		vt := 4 + r.IntN(4)
		tab := vt + 4 + r.IntN(len(b)-vt-8)
		binary.LittleEndian.PutUint32(b[tab:], uint32(int32(tab-vt)))
		binary.LittleEndian.PutUint16(b[vt:], uint16(4+r.IntN(min(12, tab-vt-1))))
		binary.LittleEndian.PutUint16(b[vt+2:], uint16(r.IntN(len(b)-tab+1)))
		fb := flatbuffers.Table{Bytes: b, Pos: flatbuffers.UOffsetT(tab)}
		for s := range 5 {
			p, err := b.slot(tab, s)
			if err != nil {
				continue // refused: nothing is read
			}
			if want := fb.Offset(flatbuffers.VOffsetT(4 + 2*s)); (p != 0) != (want != 0) || p != 0 && p != tab+int(want) {
				t.Fatalf("case %d, slot %d: at %d, flatbuffers %d (table %d, vtable % x)", c, s, p, want, tab, b[vt:vt+8])
			}
			if p != 0 {
				present++
			}
		}
	}
	if present < 1000 {
		t.Fatalf("%d slots found present: the cases do not reach them", present)
	}
}

// TestIPCBatchHolds: a batch whose vectors hold fewer field nodes,
// buffers or variadic counts than arrow-go reads for the schema's
// fields is refused (arrow-go would read past their ends: a fuzzed file
// asked for 1.79 TB; FuzzReadIPC/258228358d8291da), and the files
// jobframe writes, with every type of column, are read.
func TestIPCBatchHolds(t *testing.T) {
	f := New(StringCol("state", []string{"a", "b", "a", "a"}, nil), StringCol("name", []string{"w", "x", "y", "z"}, nil),
		Int64Col("n", []int64{1, 2, 3, 4}, []bool{true, false, true, true}), Float64Col("x", []float64{1, 2, 3, 4}, nil),
		BoolCol("ok", []bool{true, false, true, true}, nil), MicrosCol("at", []int64{1, 2, 3, 4}, nil))
	for _, o := range []IPCOptions{{}, {Compression: "zstd"}} {
		var buf bytes.Buffer
		if err := f.WriteIPC(&buf, o); err != nil {
			t.Fatal(err)
		}
		good := buf.Bytes()
		if _, err := ReadIPC(bytes.NewReader(good), ReadOptions{Name: "good.arrow"}); err != nil {
			t.Fatalf("%+v: the file as written: %v", o, err)
		}
		msgs := ipcMessages(t, good)
		if len(msgs) != 3 { // the schema, the dictionary of state, the records
			t.Fatalf("%d messages", len(msgs))
		}
		for k, what := range map[int]string{1: "dictionary batch", 2: "record batch"} {
			for slot, vec := range map[int]string{1: "field nodes", 2: "buffers"} {
				bad := bytes.Clone(good)
				meta := fbuf(bad[msgs[k][0] : msgs[k][0]+msgs[k][1]])
				root, _ := meta.ref(0)
				hdr, _ := meta.child(root, 2)
				if k == 1 {
					hdr, _ = meta.child(hdr, 1)
				}
				p, _ := meta.slot(hdr, slot)
				v, _ := meta.ref(p)
				n := binary.LittleEndian.Uint32(meta[v:])
				binary.LittleEndian.PutUint32(meta[v:], n-1) // one fewer
				_, err := ReadIPC(bytes.NewReader(bad), ReadOptions{Name: "bad.arrow"})
				if err == nil || !strings.Contains(err.Error(), "bad.arrow") || !strings.Contains(err.Error(), "the schema's fields need") {
					t.Errorf("%+v: the %s with one fewer %s: %v", o, what, vec, err)
				}
			}
		}
	}
}

// ipcMessages returns the offset and length of the metadata of every
// message of the IPC file b, in order.
func ipcMessages(t *testing.T, b []byte) [][2]int {
	t.Helper()
	var out [][2]int
	for pos := 8; pos+8 <= len(b) && binary.LittleEndian.Uint32(b[pos:]) == 0xFFFFFFFF; {
		size := int(binary.LittleEndian.Uint32(b[pos+4:]))
		if size == 0 {
			break
		}
		meta := fbuf(b[pos+8 : pos+8+size])
		root, _ := meta.ref(0)
		body := 0
		if p, _ := meta.slot(root, 3); p != 0 {
			body = int(binary.LittleEndian.Uint64(meta[p:]))
		}
		out = append(out, [2]int{pos + 8, size})
		pos += 8 + size + body
	}
	return out
}

// TestIPCNested: a file with a list column is refused, by name, before
// its batches are decoded: frames hold flat columns.
func TestIPCNested(t *testing.T) {
	mem := memory.NewGoAllocator()
	lb := array.NewListBuilder(mem, arrow.PrimitiveTypes.Int64)
	defer lb.Release()
	vb := lb.ValueBuilder().(*array.Int64Builder)
	lb.Append(true)
	vb.AppendValues([]int64{1, 2}, nil)
	lb.Append(true)
	vb.Append(3)
	list := lb.NewArray()
	defer list.Release()
	schema := arrow.NewSchema([]arrow.Field{{Name: "sizes", Type: list.DataType(), Nullable: true}}, nil)
	rec := array.NewRecord(schema, []arrow.Array{list}, 2)
	defer rec.Release()
	var buf bytes.Buffer
	w, err := ipc.NewFileWriter(&seekless{w: &buf}, ipc.WithSchema(schema), ipc.WithAllocator(mem))
	if err != nil {
		t.Fatal(err)
	}
	if err := w.Write(rec); err != nil {
		t.Fatal(err)
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	_, err = ReadIPC(bytes.NewReader(buf.Bytes()), ReadOptions{Name: "lists.arrow"})
	if err == nil || !strings.Contains(err.Error(), `lists.arrow`) || !strings.Contains(err.Error(), `field "sizes" is of a nested Arrow type (list)`) {
		t.Fatalf("got %v", err)
	}
}

// TestIPCRowsBacked: a batch of a Null column read as written (5 rows,
// all null), and refused when its length and its node's claim 2³⁶ rows,
// which no buffer backs: the frame would be allocated for them (it ran
// out of memory).
func TestIPCRowsBacked(t *testing.T) {
	schema := arrow.NewSchema([]arrow.Field{{Name: "nothing", Type: arrow.Null, Nullable: true}}, nil)
	rec := array.NewRecord(schema, []arrow.Array{array.NewNull(5)}, 5)
	defer rec.Release()
	var buf bytes.Buffer
	w, err := ipc.NewFileWriter(&seekless{w: &buf}, ipc.WithSchema(schema))
	if err != nil {
		t.Fatal(err)
	}
	if err := errors.Join(w.Write(rec), w.Close()); err != nil {
		t.Fatal(err)
	}
	good := buf.Bytes()
	f, err := ReadIPC(bytes.NewReader(good), ReadOptions{Name: "nulls.arrow"})
	if err != nil || f.NumRows() != 5 {
		t.Fatalf("as written: %v", err)
	}
	for i := range 5 {
		if !f.IsNull(0, i) {
			t.Fatalf("row %d is not null", i)
		}
	}
	bad := bytes.Clone(good)
	msgs := ipcMessages(t, bad)
	meta := fbuf(bad[msgs[1][0] : msgs[1][0]+msgs[1][1]])
	root, _ := meta.ref(0)
	hdr, _ := meta.child(root, 2)
	p, _ := meta.slot(hdr, 0)
	binary.LittleEndian.PutUint64(meta[p:], 1<<36) // the batch's length
	np, _ := meta.slot(hdr, 1)
	v, _ := meta.ref(np)
	binary.LittleEndian.PutUint64(meta[v+4:], 1<<36) // its field node's
	binary.LittleEndian.PutUint64(meta[v+12:], 1<<36)
	_, err = ReadIPC(bytes.NewReader(bad), ReadOptions{Name: "nulls.arrow"})
	if err == nil || !strings.Contains(err.Error(), "nulls.arrow") || !strings.Contains(err.Error(), "68719476736 rows in 0 bytes of buffers") {
		t.Fatalf("2³⁶ rows: %v", err)
	}
}
