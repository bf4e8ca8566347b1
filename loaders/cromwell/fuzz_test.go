package cromwell

import (
	"os"
	"strings"
	"testing"

	"github.com/jobframe/jobframe/frame/schema"
	"github.com/jobframe/jobframe/loaders/source"
	"github.com/jobframe/jobframe/loaders/sourcetest"
)

// FuzzLoadCromwell: any document loads or fails with an error (the
// loaders' contract), from the failed HelloWorld's metadata and a
// document with shards, attempts and a subworkflow.
func FuzzLoadCromwell(f *testing.F) {
	if b, err := os.ReadFile(sourcetest.Bundled("cromwell/broadinstitute_cromshell_failed_helloworld_metadata.json")); err == nil {
		f.Add(string(b))
	}
	f.Add(strings.Replace(doc, `"STATUS"`, `"Failed"`, 1))
	f.Fuzz(func(t *testing.T, in string) {
		load := func(s string, o source.Options) (*source.Dataset, error) { return Load(strings.NewReader(s), o) }
		sourcetest.Contract(t, in, load)
		// building only some columns gives the whole load's, selected
		sourcetest.Projects(t, in, load, map[string][]string{schema.Jobs: {"job", "failures"}, schema.Tasks: {"task", "failure", "record"},
			schema.Events: {"time", "category"}})
	})
}
