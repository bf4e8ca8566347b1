package lake

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/jobframe/jobframe/loaders/lake/manifest"
	"github.com/jobframe/jobframe/loaders/source"
	"github.com/jobframe/jobframe/loaders/sourcetest"
)

// TestIngestGrownWorkQueue: a Work Queue log ingested while it was
// being written (cut in the middle of a line) and again once whole is
// read from the first ingest's checkpoint, a line end before the cut,
// and the lake then holds what a fresh ingest of the whole log gives.
func TestIngestGrownWorkQueue(t *testing.T) {
	t.Run("plain", func(t *testing.T) { ingestGrown(t, nil) })
	// A byte-order mark is skipped, and checkpoints count from after it.
	t.Run("byte-order mark", func(t *testing.T) { ingestGrown(t, []byte{0xEF, 0xBB, 0xBF}) })
}

// ingestGrown is TestIngestGrownWorkQueue for the log with prefix
// before its first line.
func ingestGrown(t *testing.T, prefix []byte) {
	log0, err := os.ReadFile(sourcetest.Bundled("workqueue/realrun_wq_7.17.1_transactions.log"))
	if err != nil {
		t.Fatal(err)
	}
	src := append(slices.Clone(prefix), log0...)
	bom := int64(len(prefix)) // checkpoints count from after it
	cut := len(src) * 17 / 20
	if src[cut-1] == '\n' {
		t.Fatalf("byte %d ends a line: the test wants a cut line", cut)
	}
	o := Options{BatchRows: 8}
	fresh := t.TempDir()
	whole := filepath.Join(t.TempDir(), "transactions.log")
	if err := os.WriteFile(whole, src, 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := Ingest(context.Background(), fresh, []string{whole}, o); err != nil {
		t.Fatal(err)
	}

	dir, log := t.TempDir(), filepath.Join(t.TempDir(), "transactions.log")
	if err := os.WriteFile(log, src[:cut], 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := Ingest(context.Background(), dir, []string{log}, o); err != nil {
		t.Fatal(err)
	}
	m, err := manifest.Read(dir)
	if err != nil {
		t.Fatal(err)
	}
	c := m.Inputs[0].Checkpoint
	if c == nil {
		t.Fatal("the first ingest kept no checkpoint")
	}
	lineEnd := bytes.LastIndexByte(src[:cut], '\n') + 1 // where the cut line starts
	if c.Offset <= 0 || c.Offset+bom > int64(lineEnd) || src[c.Offset+bom-1] != '\n' || bytes.Count(src[:c.Offset+bom], []byte("\n")) != c.Line {
		t.Fatalf("checkpoint at byte %d, line %d: not the end of a whole line before byte %d", c.Offset, c.Line, lineEnd)
	}

	if err := os.WriteFile(log, src, 0o644); err != nil {
		t.Fatal(err)
	}
	p := &source.Progress{}
	o.Progress = p
	r, err := Ingest(context.Background(), dir, []string{log}, o)
	if err != nil {
		t.Fatal(err)
	}
	if r[0].Action != Appended || r[0].From != c.Offset {
		t.Fatalf("second ingest: %s from byte %d, want appended from %d", r[0].Action, r[0].From, c.Offset)
	}
	if read, _ := p.Bytes(); read != int64(len(src))-c.Offset-bom {
		t.Errorf("the second ingest read %d bytes, want the %d after the checkpoint", read, int64(len(src))-c.Offset-bom)
	}
	if sum := sha256.Sum256(src); r[0].Entry.Files[0].SHA256 != hex.EncodeToString(sum[:]) {
		t.Errorf("SHA-256 %s, want %x", r[0].Entry.Files[0].SHA256, sum)
	}
	for _, name := range []string{"tasks", "placements", "workers", "events", "transfers", "categories"} {
		got, want := lakeRows(t, dir, name, "workqueue"), lakeRows(t, fresh, name, "workqueue")
		if len(want) == 0 || !slices.Equal(got, want) {
			t.Errorf("%s: %d rows in the lake, a fresh ingest of the whole log has %d, or others", name, len(got), len(want))
		}
	}
}

// TestIngestGrownRewritten grows a journal whose second line carries a
// 200 KB field the loader ignores, after a byte of that field, outside
// both windows of the checkpoint's guard, was changed (the log's size
// kept): the ingest must not go on from the checkpoint, whose SHA-256
// state is of the old bytes, but read the log from its start (the
// events keep each record's bytes, so the first batches differ and it
// is read again whole), and the entry's SHA-256 is the file's.
func TestIngestGrownRewritten(t *testing.T) {
	src, err := os.ReadFile(sourcetest.Bundled("hq/synthetic_v0.26_journal.jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.SplitAfter(string(src), "\n")
	pad := strings.Repeat("x", 200<<10)
	lines[1] = strings.Replace(lines[1], "{", `{"pad":"`+pad+`",`, 1)
	at := int64(len(lines[0])) + 8 + 100<<10 // a byte in the middle of pad
	log := filepath.Join(t.TempDir(), "journal.jsonl")
	writeFile(t, log, strings.Join(lines[:63], ""))
	dir := t.TempDir()
	r, err := Ingest(context.Background(), dir, []string{log}, Options{BatchRows: 5})
	if err != nil {
		t.Fatal(err)
	}
	c := r[0].Entry.Checkpoint
	if c == nil || at < guardBytes || at >= c.Offset-guardBytes {
		t.Fatalf("checkpoint %+v: byte %d is not outside the guard's windows", c, at)
	}
	grown := []byte(strings.Join(lines, ""))
	grown[at] = 'y'
	writeFile(t, log, string(grown))
	r, err = Ingest(context.Background(), dir, []string{log}, Options{BatchRows: 5})
	if err != nil {
		t.Fatal(err)
	}
	sum := sha256.Sum256(grown)
	if r[0].Action == Skipped || r[0].From != 0 || r[0].Entry.Files[0].SHA256 != hex.EncodeToString(sum[:]) {
		t.Errorf("%s from byte %d with SHA-256 %s; want read whole (from byte 0), SHA-256 %x",
			r[0].Action, r[0].From, r[0].Entry.Files[0].SHA256, sum)
	}
}
