package jsontext

import (
	"encoding/json"
	"reflect"
	"testing"
)

// TestObjectsInto reads lists of objects, some read twice, as
// encoding/json reads them into a slice of structs.
func TestObjectsInto(t *testing.T) {
	type item struct {
		A string `json:"a"`
		B string `json:"b"`
	}
	for _, in := range []string{
		`{"l": [{"a": "1"}, null, {"b": "2", "a": null}]}`,
		`{"l": [{"a": "1", "b": "x"}, {"a": "2"}], "l": [{"b": "y"}, null, null]}`,
		`{"l": [{"a": "1"}], "l": []}`,
		`{"l": [{"a": "1"}], "l": null}`,
		`{"l": [{"a": "esc\u00e9\n"}]}`,
	} {
		var std struct{ L []item }
		if err := json.Unmarshal([]byte(in), &std); err != nil {
			t.Fatal(err)
		}
		var got []item
		err := EachMember([]byte(in), func(_, val []byte) error {
			return ObjectsInto(val, &got, func(e *item, key, val []byte) error {
				switch string(key) {
				case "a":
					return StringInto(val, &e.A)
				case "b":
					return StringInto(val, &e.B)
				}
				return nil
			})
		})
		if err != nil || !reflect.DeepEqual(got, std.L) {
			t.Errorf("%s: %#v (%v), want %#v", in, got, err, std.L)
		}
	}
	for _, bad := range []string{`{"a": 1}`, `[1]`, `["a"]`} {
		var got []item
		if err := ObjectsInto([]byte(bad), &got, func(*item, []byte, []byte) error { return nil }); err != ErrNotObjects {
			t.Errorf("%s: %v, want ErrNotObjects", bad, err)
		}
	}
	var s string
	if err := StringInto([]byte("1"), &s); err != ErrNotString || s != "" {
		t.Errorf("a number into a string: %v", err)
	}
}
