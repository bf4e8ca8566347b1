package slurm

import (
	"strings"
	"testing"

	"github.com/jobframe/jobframe/loaders/source"
)

// TestHostLimit: the node lists of one input expand to at most
// Options.MaxHosts placements; past it the load is an error naming the
// file and the NodeList field, before anything is built. Five steps of
// cn[000-999] make 5,000 placements (worked by hand).
func TestHostLimit(t *testing.T) {
	var b strings.Builder
	b.WriteString("JobID|State|NodeList|Elapsed\n100|COMPLETED|cn[000-999]|00:01:00\n")
	for i := range 5 {
		b.WriteString("100." + string(rune('0'+i)) + "|COMPLETED|cn[000-999]|00:01:00\n")
	}
	text := b.String()
	_, err := Load(strings.NewReader(text), source.Options{Name: "bomb.txt", MaxHosts: 4999})
	if err == nil || !strings.Contains(err.Error(), "bomb.txt: field NodeList") || !strings.Contains(err.Error(), "5000 hosts") {
		t.Fatalf("over the limit: %v", err)
	}
	d, err := Load(strings.NewReader(text), source.Options{Name: "bomb.txt", MaxHosts: 5000})
	if err != nil {
		t.Fatal(err)
	}
	if n := d.Frames["placements"].NumRows(); n != 5000 {
		t.Errorf("%d placements, want 5000", n)
	}
	if source.DefaultMaxHosts != (source.Options{}).HostLimit() {
		t.Error("the default limit is not DefaultMaxHosts")
	}
}
