package report

import (
	"encoding/json"
	"os"
	"path/filepath"
	"testing"
)

// TestEmbeddedEChartsIsThePinnedRelease: the embedded echarts.min.js is
// byte for byte the dist file of the release testdata/interop pins, as
// npm installed it (CI installs it; elsewhere the test skips without
// node_modules).
func TestEmbeddedEChartsIsThePinnedRelease(t *testing.T) {
	interop := filepath.Join("..", "..", "..", "..", "testdata", "interop")
	var pkg struct{ Dependencies map[string]string }
	raw, err := os.ReadFile(filepath.Join(interop, "package.json"))
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(raw, &pkg); err != nil {
		t.Fatal(err)
	}
	if pkg.Dependencies["echarts"] != "6.1.0" {
		t.Errorf("testdata/interop pins echarts %q; the embedded copy and html.go say 6.1.0", pkg.Dependencies["echarts"])
	}
	dist, err := os.ReadFile(filepath.Join(interop, "node_modules", "echarts", "dist", "echarts.min.js"))
	if err != nil {
		if os.Getenv("JOBFRAME_REQUIRE_INTEROP") != "" {
			t.Fatal(err)
		}
		t.Skipf("echarts is not installed (cd testdata/interop && npm install): %v", err)
	}
	if string(dist) != echartsJS {
		t.Error("assets/echarts.min.js is not the pinned release's dist/echarts.min.js")
	}
}
