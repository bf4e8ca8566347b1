package jsontext

import (
	"encoding/json"
	"testing"
)

// TestMemberIndex: the field MemberIndex names is the one encoding/json
// decodes into, for exact names, names in another ASCII case, and
// unknown names; keys beyond ASCII that match nothing exactly are left
// to encoding/json.
func TestMemberIndex(t *testing.T) {
	type rec struct {
		ID   int `json:"id"`
		Name int `json:"t_submit"`
		Sk   int `json:"sk"`
	}
	names := []string{"id", "t_submit", "sk"}
	for _, c := range []struct {
		key  string
		want int
		ok   bool
	}{{"id", 0, true}, {"ID", 0, true}, {"T_Submit", 1, true}, {"other", -1, true}, {"", -1, true}, {"ſk", -1, false}, {"\u212ak", -1, false}} {
		m, ok := MemberIndex(names, []byte(c.key))
		if m != c.want || ok != c.ok {
			t.Errorf("MemberIndex(%q) = %d, %v; want %d, %v", c.key, m, ok, c.want, c.ok)
		}
		if !ok {
			continue
		}
		// encoding/json puts the value 7 in the same field, or none
		var r rec
		if err := json.Unmarshal([]byte(`{"`+c.key+`": 7}`), &r); err != nil {
			t.Fatal(err)
		}
		got := -1
		for i, v := range []int{r.ID, r.Name, r.Sk} {
			if v == 7 {
				got = i
			}
		}
		if got != m {
			t.Errorf("%q: encoding/json filled field %d, MemberIndex says %d", c.key, got, m)
		}
	}
}
