package epmt

import (
	"fmt"

	"github.com/jobframe/jobframe/frame"
	"github.com/jobframe/jobframe/frame/schema"
	"github.com/jobframe/jobframe/loaders/internal/columns"
	"github.com/jobframe/jobframe/loaders/source"
)

// addBatch adds processes of host hp, whose thread rows are in rows,
// then forgets their text fields. With Options.Batch set, the procs and
// threads rows are handed to it once they reach Options.BatchSize()
// processes; the last rows stay for the dataset the load returns.
// Processes arrive as the CSV reader ends them, a batch at a time (a TSV
// file's all at once), so a streaming load holds one batch of a file's
// rows.
func (b *jobBuilder) addBatch(hp *hostProcs, procs []*papiexProc, rows *papiexRows) error {
	hp.rows = rows
	b.growTags()
	if b.pr.n+len(procs) > b.room {
		// new columns are sized for their first batch, those of a
		// streaming load for a batch, the others for the rows the
		// input read so far predicts
		n := len(procs)
		if b.pr.n > 0 && b.o.Batch == nil {
			n = expect(b.pr.n, n, b.progress())
		}
		threads := 0
		for _, p := range procs {
			threads += int(p.nrows)
		}
		b.reserve(n, threads*n/max(len(procs), 1))
		b.room = b.pr.n + n
	}
	for _, p := range procs {
		if err := b.addProc(hp, p); err != nil {
			return err
		}
	}
	b.text.forget()
	if b.o.Batch != nil && b.pr.n >= b.o.BatchSize() {
		return b.flush()
	}
	return nil
}

// flush hands the procs and threads rows built so far to Options.Batch
// and starts new columns (the batch's frames own the old ones).
func (b *jobBuilder) flush() error {
	// The columns the frames leave out are recorded once, by the frames
	// of the load's own dataset; the batch's go to a scratch one.
	scratch := &source.Dataset{}
	batch := &source.Dataset{Source: b.d.Source, Files: b.d.Files, Frames: map[string]*frame.Frame{schema.Procs: b.procsFrame(scratch)}}
	if b.wantThreads {
		batch.Frames[schema.Threads] = b.threadsFrame(scratch)
	}
	for name, f := range batch.Frames {
		if f.Err() != nil {
			return fmt.Errorf("epmt %s frame: %w", name, f.Err())
		}
	}
	b.nProcs += b.pr.n
	b.pr, b.room = procCols{metric: make([]columns.Int, len(b.metrics))}, 0
	b.th = threadCols{metric: make([]columns.Int, len(b.metrics))}
	clear(b.tagCode) // codes of the old tags column
	b.procTags = nil
	return b.o.Batch(batch)
}
