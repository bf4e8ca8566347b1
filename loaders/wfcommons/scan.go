package wfcommons

import (
	"encoding/json"
	"errors"
	"strings"

	"github.com/jobframe/jobframe/loaders/internal/bytesconv"
	"github.com/jobframe/jobframe/loaders/internal/jsontext"
)

// The task lists are nearly all of an instance. The general path checks
// the document's syntax, decodes it with goccy/go-json (which skips each
// list to keep its text), splits the lists and decodes their tasks: four
// passes over them, three serial. scanInstance makes one pass: it checks
// the document and, as it meets a task list, cuts it and hands its
// tasks to the decoding goroutines, which check each task whole as they
// read it (jsontext.Array.CutDecode); encoding/json then decodes the
// rest of the document, the lists cut out.

// errOffPath ends scanInstance's walk: the general path reads the
// document.
var errOffPath = errors.New("not on the one-scan path")

// taskList is a task list met by the scan: where it is, its path and
// its decoded tasks.
type taskList struct {
	path       string // workflow.tasks, workflow.specification.tasks or workflow.execution.tasks
	start, end int    // its text in the document
	tasks      jsontext.Array[task]
}

// instanceScan is the walk of one document.
type instanceScan struct {
	doc   []byte
	lists []taskList
	seen  map[string]bool // paths of the objects and lists met
}

// scanInstance reads doc in one scan (see above); it returns nil for
// anything it does not read exactly as the general path would: a name
// not in ASCII in an object on the way to a task list (it may fold to
// one), an object or list on that way given twice, a task list that is
// not a list, a task the hand decoder does not read, bad syntax. The
// general path then reads the document or says what is wrong with it.
func scanInstance(doc []byte) *instance {
	s := &instanceScan{doc: doc, seen: map[string]bool{}}
	if jsontext.WholeObject(doc, func(i int) (int, error) { return s.object(i, 0, "") }) != nil {
		return nil
	}
	rest := make([]byte, 0, len(doc)-s.listBytes()+2*len(s.lists))
	at := 0
	for _, l := range s.lists {
		rest = append(append(rest, doc[at:l.start]...), "[]"...)
		at = l.end
	}
	rest = append(rest, doc[at:]...)
	in := new(instance)
	if json.Unmarshal(rest, in) != nil {
		return nil
	}
	wf := &in.Workflow
	for _, l := range s.lists {
		switch {
		case l.path == "workflow.tasks":
			wf.Tasks = l.tasks
		case l.path == "workflow.specification.tasks" && wf.Specification != nil:
			wf.Specification.Tasks = l.tasks
		case l.path == "workflow.execution.tasks" && wf.Execution != nil:
			wf.Execution.Tasks = l.tasks
		}
	}
	return in
}

// listBytes is the length of the task lists' text.
func (s *instanceScan) listBytes() int {
	n := 0
	for _, l := range s.lists {
		n += l.end - l.start
	}
	return n
}

// object walks the object at doc[i] (at depth, reached by path): the
// members on the way to a task list are followed, the others checked.
func (s *instanceScan) object(i, depth int, path string) (int, error) {
	return jsontext.ScanMembersWith(s.doc, i, depth, func(key []byte, i int) (int, error) {
		name := strings.ToLower(bytesconv.String(key))
		var inner string
		switch {
		case path == "" && name == "workflow":
			inner = name
		case path == "workflow" && (name == "specification" || name == "execution"):
			inner = path + "." + name
		case path != "" && name == "tasks":
			return s.list(i, depth+1, path+".tasks")
		case !bytesconv.IsASCII(key): // it may fold to one of the names above
			return i, errOffPath
		default:
			return jsontext.ScanValue(s.doc, i, depth+1)
		}
		if s.seen[inner] {
			return i, errOffPath
		}
		s.seen[inner] = true
		if i < len(s.doc) && s.doc[i] == '{' {
			if depth+1 >= jsontext.MaxDepth {
				return i, errOffPath
			}
			return s.object(i, depth+1, inner)
		}
		return jsontext.ScanValue(s.doc, i, depth+1)
	})
}

// list reads the task list at doc[i] (at depth): split, and its tasks
// decoded by hand as they are split.
func (s *instanceScan) list(i, depth int, path string) (int, error) {
	if s.seen[path] {
		return i, errOffPath
	}
	s.seen[path] = true
	switch {
	case i < len(s.doc) && s.doc[i] == 'n':
		return jsontext.ScanValue(s.doc, i, depth) // null: no list, as goccy reads it
	case i >= len(s.doc) || s.doc[i] != '[':
		return i, errOffPath // not a list: the general path says so
	}
	l := taskList{path: path, start: i}
	// the task decoder checks each task whole: the list is only cut here
	end, bad, err := l.tasks.CutDecode(s.doc, i, depth, func() func([]byte, *task) error { return new(taskDecoder).decode })
	if err == nil && bad != nil {
		err = errOffPath
	}
	l.end = end
	s.lists = append(s.lists, l)
	return end, err
}
