package wfcommons

import (
	"fmt"
	"runtime"
	"sync"

	"github.com/jobframe/jobframe/loaders/internal/jsontext"
)

// taskList is a JSON array of tasks, decoded in two steps: the
// document's decoder keeps the array's text, and decode reads its
// elements on every core. A task list is most of an instance (its
// files, commands and machines), so the one decoder thread that reads
// the rest would otherwise bound the load.
type taskList struct {
	raw   []byte // the array as written (nil: absent or null)
	items []task
}

// UnmarshalJSON keeps the array's text for decode. Both decoders used
// here hand over bytes that are not written again (encoding/json a
// slice of the document, goccy/go-json a copy), so no copy is made.
func (l *taskList) UnmarshalJSON(b []byte) error {
	if string(b) == "null" {
		l.raw = nil
		return nil
	}
	l.raw = b
	return nil
}

// taskError is a task that did not decode: element index of the list
// at path, its text, and the decoder's error (whose offset is within
// elem).
type taskError struct {
	path  string
	index int
	elem  []byte
	err   error
}

func (e *taskError) Error() string { return fmt.Sprintf("%s[%d]: %v", e.path, e.index, e.err) }
func (e *taskError) Unwrap() error { return e.err }

// minPerWorker is the fewest tasks worth a goroutine of their own.
const minPerWorker = 256

// decodeTask decodes one task object into a zero task.
type decodeTask func(elem []byte, t *task) error

// decode reads the kept array into l.items, splitting the elements
// between GOMAXPROCS goroutines, each with a decoder of its own from
// newDecoder; path names the list in errors. The first task in order
// that does not decode is the error.
func (l *taskList) decode(path string, newDecoder func() decodeTask) error {
	if l.raw == nil {
		return nil
	}
	elems, err := splitArray(l.raw)
	if err != nil {
		return &taskError{path: path, index: -1, elem: l.raw, err: err}
	}
	l.items = make([]task, len(elems))
	workers := min(runtime.GOMAXPROCS(0), max(1, len(elems)/minPerWorker))
	errs := make([]*taskError, workers)
	var wg sync.WaitGroup
	for w := range workers {
		lo, hi := w*len(elems)/workers, (w+1)*len(elems)/workers
		wg.Add(1)
		go func() {
			defer wg.Done()
			unmarshal := newDecoder()
			for i := lo; i < hi; i++ {
				if err := unmarshal(elems[i], &l.items[i]); err != nil {
					errs[w] = &taskError{path: path, index: i, elem: elems[i], err: err}
					return
				}
			}
		}()
	}
	wg.Wait()
	for _, e := range errs {
		if e != nil {
			return e
		}
	}
	return nil
}

// splitArray returns the elements of the JSON array b, checking its
// syntax: its brackets, each element, and a comma between elements.
func splitArray(b []byte) ([][]byte, error) {
	i := jsontext.SkipWS(b, 0)
	if i >= len(b) || b[i] != '[' {
		return nil, &arrayError{off: i, want: "a list of tasks"}
	}
	var elems [][]byte
	i = jsontext.SkipWS(b, i+1)
	if i < len(b) && b[i] == ']' {
		return elems, trailing(b, i+1)
	}
	for {
		end, err := jsontext.ScanValue(b, i, 1)
		if err != nil {
			return nil, err
		}
		elems = append(elems, b[i:end])
		i = jsontext.SkipWS(b, end)
		switch {
		case i < len(b) && b[i] == ',':
			i = jsontext.SkipWS(b, i+1)
		case i < len(b) && b[i] == ']':
			return elems, trailing(b, i+1)
		default:
			return nil, &arrayError{off: i, want: "',' or ']' after a task"}
		}
	}
}

// trailing checks that only white space follows the array's end at i.
func trailing(b []byte, i int) error {
	if i = jsontext.SkipWS(b, i); i < len(b) {
		return &arrayError{off: i, want: "nothing after the list of tasks"}
	}
	return nil
}

// arrayError is a task list that is not a JSON array; off is its byte
// offset in the list's text.
type arrayError struct {
	off  int
	want string
}

func (e *arrayError) Error() string { return "want " + e.want }
