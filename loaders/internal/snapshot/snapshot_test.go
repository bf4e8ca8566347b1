package snapshot

import (
	"encoding/binary"
	"errors"
	"reflect"
	"testing"
	"unsafe"

	"github.com/zeebo/xxh3"
)

type node struct {
	id   int64
	name string
	next *node
}

// slot is flat (flat.go): its slices are written as memory.
type slot struct {
	id   int64
	on   int32
	open bool
	box  [2]float64
	has  [2]bool
}

type state struct {
	flag    bool
	i8      int8
	n       int64
	u       uint32
	f       float64
	f32     float32
	s       string
	arr     [3]int16
	raw     []byte
	nums    []int32
	empty   []int32
	none    []int32
	nodes   []*node
	byID    map[int64]*node
	last    *node
	page    []int32
	pages   [][]int32
	words   map[string]int32
	nilMap  map[string]int32
	inner   struct{ a, b int }
	fn      func() int `snap:"-"`
	cache   []int      `snap:"-"`
	loop    *node
	counter map[[2]int32]bool
	slots   []slot
	blocks  [][]slot
}

func sample() *state {
	a := &node{id: 1, name: "a"}
	b := &node{id: 2, name: "b", next: a}
	c := &node{id: 3, name: "c"}
	c.next = c // a cycle
	page := []int32{7, 7, 7}
	block := []slot{{id: 1, on: 2, open: true, box: [2]float64{0.5, -1}, has: [2]bool{false, true}}, {}, {}, {on: 1}, {}}
	return &state{
		slots: []slot{{id: -3}}, blocks: [][]slot{block, block, {{open: true}}},
		flag: true, i8: -5, n: -1 << 40, u: 1 << 31, f: 2.5, f32: -0.25, s: "héllo",
		arr: [3]int16{1, -2, 3}, raw: []byte{0, 1, 255}, nums: []int32{4, 5}, empty: []int32{},
		nodes: []*node{a, b, nil, a}, byID: map[int64]*node{1: a, 2: b}, last: b,
		page: page, pages: [][]int32{page, {1}, page},
		words: map[string]int32{"": 0, "DONE": 1}, inner: struct{ a, b int }{1, 2},
		fn: func() int { return 1 }, cache: []int{9}, loop: c,
		counter: map[[2]int32]bool{{1, 2}: true},
	}
}

// TestRoundTrip decodes what Encode wrote into a fresh value: every
// field equal, pointers and same-array slices shared as they were,
// skipped fields left as the caller set them.
func TestRoundTrip(t *testing.T) {
	in := sample()
	b, err := Encode(in)
	if err != nil {
		t.Fatal(err)
	}
	out := &state{cache: []int{1, 2}}
	if err := Decode(b, out); err != nil {
		t.Fatal(err)
	}
	if out.fn != nil || !reflect.DeepEqual(out.cache, []int{1, 2}) {
		t.Errorf("skipped fields changed: fn %v, cache %v", out.fn != nil, out.cache)
	}
	in.fn, in.cache, out.cache = nil, nil, nil
	if !reflect.DeepEqual(in, out) {
		t.Errorf("decoded %+v\nwant %+v", out, in)
	}
	if out.nodes[0] != out.nodes[3] || out.nodes[0] != out.byID[1] || out.last != out.byID[2] || out.last.next != out.nodes[0] {
		t.Error("pointers to one node decoded apart")
	}
	if out.loop.next != out.loop {
		t.Error("the cycle is not a cycle")
	}
	if &out.pages[0][0] != &out.pages[2][0] || &out.page[0] != &out.pages[0][0] || &out.blocks[0][0] != &out.blocks[1][0] {
		t.Error("slices of one array decoded apart")
	}
	if out.none != nil || out.empty == nil || out.nilMap != nil {
		t.Errorf("nil and empty: none %v, empty %v, nilMap %v", out.none, out.empty, out.nilMap)
	}
	again, err := Encode(out)
	if err != nil {
		t.Fatal(err)
	}
	if len(again) != len(b) {
		t.Errorf("re-encoded %d bytes, first %d", len(again), len(b))
	}
}

// TestShared refuses what decoding would not keep shared.
func TestShared(t *testing.T) {
	type items struct {
		all  []node
		some *node
	}
	s := &items{all: make([]node, 4)}
	s.some = &s.all[2]
	if _, err := Encode(s); err == nil {
		t.Error("a pointer into a slice encoded")
	}
	type parts struct{ whole, part []int }
	p := &parts{whole: []int{1, 2, 3}}
	p.part = p.whole[1:]
	if _, err := Encode(p); err == nil {
		t.Error("a slice of part of another encoded")
	}
	s.some = &node{}
	if _, err := Encode(s); err != nil {
		t.Error(err)
	}
}

// TestRefused checks the kinds and inputs Encode and Decode refuse.
func TestRefused(t *testing.T) {
	//lint:ignore U1000 the field is read by Encode and Decode, through reflection
	type withFunc struct{ f func() }
	if _, err := Encode(&withFunc{}); err == nil {
		t.Error("an untagged func field encoded")
	}
	//lint:ignore U1000 the field is read by Encode and Decode, through reflection
	type withIface struct{ e error }
	if _, err := Encode(&withIface{}); err == nil {
		t.Error("an interface field encoded")
	}
	if _, err := Encode(state{}); err == nil {
		t.Error("a struct, not a pointer, encoded")
	}
	b, err := Encode(sample())
	if err != nil {
		t.Fatal(err)
	}
	//lint:ignore U1000 the field is read by Encode and Decode, through reflection
	type other struct{ n int64 }
	if err := Decode(b, &other{}); !errors.Is(err, ErrLayout) {
		t.Errorf("another type: %v, want ErrLayout", err)
	}
	for i := range b {
		c := append([]byte(nil), b...)
		c[i] ^= 0x10
		if err := Decode(c, &state{}); !errors.Is(err, ErrDamaged) && !errors.Is(err, ErrLayout) {
			t.Fatalf("byte %d changed: %v", i, err)
		}
	}
	if err := Decode(b[:len(b)-1], &state{}); !errors.Is(err, ErrDamaged) {
		t.Errorf("cut: %v", err)
	}
}

// FuzzDecode feeds Decode any bytes, with the checksum made right, so
// that the decoder's own checks meet them: it may refuse them, never
// panic.
func FuzzDecode(f *testing.F) {
	b, err := Encode(sample())
	if err != nil {
		f.Fatal(err)
	}
	f.Add(b[len(magic)+8 : len(b)-8])
	f.Add([]byte{tagNew, 200, 1})
	f.Fuzz(func(t *testing.T, body []byte) {
		var out state
		_ = Decode(seal(t, body, &out), &out)
	})
}

// seal frames body as Encode frames a state of v's type: magic, the
// type's hash, body, the checksum.
func seal(t *testing.T, body []byte, v any) []byte {
	sig, err := signature(reflect.TypeOf(v).Elem())
	if err != nil {
		t.Fatal(err)
	}
	b := binary.LittleEndian.AppendUint64([]byte(magic), sig)
	b = append(b, body...)
	return binary.LittleEndian.AppendUint64(b, xxh3.Hash(b))
}

// TestFlatBool refuses a flat slice whose memory holds a boolean that
// is neither 0 nor 1: Encode never writes one.
func TestFlatBool(t *testing.T) {
	//lint:ignore U1000 the field is read by Encode and Decode, through reflection
	type slots struct{ s []slot }
	for _, c := range []struct {
		at   uintptr
		want error
	}{{unsafe.Offsetof(slot{}.open), ErrDamaged}, {unsafe.Offsetof(slot{}.has) + 1, ErrDamaged}, {unsafe.Offsetof(slot{}.on), nil}} {
		body := []byte{tagNew, 2, 0, 2} // two slots: no zero ones, then two
		mem := make([]byte, 2*unsafe.Sizeof(slot{}))
		mem[unsafe.Sizeof(slot{})+c.at] = 2
		body = append(body, mem...)
		var out slots
		if err := Decode(seal(t, body, &out), &out); !errors.Is(err, c.want) && err != c.want {
			t.Errorf("byte %d of the second slot set to 2: %v, want %v", c.at, err, c.want)
		}
	}
}

// TestDeep refuses a chain of pointers deeper than maxDepth rather than
// recurse without bound.
func TestDeep(t *testing.T) {
	//lint:ignore U1000 the field is read by Encode and Decode, through reflection
	type chain struct{ head *node }
	var body []byte
	for range maxDepth + 1 {
		body = append(body, tagNew, 0, 0) // a node: tag, id 0, name ""
	}
	body = append(body, tagNil)
	var out chain
	if err := Decode(seal(t, body, &out), &out); !errors.Is(err, ErrDamaged) {
		t.Errorf("%d nested pointers: %v", maxDepth+1, err)
	}
}

// TestFlatRoom refuses a flat slice longer than the memory a snapshot
// of its size may decode to, and a run longer than the slice, rather
// than allocate it.
func TestFlatRoom(t *testing.T) {
	type pages struct{ p []int64 }
	for _, body := range [][]byte{
		append([]byte{tagNew}, binary.AppendUvarint(nil, flatRoom)...), // 8 bytes each
		{tagNew, 3, 2, 2, 1, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0},
		{tagNew, 3, 4},
	} {
		var out pages
		if err := Decode(seal(t, body, &out), &out); !errors.Is(err, ErrDamaged) {
			t.Errorf("% x: %v", body, err)
		}
	}
	var out pages
	body := append([]byte{tagNew}, binary.AppendUvarint(nil, 1<<16)...)
	body = append(body, binary.AppendUvarint(nil, 1<<16)...)
	body = append(body, 0)
	if err := Decode(seal(t, body, &out), &out); err != nil || len(out.p) != 1<<16 || out.p[0] != 0 {
		t.Errorf("a page of 2^16 zeros in %d bytes: %v", len(body), err)
	}
}
