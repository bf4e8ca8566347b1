package loaders

import (
	"bytes"
	"encoding/binary"
	"encoding/json"
	"math/bits"
	"strings"
	"testing"
	"testing/iotest"
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
		err := eachMember([]byte(in), func(k, v []byte) error { return nil })
		want := json.Valid([]byte(in)) && strings.HasPrefix(strings.TrimSpace(in), "{")
		if (err == nil) != want {
			t.Errorf("%s: err %v, encoding/json valid %v", in, err, want)
		}
	}
}

func TestEachMemberValues(t *testing.T) {
	var got []string
	err := eachMember([]byte(`{"id": 12, "s": "a\nb\u00e9\ud83d\ude00", "k\"q": null, "n": [1, {"x": "}"}], "f": -1.5e2}`), func(k, v []byte) error {
		got = append(got, string(k)+"="+string(v))
		return nil
	})
	want := []string{`id=12`, `s="a\nb\u00e9\ud83d\ude00"`, `k"q=null`, `n=[1, {"x": "}"}]`, `f=-1.5e2`}
	if err != nil || strings.Join(got, "|") != strings.Join(want, "|") {
		t.Fatalf("%v\n got %q\nwant %q", err, got, want)
	}
	if s, ok, err := jsonText([]byte(`"a\nb\u00e9\ud83d\ude00\ud800x"`)); !ok || err != nil || string(s) != "a\nbé😀\uFFFDx" {
		t.Fatalf("%q %v %v", s, ok, err)
	}
	if v, ok, err := jsonInt([]byte("-9223372036854775808")); !ok || err != nil || v != -9223372036854775808 {
		t.Fatal(v, ok, err)
	}
	for _, bad := range []string{"1.5", "1e3", "9223372036854775808", `"1"`} {
		if _, _, err := jsonInt([]byte(bad)); err == nil {
			t.Errorf("jsonInt(%s) accepted", bad)
		}
	}
	if _, ok, err := jsonInt([]byte("null")); ok || err != nil {
		t.Fatal("null int")
	}
	if v, ok, err := jsonFloat([]byte("-1.5e2")); !ok || err != nil || v != -150 {
		t.Fatal(v, ok, err)
	}
	if got := string(compactJSON([]byte("{ \"a b\" : [ 1 , \"x \\\" y\" ] }"))); got != `{"a b":[1,"x \" y"]}` {
		t.Fatal(got)
	}
}

// cutAll returns the records of in as "line:text", cut from a reader
// that hands out one byte at a time (every record crosses reads).
func cutAll(t *testing.T, in string) ([]string, *cutProblem) {
	t.Helper()
	var out []string
	prob := cutJSONRecords(iotest.OneByteReader(strings.NewReader(in)), func(rec []byte, line int) bool {
		out = append(out, itoa(int64(line))+":"+string(rec))
		return true
	})
	var whole []string
	prob2 := cutJSONRecords(strings.NewReader(in), func(rec []byte, line int) bool {
		whole = append(whole, itoa(int64(line))+":"+string(rec))
		return true
	})
	if strings.Join(out, "\x00") != strings.Join(whole, "\x00") || (prob == nil) != (prob2 == nil) {
		t.Fatalf("%q: cut differs with the read size:\n%q %v\n%q %v", in, out, prob, whole, prob2)
	}
	return out, prob
}

func TestCutJSONRecords(t *testing.T) {
	for _, c := range []struct {
		in, want, problem string
	}{
		{"[\n{\"a\": \"}]\\\"\"},\n{\"b\": [1, {\"c\": 2}]}\n]\n", `2:{"a": "}]\""}|3:{"b": [1, {"c": 2}]}`, ""},
		{"[]", "", ""},
		{"  \n", "", ""},
		{"{\"a\":1}\n{\"a\":2}{\"a\":3}\n\n{\n \"a\": 4\n}\n", "1:{\"a\":1}|2:{\"a\":2}|2:{\"a\":3}|4:{\n \"a\": 4\n}", ""},
		{"{\"count\": 2, \"results\": [\n{\"a\": 1},\n {\"a\": 2}\n]}\n{\"a\": 3}", `2:{"a": 1}|3:{"a": 2}|5:{"a": 3}`, ""},
		{"[1, \"x\", {\"a\": 1}]", `1:1|1:"x"|1:{"a": 1}`, ""},
		{"{\"a\":1}\n{\"a\":", "1:{\"a\":1}", "2 truncated"},
		{"[{\"a\":1}\n{\"a\":2}]", "1:{\"a\":1}", "2 ',' or ']' after a record"},
		{"[{\"a\":1},", "1:{\"a\":1}", "1 a JSON record or ']'"},
		{"[{\"a\":1}] x", "1:{\"a\":1}", "1 nothing after the array"},
		{"[{\"id\": 1,", "", "1 a JSON record"},
		// a record that starts a line and is cut short ends where a line
		// starts a record its JSON cannot take: in a string, after a value
		// or after ',' in an object
		{"{\"a\":1}\n{\"a\": \"x\n{\"a\":3}\n", `1:{"a":1}|2:{"a": "x|3:{"a":3}`, ""},
		{"[\n{\"a\":1},\n{\"a\": 2, \"b\"\n{\"a\":3}\n]\n", `2:{"a":1}|3:{"a": 2, "b"|4:{"a":3}`, ""},
		{"{\"a\": {\"b\": 1\n{\"a\":3}\n", `1:{"a": {"b": 1|2:{"a":3}`, ""},
		{"{\"a\": [1\n{\"a\":3}\n", `1:{"a": [1|2:{"a":3}`, ""},
		{"{\"a\": 1,\n{\"a\":3}\n", `1:{"a": 1,|2:{"a":3}`, ""},
		{"{\"a\": \"x\n{\"a\":3}", `1:{"a": "x|2:{"a":3}`, ""},
		// but not where the JSON goes on with a '{' (after ':', and after
		// '[' or ',' in an array), nor for a record that does not start a
		// line
		{"{\"a\":\n{\"b\": 1}}\n{\"c\":2}", "1:{\"a\":\n{\"b\": 1}}|3:{\"c\":2}", ""},
		{"{\"a\": [\n{\"b\": 1},\n{\"b\": 2}]}\n", "1:{\"a\": [\n{\"b\": 1},\n{\"b\": 2}]}", ""},
		{" {\"a\": \"x\n{\"b\":1}", "", "1 truncated"},
		{"[{\"a\": \"x\n{\"b\":1}]", "", "1 a JSON record"},
	} {
		got, prob := cutAll(t, c.in)
		if strings.Join(got, "|") != c.want {
			t.Errorf("%q:\n got %q\nwant %q", c.in, strings.Join(got, "|"), c.want)
		}
		p := ""
		if prob != nil {
			p = itoa(int64(prob.line)) + " " + prob.want
			if prob.truncated {
				p = itoa(int64(prob.line)) + " truncated"
			}
		}
		if p != c.problem {
			t.Errorf("%q: problem %q, want %q", c.in, p, c.problem)
		}
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
		err := eachMember([]byte(in), func(k, v []byte) error {
			if v[0] == '"' {
				got, _, err := jsonText(v)
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
		cutAll(t, in)
	})
}

// TestSpecialBytes: for words holding every byte value at every position
// (after plain bytes, and before every other byte value), specialBytes
// (with and without control characters)
// finds the first quote, backslash or control character, or none.
func TestSpecialBytes(t *testing.T) {
	for _, controls := range []bool{true, false} {
		special := func(c byte) bool { return controls && c < 0x20 || c == '"' || c == '\\' }
		for p := 0; p < 8; p++ {
			for c := 0; c < 256; c++ {
				for _, after := range []byte{'a', 0, '"', '\\', 0x1f, 0x20, 0x7f, 0x80, 0xff} {
					var w [8]byte
					for i := range w {
						switch {
						case i < p:
							w[i] = 'a' + byte(i)
						case i == p:
							w[i] = byte(c)
						default:
							w[i] = after
						}
					}
					want := -1
					for i, b := range w {
						if special(b) {
							want = i
							break
						}
					}
					m := specialBytes(binary.LittleEndian.Uint64(w[:]), controls)
					got := -1
					if m != 0 {
						got = bits.TrailingZeros64(m) / 8
					}
					if got != want {
						t.Fatalf("%q (controls %v): first special byte at %d, want %d", w, controls, got, want)
					}
				}
			}
		}
	}
}
