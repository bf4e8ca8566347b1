package loaders

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/jobframe/jobframe/loaders/source"
	"github.com/jobframe/jobframe/loaders/sourcetest"
)

// TestBadText: text that is not UTF-8, or holds a NUL byte, never
// reaches a frame as it is (Parquet, DuckDB and the report read text as
// UTF-8; DuckDB refuses a whole lake file for one value): strict, a bad
// record naming the input, line, frame and column; lenient, repaired and
// listed. The Work Queue log here has a category named "sim\xff\xfe" on
// its WAITING lines.
func TestBadText(t *testing.T) {
	src, err := os.ReadFile(sourcetest.Bundled("workqueue/realrun_wq_7.17.1_transactions.log"))
	if err != nil {
		t.Fatal(err)
	}
	bad := bytes.ReplaceAll(src, []byte(" WAITING sim "), []byte(" WAITING sim\xff\xfe "))
	if bytes.Equal(bad, src) {
		t.Fatal("the sample has no WAITING sim line")
	}
	path := filepath.Join(t.TempDir(), "transactions.log")
	if err := os.WriteFile(path, bad, 0o644); err != nil {
		t.Fatal(err)
	}
	_, err = OpenWith(source.Options{}, path)
	if err == nil || !strings.Contains(err.Error(), "transactions.log") || !strings.Contains(err.Error(), "transactions.log:18: field events.data: got ") ||
		!strings.Contains(err.Error(), "want valid UTF-8 text without NUL bytes") {
		t.Fatalf("strict: %v", err)
	}
	d, err := OpenWith(source.Options{Lenient: true}, path)
	if err != nil {
		t.Fatal(err)
	}
	repaired := 0
	for _, w := range d.Warnings {
		if strings.Contains(w.Msg, "values repaired") {
			repaired++
		}
	}
	if repaired == 0 {
		t.Fatalf("no repair listed: %v", d.Warnings)
	}
	for name, f := range d.Frames {
		for _, r := range sourcetest.Rows(t, f) {
			if !utf8.ValidString(r) {
				t.Fatalf("frame %s keeps invalid text: %q", name, r)
			}
		}
	}
}
