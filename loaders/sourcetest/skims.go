package sourcetest

import (
	"os"
	"strings"
	"testing"

	"github.com/jobframe/jobframe/frame/schema"
	"github.com/jobframe/jobframe/loaders/source"
)

// SkimsEvents checks a load of in with the events asked for their span
// alone (Options.SpanOnly as jobframe report asks, with options o)
// against the load of every event (SameSkim). A load that fails must
// fail both ways; it returns whether the load succeeded. It is for the
// loaders that count such rows instead of storing them
// (Options.SkimsRows).
func SkimsEvents(t testing.TB, in string, load func(in string, o source.Options) (*source.Dataset, error), o source.Options) bool {
	t.Helper()
	whole, err1 := load(in, o)
	o.SpanOnly = map[string][]string{schema.Events: {"to_state"}}
	got, err2 := load(in, o)
	if (err1 == nil) != (err2 == nil) {
		t.Fatalf("skimmed: %v; whole: %v", err2, err1)
	}
	if err1 != nil {
		return false
	}
	SameSkim(t, whole, got)
	return true
}

// SameSkim checks got, a load with the events asked for their span
// alone, against whole, the same load of every event: the events frame
// has its columns and no row; the events are counted (FrameRows), and
// their times' least and greatest (scanned here from the whole load's
// time column) are Dataset.Skimmed; the other frames, the warnings and
// the dataset's span are the whole load's. It takes the events frames
// out of both.
func SameSkim(t testing.TB, whole, got *source.Dataset) {
	t.Helper()
	events := Frame(t, whole, schema.Events)
	us, valid, err := events.Micros("time")
	if err != nil {
		t.Fatal(err)
	}
	var want source.Extent
	for i, v := range us {
		if valid[i] {
			want.Add(v, v)
		}
	}
	if got.Skimmed != want {
		t.Errorf("skimmed span %+v, want the events' %+v", got.Skimmed, want)
	}
	skimmed := Frame(t, got, schema.Events)
	if skimmed.NumRows() != 0 || strings.Join(skimmed.Names(), ",") != strings.Join(events.Names(), ",") {
		t.Errorf("skimmed events: %d rows, columns %v; want none of %v", skimmed.NumRows(), skimmed.Names(), events.Names())
	}
	if n, m := got.FrameRows(schema.Events), whole.FrameRows(schema.Events); n != m {
		t.Errorf("events counted %d, loaded %d", n, m)
	}
	lo, hi, ok := got.Span()
	wlo, whi, wok := whole.Span()
	if lo != wlo || hi != whi || ok != wok {
		t.Errorf("span %d..%d (%v), whole %d..%d (%v)", lo, hi, ok, wlo, whi, wok)
	}
	delete(got.Frames, schema.Events)
	delete(whole.Frames, schema.Events)
	if a, b := Describe(t, got), Describe(t, whole); a != b {
		t.Errorf("the other frames differ:\n%s\nwant\n%s", a, b)
	}
}

// ColumnsListed checks that has, a loader's list of its frame name's
// columns (SkimsRows is judged on it), names every column of that frame
// of d.
func ColumnsListed(t testing.TB, d *source.Dataset, name string, has func(col string) bool) {
	t.Helper()
	for _, c := range Frame(t, d, name).Names() {
		if !has(c) {
			t.Errorf("the %s frame's column %s is not listed", name, c)
		}
	}
}

// SkimsSamples runs SkimsEvents on each file path (lenient, which must
// load, and strict, which must load too when strict is set and may
// otherwise fail, skimmed or not), and checks, of the lenient load, that
// has names every column of the events frame (ColumnsListed) and that a
// load whose SpanOnly lists the events' column listed keeps every event.
func SkimsSamples(t testing.TB, load func(in string, o source.Options) (*source.Dataset, error), has func(col string) bool, listed string, strict bool, paths ...string) {
	t.Helper()
	for _, p := range paths {
		raw, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		in := string(raw)
		if !SkimsEvents(t, in, load, source.Options{}) && strict {
			t.Errorf("%s: the strict load failed", p)
		}
		if !SkimsEvents(t, in, load, source.Options{Lenient: true}) {
			t.Errorf("%s: the lenient load failed", p)
			continue
		}
		whole, err := load(in, source.Options{Lenient: true})
		if err != nil {
			t.Fatal(err)
		}
		ColumnsListed(t, whole, schema.Events, has)
		d, err := load(in, source.Options{Lenient: true, SpanOnly: map[string][]string{schema.Events: {listed}}})
		if err != nil || d.Frames[schema.Events].NumRows() != whole.Frames[schema.Events].NumRows() || d.Skimmed.OK {
			t.Errorf("%s, SpanOnly listing the events' %s: %v, skimmed %+v; want every event kept", p, listed, err, d.Skimmed)
		}
	}
}
