package bytesconv

import (
	"math"
	"strconv"
	"testing"
)

// ParseDecimal gives exactly strconv.ParseFloat's value where it applies.
func TestParseDecimal(t *testing.T) {
	for _, s := range []string{"0", "-0", "1", "3897.790", "0.1", "123456789012345", "99999999999999.9", "-0.00000000000001", "43", "1.5",
		"38.00125026702881", "1234567890123456", "9007199254740992", "0.000213623046875", "-0.000000000000000001"} {
		got, ok := ParseDecimal(s)
		want, _ := strconv.ParseFloat(s, 64)
		if !ok || got != want || math.Signbit(got) != math.Signbit(want) {
			t.Errorf("%s: %v %v, want %v", s, got, ok, want)
		}
	}
	for _, s := range []string{"", "-", ".5", "5.", "1e3", "9007199254740993", "12345678901234567890", "0.00000000000000000000001", "1..2", "0x1", "+1", "1.2.3"} {
		if _, ok := ParseDecimal(s); ok {
			t.Errorf("%q accepted", s)
		}
	}
}

func FuzzParseDecimal(f *testing.F) {
	f.Add("3897.790")
	f.Add("-0.5")
	f.Fuzz(func(t *testing.T, s string) {
		got, ok := ParseDecimal(s)
		if !ok {
			return
		}
		want, err := strconv.ParseFloat(s, 64)
		if err != nil || got != want || math.Signbit(got) != math.Signbit(want) {
			t.Fatalf("%q: %v, strconv %v %v", s, got, want, err)
		}
	})
}

func TestIsASCII(t *testing.T) {
	for in, want := range map[string]bool{"": true, "processes": true, "tasks\x7f": true, "taſks": false, "\x80": false, "\u212a": false} {
		if got := IsASCII([]byte(in)); got != want {
			t.Errorf("IsASCII(%q) = %v, want %v", in, got, want)
		}
	}
}

// The values of a Work Queue RETRIEVED record's measured resources.
func BenchmarkParseDecimal(b *testing.B) {
	values := []string{"0.011476", "0.000345", "56.00128841400146", "0.000213623046875", "1718100446.892269", "1718100452.090636",
		"5.198367", "3.357597", "576", "615", "0", "282", "51", "56", "0", "0", "0", "0", "0.646", "0.646", "64", "22", "4128", "3", "1", "20", "0", "0"}
	for i := 0; i < b.N; i++ {
		for _, s := range values {
			if _, ok := ParseDecimal(s); !ok {
				b.Fatal(s)
			}
		}
	}
}
