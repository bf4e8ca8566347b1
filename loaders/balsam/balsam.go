package balsam

import (
	"bytes"
	"fmt"
	"io"
	"maps"
	"slices"

	"github.com/jobframe/jobframe/frame"
	"github.com/jobframe/jobframe/frame/schema"
	"github.com/jobframe/jobframe/loaders/internal/columns"
	"github.com/jobframe/jobframe/loaders/internal/records"
	"github.com/jobframe/jobframe/loaders/source"
)

// Files names the readers of one Balsam dataset; any may be nil.
type Files struct {
	Events, Jobs, BatchJobs io.Reader
	// Names name the three inputs in errors (default "events", "jobs",
	// "batchjobs").
	EventsName, JobsName, BatchJobsName string
}

// balsamKind tells events, jobs and batch jobs apart by their fields.
func balsamKind(head []byte) string {
	switch {
	case bytes.Contains(head, []byte(`"to_state"`)):
		return "events"
	case bytes.Contains(head, []byte(`"node_packing_count"`)) || bytes.Contains(head, []byte(`"batch_job_id"`)):
		return "jobs"
	case bytes.Contains(head, []byte(`"filter_tags"`)) || bytes.Contains(head, []byte(`"job_mode"`)):
		return "batchjobs"
	}
	return ""
}

// Load reads Balsam events, jobs and batch jobs together. Records
// are cut and decoded on both cores (records.DecodedJSON); the frames are built
// column by column, the job tags once per job and gathered onto events
// and attempts.
func Load(in Files, o source.Options) (*source.Dataset, error) {
	return o.Project(loadBalsam(in, o))
}

// loadBalsam is LoadBalsam without the projection on o.Columns.
func loadBalsam(in Files, o source.Options) (*source.Dataset, error) {
	names := []string{orDefault(in.EventsName, "events"), orDefault(in.JobsName, "jobs"), orDefault(in.BatchJobsName, "batchjobs")}
	d := &source.Dataset{Source: Source, Frames: map[string]*frame.Frame{}}
	want := source.WantFrames(o)
	wants := func(f string) bool { return want == nil || want[f] }
	b := &balsamBuilder{tagCols: map[string]*columns.Str{}, o: o, jobCols: wants(schema.Tasks) || wants(schema.Jobs)}
	b.tagText = b.jobCols || wants(schema.Events) && o.Keeps(schema.Events, "tags")
	b.evStream = o.Batch != nil && wants(schema.Events)
	b.evKeepAll = wants(schema.Tasks) || wants(schema.Jobs)
	// ids and paths are distinct per job: plain text from the start, no
	// dictionary to fill and drop
	b.jb.job.Plain, b.jb.workdir.Plain, b.ev.job.Plain = &columns.Text{}, &columns.Text{}, &columns.Text{}
	evCol := func(c string) bool { return wants(schema.Events) && o.Keeps(schema.Events, c) }
	b.ev.keep.job, b.ev.keep.data = evCol("job"), evCol("data")
	b.ev.keep.rc, b.ev.keep.errT = evCol("returncode") || wants(schema.Tasks), evCol("error") || wants(schema.Tasks)
	var warnings []source.Warning
	load := func(r io.Reader, name string, run func(*source.Problems) error) error {
		if r == nil {
			return nil
		}
		p := *o.Problems(name)
		if err := run(&p); err != nil {
			return err
		}
		warnings = append(warnings, p.Finish()...)
		return nil
	}
	// The event columns are sized while the jobs load: making room for
	// millions of rows is page faults and zeroing, work for a core the
	// jobs leave idle at times (reserveEvents touches only b.ev and
	// b.evSlot, which the jobs do not).
	var reserved chan struct{}
	if n := source.EstimateRecords(in.Events, `"to_state"`); n > 0 {
		reserved = make(chan struct{})
		go func() {
			b.reserveEvents(n)
			close(reserved)
		}()
	}
	if err := load(in.Jobs, names[1], func(p *source.Problems) error {
		d.Files = append(d.Files, names[1])
		if n := source.EstimateRecords(in.Jobs, `"workdir"`); n > 0 {
			b.reserveJobs(n)
		}
		return records.DecodedJSON(in.Jobs, p, records.Workers(), decodeBalsamJob, decodeBalsamJobAt, b.addJob(p))
	}); err != nil {
		return nil, err
	}
	if err := load(in.BatchJobs, names[2], func(p *source.Problems) error {
		d.Files = append(d.Files, names[2])
		return records.DecodedJSON(in.BatchJobs, p, records.Workers(), decodeBalsamBatchJob, decodeBalsamBatchJobAt, b.addBatchJob(p))
	}); err != nil {
		return nil, err
	}
	b.jobsDone()
	keys := slices.Sorted(maps.Keys(b.tagCols))
	b.evKeys = keys
	var evWarnings []source.Warning
	if in.Events != nil {
		d.Files = append([]string{names[0]}, d.Files...)
		p := *o.Problems(names[0])
		if reserved != nil {
			<-reserved
		}
		keepData := b.ev.keep.data
		decode := func(rec []byte, e *balsamEventRec) { decodeBalsamEvent(rec, e, keepData) }
		decodeAt := func(buf []byte, i int, e *balsamEventRec) (int, error) {
			return decodeBalsamEventAt(buf, i, e, keepData)
		}
		if err := records.DecodedJSON(in.Events, &p, records.Workers(), decode, decodeAt, b.addEvent(&p)); err != nil {
			return nil, err
		}
		evWarnings = p.Finish()
		if cut := (columns.Text{Cut: b.evCut + b.ev.data.Cut}); cut.Cut > 0 {
			p := source.Problems{File: names[0]}
			columns.TextCut(&p, schema.Events, "data", &cut, 0)
			warnings = append(warnings, p.Warnings...)
		}
	}
	if wants(schema.Events) {
		d.Frames[schema.Events] = b.eventsFrame(d, keys, b.evFlushed, len(b.evSlot))
	}
	if wants(schema.Tasks) || wants(schema.Jobs) {
		tasks := b.attempts()
		if wants(schema.Tasks) {
			d.Frames[schema.Tasks] = tasks.frame(b, keys)
		}
		if wants(schema.Jobs) {
			d.Frames[schema.Jobs] = b.jobsFrame(keys)
		}
	}
	d.Frames[schema.Allocations] = b.allocationsFrame()
	d.Warnings = append(evWarnings, warnings...)
	for name, f := range d.Frames {
		if f.Err() != nil {
			return nil, fmt.Errorf("balsam %s frame: %w", name, f.Err())
		}
	}
	return d, nil
}
