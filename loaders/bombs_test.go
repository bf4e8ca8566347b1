//go:build linux

package loaders

import (
	"archive/tar"
	"bufio"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	"github.com/klauspost/compress/zstd"
)

// TestBombsInBoundedMemory makes small inputs that used to take the
// machine's memory (the adversarial pass of 8712f9f measured each) and
// loads each in a child process, this test binary, asserting what the
// load says and the child's peak resident memory (getrusage's ru_maxrss,
// which counts the test binary's own few tens of MB too):
//
//   - an EPMT archive of one job file of 2 GiB (426 KB of zstd): 20.7 GB
//     then, refused by its declared size now (37 MB);
//   - an EPMT archive of 40,000 job files of one header line (186 KB):
//     2.8 GB then, a 64 KiB reader and a full line batch per file (145
//     MB now);
//   - a HyperQueue journal whose second line is 1 GiB (213 KB of zstd):
//     6.3 GB then, stopped at the line bound, 64 MiB, since (156 MB),
//     and now first at the bound on decompression below (159 MB);
//   - a sacct dump of 40 steps each on cn[0000000-1048575] (3.6 KB):
//     4.2 GB then, stopped at the bound on hosts now (103 MB).
//   - a WfCommons instance padded with 1 GiB of spaces (213 KB of zstd;
//     a document format holds its whole text) and a HyperQueue journal
//     of one short event line repeated 20M times (980 MB; 205 KB): 2.7
//     GB and 4.8 GB then (the journal loaded 20M events), stopped at the
//     bound on what a compressed input may decompress to now, 1024
//     bytes per compressed byte, at least 64 MiB (about 200 and 350 MB).
func TestBombsInBoundedMemory(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: the bombs take a few seconds to make")
	}
	dir := t.TempDir()
	cases := []struct {
		name  string
		make  func(t *testing.T, path string)
		want  string // in what the child prints
		maxMB int64
	}{
		{"epmt-2GiB-member.tar.zst", func(t *testing.T, p string) { tarZstd(t, p, 1, 2<<30) }, "hold more than 1073741824 bytes once decompressed", 200},
		{"epmt-40000-members.tar.zst", func(t *testing.T, p string) { tarZstd(t, p, 40000, 0) }, "loads: ", 400},
		{"hq-1GiB-line.jsonl.zst", longLineJournal, "its zstd stream decompresses to more than 67108864 bytes", 300},
		{"slurm-nodelist.txt", nodeListBomb, "hosts", 400},
		{"wfcommons-1GiB-spaces.json.zst", paddedDocument, "its zstd stream decompresses to more than 67108864 bytes", 300},
		{"hq-20M-lines.jsonl.zst", repeatedLines, "its zstd stream decompresses to more than 67108864 bytes", 450},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			path := filepath.Join(dir, c.name)
			c.make(t, path)
			fi, err := os.Stat(path)
			if err != nil {
				t.Fatal(err)
			}
			cmd := exec.Command(os.Args[0], "-test.run=^TestHelperLoadBomb$")
			cmd.Env = append(os.Environ(), "JOBFRAME_TEST_BOMB="+path)
			out, err := cmd.CombinedOutput()
			if err != nil {
				t.Fatalf("the child: %v\n%s", err, out)
			}
			peak := cmd.ProcessState.SysUsage().(*syscall.Rusage).Maxrss >> 10 // KB on Linux
			if !strings.Contains(string(out), c.want) {
				t.Errorf("a load of %s (%d bytes) says\n%s\nwant %q in it", c.name, fi.Size(), out, c.want)
			}
			if peak > c.maxMB {
				t.Errorf("a load of %s (%d bytes) peaked at %d MB, want at most %d", c.name, fi.Size(), peak, c.maxMB)
			}
			t.Logf("%s: %d bytes, peak %d MB", c.name, fi.Size(), peak)
		})
	}
}

// TestHelperLoadBomb loads $JOBFRAME_TEST_BOMB and prints the frames'
// rows or the error: the child of TestBombsInBoundedMemory.
func TestHelperLoadBomb(t *testing.T) {
	path := os.Getenv("JOBFRAME_TEST_BOMB")
	if path == "" {
		t.Skip("the child of TestBombsInBoundedMemory")
	}
	d, err := Open(path)
	if err != nil {
		fmt.Println("error:", err)
		return
	}
	fmt.Println("loads:", frameRows(d))
}

// zstdFile writes path as zstd: what write writes to the encoder.
func zstdFile(t *testing.T, path string, write func(w io.Writer) error) {
	fh, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	defer fh.Close()
	zw, err := zstd.NewWriter(fh, zstd.WithEncoderLevel(zstd.SpeedFastest))
	if err != nil {
		t.Fatal(err)
	}
	if err := write(zw); err != nil {
		t.Fatal(err)
	}
	if err := zw.Close(); err != nil {
		t.Fatal(err)
	}
}

// tarZstd writes a zstd tar of an EPMT job: n papiex CSV files, each
// declaring size bytes of zeros (0: a header line alone).
func tarZstd(t *testing.T, path string, n int, size int64) {
	head := []byte("tags,hostname,exename,path,args,pid,generation,ppid,pgid,sid,numtids,tid,start,end\n")
	zeros := make([]byte, 1<<20)
	zstdFile(t, path, func(w io.Writer) error {
		tw := tar.NewWriter(w)
		for i := range n {
			body := int64(len(head))
			if size > 0 {
				body = size
			}
			if err := tw.WriteHeader(&tar.Header{Name: fmt.Sprintf("job/pp%05d-papiex-%d.csv", i, i), Mode: 0o644, Size: body, Typeflag: tar.TypeReg}); err != nil {
				return err
			}
			if size == 0 {
				if _, err := tw.Write(head); err != nil {
					return err
				}
				continue
			}
			for left := size; left > 0; left -= int64(len(zeros)) {
				if _, err := tw.Write(zeros[:min(left, int64(len(zeros)))]); err != nil {
					return err
				}
			}
		}
		return tw.Close()
	})
}

// longLineJournal writes a zstd HyperQueue journal whose first line is a
// server start and whose second is 1 GiB long.
func longLineJournal(t *testing.T, path string) {
	zstdFile(t, path, func(zw io.Writer) error {
		w := bufio.NewWriter(zw)
		w.WriteString(`{"event":{"type":"server-start","server_uid":"x"},"time":"2026-08-04T09:00:00Z"}` + "\n")
		w.WriteString(`{"event":{"type":"server-stop"},"pad":"`)
		pad := []byte(strings.Repeat("a", 1<<20))
		for range 1 << 10 {
			w.Write(pad)
		}
		w.WriteString(`"}` + "\n")
		return w.Flush()
	})
}

// nodeListBomb writes a sacct dump of a job with 40 steps, each on the
// million hosts of cn[0000000-1048575].
func nodeListBomb(t *testing.T, path string) {
	var b strings.Builder
	b.WriteString("JobID|JobName|State|Start|End|NodeList|NCPUS\n")
	b.WriteString("7|big|COMPLETED|2026-01-01T00:00:00|2026-01-01T01:00:00|cn[0000000-1048575]|1048576\n")
	for i := range 40 {
		fmt.Fprintf(&b, "7.%d|step|COMPLETED|2026-01-01T00:00:00|2026-01-01T01:00:00|cn[0000000-1048575]|1048576\n", i)
	}
	if err := os.WriteFile(path, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
}

// paddedDocument writes a zstd WfCommons instance, the bundled one's
// first 2,000 bytes followed by 1 GiB of spaces.
func paddedDocument(t *testing.T, path string) {
	doc, err := os.ReadFile(filepath.Join("..", "testdata", "wfcommons", "blast-chameleon-small-001.json"))
	if err != nil {
		t.Fatal(err)
	}
	zstdFile(t, path, func(zw io.Writer) error {
		if _, err := zw.Write(doc[:2000]); err != nil {
			return err
		}
		pad := []byte(strings.Repeat(" ", 1<<20))
		for range 1 << 10 {
			if _, err := zw.Write(pad); err != nil {
				return err
			}
		}
		return nil
	})
}

// repeatedLines writes a zstd HyperQueue journal of a server start and
// 20M lines of an event of no type, each kept as a row of the events.
func repeatedLines(t *testing.T, path string) {
	zstdFile(t, path, func(zw io.Writer) error {
		w := bufio.NewWriter(zw)
		w.WriteString(`{"event":{"type":"server-start","server_uid":"x"},"time":"2026-08-04T09:00:00Z"}` + "\n")
		line := `{"event":{"x":1},"time":"2026-08-04T09:00:00Z"}` + "\n"
		for range 20_000_000 {
			w.WriteString(line)
		}
		return w.Flush()
	})
}
