package records

import (
	"strconv"
	"strings"
	"testing"
	"testing/iotest"
)

// cutAll returns the records of in as "line:text", cut from a reader
// that hands out one byte at a time (every record crosses reads).
func cutAll(t *testing.T, in string) ([]string, *CutProblem) {
	t.Helper()
	var out []string
	prob := CutJSON(iotest.OneByteReader(strings.NewReader(in)), func(rec []byte, line int) bool {
		out = append(out, strconv.Itoa(line)+":"+string(rec))
		return true
	})
	var whole []string
	prob2 := CutJSON(strings.NewReader(in), func(rec []byte, line int) bool {
		whole = append(whole, strconv.Itoa(line)+":"+string(rec))
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
			p = strconv.Itoa(prob.line) + " " + prob.want
			if prob.truncated {
				p = strconv.Itoa(prob.line) + " truncated"
			}
		}
		if p != c.problem {
			t.Errorf("%q: problem %q, want %q", c.in, p, c.problem)
		}
	}
}

// FuzzCutJSONRecords: cutting a stream one byte at a time and whole gives
// the same records and the same problem (cutAll checks), whatever the input.
func FuzzCutJSONRecords(f *testing.F) {
	for _, s := range []string{`{"a":"b\u00e9\ud800","c":[1,{"d":null}],"e":-1.5e3}`, `{"id": 1, "tags": {"x": "y"}}`, "[{\"a\":1},\n{\"b\":2}]", `{"count":1,"results":[{"a":1}]}`} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, in string) { cutAll(t, in) })
}
