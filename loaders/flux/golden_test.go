package flux

import (
	"testing"

	"github.com/jobframe/jobframe/loaders/sourcetest"
)

// TestGolden loads every case of testdata/jobs and testdata/eventlog
// with its format and compares it with its expected.txt (go test -run
// Golden -update rewrites them).
func TestGolden(t *testing.T) {
	t.Run("jobs", func(t *testing.T) { sourcetest.Golden(t, Jobs(), "testdata/jobs") })
	t.Run("eventlog", func(t *testing.T) { sourcetest.Golden(t, Eventlog(), "testdata/eventlog") })
}
