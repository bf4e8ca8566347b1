package jsontext

import (
	"errors"
	"testing"
)

// TestIntegral: JSON has one number type; a number whose value is an
// integer is one however it is written, exactly (no float64 rounding),
// and a fraction is an error that says so.
func TestIntegral(t *testing.T) {
	for in, want := range map[string]int64{
		"123": 123, "123.0": 123, "1.23e2": 123, "-2.50e1": -25, "1e3": 1000, "0.0": 0, "-0": 0,
		"244318208000.0": 244318208000, "9223372036854775807.0": 9223372036854775807,
		"9007199254740993.0":   9007199254740993, // 2^53+1: a float64 would round it
		"-9223372036854775808": -9223372036854775808,
	} {
		got, err := Integral([]byte(in))
		if err != nil || got != want {
			t.Errorf("Integral(%s) = %d, %v; want %d", in, got, err, want)
		}
	}
	for _, in := range []string{"1.5", "1.23e1", "9223372036854775808", "9223372036854775807.5", "1e19", "-1e-1"} {
		_, err := Integral([]byte(in))
		var ne *NotIntegerError
		if !errors.As(err, &ne) || ne.Text != in || !errors.Is(err, ErrNotInteger) {
			t.Errorf("Integral(%s): %v, want a *NotIntegerError", in, err)
		}
	}
	for _, in := range []string{"", `"1"`, "true", "0x10", "1_000", "abc"} {
		if _, err := Integral([]byte(in)); err != ErrNotNumber {
			t.Errorf("Integral(%q): %v, want ErrNotNumber", in, err)
		}
	}
}

// TestInt64AndOptInt: the decoder types take what Integral takes.
func TestInt64AndOptInt(t *testing.T) {
	var s struct {
		A Int64  `json:"a"`
		B OptInt `json:"b"`
		C Int64  `json:"c"`
	}
	s.C = 7
	if err := Unmarshal([]byte(`{"a": 244318208000.0, "b": 1.2e1, "c": null}`), &s); err != nil || s.A != 244318208000 || !s.B.OK || s.B.V != 12 || s.C != 7 {
		t.Fatalf("%+v %v", s, err)
	}
	err := Unmarshal([]byte(`{"a": 1.5}`), &s)
	if !errors.Is(err, ErrNotInteger) {
		t.Fatalf("fraction: %v", err)
	}
	if err := Unmarshal([]byte(`{"b": 2.5}`), &s); !errors.Is(err, ErrNotInteger) {
		t.Fatalf("OptInt fraction: %v", err)
	}
}

// TestKeyOf finds the member a rejected number belongs to.
func TestKeyOf(t *testing.T) {
	line := []byte(`{"event":{"memory_usage":{"free": 15.5,"total":2715.5},"x":[15.5]},"time":"t"}`)
	if got := KeyOf(line, "15.5"); got != "free" {
		t.Fatalf("KeyOf 15.5 = %q", got)
	}
	if got := KeyOf(line, "2715.5"); got != "total" {
		t.Fatalf("KeyOf 2715.5 = %q", got)
	}
	if got := KeyOf(line, "99"); got != "" {
		t.Fatalf("KeyOf 99 = %q", got)
	}
}
