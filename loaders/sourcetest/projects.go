package sourcetest

import (
	"testing"

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
