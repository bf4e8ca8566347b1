package arena

import (
	"bytes"
	"testing"
)

// TestTextKeepsEarlierStrings adds strings of every size around a block,
// overwriting the source each time, and checks every string returned.
func TestTextKeepsEarlierStrings(t *testing.T) {
	var a Text
	var got, want []string
	src := make([]byte, 0, 3*TextBlock)
	for n := 0; n < 3*TextBlock; n += 1 + n/7 {
		src = append(src[:0], bytes.Repeat([]byte{byte('a' + n%26)}, n)...)
		got = append(got, a.Add(src))
		want = append(want, string(src))
		clear(src)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Fatalf("string %d (%d bytes) changed", i, len(want[i]))
		}
	}
}
