// Command gendocs writes docs.go of package symbols (run by go generate
// there): the doc comments of frame, loaders and ops for the REPL's :help.
package main

import (
	"fmt"
	"os"

	"github.com/jobframe/jobframe/cmd/jobframe/internal/apidoc"
)

func main() {
	// go generate runs this in cmd/jobframe/internal/symbols.
	if err := apidoc.Write("docs.go", "symbols", apidoc.JobframePackages("../../../..")); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
}
