package lake

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/jobframe/jobframe/loaders/lake/manifest"
	"github.com/jobframe/jobframe/loaders/sourcetest"
)

// TestPlantedLinks: links planted in a lake where an ingest used to
// write its temporary manifest, or where it stages its files, never make
// it write outside the lake: the file they point at is unchanged, and
// the ingest either succeeds around them or fails with an error.
func TestPlantedLinks(t *testing.T) {
	dir := t.TempDir()
	in := sourcetest.Bundled("hq/synthetic_v0.26_journal.jsonl")
	if _, err := Ingest(context.Background(), dir, []string{in}, Options{}); err != nil {
		t.Fatal(err)
	}
	victim := filepath.Join(t.TempDir(), "victim")
	if err := os.WriteFile(victim, []byte("keep me"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{manifest.Name + ".tmp", manifest.Name + ".tmp-1"} {
		if err := os.Symlink(victim, filepath.Join(dir, name)); err != nil {
			t.Fatal(err)
		}
	}
	other := filepath.Join(t.TempDir(), "transactions.log")
	b, err := os.ReadFile(sourcetest.Bundled("workqueue/realrun_wq_7.17.1_transactions.log"))
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(other, b, 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := Ingest(context.Background(), dir, []string{other}, Options{}); err != nil {
		t.Fatal(err)
	}
	if got, err := os.ReadFile(victim); err != nil || string(got) != "keep me" {
		t.Fatalf("the file a planted link points at became %q (%v)", got, err)
	}
	m, err := manifest.Read(dir)
	if err != nil || len(m.Inputs) != 2 {
		t.Fatalf("manifest %v, %v", m, err)
	}
}

// TestCreateNewRefusesLinks: a staged file is created new; a link in its
// place is refused, not followed.
func TestCreateNewRefusesLinks(t *testing.T) {
	victim := filepath.Join(t.TempDir(), "victim")
	if err := os.WriteFile(victim, []byte("keep me"), 0o644); err != nil {
		t.Fatal(err)
	}
	link := filepath.Join(t.TempDir(), "part.parquet")
	if err := os.Symlink(victim, link); err != nil {
		t.Fatal(err)
	}
	err := createNew(link, func(fh *os.File) error { _, err := fh.WriteString("overwritten"); return err })
	if err == nil {
		t.Fatal("a link in the staged file's place was followed")
	}
	if got, _ := os.ReadFile(victim); string(got) != "keep me" {
		t.Fatalf("victim is %q", got)
	}
}

// TestPlantedFolderLinks plants a link to a folder outside the lake where the
// lake keeps a folder of its own (staging, generations): the ingest is
// refused, naming it, and nothing outside changes.
func TestPlantedFolderLinks(t *testing.T) {
	in := sourcetest.Bundled("hq/synthetic_v0.26_journal.jsonl")
	for _, name := range []string{stagingDir, manifest.DataDir} {
		t.Run(name, func(t *testing.T) {
			dir, outside := filepath.Join(t.TempDir(), "lake"), t.TempDir()
			if _, err := Ingest(context.Background(), dir, []string{sourcetest.Bundled("balsam")}, Options{}); err != nil {
				t.Fatal(err)
			}
			if err := os.MkdirAll(filepath.Join(outside, "000001"), 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(filepath.Join(outside, "000001", "keep"), []byte("mine"), 0o644); err != nil {
				t.Fatal(err)
			}
			if err := os.RemoveAll(filepath.Join(dir, name)); err != nil {
				t.Fatal(err)
			}
			if err := os.Symlink(outside, filepath.Join(dir, name)); err != nil {
				t.Fatal(err)
			}
			_, err := Ingest(context.Background(), dir, []string{in}, Options{})
			if err == nil || !strings.Contains(err.Error(), filepath.Join(dir, name)+" is a link") {
				t.Errorf("ingest with %s a link: %v", name, err)
			}
			ents, _ := os.ReadDir(outside)
			if b, _ := os.ReadFile(filepath.Join(outside, "000001", "keep")); len(ents) != 1 || string(b) != "mine" {
				t.Errorf("the folder outside changed: %d entries, keep=%q", len(ents), b)
			}
		})
	}
}
