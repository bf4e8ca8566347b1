package sourcetest

import (
	"encoding/json"
	"reflect"
	"testing"
)

// SameAsEncodingJSON holds a hand-written JSON decoder to encoding/json
// on the input in (a fuzz target's body): what decode reads without an
// error, encoding/json must read too, into an equal value. decode reads
// into a zero T.
func SameAsEncodingJSON[T any](t *testing.T, in string, decode func(b []byte, v *T) error) {
	t.Helper()
	var fast, std T
	if err := decode([]byte(in), &fast); err != nil {
		return
	}
	if err := json.Unmarshal([]byte(in), &std); err != nil {
		t.Fatalf("the hand decoder read %q, encoding/json refuses it: %v", in, err)
	}
	if !reflect.DeepEqual(fast, std) {
		t.Fatalf("%q:\n hand  %#v\n std   %#v", in, fast, std)
	}
}
