package cctools

import (
	"fmt"
	"math/rand/v2"
	"runtime"
	"strings"
	"testing"

	"github.com/jobframe/jobframe/loaders/source"
	"github.com/jobframe/jobframe/loaders/sourcetest"
)

// The same three-task graph in both forms: T1 writes temp-a; T2 reads
// temp-a and writes temp-b; T3 reads both. By hand, the edges are
// 1→2 (temp-a), 1→3 (temp-a), 2→3 (temp-b).
const (
	graphText = `# taskvine taskgraph version 2
# TASK taskid "program" INPUTS fileid1 fileid fileid3 ... OUTPUTS fileid4 fileid5 ...
# FILE fileid "source" size
FILE file-meta-1 "my prog.sh" 350768
FILE temp-a "temp" 0
FILE temp-b "temp" 7
TASK T1 "my prog.sh" INPUTS file-meta-1 OUTPUTS temp-a 
TASK T2 "my prog.sh" INPUTS file-meta-1 temp-a OUTPUTS temp-b 
TASK T3 "my prog.sh" INPUTS temp-a temp-b OUTPUTS 
# end
`
	graphDot = `digraph "taskvine" {
node [style=filled,font=Helvetica,fontsize=10];
"file-file-meta-1" [shape=rect,color=blue,label="my prog.sh"];
"file-temp-a" [shape=rect,color=blue,label=""];
"task-1" [color=green,label="1"];
"file-file-meta-1" -> "task-1";
"task-1" -> "file-temp-a";
"task-2" [color=green,label="2"];
"file-file-meta-1" -> "task-2";
"file-temp-a" -> "task-2";
"task-2" -> "file-temp-b";
"task-3" [color=green,label="3"];
"file-temp-a" -> "task-3";
"file-temp-b" -> "task-3";
}
`
)

func TestTaskGraphForms(t *testing.T) {
	for _, c := range []struct{ name, in, want string }{
		{"text", graphText, "parent,child,file_id,file_source,file_bytes\n1,2,temp-a,temp,0\n1,3,temp-a,temp,0\n2,3,temp-b,temp,7\n"},
		{"dot", graphDot, "parent,child,file_id,file_source,file_bytes\n1,2,temp-a,,\n1,3,temp-a,,\n2,3,temp-b,,\n"},
	} {
		d, err := LoadTaskGraph(strings.NewReader(c.in), source.Options{Name: c.name})
		if err != nil {
			t.Fatal(err)
		}
		sourcetest.Conform(t, d)
		got := sourcetest.CSV(t, sourcetest.Frame(t, d, "dependencies").Select("parent", "child", "file_id", "file_source", "file_bytes"))
		if got != c.want {
			t.Errorf("%s:\n got %s\nwant %s", c.name, got, c.want)
		}
	}
}

// TestTaskGraphSamples: the two real logs have no file passed between
// tasks (README of shared/data: 35 FILE and 16 TASK lines; 4 file nodes,
// no edges), so they load with no dependency.
func TestTaskGraphSamples(t *testing.T) {
	for _, name := range []string{"realrun_vine_7.17.1_taskgraph.txt", "cctools-test_2025-04-25_taskgraph.dot"} {
		d := sourcetest.LoadFile(t, sourcetest.Bundled("taskvine/"+name), LoadTaskGraph, source.Options{})
		sourcetest.Conform(t, d)
		if n := sourcetest.Frame(t, d, "dependencies").NumRows(); n != 0 || len(d.Warnings) != 0 {
			t.Errorf("%s: %d dependencies, warnings %v; want none", name, n, d.Warnings)
		}
	}
}

func TestTaskGraphBadLines(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"# taskvine taskgraph version 2\nTASK 7 \"p\" INPUTS OUTPUTS\n", `g:2: got "TASK 7 \"p\" INPUTS OUTPUTS", want TASK T<id>`},
		{"# taskvine taskgraph version 2\nFILE x \"s\" big\n", `g:2: got "FILE x \"s\" big", want FILE id "source" size, size a byte count`},
		{"# taskvine taskgraph version 2\nFILE x \"s 1\n", "unterminated quote"},
		{"digraph \"taskvine\" {\n\"task-1\" -> \"task-2\";\n", `g:2: got "\"task-1\" -> \"task-2\";", want an edge between a "file-NAME" and a "task-N"`},
		{"graph x\n", `g:1: got "graph x", want "# taskvine taskgraph version 2" or digraph "taskvine" {`},
	} {
		_, err := LoadTaskGraph(strings.NewReader(c.in), source.Options{Name: "g"})
		sourcetest.MustContain(t, err, c.want)
	}
}

func FuzzLoadTaskGraph(f *testing.F) {
	f.Add(graphText)
	f.Add(graphDot)
	f.Fuzz(func(t *testing.T, in string) {
		sourcetest.Contract(t, in, func(s string, o source.Options) (*source.Dataset, error) {
			return LoadTaskGraph(strings.NewReader(s), o)
		})
	})
}

// TestTaskGraphRandom checks the partitioned join against edges listed
// by nested loops over a random graph, written in both forms: reads
// before and after the writes, files with several writers, tasks that
// read what they write, a file written twice by one task, declarations
// repeated or with no size, on one core and on four.
func TestTaskGraphRandom(t *testing.T) {
	type task struct {
		id      int
		in, out []string
	}
	type decl struct{ src, size string }
	rng := rand.New(rand.NewPCG(7, 23))
	file := func() string { return fmt.Sprintf("temp-rnd-%d", rng.IntN(3000)) }
	var text, dot strings.Builder
	text.WriteString("# taskvine taskgraph version 2\n")
	dot.WriteString("digraph \"taskvine\" {\n")
	var tasks []task
	decls := map[string]decl{}
	for i := 1; i <= 5000; i++ {
		if rng.IntN(2) == 0 {
			f, d := file(), decl{src: fmt.Sprintf("src %d", rng.IntN(9)), size: "-"}
			if rng.IntN(3) > 0 {
				d.size = fmt.Sprint(rng.IntN(100000))
			}
			if old, ok := decls[f]; ok && d.size == "-" {
				d.size = old.size // a FILE line without a size keeps the one known
			}
			fmt.Fprintf(&text, "FILE %s \"%s\" %s\n", f, d.src, map[bool]string{true: "-", false: d.size}[d.size == "-"])
			decls[f] = d
		}
		tk := task{id: rng.IntN(4000) + 1}
		for n := rng.IntN(5); n > 0; n-- {
			tk.in = append(tk.in, file())
		}
		for n := rng.IntN(4); n > 0; n-- {
			tk.out = append(tk.out, file())
		}
		if len(tk.in) > 0 && rng.IntN(10) == 0 {
			tk.out = append(tk.out, tk.in[0]) // reads what it writes
		}
		tasks = append(tasks, tk)
		fmt.Fprintf(&text, "TASK T%d \"prog\" INPUTS %s OUTPUTS %s\n", tk.id, strings.Join(tk.in, " "), strings.Join(tk.out, " "))
		fmt.Fprintf(&dot, "\"task-%d\" [color=green];\n", tk.id)
		for _, f := range tk.in {
			fmt.Fprintf(&dot, "\"file-%s\" -> \"task-%d\";\n", f, tk.id)
		}
		for _, f := range tk.out {
			fmt.Fprintf(&dot, "\"task-%d\" -> \"file-%s\";\n", tk.id, f)
		}
	}
	dot.WriteString("}\n")
	var wantText, wantDot strings.Builder
	wantText.WriteString("parent,child,file_id,file_source,file_bytes\n")
	wantDot.WriteString(wantText.String())
	for _, reader := range tasks {
		for _, f := range reader.in {
			for _, writer := range tasks {
				for _, g := range writer.out {
					if g != f || writer.id == reader.id {
						continue
					}
					d, ok := decls[f]
					size := d.size
					if size == "-" {
						size = ""
					}
					if !ok {
						d.src = ""
					}
					fmt.Fprintf(&wantText, "%d,%d,%s,%s,%s\n", writer.id, reader.id, f, d.src, size)
					fmt.Fprintf(&wantDot, "%d,%d,%s,,\n", writer.id, reader.id, f)
				}
			}
		}
	}
	if n := strings.Count(wantText.String(), "\n"); n < 1000 {
		t.Fatalf("the random graph has %d edges; want a thousand or more", n-1)
	}
	for _, procs := range []int{1, 4} {
		old := runtime.GOMAXPROCS(procs)
		for _, c := range []struct{ form, in, want string }{{"text", text.String(), wantText.String()}, {"dot", dot.String(), wantDot.String()}} {
			d, err := LoadTaskGraph(strings.NewReader(c.in), source.Options{Name: c.form})
			if err != nil {
				t.Fatal(err)
			}
			got := sourcetest.CSV(t, sourcetest.Frame(t, d, "dependencies").Select("parent", "child", "file_id", "file_source", "file_bytes"))
			if got != c.want {
				t.Errorf("%s, GOMAXPROCS %d: %d bytes of CSV, want %d; first lines:\n%s\nwant\n%s", c.form, procs, len(got), len(c.want), clipLines(got, 5), clipLines(c.want, 5))
			}
		}
		runtime.GOMAXPROCS(old)
	}
}

// clipLines returns the first n lines of s.
func clipLines(s string, n int) string {
	lines := strings.SplitN(s, "\n", n+1)
	return strings.Join(lines[:min(n, len(lines))], "\n")
}
