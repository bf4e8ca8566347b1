package sourcetest

import (
	"slices"
	"testing"

	"github.com/jobframe/jobframe/frame/schema"
	"github.com/jobframe/jobframe/loaders/source"
)

// Projects checks that a load of in keeping only the columns cols
// (Options.Columns), strict and lenient, gives the load of every column
// projected onto them (Options.Project): the same frames, values,
// warnings, or error. It is for loaders that build only the columns
// kept: a column they leave out must not change what the others hold.
// load must project as the loader's Load does.
func Projects(t testing.TB, in string, load func(in string, o source.Options) (*source.Dataset, error), cols map[string][]string) {
	t.Helper()
	for _, lenient := range []bool{false, true} {
		some := source.Options{Lenient: lenient, Columns: cols}
		got := describeLoad(t)(load(in, some))
		want := describeLoad(t)(some.Project(load(in, source.Options{Lenient: lenient})))
		if got != want {
			t.Fatalf("lenient %v, columns %v:\n%s\nwant the whole load's, projected:\n%s", lenient, cols, got, want)
		}
	}
}

// describeLoad returns a function describing a load's dataset (every
// frame's values, Describe), or its error.
func describeLoad(t testing.TB) func(*source.Dataset, error) string {
	return func(d *source.Dataset, err error) string {
		if err != nil {
			return "error: " + err.Error()
		}
		return Describe(t, d)
	}
}

// Unbuilt checks that some, a load with options o, lists in
// Dataset.Unbuilt, for each frame of names, the columns of whole's (the
// load of every column) that o does not keep, in the frame's order: so
// that the loader built none of them. also reports the columns a
// loader builds though o does not keep them (the line of a record
// whose text is kept, which names it), which the list leaves out; nil
// for none.
func Unbuilt(t testing.TB, whole, some *source.Dataset, o source.Options, also func(frame, col string) bool, names ...string) {
	t.Helper()
	for _, name := range names {
		var want []string
		for _, c := range Frame(t, whole, name).Names() {
			if !o.Keeps(name, c) && (also == nil || !also(name, c)) {
				want = append(want, c)
			}
		}
		if got := some.Unbuilt[name]; !slices.Equal(got, want) {
			t.Errorf("columns %v, omit %v: %s not built %v, want %v", o.Columns, o.Omit, name, got, want)
		}
	}
}

// LineWithData reports the events' line for Unbuilt: the loaders whose
// events keep each record's text as their data (HyperQueue, Work Queue,
// TaskVine) build the line with it, since a cut of the text past 2 GiB
// names the line of its first row.
func LineWithData(o source.Options) func(frame, col string) bool {
	return func(frame, col string) bool { return frame == schema.Events && col == "line" && o.Keeps(frame, "data") }
}
