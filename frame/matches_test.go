package frame

import (
	"slices"
	"strings"
	"testing"
)

// TestMatches: a flag per row, false where null, alike for a dictionary
// column (each distinct value tested once) and a plain one; a column of
// another type is an error naming it.
func TestMatches(t *testing.T) {
	vals := []string{"failed", "success", "", "lost", "failed", "success"}
	valid := []bool{true, true, false, true, true, true}
	want := []bool{true, false, false, true, true, false}
	calls := 0
	bad := func(s string) bool { calls++; return s == "failed" || s == "lost" || s == "" }
	dict := New(DictStringCol("state", []int32{0, 1, 2, 3, 0, 1}, valid, []string{"failed", "success", "", "lost"}))
	if got, err := dict.Matches("state", bad); err != nil || !slices.Equal(got, want) {
		t.Errorf("dictionary: %v, %v; want %v", got, err, want)
	}
	if calls != 4 {
		t.Errorf("dictionary: the test ran %d times, want once per value (4)", calls)
	}
	plain := New(Column{name: "state", arr: newString(vals, valid)})
	if got, err := plain.Matches("state", bad); err != nil || !slices.Equal(got, want) {
		t.Errorf("plain: %v, %v; want %v", got, err, want)
	}
	if _, err := New(Int64Col("state", []int64{1}, nil)).Matches("state", bad); err == nil || !strings.Contains(err.Error(), `"state"`) {
		t.Errorf("an int64 column: %v", err)
	}
	if _, err := dict.Matches("nope", bad); err == nil {
		t.Error("a missing column gave no error")
	}
}
