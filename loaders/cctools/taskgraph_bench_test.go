package cctools

import (
	"bufio"
	"bytes"
	"fmt"
	"io"
	"testing"

	"github.com/jobframe/jobframe/loaders/source"
	"github.com/jobframe/jobframe/loaders/sourcetest"
)

// genTaskGraph writes a text-form task graph (version 2) of tasks tasks
// in chains of ten: each task reads the program, a shared buffer and the
// temp file its predecessor wrote, and writes one temp file and one
// output; tasks-tasks/10 edges in all.
//
//	go test ./loaders/cctools -run '^$' -bench TaskGraph -benchtime 5x
func genTaskGraph(w io.Writer, tasks int) error {
	bw := bufio.NewWriterSize(w, 1<<20)
	bw.WriteString("# taskvine taskgraph version 2\n# TASK taskid \"program\" INPUTS fileid1 fileid fileid3 ... OUTPUTS fileid4 fileid5 ...\n# FILE fileid \"source\" size\n")
	bw.WriteString("FILE file-meta-3da380c7155369d389958039b1d64e16 \"/opt/cctools/bin/sim\" 863256\nFILE buffer-rnd-zlidqvmuugnhtop \"buffer\" 5\n")
	for i := 1; i <= tasks; i++ {
		fmt.Fprintf(bw, "FILE temp-rnd-%08d \"temp\" %d\nFILE file-rnd-out%08d \"out_%d.dat\" %d\n", i, 1000+i%977, i, i, 4096+i%513)
	}
	for i := 1; i <= tasks; i++ {
		prev := ""
		if i%10 != 1 {
			prev = fmt.Sprintf(" temp-rnd-%08d", i-1)
		}
		fmt.Fprintf(bw, "TASK T%d \"./sim --step %d\" INPUTS file-meta-3da380c7155369d389958039b1d64e16 buffer-rnd-zlidqvmuugnhtop%s OUTPUTS temp-rnd-%08d file-rnd-out%08d\n", i, i, prev, i, i)
	}
	return bw.Flush()
}

// BenchmarkLoadTaskGraph reads a graph of a million tasks.
func BenchmarkLoadTaskGraph(b *testing.B) {
	p := sourcetest.CachedInput(b, "jobframe-bench-taskgraph-1000000.txt", func(w io.Writer) error { return genTaskGraph(w, 1_000_000) })
	sourcetest.BenchLoad(b, p, LoadTaskGraph, "dependencies", 900_000)
}

// TestGeneratedTaskGraphLoads checks the generator against the loader:
// 90 edges for 100 tasks in chains of ten.
func TestGeneratedTaskGraphLoads(t *testing.T) {
	var buf bytes.Buffer
	if err := genTaskGraph(&buf, 100); err != nil {
		t.Fatal(err)
	}
	d, err := LoadTaskGraph(&buf, source.Options{Name: "taskgraph.txt"})
	if err != nil {
		t.Fatal(err)
	}
	if n := d.Frames["dependencies"].NumRows(); n != 90 {
		t.Errorf("%d edges, want 90", n)
	}
}
