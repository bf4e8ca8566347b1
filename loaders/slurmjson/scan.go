package slurmjson

import (
	"errors"
	"strings"
	"time"

	"github.com/jobframe/jobframe/loaders/internal/jsontext"
)

// The fast path of a document: the calling goroutine checks the top
// object and cuts its jobs array at the elements (jsontext.ScanValue, so
// each job is valid JSON), and every 256 jobs go to GOMAXPROCS
// goroutines that decode them and write their rows while the cut goes
// on (jsontext.Array.SplitDecode). A document it does not read as
// encoding/json would (a syntax error, jobs that are not a list, a
// member given twice) goes to the general path, goccy over the whole
// document then encoding/json to name what is wrong.

// errOffPath sends a document to the general path.
var errOffPath = errors.New("slurmjson: off the fast path")

// scanned is what the fast path read of a document: its jobs, and
// whether it has them.
type scanned struct {
	jobs jsontext.Array[jobText]
	seen bool
}

// jobText is one job's rows as text, with the record of each line, or
// the error that kept it from decoding (encoding/json's, naming the
// member).
type jobText struct {
	text  string
	lines []lineRef
	err   error
}

// scanDocument reads doc on the fast path; errOffPath sends it to the
// general path. Only jobs is read (errors matters to a document
// without jobs, which the general path reads); a member whose name
// encoding/json would take for jobs but is not "jobs" (its matching
// ignores case), or jobs given twice, is off the path.
func scanDocument(doc []byte, loc *time.Location) (*scanned, error) {
	s := &scanned{}
	err := jsontext.WholeObject(doc, func(i int) (int, error) {
		return jsontext.ScanMembersWith(doc, i, 0, func(key []byte, i int) (int, error) {
			if !strings.EqualFold(string(key), "jobs") {
				return jsontext.ScanValue(doc, i, 1)
			}
			if string(key) != "jobs" || s.seen || i >= len(doc) || doc[i] != '[' {
				return i, errOffPath
			}
			s.seen = true
			end, bad, err := s.jobs.SplitDecode(doc, i, 1, func() func([]byte, *jobText) error { return newJobWriter(loc).decode })
			if err == nil && bad != nil { // the decoder reports no error: never
				err = errOffPath
			}
			return end, err
		})
	})
	if err != nil {
		return nil, errOffPath
	}
	return s, nil
}

// jobWriter decodes jobs and writes their rows into a text of its own
// (one per decoding goroutine); each job's rows are a slice of it.
type jobWriter struct {
	w *writer
}

func newJobWriter(loc *time.Location) *jobWriter { return &jobWriter{w: newWriter(loc)} }

// decode reads one job into its rows; a job that does not decode is
// kept as its error (never returned: a lenient load reads on).
func (jw *jobWriter) decode(elem []byte, out *jobText) error {
	var j job
	if err := decodeJob(elem, &j); err != nil {
		out.err = err
		return nil
	}
	start, lines := jw.w.b.Len(), len(jw.w.lines)
	jw.w.rows(&j, -1)
	out.text = jw.w.b.String()[start:]
	out.lines = jw.w.lines[lines:len(jw.w.lines):len(jw.w.lines)]
	return nil
}
