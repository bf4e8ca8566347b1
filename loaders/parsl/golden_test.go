package parsl

import (
	"testing"

	"github.com/jobframe/jobframe/loaders/sourcetest"
)

// TestGolden loads every case of testdata/golden and compares it with
// its expected.txt (go test -run Golden -update rewrites them).
func TestGolden(t *testing.T) { sourcetest.Golden(t, Format(), "testdata/golden") }
