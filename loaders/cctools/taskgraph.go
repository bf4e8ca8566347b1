package cctools

import (
	"bytes"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/jobframe/jobframe/frame"
	"github.com/jobframe/jobframe/frame/schema"
	"github.com/jobframe/jobframe/loaders/internal/bytesconv"
	"github.com/jobframe/jobframe/loaders/internal/columns"
	"github.com/jobframe/jobframe/loaders/internal/records"
	"github.com/jobframe/jobframe/loaders/source"
)

// TaskGraph describes TaskVine's taskgraph log (vine-logs/taskgraph) to
// loaders.OpenWith.
func TaskGraph() source.Format {
	return source.Format{
		Name:   "taskvine taskgraph",
		Frames: []string{schema.Dependencies},
		Sniff:  func(_ string, head []byte) bool { return graphForm(source.FirstLine(head)) != "" },
		Load: func(in []source.Input, o source.Options) (*source.Dataset, error) {
			return source.LoadOne(in, o, LoadTaskGraph)
		},
	}
}

// graphForm tells the taskgraph's form by its first line: "text" for
// "# taskvine taskgraph version 2" (7.17 and later), "dot" for the
// Graphviz digraph "taskvine" of other builds; "" for neither.
func graphForm(first []byte) string {
	switch {
	case bytes.HasPrefix(first, []byte("# taskvine taskgraph version ")):
		return "text"
	case bytes.Equal(bytes.TrimSpace(first), []byte(`digraph "taskvine" {`)):
		return "dot"
	}
	return ""
}

// graphFile is a file node: its source and size when the log says.
type graphFile struct {
	source    string
	size      int64
	hasSource bool
	hasSize   bool
	producers []int64 // tasks that write it
}

// taskGraph is what a taskgraph log says: files and, per task in order,
// the files it reads. Files are held by value and named by their place
// (a graph of a million tasks has millions of files: few pointers keep
// the collector's work small).
type taskGraph struct {
	index map[string]int32 // file id → place in files and ids
	files []graphFile
	ids   []string
	reads []graphRead
	words []string // quotedFields' buffer, reused line after line
}

type graphRead struct {
	task int64
	file int32
}

func newTaskGraph() *taskGraph { return &taskGraph{index: map[string]int32{}} }

// fileOf returns the place of the file of cached name id (a view of the
// line, copied when new), new if not seen before.
func (g *taskGraph) fileOf(id string) int32 {
	k, ok := g.index[id]
	if !ok {
		id = strings.Clone(id)
		k = int32(len(g.files))
		g.index[id] = k
		g.files = append(g.files, graphFile{})
		g.ids = append(g.ids, id)
	}
	return k
}

// LoadTaskGraph reads a TaskVine taskgraph log into the dependencies
// frame: one row per (task that writes a file, task that reads it),
// file_id the file's cached name, with its source and size (text form)
// as file_source and file_bytes. parent and child are TaskVine task ids,
// the task column of the same run's transactions log; job is null as
// there.
func LoadTaskGraph(r io.Reader, o source.Options) (*source.Dataset, error) {
	p := &source.Problems{File: o.InputName(), Lenient: o.Lenient}
	g := newTaskGraph()
	form := ""
	err := records.EachLine(r, p, func(line []byte, n int) error {
		if n == 1 {
			if form = graphForm(line); form == "" {
				return &source.ParseError{File: p.File, Line: 1, Text: source.Clip(string(line), 80), Want: `"# taskvine taskgraph version 2" or digraph "taskvine" {`, Err: source.ErrBadHeader}
			}
			return nil
		}
		// The line is read through a view: what is kept is copied.
		var want string
		var err error
		if form == "text" {
			want, err = g.textLine(bytesconv.String(line))
		} else {
			want, err = g.dotLine(bytesconv.String(line))
		}
		if want != "" {
			return p.Bad(n, "", string(line), want, err)
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	d := &source.Dataset{Source: "taskvine", Frames: map[string]*frame.Frame{}}
	if want := source.WantFrames(o); want == nil || want[schema.Dependencies] {
		d.Frames[schema.Dependencies] = g.frame()
	}
	d.Warnings = p.Finish()
	return o.Project(d, nil)
}

// textLine reads a line of the text form: FILE id "source" size, or
// TASK Tn "program" INPUTS ids... OUTPUTS ids...; it returns what was
// wanted when the line does not read.
func (g *taskGraph) textLine(line string) (string, error) {
	if strings.TrimSpace(line) == "" || strings.HasPrefix(line, "#") {
		return "", nil
	}
	words, err := quotedFields(g.words[:0], line)
	g.words = words
	if err != nil {
		return "a FILE or TASK record", err
	}
	switch {
	case len(words) == 4 && words[0] == "FILE":
		f := &g.files[g.fileOf(words[1])]
		f.source, f.hasSource = strings.Clone(words[2]), true
		if words[3] != "" && words[3] != "-" {
			size, err := strconv.ParseInt(words[3], 10, 64)
			if err != nil || size < 0 {
				return `FILE id "source" size, size a byte count`, err
			}
			f.size, f.hasSize = size, true
		}
		return "", nil
	case len(words) >= 4 && words[0] == "TASK":
		id, ok := taskNumber(words[1], "T")
		if !ok {
			return "TASK T<id> (a task id such as T12)", nil
		}
		in := indexOf(words, "INPUTS")
		out := indexOf(words, "OUTPUTS")
		if in != 3 || out < in {
			return `TASK Tn "program" INPUTS ids... OUTPUTS ids...`, nil
		}
		for _, f := range words[in+1 : out] {
			g.reads = append(g.reads, graphRead{id, g.fileOf(f)})
		}
		for _, f := range words[out+1:] {
			k := g.fileOf(f)
			g.files[k].producers = append(g.files[k].producers, id)
		}
		return "", nil
	}
	return `FILE id "source" size or TASK Tn "program" INPUTS ids... OUTPUTS ids...`, nil
}

// dotLine reads a line of the Graphviz form: node statements for
// "task-N" and "file-NAME", and edges file -> task (an input) and task
// -> file (an output).
func (g *taskGraph) dotLine(line string) (string, error) {
	s := strings.TrimSpace(line)
	if s == "" || s == "}" || strings.HasPrefix(s, "node ") || strings.HasPrefix(s, "//") {
		return "", nil
	}
	stmt, ok := strings.CutSuffix(s, ";")
	if !ok {
		return "a statement ending in ;", nil
	}
	if a, b, edge := strings.Cut(stmt, " -> "); edge {
		from, ok1 := unquote(a)
		to, ok2 := unquote(b)
		if !ok1 || !ok2 {
			return `an edge "file-NAME" -> "task-N" or "task-N" -> "file-NAME"`, nil
		}
		if t, isTask := taskNumber(to, "task-"); isTask && strings.HasPrefix(from, "file-") {
			g.reads = append(g.reads, graphRead{t, g.fileOf(from[len("file-"):])})
			return "", nil
		}
		if t, isTask := taskNumber(from, "task-"); isTask && strings.HasPrefix(to, "file-") {
			f := &g.files[g.fileOf(to[len("file-"):])]
			f.producers = append(f.producers, t)
			return "", nil
		}
		return `an edge between a "file-NAME" and a "task-N"`, nil
	}
	name, _, _ := strings.Cut(stmt, " [")
	node, ok := unquote(name)
	switch {
	case ok && strings.HasPrefix(node, "file-"):
		g.fileOf(node[len("file-"):])
		return "", nil
	case ok && strings.HasPrefix(node, "task-"):
		if _, ok := taskNumber(node, "task-"); ok {
			return "", nil
		}
	}
	return `a node "task-N" or "file-NAME", or an edge`, nil
}

// frame builds the dependencies: for each read, in the log's order, one
// row per task that writes the file read.
func (g *taskGraph) frame() *frame.Frame {
	var parent, child, size columns.Int
	var file, src columns.Str
	for _, rd := range g.reads {
		f := &g.files[rd.file]
		for _, by := range f.producers {
			if by == rd.task {
				continue // a task that reads what it writes depends on nothing
			}
			parent.Add(by)
			child.Add(rd.task)
			file.Add(g.ids[rd.file])
			src.Opt(f.source, f.hasSource)
			size.Opt(f.size, f.hasSize)
		}
	}
	n := len(parent.V)
	return frame.New(frame.StringCol("job", make([]string, n), make([]bool, n)), parent.Col("parent"), child.Col("child"),
		file.Col("file_id"), src.Col("file_source"), size.Col("file_bytes"))
}

// quotedFields appends to out the fields of s split on spaces, a
// "quoted" field (which TaskVine does not escape) being one field
// without its quotes.
func quotedFields(out []string, s string) ([]string, error) {
	for s = strings.TrimLeft(s, " "); s != ""; s = strings.TrimLeft(s, " ") {
		if s[0] == '"' {
			end := strings.IndexByte(s[1:], '"')
			if end < 0 {
				return out, fmt.Errorf("unterminated quote")
			}
			out = append(out, s[1:1+end])
			s = s[end+2:]
			continue
		}
		word, rest, _ := strings.Cut(s, " ")
		out = append(out, word)
		s = rest
	}
	return out, nil
}

// taskNumber reads the id of "T12" or "task-12" (prefix given).
func taskNumber(s, prefix string) (int64, bool) {
	num, ok := strings.CutPrefix(s, prefix)
	if !ok {
		return 0, false
	}
	v, err := strconv.ParseInt(num, 10, 64)
	return v, err == nil && v >= 0
}

// unquote returns s without its surrounding quotes (Graphviz ids).
func unquote(s string) (string, bool) {
	s = strings.TrimSpace(s)
	if len(s) >= 2 && s[0] == '"' && s[len(s)-1] == '"' {
		return s[1 : len(s)-1], true
	}
	return s, s != "" && !strings.ContainsAny(s, " \"")
}

func indexOf(words []string, w string) int {
	for i, x := range words {
		if x == w {
			return i
		}
	}
	return -1
}
