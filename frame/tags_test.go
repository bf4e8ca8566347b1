package frame

import (
	"reflect"
	"testing"
)

func TestParseTags(t *testing.T) {
	cases := []struct {
		in   string
		want map[string]string
		bad  []string
	}{
		{"op:hsmget;op_instance:1;op_sequence:1", map[string]string{"op": "hsmget", "op_instance": "1", "op_sequence": "1"}, nil},
		{" a : b ; flag ;; ", map[string]string{"a": "b", "flag": "1"}, nil},
		{"", map[string]string{}, nil},
		{"url:http://x;k:v", map[string]string{"k": "v"}, []string{"url:http://x"}},
		{"ocn_res:0.5l75", map[string]string{"ocn_res": "0.5l75"}, nil},
	}
	for _, c := range cases {
		got, bad := ParseTags(c.in)
		if !reflect.DeepEqual(got, c.want) || !reflect.DeepEqual(bad, c.bad) {
			t.Errorf("ParseTags(%q) = %v %v, want %v %v", c.in, got, bad, c.want, c.bad)
		}
	}
	if s := FormatTags(map[string]string{"op_sequence": "1", "op": "rm", "b": "1"}); s != "b:1;op:rm;op_sequence:1" {
		t.Fatal(s)
	}
}

func TestWithTagsAndBack(t *testing.T) {
	f := New(StringCol("raw", []string{"op:rm;op_instance:7", "", "op:dmput", "x"}, []bool{true, true, true, false}))
	g := f.WithTags("raw")
	if err := g.Err(); err != nil {
		t.Fatal(err)
	}
	if got := column(t, g, "tags"); got != "op:rm;op_instance:7  op:dmput null" {
		t.Fatalf("%q", got)
	}
	if got := column(t, g, "tag.op"); got != "rm null dmput null" {
		t.Fatal(got)
	}
	if got := column(t, g, "tag.op_instance"); got != "7 null null null" {
		t.Fatal(got)
	}
	if k := g.TagKeys(); !reflect.DeepEqual(k, []string{"op", "op_instance"}) {
		t.Fatal(k)
	}
	back := g.Drop("tags").TagsFromColumns()
	if got := column(t, back, "tags"); got != "op:rm;op_instance:7  op:dmput " {
		t.Fatalf("%q", got)
	}
	// group by the full tag and by one key, both one call
	if n := g.GroupBy("tags").Agg(Count()).NumRows(); n != 4 {
		t.Fatal(n)
	}
	mustErr(t, New(StringCol("raw", []string{"a:b:c"}, nil)).WithTags("raw").Err(), `row 0: tag piece "a:b:c"`)
}
