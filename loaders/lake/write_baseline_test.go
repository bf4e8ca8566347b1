package lake

import (
	"context"
	"fmt"
	"path/filepath"
	"testing"

	"github.com/jobframe/jobframe/frame"
	"github.com/jobframe/jobframe/loaders/sourcetest"
)

// TestParquetWriteBaseline runs testdata/interop/parquet_write.mjs, the
// DuckDB baseline of BenchmarkIngestWrite, on a lake of bundled inputs:
// it must report the lake's frames and its rows as the manifest counts
// them, and write for every frame one file that frame.ReadParquetFile
// reads back with that frame's rows.
func TestParquetWriteBaseline(t *testing.T) {
	needNode(t)
	dir, out := filepath.Join(t.TempDir(), "lake"), t.TempDir()
	paths := []string{sourcetest.Bundled("hq/synthetic_v0.26_journal.jsonl"), sourcetest.Bundled("balsam"),
		sourcetest.Bundled("workqueue/realrun_wq_7.17.1_transactions.log")}
	res, err := Ingest(context.Background(), dir, paths, Options{Parquet: frame.ParquetOptions{Compression: "snappy"}})
	if err != nil {
		t.Fatal(err)
	}
	byFrame := map[string]int64{}
	var total int64
	for _, r := range res {
		for name, n := range r.Entry.Rows {
			byFrame[name] += n
			total += n
		}
	}
	frames := 0
	for _, n := range byFrame {
		if n > 0 {
			frames++
		}
	}
	got := nodeLine(t, filepath.Join(interopDir(), "parquet_write.mjs"), dir, out)
	var gotFrames int
	var gotRows int64
	var secs float64
	if _, err := fmt.Sscanf(got, "frames=%d rows=%d write_s=%g", &gotFrames, &gotRows, &secs); err != nil {
		t.Fatalf("parquet_write.mjs printed %q: %v", got, err)
	}
	if gotFrames != frames || gotRows != total {
		t.Fatalf("parquet_write.mjs: %d frames, %d rows; the manifest: %d frames, %d rows", gotFrames, gotRows, frames, total)
	}
	for name, n := range byFrame {
		if n == 0 {
			continue
		}
		f, err := frame.ReadParquetFile(filepath.Join(out, name+".parquet"), frame.ReadOptions{})
		if err != nil {
			t.Fatal(err)
		}
		if int64(f.NumRows()) != n {
			t.Errorf("DuckDB's %s.parquet: %d rows, want %d", name, f.NumRows(), n)
		}
	}
}
