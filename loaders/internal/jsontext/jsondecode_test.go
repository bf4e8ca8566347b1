package jsontext

import (
	stdjson "encoding/json"
	"reflect"
	"testing"
	"unicode/utf8"
)

// line is a record of the shape the loaders decode: keys matched by
// name, nested objects, arrays, numbers, strings and a free map.
type line struct {
	Event struct {
		Type   string           `json:"type"`
		Job    int64            `json:"job"`
		Tasks  []int64          `json:"tasks"`
		Worker *int64           `json:"worker"`
		Extra  map[string]any   `json:"extra"`
		Res    []map[string]any `json:"resources"`
	} `json:"event"`
	Time string `json:"time"`
}

// FuzzUnmarshalAgrees: Unmarshal (goccy/go-json, its panics made
// errors, what it accepts scanned) decodes what encoding/json decodes,
// to the same value, and refuses what encoding/json refuses. goccy reads
// past the end of its buffer on some malformed input
// (goccy/go-json#604), so inputs are decoded one after another in one
// process, as a loader does; and it skips the value of a member the type
// lacks without checking it (`{"x":{""""}}`, found in 0.04 s before the
// scan). Text that is not UTF-8 the loaders find first (BadUTF8): goccy
// keeps its bytes where encoding/json makes them U+FFFD, and the scan
// does not check them.
func FuzzUnmarshalAgrees(f *testing.F) {
	for _, s := range []string{
		`{"event":{"type":"task-started","job":1,"tasks":[1,2],"worker":3,"extra":{"a":[1,"x",null]}},"time":"2026-08-04T09:00:00Z"}`,
		`{"event":{"type":"worker-connected","resources":[{"name":"cpus","kind":{"Range":[0,3]}}]},"time":"x"}`,
		`{"event":{"\`, `{"event":{"ty`, `{"time":"a\"b"}`, `{"event":{"type":"x","job":1e3}}`, ` `,
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		if !utf8.Valid(data) {
			var got line
			_ = Unmarshal(data, &got) // no panic
			return
		}
		var got, want line
		err, stdErr := Unmarshal(data, &got), stdjson.Unmarshal(data, &want)
		switch {
		case err == nil && stdErr != nil:
			t.Fatalf("%q: decoded (%+v), but encoding/json refuses it: %v", data, got, stdErr)
		case err != nil && stdErr == nil:
			t.Fatalf("%q: %v; encoding/json decodes it", data, err)
		case err == nil && !reflect.DeepEqual(got, want):
			t.Fatalf("%q: goccy decoded %+v, encoding/json %+v", data, got, want)
		}
	})
}
