package loaders

import (
	"strings"
	"testing"

	"github.com/jobframe/jobframe/frame/schema"
	"github.com/jobframe/jobframe/loaders/source"
	"github.com/jobframe/jobframe/loaders/sourcetest"
)

// Options.Frames builds only the frames asked for, and those are the same
// as in a full load.
func TestHyperQueueSelectedFrames(t *testing.T) {
	path := sourcetest.Bundled("hq/synthetic_v0.26_journal.jsonl")
	full, err := Open(path)
	if err != nil {
		t.Fatal(err)
	}
	part, err := OpenWith(source.Options{Frames: []string{schema.Placements, schema.Workers}}, path)
	if err != nil {
		t.Fatal(err)
	}
	if got := strings.Join(part.Names(), " "); got != "placements workers" {
		t.Fatalf("frames %s, want placements workers", got)
	}
	for _, name := range []string{schema.Placements, schema.Workers} {
		a, b := sourcetest.Frame(t, full, name), sourcetest.Frame(t, part, name)
		if a.NumRows() == 0 || sourcetest.CSV(t, a) != sourcetest.CSV(t, b) {
			t.Fatalf("%s differs from the full load:\n%s\n%s", name, a, b)
		}
	}
}
