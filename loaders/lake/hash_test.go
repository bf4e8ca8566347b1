package lake

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"os"
	"path/filepath"
	"testing"
)

// TestHashGroupSizes hashes a file grown since it was stat'ed: only the
// bytes it had then count, as those are all its load is sure to read.
// A file that shrank is hashed to its end. A cancelled context stops
// the hash.
func TestHashGroupSizes(t *testing.T) {
	p := filepath.Join(t.TempDir(), "log")
	if err := os.WriteFile(p, []byte("first line\nsecond line\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	sum := func(s string) string { h := sha256.Sum256([]byte(s)); return hex.EncodeToString(h[:]) }
	for _, c := range []struct {
		size int64
		want string
	}{{11, "first line\n"}, {0, ""}, {23, "first line\nsecond line\n"}, {100, "first line\nsecond line\n"}} {
		h := hashGroup(context.Background(), []FileState{{Path: p, Size: c.size}})
		if h.err != nil {
			t.Fatal(h.err)
		}
		if h.size != int64(len(c.want)) || h.files[0].Size != h.size || h.files[0].SHA256 != sum(c.want) {
			t.Errorf("size %d: %d bytes %s, want %d %s", c.size, h.size, h.files[0].SHA256, len(c.want), sum(c.want))
		}
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if h := hashGroup(ctx, []FileState{{Path: p, Size: 23}}); h.err == nil {
		t.Error("a cancelled hash succeeded")
	}
}
