package epmt

import (
	"bytes"
	"io"
	"os"
	"testing"

	"github.com/jobframe/jobframe/loaders/source"
	"github.com/jobframe/jobframe/loaders/sourcetest"
)

// The procs columns of a file of known size are sized from the bytes
// read, not grown by doubling: their room ends within a tenth of the
// processes. The input is the bundled papiex file with its rows written
// 40 times over (17,400 processes, 5.7 MB), read 1,000 processes at a
// time: the first 1,000 size the columns for themselves, the next for
// the 17,891 that 2,000 processes in 11.4% of the rows' bytes predict.
func TestColumnsSizedFromInput(t *testing.T) {
	raw, err := os.ReadFile(sourcetest.Bundled("epmt/804280/pp075-collated-papiex-804280-0.PARTIAL-first435of6039procs.csv"))
	if err != nil {
		t.Fatal(err)
	}
	header, body, _ := bytes.Cut(raw, []byte("\n"))
	var csv bytes.Buffer
	csv.Write(header)
	csv.WriteByte('\n')
	for range 40 {
		csv.Write(body)
	}
	load := func(r io.Reader) *jobBuilder {
		t.Helper()
		jf, err := readJobFiles([]File{{Name: "pp075-collated-papiex-804280-0.csv", R: r}})
		if err != nil {
			t.Fatal(err)
		}
		b := newJobBuilder(source.Options{BatchRows: 1000}, &source.Dataset{}, "job")
		if err := b.readHosts(jf); err != nil {
			t.Fatal(err)
		}
		return b
	}
	b := load(bytes.NewReader(csv.Bytes()))
	n := b.pr.n
	if n != 40*435 {
		t.Fatalf("%d processes, want %d", n, 40*435)
	}
	for name, c := range map[string][]int64{"start": b.pr.start.V, "cpu_time": b.pr.cpu.V} {
		if len(c) != n || cap(c) > n+n/10 {
			t.Errorf("%s: %d rows in room for %d, want at most %d", name, len(c), cap(c), n+n/10)
		}
	}
	// the same rows, their size not known: grown by doubling from the
	// first batch's 1,000 rows, to 32,000
	b = load(io.MultiReader(bytes.NewReader(csv.Bytes())))
	if got := cap(b.pr.start.V); b.pr.n != n || got < 32000 {
		t.Errorf("size not known: %d processes in room for %d, want %d in room for at least 32,000", b.pr.n, got, n)
	}
}
