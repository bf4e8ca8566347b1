package sourcetest

import (
	"encoding/json"
	"testing"
)

// SameJSON fails t, naming what is compared, when got and want differ
// as JSON: figures of a load against figures computed elsewhere (maps
// compare by their sorted keys, numbers by their shortest form).
func SameJSON(t testing.TB, what string, got, want any) {
	t.Helper()
	g, err := json.Marshal(got)
	if err != nil {
		t.Fatalf("%s: %v", what, err)
	}
	w, err := json.Marshal(want)
	if err != nil {
		t.Fatalf("%s: %v", what, err)
	}
	if string(g) != string(w) {
		t.Errorf("%s: %s, want %s", what, g, w)
	}
}
