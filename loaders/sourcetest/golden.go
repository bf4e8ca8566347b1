package sourcetest

import (
	"bytes"
	"crypto/sha256"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/jobframe/jobframe/frame"
	"github.com/jobframe/jobframe/loaders/source"
)

// update rewrites the golden files instead of comparing with them: go
// test ./loaders/hyperqueue -run Golden -update (one package at a time:
// packages that do not import sourcetest do not define the flag).
var update = flag.Bool("update", false, "rewrite the golden files (expected.txt of golden cases, the CLI's testdata/script) instead of comparing")

// Updating reports whether -update was given, for the golden tests of
// other packages that import sourcetest (the CLI's scripts).
func Updating() bool { return *update }

// goldenRows is how many rows of each end of a frame a golden file shows;
// a hash of the whole frame's CSV pins the rest.
const goldenRows = 4

// Golden runs the datadriven cases of a format: every folder under dir
// (testdata/golden in the format's package) is one case, whose inputs
// are its files other than expected.txt, inputs.txt and options.txt,
// plus the files that inputs.txt names, one per line, by their path
// below the repository's testdata/. options.txt may say "lenient". The
// inputs are loaded together by f.Load, in name order; the result must
// conform to the schema (Conform) and print (Describe) as expected.txt
// holds. With -update, expected.txt is written instead.
func Golden(t *testing.T, f source.Format, dir string) {
	cases, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, c := range cases {
		if !c.IsDir() {
			continue
		}
		n++
		t.Run(c.Name(), func(t *testing.T) { goldenCase(t, f, filepath.Join(dir, c.Name())) })
	}
	if n == 0 {
		t.Fatalf("no golden cases in %s", dir)
	}
}

func goldenCase(t *testing.T, f source.Format, dir string) {
	paths, o := CaseInputs(t, dir)
	var in []source.Input
	for _, p := range paths {
		b, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		name := filepath.ToSlash(p)
		if rel, err := filepath.Rel(root(), p); err == nil {
			name = filepath.ToSlash(rel) // the same on every machine
		}
		in = append(in, source.Input{Name: name, R: bytes.NewReader(b), Head: b[:min(len(b), 64<<10)]})
	}
	if f.Streams {
		Streams(t, f, in, o)
	}
	var got string
	d, err := f.Load(rewind(in), o)
	if err != nil {
		got = "error: " + err.Error() + "\n"
	} else {
		Conform(t, d)
		got = Describe(t, d)
	}
	want := filepath.Join(dir, "expected.txt")
	if *update {
		if err := os.WriteFile(want, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	b, err := os.ReadFile(want)
	if err != nil {
		t.Fatalf("%v (run go test with -update to write it)", err)
	}
	if string(b) != got {
		t.Errorf("%s differs from the load (go test -update rewrites it); got:\n%s", want, got)
	}
}

// CaseInputs returns the input paths of the case in dir, in name order,
// and its options.
func CaseInputs(t *testing.T, dir string) ([]string, source.Options) {
	var o source.Options
	ents, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var paths []string
	for _, e := range ents {
		switch e.Name() {
		case "expected.txt":
		case "options.txt":
			b, err := os.ReadFile(filepath.Join(dir, e.Name()))
			if err != nil {
				t.Fatal(err)
			}
			o.Lenient = strings.Contains(string(b), "lenient")
		case "inputs.txt":
			b, err := os.ReadFile(filepath.Join(dir, e.Name()))
			if err != nil {
				t.Fatal(err)
			}
			for _, l := range strings.Split(string(b), "\n") {
				if l = strings.TrimSpace(l); l != "" && !strings.HasPrefix(l, "#") {
					paths = append(paths, Bundled(l))
				}
			}
		default:
			paths = append(paths, filepath.Join(dir, e.Name()))
		}
	}
	sort.Slice(paths, func(i, j int) bool { return filepath.Base(paths[i]) < filepath.Base(paths[j]) })
	return paths, o
}

// Describe prints a dataset for a golden file: its source, files and
// warnings, then every frame by name with its columns and types, its
// row count, its first and last rows as CSV and the SHA-256 of its whole
// CSV text.
func Describe(t testing.TB, d *source.Dataset) string {
	t.Helper()
	var b strings.Builder
	fmt.Fprintf(&b, "source: %s\nfiles: %s\n", d.Source, strings.Join(d.Files, " "))
	if d.HasLogSpan {
		fmt.Fprintf(&b, "log span: %s .. %s\n", frame.FormatMicros(d.LogStart), frame.FormatMicros(d.LogEnd))
	}
	for _, w := range d.Warnings {
		fmt.Fprintf(&b, "warning: %s\n", w)
	}
	for _, name := range d.Names() {
		f := Frame(t, d, name)
		fmt.Fprintf(&b, "\n== %s: %d rows\n", name, f.NumRows())
		for i, ty := range f.Types() {
			fmt.Fprintf(&b, "  %s %s\n", f.Names()[i], ty)
		}
		text := CSV(t, f)
		fmt.Fprintf(&b, "sha256 %x\n", sha256.Sum256([]byte(text)))
		lines := strings.SplitAfter(strings.TrimSuffix(text, "\n"), "\n")
		if len(lines) <= 2*goldenRows+1 {
			io.WriteString(&b, strings.Join(lines, ""))
		} else {
			io.WriteString(&b, strings.Join(lines[:goldenRows+1], ""))
			fmt.Fprintf(&b, "... %d rows ...\n", len(lines)-1-2*goldenRows)
			io.WriteString(&b, strings.Join(lines[len(lines)-goldenRows:], ""))
		}
		b.WriteString("\n")
	}
	return b.String()
}
