package lake

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"io"
	"os"
	"path/filepath"
	"testing"

	"github.com/jobframe/jobframe/loaders/lake/manifest"
)

// TestGroupHashes hashes a file as a load would read it through the
// tee: all of it, part of it (the rest is read by finish), none of it,
// or more than it had when stat'ed (only the bytes it had then count,
// as those are all its load is sure to read). A second open of the file
// is not hashed again, and a file that shrank is hashed to its end. A
// cancelled context stops the hash.
func TestGroupHashes(t *testing.T) {
	p := filepath.Join(t.TempDir(), "log")
	const text = "first line\nsecond line\n"
	if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	sum := func(s string) string { h := sha256.Sum256([]byte(s)); return hex.EncodeToString(h[:]) }
	for _, c := range []struct {
		name  string
		size  int64  // as stat'ed before the load
		reads string // what the load reads through the tee
		want  string
	}{
		{"whole", 23, text, text},
		{"a part", 23, "first li", text},
		{"nothing", 23, "", text},
		{"grown since", 11, text + "third line\n", "first line\n"},
		{"empty then", 0, text, ""},
		{"shrunk since", 100, text, text},
	} {
		g := newGroupHashes([]string{p}, []manifest.FileState{{Path: p, Size: c.size}})
		if c.reads != "" {
			w := g.tee(p)
			io.WriteString(w, c.reads[:len(c.reads)/2])
			io.WriteString(w, c.reads[len(c.reads)/2:])
			if g.tee(p) != nil {
				t.Errorf("%s: a second open is teed", c.name)
			}
		}
		if g.tee("other") != nil {
			t.Errorf("%s: a file not of the group is teed", c.name)
		}
		h := g.finish(context.Background())
		if h.err != nil {
			t.Fatal(h.err)
		}
		if h.size() != int64(len(c.want)) || h.files[0].Size != int64(len(c.want)) || h.files[0].SHA256 != sum(c.want) {
			t.Errorf("%s: %d bytes %s, want %d %s", c.name, h.size(), h.files[0].SHA256, len(c.want), sum(c.want))
		}
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if h := newGroupHashes([]string{p}, []manifest.FileState{{Path: p, Size: 23}}).finish(ctx); h.err == nil {
		t.Error("a cancelled hash succeeded")
	}
}
