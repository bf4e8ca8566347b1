package jsontext

import (
	"bytes"
	"encoding/binary"
	"encoding/json"
	"math/bits"
	"strings"
	"testing"
)

// The scanner accepts exactly what encoding/json accepts, for objects.
func TestEachMemberValidity(t *testing.T) {
	for _, in := range []string{
		`{}`, ` { "a" : 1 } `, `{"a":[1,2,{"b":null}],"c":"x\"}y","d":-0.5e+3,"e":true,"f":false}`,
		`{"k\u00e9y":"\ud83d\ude00"}`, `{"a":"\\"}`, `{"a":[]}`, `{"a":{}}`,
		// malformed
		`{`, `{"a"}`, `{"a":}`, `{"a":1,}`, `{"a":01}`, `{"a":1.}`, `{"a":.5}`, `{"a":-}`, `{"a":1e}`,
		`{"a":tru}`, `{"a":"x}`, `{"a":"\x"}`, `{"a":"\u12"}`, "{\"a\":\"\x01\"}", `{"a":1}x`, `{"a":1 "b":2}`,
		`[1]`, `"s"`, `{'a':1}`, `{"a":[1,]}`, `{"a":[1 2]}`, `{a:1}`,
	} {
		err := EachMember([]byte(in), func(k, v []byte) error { return nil })
		want := json.Valid([]byte(in)) && strings.HasPrefix(strings.TrimSpace(in), "{")
		if (err == nil) != want {
			t.Errorf("%s: err %v, encoding/json valid %v", in, err, want)
		}
	}
}

func TestEachMemberValues(t *testing.T) {
	var got []string
	err := EachMember([]byte(`{"id": 12, "s": "a\nb\u00e9\ud83d\ude00", "k\"q": null, "n": [1, {"x": "}"}], "f": -1.5e2}`), func(k, v []byte) error {
		got = append(got, string(k)+"="+string(v))
		return nil
	})
	want := []string{`id=12`, `s="a\nb\u00e9\ud83d\ude00"`, `k"q=null`, `n=[1, {"x": "}"}]`, `f=-1.5e2`}
	if err != nil || strings.Join(got, "|") != strings.Join(want, "|") {
		t.Fatalf("%v\n got %q\nwant %q", err, got, want)
	}
	if s, ok, err := Text([]byte(`"a\nb\u00e9\ud83d\ude00\ud800x"`)); !ok || err != nil || string(s) != "a\nbé😀\uFFFDx" {
		t.Fatalf("%q %v %v", s, ok, err)
	}
	if v, ok, err := Int([]byte("-9223372036854775808")); !ok || err != nil || v != -9223372036854775808 {
		t.Fatal(v, ok, err)
	}
	for _, bad := range []string{"1.5", "1.5e0", "9223372036854775808", `"1"`} {
		if _, _, err := Int([]byte(bad)); err == nil {
			t.Errorf("jsonInt(%s) accepted", bad)
		}
	}
	if _, ok, err := Int([]byte("null")); ok || err != nil {
		t.Fatal("null int")
	}
	if v, ok, err := Float([]byte("-1.5e2")); !ok || err != nil || v != -150 {
		t.Fatal(v, ok, err)
	}
	if got := string(Compact([]byte("{ \"a b\" : [ 1 , \"x \\\" y\" ] }"))); got != `{"a b":[1,"x \" y"]}` {
		t.Fatal(got)
	}
}

// FuzzJSONScan: the scanner agrees with encoding/json on which objects
// are well formed and on the text of their string members, and cutting
// does not depend on how the input is read.
func FuzzJSONScan(f *testing.F) {
	for _, s := range []string{`{"a":"b\u00e9\ud800","c":[1,{"d":null}],"e":-1.5e3}`, `{"id": 1, "tags": {"x": "y"}}`, "[{\"a\":1},\n{\"b\":2}]", `{"count":1,"results":[{"a":1}]}`} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, in string) {
		err := EachMember([]byte(in), func(k, v []byte) error {
			if v[0] == '"' {
				got, _, err := Text(v)
				var want string
				if err != nil || json.Unmarshal(v, &want) != nil || string(got) != want {
					t.Fatalf("%s: jsonText %q, encoding/json %q", v, got, want)
				}
			}
			return nil
		})
		valid := json.Valid([]byte(in)) && bytes.HasPrefix(bytes.TrimLeft([]byte(in), " \t\r\n"), []byte("{"))
		if (err == nil) != valid {
			t.Fatalf("%q: err %v, encoding/json valid %v", in, err, valid)
		}
	})
}

// probes calls visit with every string of n bytes that holds plain
// letters up to a position p, any byte value at p, and after it one of
// the bytes word scanners get wrong (zero, quote, backslash, the
// control and high boundaries), for every p.
func probes(n int, visit func(b []byte)) {
	for p := 0; p < n; p++ {
		for c := 0; c < 256; c++ {
			for _, after := range []byte{'a', 0, '"', '\\', 0x1f, 0x20, 0x5b, 0x5d, 0x7f, 0x80, 0xff} {
				b := make([]byte, n)
				for i := range b {
					switch {
					case i < p:
						b[i] = 'a' + byte(i)
					case i == p:
						b[i] = byte(c)
					default:
						b[i] = after
					}
				}
				visit(b)
			}
		}
	}
}

// TestPlainASCII: on the probes of 1 to 17 bytes (the word loop and the
// byte loop), plainASCII says whether the string holds a backslash or a
// byte of 0x80 or more, as a byte loop does.
func TestPlainASCII(t *testing.T) {
	for n := 1; n <= 17; n++ {
		probes(n, func(b []byte) {
			want := bytes.IndexByte(b, '\\') < 0
			for _, x := range b {
				want = want && x < 0x80
			}
			if got := plainASCII(b); got != want {
				t.Fatalf("% x: %v, want %v", b, got, want)
			}
		})
	}
}

// BenchmarkText reads the strings of a Balsam event: a time, states, a
// message.
func BenchmarkText(b *testing.B) {
	vals := [][]byte{[]byte(`"2021-03-10T12:07:54.997998"`), []byte(`"RUNNING"`), []byte(`"JOB_FINISHED"`), []byte(`"Job finished with return code 0"`)}
	for b.Loop() {
		for _, v := range vals {
			if _, _, err := Text(v); err != nil {
				b.Fatal(err)
			}
		}
	}
}

// TestSpecialBytes: on the probes of eight bytes, specialBytes (with and
// without control characters) finds the first quote, backslash or
// control character, or none.
func TestSpecialBytes(t *testing.T) {
	for _, controls := range []bool{true, false} {
		special := func(c byte) bool { return controls && c < 0x20 || c == '"' || c == '\\' }
		probes(8, func(w []byte) {
			want := -1
			for i, b := range w {
				if special(b) {
					want = i
					break
				}
			}
			m := specialBytes(binary.LittleEndian.Uint64(w), controls)
			got := -1
			if m != 0 {
				got = bits.TrailingZeros64(m) / 8
			}
			if got != want {
				t.Fatalf("%q (controls %v): first special byte at %d, want %d", w, controls, got, want)
			}
		})
	}
}

// TestTrimWS: only JSON's four white space bytes are trimmed, at either
// end; a form feed or a Unicode space stays (encoding/json refuses them).
func TestTrimWS(t *testing.T) {
	for in, want := range map[string]string{
		" \t\r\nnull \n": "null", "null": "null", "": "", " \t ": "",
		"\fnull": "\fnull", "null\v": "null\v", "\u00a0null": "\u00a0null", " {\"a\": 1}\r\n": "{\"a\": 1}",
	} {
		if got := string(TrimWS([]byte(in))); got != want {
			t.Errorf("TrimWS(%q) = %q, want %q", in, got, want)
		}
	}
}
