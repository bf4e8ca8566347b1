package loaders_test

import (
	"bytes"
	"compress/gzip"
	"context"
	"io"
	"os"
	"path/filepath"
	"testing"

	"github.com/jobframe/jobframe/loaders"
)

// Options.Tee receives every byte read of each input file, as it is on
// disk (a gzip file compressed), once per file: a streamed journal, a
// Balsam folder of three files, and a gzip'd Work Queue log.
func TestTee(t *testing.T) {
	wq, err := os.ReadFile("../testdata/bench/wq.log")
	if err != nil {
		t.Fatal(err)
	}
	var gz bytes.Buffer
	zw := gzip.NewWriter(&gz)
	zw.Write(wq)
	zw.Close()
	gzPath := filepath.Join(t.TempDir(), "wq.log.gz")
	if err := os.WriteFile(gzPath, gz.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, paths := range [][]string{
		{"../testdata/hq/synthetic_v0.26_journal.jsonl"},
		{"../testdata/balsam"},
		{gzPath},
	} {
		groups, _, err := loaders.Plan(paths...)
		if err != nil || len(groups) != 1 {
			t.Fatalf("%v: %d groups, %v", paths, len(groups), err)
		}
		teed := map[string]*bytes.Buffer{}
		o := loaders.Options{Tee: func(path string) io.Writer {
			if teed[path] != nil {
				t.Errorf("%s teed twice", path)
			}
			teed[path] = new(bytes.Buffer)
			return teed[path]
		}}
		if _, err := loaders.LoadGroup(context.Background(), groups[0], o); err != nil {
			t.Fatal(err)
		}
		for _, f := range groups[0].Files {
			want, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			got, ok := teed[f]
			if !ok {
				t.Errorf("%s: never teed", f)
			} else if !bytes.Equal(got.Bytes(), want) {
				t.Errorf("%s: teed %d bytes, want its %d", f, got.Len(), len(want))
			}
		}
	}
}
