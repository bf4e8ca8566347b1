package nextflow

import (
	"testing"

	"github.com/jobframe/jobframe/loaders/sourcetest"
)

// TestGolden loads every case of testdata/golden/{trace,timeline} and
// compares it with its expected.txt (go test -run Golden -update
// rewrites them).
func TestGolden(t *testing.T) {
	t.Run("trace", func(t *testing.T) { sourcetest.Golden(t, Trace(), "testdata/golden/trace") })
	t.Run("timeline", func(t *testing.T) { sourcetest.Golden(t, Timeline(), "testdata/golden/timeline") })
}
