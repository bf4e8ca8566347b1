package sourcetest

import (
	"testing"

	"github.com/jobframe/jobframe/frame/schema"
	"github.com/jobframe/jobframe/loaders/source"
)

// Conform fails the test unless every frame of d conforms to the
// canonical schema (schema.Check): a canonical name, core columns of the
// core types, text tag columns, states from the vocabulary.
func Conform(t testing.TB, d *source.Dataset) {
	t.Helper()
	for _, name := range d.Names() {
		if err := schema.Check(name, d.Frames[name]); err != nil {
			t.Fatalf("%s: %v", d.Source, err)
		}
	}
}
