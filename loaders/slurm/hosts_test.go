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
	_, err := Load(strings.NewReader(text), source.Options{Name: "bomb.txt", Limits: source.Limits{MaxHosts: 4999}})
	if err == nil || !strings.Contains(err.Error(), "bomb.txt: field NodeList") || !strings.Contains(err.Error(), "5000 hosts") {
		t.Fatalf("over the limit: %v", err)
	}
	d, err := Load(strings.NewReader(text), source.Options{Name: "bomb.txt", Limits: source.Limits{MaxHosts: 5000}})
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

// TestUnterminatedFreeText: a SubmitLine that never ends is one bad
// record naming its first line, read in time linear in the file (each
// line's delimiters counted once), not a join of the rest of the file
// per line; lenient, the load goes on after it.
func TestUnterminatedFreeText(t *testing.T) {
	var b strings.Builder
	b.WriteString("JobID|JobName|State|SubmitLine|Elapsed\n100|x|COMPLETED|sbatch --wrap='echo\n")
	for i := range maxJoinLines + 5 {
		b.WriteString("echo line " + strings.Repeat("x", i%7) + "\n")
	}
	b.WriteString("200|y|COMPLETED|sbatch y.sh|00:00:01\n")
	_, err := Load(strings.NewReader(b.String()), source.Options{Name: "open.txt"})
	if err == nil || !strings.Contains(err.Error(), "open.txt:2:") || !strings.Contains(err.Error(), "unterminated free text") {
		t.Fatalf("strict: %v", err)
	}
	d, err := Load(strings.NewReader(b.String()), source.Options{Name: "open.txt", Lenient: true})
	if err != nil {
		t.Fatal(err)
	}
	if n := d.Frames["jobs"].NumRows(); n != 1 {
		t.Errorf("%d jobs after the bad record, want the one that follows it", n)
	}
	if len(d.Warnings) == 0 || d.Warnings[0].Line != 2 {
		t.Errorf("warnings %v", d.Warnings)
	}
}
