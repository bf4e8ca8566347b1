package cctools

import (
	"testing"

	"github.com/jobframe/jobframe/loaders/sourcetest"
)

// TestGolden loads every case of testdata/golden and compares it with
// its expected.txt (go test -run Golden -update rewrites them).
func TestGolden(t *testing.T) {
	t.Run("transactions", func(t *testing.T) { sourcetest.Golden(t, Transactions(), "testdata/golden/transactions") })
	t.Run("performance", func(t *testing.T) { sourcetest.Golden(t, Performance(), "testdata/golden/performance") })
	t.Run("taskgraph", func(t *testing.T) { sourcetest.Golden(t, TaskGraph(), "testdata/golden/taskgraph") })
	t.Run("series", func(t *testing.T) { sourcetest.Golden(t, Series(), "testdata/golden/series") })
}
