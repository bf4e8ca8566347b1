package jsontext

import (
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
	for i, x := range v.A.Items {
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
