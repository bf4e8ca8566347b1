package pbs

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/jobframe/jobframe/frame/schema"
	"github.com/jobframe/jobframe/loaders/source"
	"github.com/jobframe/jobframe/loaders/sourcetest"
)

// TestSpanOnlySkimsEvents: the bundled accounting logs, strict and
// lenient, and two days read as one load, count their records for
// their span alone when SpanOnly asks it (sourcetest.SkimsSamples); the
// records are kept when SpanOnly lists a column of theirs; eventColumn
// names every column of the events frame, whose list SpanOnly is
// judged on.
func TestSpanOnlySkimsEvents(t *testing.T) {
	load := func(s string, o source.Options) (*source.Dataset, error) { return Load(strings.NewReader(s), o) }
	var paths []string
	for _, name := range []string{"gjbex_vsc-tools-lib_20160601", "ubccr_xdmod_accounting-logs.log", "allocations_acct.log", "days/20160613"} {
		paths = append(paths, sourcetest.Bundled("pbs/"+name))
	}
	sourcetest.SkimsSamples(t, load, eventColumn, "record", true, paths...)
	days := func(o source.Options) *source.Dataset {
		var in []source.Input
		for _, day := range []string{"20160612", "20160613"} {
			fh, err := os.Open(filepath.Join(sourcetest.Bundled("pbs/days"), day))
			if err != nil {
				t.Fatal(err)
			}
			defer fh.Close()
			in = append(in, source.Input{Name: day, R: fh})
		}
		d, err := LoadInputs(in, o)
		if err != nil {
			t.Fatal(err)
		}
		return d
	}
	whole, skimmed := days(source.Options{}), days(source.Options{SpanOnly: map[string][]string{schema.Events: nil}})
	sourcetest.ColumnsListed(t, whole, schema.Events, eventColumn)
	sourcetest.SameSkim(t, whole, skimmed)
}

// TestEstimateRecords: the room for a log of known size follows its
// lines (the bundled Torque day 200 times over, 25 MB: its lines
// and a fifth more), where the size alone guessed a record per 256
// bytes; a log of unknown size is guessed from its size.
func TestEstimateRecords(t *testing.T) {
	raw, err := os.ReadFile(sourcetest.Bundled("pbs/days/20160613"))
	if err != nil {
		t.Fatal(err)
	}
	in := bytes.Repeat(raw, 200)
	lines := bytes.Count(in, []byte("\n"))
	got := estimateRecords([]source.Input{{Name: "20160613", R: &source.SizedReader{Reader: bytes.NewReader(in), Head: in[:64<<10], Size: int64(len(in))}}})
	if got < lines || got > lines*13/10 {
		t.Errorf("estimated %d records for %d lines", got, lines)
	}
	if got := estimateRecords([]source.Input{{Name: "x", R: &source.SizedReader{Reader: bytes.NewReader(in), Size: int64(len(in))}}}); got != len(in)/256 {
		t.Errorf("without a head: %d, want %d", got, len(in)/256)
	}
}
