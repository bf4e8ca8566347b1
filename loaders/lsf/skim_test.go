package lsf

import (
	"os"
	"strings"
	"testing"

	"github.com/jobframe/jobframe/frame/schema"
	"github.com/jobframe/jobframe/loaders/source"
	"github.com/jobframe/jobframe/loaders/sourcetest"
)

// TestSpanOnlySkimsEvents: the bundled accounting logs, strict (which
// fails on one, skimmed or not) and lenient, count their records for
// their span alone when SpanOnly asks it (sourcetest.SkimsSamples), and
// so do two read as one load; the records are kept when SpanOnly lists a
// column of theirs; eventColumn names every column of the events frame,
// whose list SpanOnly is judged on.
func TestSpanOnlySkimsEvents(t *testing.T) {
	load := func(s string, o source.Options) (*source.Dataset, error) { return Load(strings.NewReader(s), o) }
	names := []string{"aws-samples_hpc-cost-simulator_lsb.acct", "ubccr_xdmod_accounting-logs.log"}
	var paths, raws []string
	for _, name := range names {
		paths = append(paths, sourcetest.Bundled("lsf/"+name))
		raw, err := os.ReadFile(paths[len(paths)-1])
		if err != nil {
			t.Fatal(err)
		}
		raws = append(raws, string(raw))
	}
	sourcetest.SkimsSamples(t, load, eventColumn, "status", false, paths...)
	both := func(o source.Options) *source.Dataset {
		in := make([]source.Input, len(raws))
		for i, raw := range raws {
			in[i] = source.Input{Name: names[i], R: strings.NewReader(raw)}
		}
		o.Lenient = true
		d, err := LoadInputs(in, o)
		if err != nil {
			t.Fatal(err)
		}
		return d
	}
	whole, skimmed := both(source.Options{}), both(source.Options{SpanOnly: map[string][]string{schema.Events: nil}})
	sourcetest.ColumnsListed(t, whole, schema.Events, eventColumn)
	sourcetest.SameSkim(t, whole, skimmed)
}
