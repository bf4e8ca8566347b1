package epmt

import (
	"archive/tar"
	"bytes"
	"strings"
	"testing"

	"github.com/jobframe/jobframe/loaders/source"
)

// TestArchiveBounds: an archive's job files are held up to
// Options.MaxArchiveBytes in all, once decompressed (a member larger
// than its archive by far is refused, naming it, without reading past
// the limit); other members are never read; more job files than
// maxArchiveMembers are refused.
func TestArchiveBounds(t *testing.T) {
	tarOf := func(members map[string]int) []byte {
		var b bytes.Buffer
		w := tar.NewWriter(&b)
		for name, size := range members {
			w.WriteHeader(&tar.Header{Name: name, Mode: 0o644, Size: int64(size), Typeflag: tar.TypeReg})
			w.Write(make([]byte, size))
		}
		w.Close()
		return b.Bytes()
	}
	big := tarOf(map[string]int{"job/job_metadata": 10, "job/x-papiex-1.csv": 4 << 20})
	_, err := LoadArchive(bytes.NewReader(big), "bomb.tgz", source.Options{Limits: source.Limits{MaxArchiveBytes: 1 << 20}})
	if err == nil || !strings.Contains(err.Error(), "bomb.tgz: job/x-papiex-1.csv: the archive's job files hold more than 1048576 bytes") {
		t.Fatalf("over the limit: %v", err)
	}
	// a large member that is no job file is skipped unread: the limit
	// is not reached, and the load fails for the job files' content
	other := tarOf(map[string]int{"job/core.dump": 4 << 20, "job/job_metadata": 10})
	_, err = LoadArchive(bytes.NewReader(other), "other.tgz", source.Options{Limits: source.Limits{MaxArchiveBytes: 1 << 20}})
	if err == nil || strings.Contains(err.Error(), "more than") {
		t.Fatalf("a member that is no job file counted: %v", err)
	}
}
