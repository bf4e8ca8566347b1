package loaders

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/jobframe/jobframe/loaders/source"
	"github.com/jobframe/jobframe/loaders/sourcetest"
)

// TestHostileCatalogue loads every case of testdata/hostile (a folder of
// one broken or hostile input of one format: a negative amount, a
// non-finite number, a wrong unit or type, bad text, a byte-order mark, a
// bomb) in strict and in lenient mode, and compares what it gives with
// the case's golden file testdata/hostile/CASE.expected (go test
// ./loaders -run TestHostileCatalogue -update rewrites them): strict, the
// error, which must name the file and, for a record, its line or field;
// lenient, the rows of each frame and the warnings. No case may panic or
// be refused without a *source.ParseError or a bound's error naming it.
func TestHostileCatalogue(t *testing.T) {
	root := sourcetest.Bundled("hostile")
	ents, err := os.ReadDir(root)
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, e := range ents {
		if !e.IsDir() {
			continue
		}
		n++
		name := e.Name()
		t.Run(name, func(t *testing.T) {
			dir := filepath.Join(root, name)
			got := hostileOutcome(t, dir)
			golden := filepath.Join(root, name+".expected")
			if sourcetest.Updating() {
				if err := os.WriteFile(golden, []byte(got), 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			want, err := os.ReadFile(golden)
			if err != nil {
				t.Fatalf("%v (go test ./loaders -run TestHostileCatalogue -update writes it)", err)
			}
			if got != string(want) {
				t.Errorf("%s:\n got\n%s\nwant\n%s", name, got, want)
			}
		})
	}
	if n < 60 {
		t.Errorf("%d cases, want the catalogue's 60 or more", n)
	}
}

// hostileOutcome is what a strict and a lenient load of dir give, with
// dir's path written CASE.
func hostileOutcome(t *testing.T, dir string) string {
	var b strings.Builder
	clean := func(s string) string {
		return strings.ReplaceAll(strings.ReplaceAll(s, dir+string(filepath.Separator), "CASE/"), dir, "CASE")
	}
	d, err := OpenWith(source.Options{}, dir)
	switch {
	case err != nil:
		var pe *source.ParseError
		if !errors.As(err, &pe) && !strings.Contains(err.Error(), dir) {
			t.Errorf("strict error names no input: %v", err)
		}
		fmt.Fprintf(&b, "strict: %s\n", clean(err.Error()))
	default:
		fmt.Fprintf(&b, "strict: loads: %s\n", frameRows(d))
	}
	d, err = OpenWith(source.Options{Lenient: true}, dir)
	if err != nil {
		fmt.Fprintf(&b, "lenient: %s\n", clean(err.Error()))
		return b.String()
	}
	fmt.Fprintf(&b, "lenient: %s\n", frameRows(d))
	for _, w := range d.Warnings {
		fmt.Fprintf(&b, "  %s\n", source.Clip(clean(w.String()), 300)) // clipped once the path is out
	}
	return b.String()
}

// frameRows lists the frames of d with their rows.
func frameRows(d *source.Dataset) string {
	var parts []string
	for name, f := range d.Frames {
		parts = append(parts, fmt.Sprintf("%s %d", name, f.NumRows()))
	}
	sort.Strings(parts)
	return strings.Join(parts, ", ")
}
