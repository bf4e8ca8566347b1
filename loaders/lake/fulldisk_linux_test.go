package lake

import (
	"context"
	"errors"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"syscall"
	"testing"

	"github.com/jobframe/jobframe/loaders/sourcetest"
)

// TestIngestFullDisk ingests into a lake on a small tmpfs filled up to
// leave from 0 to 160 KiB free, so that the disk fills at every point
// of an ingest: writing a Parquet file, the checkpoint, the manifest, a
// folder of the next generation. Each ingest succeeds or fails with an
// error that wraps ENOSPC, never a panic; a failed one leaves what
// readers see as it was, or whole, when the disk filled after the new
// generation was made current (the manifest not yet saying so); once
// there is room the next ingest leaves the lake as one that never
// failed. It needs to mount a tmpfs (root,
// Linux), and skips otherwise.
func TestIngestFullDisk(t *testing.T) {
	if testing.Short() {
		t.Skip("-short")
	}
	mnt := t.TempDir()
	if err := syscall.Mount("tmpfs", mnt, "tmpfs", 0, "size=4m"); err != nil {
		t.Skipf("cannot mount a tmpfs here (%v): needs root on Linux", err)
	}
	t.Cleanup(func() { syscall.Unmount(mnt, syscall.MNT_DETACH) })
	first := sourcetest.Bundled("balsam")
	second := sourcetest.Bundled("hq/synthetic_v0.26_journal.jsonl")
	ref := filepath.Join(t.TempDir(), "ref")
	for _, in := range []string{first, second} {
		if _, err := Ingest(context.Background(), ref, []string{in}, Options{BatchRows: 5}); err != nil {
			t.Fatal(err)
		}
	}
	after := visible(t, ref)
	// What the second ingest takes of the tmpfs, at its peak or after.
	need := func() int64 {
		dir := filepath.Join(mnt, "lake")
		defer os.RemoveAll(dir)
		if _, err := Ingest(context.Background(), dir, []string{first}, Options{BatchRows: 5}); err != nil {
			t.Fatal(err)
		}
		was := freeBytes(t, mnt)
		if _, err := Ingest(context.Background(), dir, []string{second}, Options{BatchRows: 5}); err != nil {
			t.Fatal(err)
		}
		return was - freeBytes(t, mnt)
	}()
	failed, points := 0, map[string]bool{}
	step := max(4<<10, need/40)
	for free := int64(0); free <= need+8*step; free += step {
		dir := filepath.Join(mnt, "lake")
		if err := os.RemoveAll(dir); err != nil {
			t.Fatal(err)
		}
		if _, err := Ingest(context.Background(), dir, []string{first}, Options{BatchRows: 5}); err != nil {
			t.Fatal(err)
		}
		before := visible(t, dir)
		fill(t, filepath.Join(mnt, "filler"), free)
		_, err := Ingest(context.Background(), dir, []string{second}, Options{BatchRows: 5})
		if err != nil {
			failed++
			points[ingestStep(err)] = true
			if !errors.Is(err, syscall.ENOSPC) {
				t.Fatalf("%d KiB free: %v, not an error wrapping ENOSPC", free>>10, err)
			}
			if got := visible(t, dir); !maps.Equal(got, before) && !maps.Equal(got, after) {
				t.Fatalf("%d KiB free: after %v readers see %d files, neither the %d before nor the %d after", free>>10, err, len(got), len(before), len(after))
			}
		}
		if err := os.Remove(filepath.Join(mnt, "filler")); err != nil {
			t.Fatal(err)
		}
		if _, err := Ingest(context.Background(), dir, []string{second}, Options{BatchRows: 5}); err != nil {
			t.Fatalf("%d KiB free, then room: %v", free>>10, err)
		}
		if got := visible(t, dir); !maps.Equal(got, after) {
			t.Fatalf("%d KiB free, then room: readers see %d files, not the %d of a lake that never failed", free>>10, len(got), len(after))
		}
	}
	if failed < 10 || failed > 45 {
		t.Fatalf("%d of the ingests met a full disk: the sweep misses the ingest's %d bytes", failed, need)
	}
	t.Logf("%d ingests met a full disk (the ingest takes %d KiB), at %d points: %v", failed, need>>10, len(points), slices.Sorted(maps.Keys(points)))
}

// ingestStep is what an ingest's error says it was doing, without the
// paths.
func ingestStep(err error) string {
	msg := err.Error()
	if i := strings.Index(msg, ": "); i >= 0 && strings.Contains(msg[:i], "/") {
		msg = msg[i+2:]
	}
	if i := strings.Index(msg, " /"); i >= 0 {
		msg = msg[:i]
	}
	return msg
}

// freeBytes is what the file system of dir has free.
func freeBytes(t *testing.T, dir string) int64 {
	var st syscall.Statfs_t
	if err := syscall.Statfs(dir, &st); err != nil {
		t.Fatal(err)
	}
	return int64(st.Bavail) * int64(st.Bsize)
}

// fill writes a file at path that leaves about free bytes free on its
// file system.
func fill(t *testing.T, path string, free int64) {
	n := freeBytes(t, filepath.Dir(path)) - free
	fh, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	defer fh.Close()
	buf := make([]byte, 64<<10)
	for n > 0 {
		k, err := fh.Write(buf[:min(int64(len(buf)), n)])
		if err != nil {
			t.Fatal(err)
		}
		n -= int64(k)
	}
}
