package symbols

import (
	"bytes"
	"os"
	"strings"
	"testing"

	"github.com/traefik/yaegi/extract"

	"github.com/jobframe/jobframe/cmd/jobframe/internal/apidoc"
)

// TestSymbolsFresh regenerates the symbols of jobframe's own packages as
// "go generate" does and fails when the committed files differ: an
// exported name added to frame, loaders, ops or plot must reach the REPL.
// Each package is type-checked from source with its dependencies (the
// extractor's importer), on its own goroutine: on two cores the test
// takes about half the time.
func TestSymbolsFresh(t *testing.T) {
	if testing.Short() {
		t.Skip("type-checks the packages from source")
	}
	r := strings.NewReplacer("/", "-", ".", "_", "~", "_")
	for _, pkg := range []string{"github.com/jobframe/jobframe/frame", "github.com/jobframe/jobframe/loaders", "github.com/jobframe/jobframe/ops", "github.com/jobframe/jobframe/frame/plot"} {
		t.Run(pkg, func(t *testing.T) {
			t.Parallel()
			ext := extract.Extractor{Dest: "symbols"}
			var buf bytes.Buffer
			path, err := ext.Extract(pkg, "symbols", &buf)
			if err != nil {
				t.Fatal(err)
			}
			file := r.Replace(path) + ".go"
			have, err := os.ReadFile(file)
			if err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(have, buf.Bytes()) {
				t.Errorf("%s is stale: run go generate ./cmd/jobframe/internal/symbols", file)
			}
		})
	}
}

// TestDocsFresh regenerates docs.go (the doc comments :help prints) and
// fails when the committed file differs.
func TestDocsFresh(t *testing.T) {
	want, err := apidoc.Render("symbols", apidoc.JobframePackages("../../../.."))
	if err != nil {
		t.Fatal(err)
	}
	have, err := os.ReadFile("docs.go")
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(have, want) {
		t.Error("docs.go is stale: run go generate ./cmd/jobframe/internal/symbols")
	}
}
