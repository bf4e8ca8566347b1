package slurmjson

import (
	stdjson "encoding/json"
	"time"

	"github.com/jobframe/jobframe/loaders/internal/spread"

	"github.com/jobframe/jobframe/loaders/internal/jsontext"
	"github.com/jobframe/jobframe/loaders/source"
)

// jobsPerWorker is the fewest jobs worth a goroutine of their own.
const jobsPerWorker = 256

// writeJobs decodes the document's jobs and writes their rows, on every
// core: each goroutine writes the rows of a run of jobs, and the runs'
// text is joined in order. A job that does not decode is reported in
// order (badJob): in strict mode the first one is the error.
func writeJobs(jobs []stdjson.RawMessage, loc *time.Location, doc []byte, p *source.Problems) (*writer, error) {
	parts := make([]*jobsPart, spread.Count(len(jobs), jobsPerWorker))
	spread.Ranges(len(jobs), jobsPerWorker, func(k, lo, hi int) {
		parts[k] = writePart(jobs, lo, hi, loc, !p.Lenient)
	})
	w := newWriter(loc)
	size := 0
	for _, pt := range parts {
		size += pt.w.b.Len()
	}
	w.b.Grow(size)
	for _, pt := range parts {
		for _, b := range pt.bad {
			if err := badJob(p, doc, jobs[b.index], b.index, b.err); err != nil {
				return nil, err
			}
		}
		w.b.WriteString(pt.w.b.String())
		w.lines = append(w.lines, pt.w.lines...)
	}
	return w, nil
}

// jobsPart is the rows of a run of jobs, and the jobs that did not
// decode.
type jobsPart struct {
	w   *writer
	bad []badIndex
}

// badIndex is a job that did not decode: its index and encoding/json's
// error (which names the member and its offset).
type badIndex struct {
	index int
	err   error
}

// writePart writes the rows of jobs[lo:hi]; in strict mode it stops at
// the first job that does not decode.
func writePart(jobs []stdjson.RawMessage, lo, hi int, loc *time.Location, strict bool) *jobsPart {
	pt := &jobsPart{w: newWriter(loc)}
	for i := lo; i < hi; i++ {
		var j job
		if err := decodeJob(jobs[i], &j); err != nil {
			pt.bad = append(pt.bad, badIndex{i, err})
			if strict {
				return pt
			}
			continue
		}
		pt.w.rows(&j, i)
	}
	return pt
}

// decodeJob decodes one job: goccy (a panic of its an error), and
// encoding/json's error when it does not decode, which names the member
// and its offset (goccy's, its Go field). The job's text is well formed:
// the fast path scanned it (jsontext.ScanValue), the general path read
// the document with jsontext.Unmarshal.
func decodeJob(raw []byte, j *job) error {
	err := jsontext.UnmarshalScanned(raw, j)
	if err != nil {
		if stdErr := stdjson.Unmarshal(raw, &job{}); stdErr != nil {
			err = stdErr
		}
	}
	return err
}

// joinJobs joins the rows of the fast path's jobs in order, each line
// given its job's index; a job that did not decode is reported in order
// (badJob): in strict mode the first one is the error.
func joinJobs(s *scanned, loc *time.Location, doc []byte, p *source.Problems) (*writer, error) {
	w := newWriter(loc)
	size, lines := 0, 0
	for _, jt := range s.jobs.All() {
		size, lines = size+len(jt.text), lines+len(jt.lines)
	}
	w.b.Grow(size)
	w.lines = make([]lineRef, 0, lines)
	for k, jt := range s.jobs.All() {
		if jt.err != nil {
			if err := badJob(p, doc, s.jobs.Elems[k], k, jt.err); err != nil {
				return nil, err
			}
			continue
		}
		w.b.WriteString(jt.text)
		for _, l := range jt.lines {
			l.job = k
			w.lines = append(w.lines, l)
		}
	}
	return w, nil
}
