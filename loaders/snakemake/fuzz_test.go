package snakemake

import (
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/jobframe/jobframe/loaders/source"
	"github.com/jobframe/jobframe/loaders/sourcetest"
)

// FuzzLoadSnakemake: any benchmark file loads or fails with an error
// (the loaders' contract), from the bundled TSV and JSON lines.
func FuzzLoadSnakemake(f *testing.F) {
	for _, p := range []string{"snakemake/snakemake_snakemake_test.benchmark_shell.txt", "snakemake/snakemake_snakemake_test.benchmark_shell.jsonl",
		"snakemake/snakemake_snakemake_benchmark_aggregated_2023.tsv"} {
		if b, err := os.ReadFile(sourcetest.Bundled(p)); err == nil {
			f.Add(string(b))
		}
	}
	f.Fuzz(func(t *testing.T, in string) {
		sourcetest.Contract(t, in, func(s string, o source.Options) (*source.Dataset, error) { return Load(strings.NewReader(s), o) })
		// cut into pieces of a few lines, it reads as it does whole
		for _, lenient := range []bool{false, true} {
			o := source.Options{Name: "f.tsv", Lenient: lenient}
			load := func(size int) (*source.Dataset, error) {
				return loadInputs([]source.Input{{Name: "f.tsv", R: strings.NewReader(in)}}, o, func(int) int { return size })
			}
			whole, werr := load(1 << 40)
			cut, cerr := load(13)
			if fmt.Sprint(werr) != fmt.Sprint(cerr) {
				t.Fatalf("lenient=%v: in pieces: %v, whole: %v", lenient, cerr, werr)
			}
			if werr == nil {
				sameLoad(t, "in pieces", cut, whole)
			}
		}
	})
}
