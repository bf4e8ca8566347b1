package jsontext

import "testing"

func TestBadUTF8(t *testing.T) {
	for _, c := range []struct {
		in  string
		at  int
		key string
	}{
		{`{"a":"ok","b":"é"}`, -1, ""},
		{`{"host":"cn` + "\xff\xfe" + `101"}`, 11, "host"},
		{`{"w":{"name":"x","host":"` + "\xc3" + `"}}`, 25, "host"},
		{"\xff" + `{"a":1}`, 0, ""},
		{`{"a":1,"list":["x","` + "\xe2\x82" + `"]}`, 20, "list"},
	} {
		at, key := BadUTF8([]byte(c.in))
		if at != c.at || key != c.key {
			t.Errorf("BadUTF8(%q) = %d, %q; want %d, %q", c.in, at, key, c.at, c.key)
		}
	}
}
