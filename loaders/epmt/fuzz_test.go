package epmt

import (
	"bytes"
	"os"

	"strings"
	"testing"

	"github.com/jobframe/jobframe/loaders/source"
	"github.com/jobframe/jobframe/loaders/sourcetest"
)

func FuzzLoadEPMTCSV(f *testing.F) {
	sourcetest.SeedLines(f, sourcetest.Bundled("epmt/615503/pp053-papiex-615503-0.csv"), 3)
	b, _ := os.ReadFile(sourcetest.Bundled("epmt/804280/pp075-collated-papiex-804280-0.PARTIAL-first435of6039procs.csv"))
	f.Add(string(b[:6000]))
	f.Fuzz(func(t *testing.T, in string) {
		sourcetest.Contract(t, in, func(s string, o source.Options) (*source.Dataset, error) {
			return Load([]File{{Name: "h-collated-papiex-1-0.csv", R: strings.NewReader(s)}}, o)
		})
		// Streamed in batches of 1, 3 and 64 processes, the file gives
		// the whole load's rows, warnings or error.
		file := []source.Input{{Name: "j/h-collated-papiex-1-0.csv", R: bytes.NewReader([]byte(in))}}
		sourcetest.Streams(t, Format(), file, source.Options{})
		sourcetest.Streams(t, Format(), file, source.Options{Lenient: true})
		// Handed over two processes at a time into one dataset, the
		// columns sized from the bytes read so far (expect), the load
		// is the same.
		for _, lenient := range []bool{false, true} {
			load := func(per int) string {
				d, err := Load([]File{{Name: "h-collated-papiex-1-0.csv", R: strings.NewReader(in)}}, source.Options{Lenient: lenient, BatchRows: per})
				if err != nil {
					return "error: " + err.Error()
				}
				return sourcetest.Describe(t, d)
			}
			if whole, two := load(0), load(2); two != whole {
				t.Fatalf("lenient %v: two processes at a time:\n%s\nwant\n%s", lenient, two, whole)
			}
		}
	})
}

func FuzzLoadEPMTTSV(f *testing.F) {
	header, _ := os.ReadFile(sourcetest.Bundled("epmt/12340/perftools.org-papiex-header.tsv"))
	sourcetest.SeedLines(f, sourcetest.Bundled("epmt/12340/perftools.org-papiex.tsv"), 4)
	f.Fuzz(func(t *testing.T, in string) {
		sourcetest.Contract(t, in, func(s string, o source.Options) (*source.Dataset, error) {
			return Load([]File{{Name: "j/h-papiex-header.tsv", R: bytes.NewReader(header)}, {Name: "j/h-papiex.tsv", R: strings.NewReader(s)}}, o)
		})
	})
}
