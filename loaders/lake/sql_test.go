package lake

import (
	"context"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/jobframe/jobframe/frame"
)

// TestSQLSeeds ingests inputs of all four benchmark analyses, made by
// ../shared/bench/gen with a seed other than the benchmark's, into one
// lake, then runs each scripts/sql/NAME.sql on the lake and DuckDB's
// baseline ../shared/bench/duckdb/NAME.mjs on the raw input, both in the
// pinned DuckDB of testdata/interop: the fingerprints must be equal.
// The lake is written with Snappy, the CLI's default (whose pages
// frame's s2 codec compresses); the large-input tests write zstd.
func TestSQLSeeds(t *testing.T) {
	bench, tmp, gen := benchSetup(t)
	inputs := map[string][]string{
		"hq":     {"hq", "-tasks", "20000", "-workers", "8", "-seed", "4", "-o", filepath.Join(tmp, "hq.jsonl")},
		"wq":     {"wq", "-tasks", "20000", "-workers", "8", "-seed", "4", "-o", filepath.Join(tmp, "wq.log")},
		"balsam": {"balsam", "-jobs", "3000", "-seed", "4", "-dir", filepath.Join(tmp, "balsam")},
		"epmt":   {"epmt", "-procs", "5000", "-seed", "4", "-o", filepath.Join(tmp, "epmt.csv")},
	}
	names := []string{"hq", "wq", "balsam", "epmt"}
	var paths []string
	for _, name := range names {
		args := inputs[name]
		if out, err := exec.Command(gen, args...).CombinedOutput(); err != nil {
			t.Fatalf("benchgen %v: %v\n%s", args, err, out)
		}
		paths = append(paths, args[len(args)-1])
	}
	dir := filepath.Join(tmp, "lake")
	if _, err := Ingest(context.Background(), dir, paths, Options{BatchRows: 1000, Parquet: frame.ParquetOptions{Compression: "snappy"}}); err != nil {
		t.Fatal(err)
	}
	for i, name := range names {
		t.Run(name, func(t *testing.T) {
			got := nodeLine(t, filepath.Join(interopDir(), "sql.mjs"), dir, filepath.Join(repoRoot(), "scripts", "sql", name+".sql"))
			want := nodeLine(t, benchScript(t, bench, name+".mjs"), paths[i])
			if got != want || !strings.HasPrefix(want, strings.ToUpper(name)+" ") {
				t.Fatalf("fingerprints differ\nlake (scripts/sql/%s.sql) %s\nraw (bench %s.mjs)        %s", name, got, name, want)
			}
		})
	}
}
