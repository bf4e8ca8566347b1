package jsontext

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"runtime"
	"strings"
	"testing"
)

// TestArrayDecode decodes an array split between four goroutines: the
// items keep their order, and of two bad elements the first is the one
// reported, with its text.
func TestArrayDecode(t *testing.T) {
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(4))
	var parts []string
	for i := range 3000 {
		parts = append(parts, fmt.Sprint(i))
	}
	doc := []byte(`{"a": [` + strings.Join(parts, ", ") + `]}`)
	var v struct {
		A Array[int] `json:"a"`
	}
	if err := json.Unmarshal(doc, &v); err != nil {
		t.Fatal(err)
	}
	if at, ok := OffsetIn(doc, v.A.Raw); !ok || at != 6 {
		t.Errorf("the array's text at %d (%v), want 6", at, ok)
	}
	std := func() func([]byte, *int) error {
		return func(b []byte, p *int) error { return json.Unmarshal(b, p) }
	}
	if err := v.A.Decode(std); err != nil {
		t.Fatal(err)
	}
	for i, x := range v.A.Items() {
		if x != i {
			t.Fatalf("item %d is %d", i, x)
		}
	}
	parts[2999], parts[1700] = `"x"`, `"y"`
	v.A = Array[int]{Raw: []byte("[" + strings.Join(parts, ",") + "]")}
	var e *ElementError
	if err := v.A.Decode(std); !errors.As(err, &e) || e.Index != 1700 || string(e.Elem) != `"y"` {
		t.Errorf("error %v, want element 1700", err)
	}
}

// TestSplitArray: the elements of a well-formed array; where the syntax
// of one that is not breaks.
func TestSplitArray(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{` [ ] `, ""},
		{`[1, "a,b", {"c": [2, 3]}, null]`, `1|"a,b"|{"c": [2, 3]}|null`},
		{`[1 2]`, "malformed JSON at byte 4: want ',' or ']'"},
		{`[1,]`, "malformed JSON at byte 4: want a value"},
		{`{"a": 1}`, "malformed JSON at byte 1: want a list"},
		{`[1] x`, "malformed JSON at byte 5: want the end of the list"},
		{`[1, [2}]`, "malformed JSON at byte 7"},
	} {
		elems, err := SplitArray([]byte(c.in))
		got := ""
		if err != nil {
			got = err.Error()
		} else {
			for i, e := range elems {
				if i > 0 {
					got += "|"
				}
				got += string(e)
			}
		}
		if !strings.HasPrefix(got, c.want) || (c.want == "" && got != "") {
			t.Errorf("%s: %q, want %q", c.in, got, c.want)
		}
	}
}

// TestSplitDecode decodes while it splits, on one goroutine and on four:
// the items keep their order across chunks, the first bad element in
// order is the one reported, and a syntax error leaves the items unset.
func TestSplitDecode(t *testing.T) {
	std := func() func([]byte, *int) error {
		return func(b []byte, p *int) error { return json.Unmarshal(b, p) }
	}
	for _, procs := range []int{1, 4} {
		old := runtime.GOMAXPROCS(procs)
		for _, n := range []int{0, 1, minPerWorker, minPerWorker + 1, 3000} {
			parts := make([]string, n)
			for i := range parts {
				parts[i] = fmt.Sprint(i)
			}
			doc := []byte(`{"a": [` + strings.Join(parts, ", ") + `], "b": 1}`)
			var a Array[int]
			end, bad, err := a.SplitDecode(doc, 6, 1, std)
			if err != nil || bad != nil {
				t.Fatalf("%d elements: %v %v", n, bad, err)
			}
			if string(doc[end:]) != `, "b": 1}` || string(a.Raw) != string(doc[6:end]) || len(a.Elems) != n || a.Len() != n {
				t.Errorf("%d elements: end %d, raw %q, %d elems, %d items", n, end, a.Raw, len(a.Elems), a.Len())
			}
			for i, x := range a.Items() {
				if x != i || string(a.Elems[i]) != fmt.Sprint(i) {
					t.Fatalf("%d elements: item %d is %d (%q)", n, i, x, a.Elems[i])
				}
			}
			if n < 3000 {
				continue
			}
			parts[2999], parts[1700], parts[300] = `"x"`, `"y"`, `301`
			a = Array[int]{}
			if _, bad, err := a.SplitDecode([]byte("["+strings.Join(parts, ",")+"]"), 0, 0, std); err != nil || bad == nil || bad.Index != 1700 || string(bad.Elem) != `"y"` {
				t.Errorf("bad %v, err %v; want element 1700", bad, err)
			}
			a = Array[int]{}
			if _, _, err := a.SplitDecode([]byte("["+strings.Join(parts, ",")+",]"), 0, 0, std); err == nil || a.Len() != 0 || a.Raw != nil {
				t.Errorf("a trailing comma: err %v, %d items", err, a.Len())
			}
		}
		runtime.GOMAXPROCS(old)
	}
}

// FuzzCutDecode holds CutDecode, which only cuts the array, to
// SplitDecode, which checks it as it splits, with an element decoder
// that checks its element whole (as CutDecode asks): a valid value is
// cut where ScanValue ends it, and the two read the same arrays, the
// same elements, and fail on the same inputs.
func FuzzCutDecode(f *testing.F) {
	for _, s := range []string{`[]`, `[1, "a", {"b": [2, {"c": "]}"}]}, null, true]`, `[{"a": "x\"]"}, [1,2]]`, `[1,]`, `[1 2]`, `[{"a": 1]}, 2]`, `["\u00zz"]`, `[-, 1]`, `[ {}, [] ] `, `[{"a":[[[[1]]]]}]`} {
		f.Add([]byte(s))
	}
	check := func() func(elem []byte, v *int) error {
		return func(elem []byte, v *int) error {
			end, err := ScanValue(elem, 0, 1)
			if err == nil && end != len(elem) {
				err = jsonErr(end, "the end of the element")
			}
			*v = len(elem)
			return err
		}
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		// a value followed by what may follow one in an array
		if end, err := ScanValue(b, 0, 0); err == nil && (end == len(b) || valueEnds[b[end]]) {
			if cut, cerr := cutValue(b, 0); cut != end || cerr != nil {
				t.Fatalf("cutValue(%q) = %d %v, ScanValue %d", b, cut, cerr, end)
			}
		}
		if len(b) == 0 || b[0] != '[' {
			return
		}
		var split, cut Array[int]
		send, sbad, serr := split.SplitDecode(b, 0, 0, check)
		cend, cbad, cerr := cut.CutDecode(b, 0, 0, check)
		sok, cok := serr == nil && sbad == nil, cerr == nil && cbad == nil
		if sok != cok || sok && (send != cend || len(split.Elems) != len(cut.Elems)) {
			t.Fatalf("%q: SplitDecode %d %v %v, CutDecode %d %v %v", b, send, sbad, serr, cend, cbad, cerr)
		}
		for k := range split.Elems {
			if sok && !bytes.Equal(split.Elems[k], cut.Elems[k]) {
				t.Fatalf("%q: element %d is %q, SplitDecode's %q", b, k, cut.Elems[k], split.Elems[k])
			}
		}
	})
}
