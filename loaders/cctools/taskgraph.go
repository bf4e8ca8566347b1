package cctools

import (
	"bufio"
	"bytes"
	"fmt"
	"hash/maphash"
	"io"
	"math"
	"strconv"
	"strings"

	"github.com/jobframe/jobframe/frame"
	"github.com/jobframe/jobframe/frame/schema"
	"github.com/jobframe/jobframe/loaders/internal/bytesconv"
	"github.com/jobframe/jobframe/loaders/internal/records"
	"github.com/jobframe/jobframe/loaders/source"
)

// TaskGraph describes TaskVine's taskgraph log (vine-logs/taskgraph) to
// loaders.OpenWith.
func TaskGraph() source.Format {
	return source.Format{
		Name:        "taskvine-taskgraph",
		System:      "TaskVine",
		Description: "a TaskVine taskgraph log (text or Graphviz)",
		Sources:     []string{TaskVine},
		Frames:      []string{schema.Dependencies},
		Sniff:       func(_ string, head []byte) bool { return graphForm(source.FirstLine(head)) != "" },
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

// graphLine is one decoded line of a taskgraph log: what it says of
// files (views of the line, valid while it is applied), or what it
// should have been.
type graphLine struct {
	want     string // what was wanted, when the line does not read
	err      error
	task     int64          // the TASK line's or the edge's task
	mentions []graphMention // files read or written, in the line's order
	words    []string       // quotedFields' buffer, reused
	file     bool           // a FILE declaration: mentions[0], src and size
	src      string
	size     int64
	hasSize  bool
}

// Reusable lets the line pipeline recycle decoded lines.
func (l *graphLine) Reusable() {}

// graphMention is a file named by a line: its id, the id's hash (which
// picks its partition) and whether the task writes it.
type graphMention struct {
	id    string
	hash  uint64
	write bool
}

// graphDecoder decodes the lines of one form of taskgraph log; it is
// safe for use on several goroutines.
type graphDecoder struct {
	form string
	seed maphash.Seed
}

// LoadTaskGraph reads a TaskVine taskgraph log into the dependencies
// frame: one row per (task that writes a file, task that reads it),
// file_id the file's cached name, with its source and size (text form)
// as file_source and file_bytes. parent and child are TaskVine task ids,
// the task column of the same run's transactions log; job is null as
// there. Rows are in the order of the reads in the log, and the writers
// of one file in theirs.
//
// Lines are decoded on every core; the files they name are joined in
// partitions by the hash of their ids (see graphParts), each small
// enough for its index to stay in cache.
func LoadTaskGraph(r io.Reader, o source.Options) (*source.Dataset, error) {
	p := o.Problems(o.InputName())
	br := bufio.NewReaderSize(r, 64<<10)
	_, _ = br.Peek(1) // fills the buffer: the first line is read from it
	head, _ := br.Peek(br.Buffered())
	dec := graphDecoder{form: graphForm(source.FirstLine(head)), seed: maphash.MakeSeed()}
	g := newGraphParts()
	err := records.DecodedLines(br, p, 1, records.Workers(), dec.decode, func(line []byte, n int, l *graphLine) error {
		if n == 1 {
			if dec.form == "" {
				return &source.ParseError{File: p.File, Line: 1, Text: source.Clip(string(line), 80), Want: `"# taskvine taskgraph version 2" or digraph "taskvine" {`, Err: source.ErrBadHeader}
			}
			return nil
		}
		if l.want != "" {
			return p.Bad(n, "", string(line), l.want, l.err)
		}
		g.add(l)
		return nil
	})
	if err != nil {
		return nil, err
	}
	d := &source.Dataset{Source: TaskVine, Frames: map[string]*frame.Frame{}}
	if want := source.WantFrames(o); want == nil || want[schema.Dependencies] {
		d.Frames[schema.Dependencies] = g.frame()
	}
	d.Warnings = p.Finish()
	return o.Project(d, nil)
}

// decode reads one line of the decoder's form into l.
func (dec graphDecoder) decode(line []byte, l *graphLine) {
	*l = graphLine{mentions: l.mentions[:0], words: l.words[:0]}
	if len(line) > math.MaxUint32 { // graphRef keeps lengths in 32 bits
		l.want = "a line shorter than 4 GiB"
		return
	}
	if dec.form == "dot" {
		l.want, l.err = dec.dotLine(bytesconv.String(line), l)
	} else {
		l.want, l.err = dec.textLine(bytesconv.String(line), l)
	}
}

// mention appends file id to what l names.
func (dec graphDecoder) mention(l *graphLine, id string, write bool) {
	l.mentions = append(l.mentions, graphMention{id: id, hash: maphash.String(dec.seed, id), write: write})
}

// textLine reads a line of the text form: FILE id "source" size, or
// TASK Tn "program" INPUTS ids... OUTPUTS ids...; it returns what was
// wanted when the line does not read.
func (dec graphDecoder) textLine(line string, l *graphLine) (string, error) {
	if strings.TrimSpace(line) == "" || strings.HasPrefix(line, "#") {
		return "", nil
	}
	words, err := quotedFields(l.words, line)
	l.words = words
	if err != nil {
		return "a FILE or TASK record", err
	}
	switch {
	case len(words) == 4 && words[0] == "FILE":
		if words[3] != "" && words[3] != "-" {
			size, err := strconv.ParseInt(words[3], 10, 64)
			if err != nil || size < 0 {
				return `FILE id "source" size, size a byte count`, err
			}
			l.size, l.hasSize = size, true
		}
		l.file, l.src = true, words[2]
		dec.mention(l, words[1], false)
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
		l.task = id
		for _, f := range words[in+1 : out] {
			dec.mention(l, f, false)
		}
		for _, f := range words[out+1:] {
			dec.mention(l, f, true)
		}
		return "", nil
	}
	return `FILE id "source" size or TASK Tn "program" INPUTS ids... OUTPUTS ids...`, nil
}

// dotLine reads a line of the Graphviz form: node statements for
// "task-N" and "file-NAME", and edges file -> task (an input) and task
// -> file (an output). A file node alone says nothing the dependencies
// keep.
func (dec graphDecoder) dotLine(line string, l *graphLine) (string, error) {
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
			l.task = t
			dec.mention(l, from[len("file-"):], false)
			return "", nil
		}
		if t, isTask := taskNumber(from, "task-"); isTask && strings.HasPrefix(to, "file-") {
			l.task = t
			dec.mention(l, to[len("file-"):], true)
			return "", nil
		}
		return `an edge between a "file-NAME" and a "task-N"`, nil
	}
	name, _, _ := strings.Cut(stmt, " [")
	node, ok := unquote(name)
	switch {
	case ok && strings.HasPrefix(node, "file-"):
		return "", nil
	case ok && strings.HasPrefix(node, "task-"):
		if _, ok := taskNumber(node, "task-"); ok {
			return "", nil
		}
	}
	return `a node "task-N" or "file-NAME", or an edge`, nil
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
