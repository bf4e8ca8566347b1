package hostlist

import (
	"strings"
	"testing"
)

// TestExpand: Slurm's and Flux's lists, padding kept, several groups,
// names repeated as Flux's nodelist repeats them per rank, and the
// lists that are refused.
func TestExpand(t *testing.T) {
	for in, want := range map[string]string{
		"cn[01-03,07]":        "cn01 cn02 cn03 cn07",
		"asp,asp,asp":         "asp asp asp",
		"rack[1-2]-n[1-2]":    "rack1-n1 rack1-n2 rack2-n1 rack2-n2",
		"quartz[9,10],login1": "quartz9 quartz10 login1",
		"":                    "",
	} {
		got, err := Expand(in)
		if err != nil || strings.Join(got, " ") != want || Check(in) != nil {
			t.Errorf("%q: %q %v, want %q", in, got, err, want)
		}
	}
	for _, in := range []string{"cn[1-", "cn]1[", "cn[3-1]", "a,,b", "cn[0-99999999]"} {
		if _, err := Expand(in); err == nil || Check(in) == nil {
			t.Errorf("%q: accepted", in)
		}
	}
}
