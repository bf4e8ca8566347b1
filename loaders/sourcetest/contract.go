package sourcetest

import (
	"bytes"
	"errors"
	"os"
	"testing"

	"github.com/jobframe/jobframe/loaders/source"
)

// SeedLines adds the lines of the file at path, chunk lines at a time, as
// seeds of the fuzz target f. A missing file adds nothing.
func SeedLines(f *testing.F, path string, chunk int) {
	b, err := os.ReadFile(path)
	if err != nil {
		return
	}
	lines := bytes.SplitAfter(b, []byte("\n"))
	for i := 0; i < len(lines); i += chunk {
		f.Add(string(bytes.Join(lines[i:min(i+chunk, len(lines))], nil)))
	}
}

// Contract checks the strict/lenient contract every loader keeps, on
// any input in: strict mode fails only with a *source.ParseError (or
// says the input is in another format), and every frame it builds is
// free of errors; lenient mode does not fail at all unless the input's
// header is bad (source.ErrBadHeader), without which no record can be
// read. A panic fails the fuzz target by itself.
func Contract(t *testing.T, in string, load func(in string, o source.Options) (*source.Dataset, error)) {
	t.Helper()
	d, err := load(in, source.Options{Name: "fuzz"})
	var pe *source.ParseError
	var uf *source.UnknownFormatError
	if errors.As(err, &uf) {
		return
	}
	if err != nil && !errors.As(err, &pe) {
		t.Fatalf("strict: error is not a *ParseError: %v", err)
	}
	if err == nil {
		for name, f := range d.Frames {
			if f.Err() != nil {
				t.Fatalf("frame %s: %v", name, f.Err())
			}
		}
		Conform(t, d)
	}
	if _, err := load(in, source.Options{Name: "fuzz", Lenient: true}); err != nil && !errors.Is(err, source.ErrBadHeader) {
		t.Fatalf("lenient: %v", err)
	}
}
