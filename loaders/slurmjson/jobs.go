package slurmjson

import (
	stdjson "encoding/json"
	"fmt"
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
		raw := jobs[i]
		var j job
		if err := jsontext.Unmarshal(raw, &j); err != nil { // goccy, a panic of its an error
			// encoding/json names the member and its offset; goccy, which
			// reads the good ones fast, its Go field
			if stdErr := stdjson.Unmarshal(raw, &job{}); stdErr != nil {
				err = stdErr
			}
			pt.bad = append(pt.bad, badIndex{i, err})
			if strict {
				return pt
			}
			continue
		}
		pt.w.add(pt.w.jobRow(&j), fmt.Sprintf("jobs[%d] (job %s)", i, jobIDText(&j)))
		for k := range j.Steps {
			pt.w.add(pt.w.stepRow(&j, &j.Steps[k]), fmt.Sprintf("jobs[%d].steps[%d] (step %s)", i, k, j.Steps[k].Step.Name))
		}
	}
	return pt
}
