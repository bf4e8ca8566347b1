package snakemake

import (
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
	})
}
