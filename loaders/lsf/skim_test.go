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
// fails on one, skimmed or not) and lenient, alone and two read as one load, count their records for
// their span alone when SpanOnly asks it (sourcetest.SkimsEvents); the
// records are kept when SpanOnly lists a column of theirs; eventColumn
// names every column of the events frame, whose list SpanOnly is
// judged on.
func TestSpanOnlySkimsEvents(t *testing.T) {
	load := func(s string, o source.Options) (*source.Dataset, error) { return Load(strings.NewReader(s), o) }
	names := []string{"aws-samples_hpc-cost-simulator_lsb.acct", "ubccr_xdmod_accounting-logs.log"}
	var raws []string
	for _, name := range names {
		raw, err := os.ReadFile(sourcetest.Bundled("lsf/" + name))
		if err != nil {
			t.Fatal(err)
		}
		raws = append(raws, string(raw))
		sourcetest.SkimsEvents(t, string(raw), load, source.Options{}) // a strict load may fail, both ways
		if !sourcetest.SkimsEvents(t, string(raw), load, source.Options{Lenient: true}) {
			t.Errorf("%s: the lenient load failed", name)
		}
		d, err := load(string(raw), source.Options{Lenient: true, SpanOnly: map[string][]string{schema.Events: {"status"}}})
		if err != nil || d.Frames[schema.Events].NumRows() == 0 || d.Skimmed.OK {
			t.Errorf("%s, SpanOnly listing the events' status: %v, skimmed %+v; want them kept", name, err, d.Skimmed)
		}
	}
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
