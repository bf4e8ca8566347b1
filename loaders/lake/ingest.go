package lake

import (
	"context"
	"encoding/base64"
	"errors"
	"io"
	"os"
	"runtime/debug"
	"slices"
	"strings"
	"time"

	"github.com/jobframe/jobframe/frame"
	"github.com/jobframe/jobframe/loaders"
	"github.com/jobframe/jobframe/loaders/lake/manifest"
	"github.com/jobframe/jobframe/loaders/source"
)

// Options control Ingest.
type Options struct {
	// Lenient skips bad records (counted in the report and the
	// manifest) instead of stopping at the first.
	Lenient bool
	// TimeZone is source.Options.TimeZone.
	TimeZone string
	// BatchRows is the rows of a batch of a streaming format (0: the
	// loaders' default, 1 << 16).
	BatchRows int
	// Parquet are the files' options (zstd by default).
	Parquet frame.ParquetOptions
	// Progress, when set, counts the bytes read.
	Progress *source.Progress
	// StreamMemory, when positive, is the Go runtime's soft memory limit
	// (bytes, debug.SetMemoryLimit, process-wide) while a streaming
	// format is read; the limit before is restored after each. A
	// streaming load's live heap is small and steady, and the collector
	// would let the heap grow to twice it; an input read whole is left
	// alone, as a limit under its live heap makes the collector run
	// without pause.
	StreamMemory int64
	// StreamGCPercent, when positive and StreamMemory is set, is the
	// collector's GOGC (debug.SetGCPercent) meanwhile, restored after:
	// under the memory limit, a heap let grow several times its live
	// size is collected less often (GC took 6% of a Work Queue ingest's
	// CPU at 100).
	StreamGCPercent int
	// Limits bound what one input may make a load hold
	// (source.Options.Limits).
	Limits source.Limits

	step step // called before each change of a commit (tests)
}

// Actions on an input, in Result.Action.
const (
	Ingested = "ingested" // new to the lake
	Skipped  = "skipped"  // its content was already ingested
	Replaced = "replaced" // its paths were ingested with other content
	Appended = "appended" // its log was ingested before it grew: the earlier batches' files stay
)

// Result is what Ingest did with one input group.
type Result struct {
	// Files are the group's inputs as named to Ingest.
	Files []string
	// Entry is the group's manifest entry (its earlier one when Skipped).
	Entry manifest.Entry
	// Action is Ingested, Skipped, Replaced or Appended.
	Action string
	// Streamed reports that the group was written as read (a streaming
	// format), rather than read whole first.
	Streamed bool
	// From is the byte of its log an append read from: its earlier
	// entry's checkpoint, 0 when it was read from its start.
	From int64
	// Bytes is the input's size and Written the Parquet bytes written.
	Bytes, Written int64
	// Seconds is the wall time of the group's hashing, load and writes.
	Seconds float64
	// Warnings are what a lenient load skipped or noticed.
	Warnings []source.Warning
}

// Ingest adds the inputs the paths name (files or folders, grouped as
// loaders.OpenWith groups them) to the lake in dir, which it creates if
// needed: each group is hashed, skipped when its content is in the
// manifest, else loaded (while it is hashed), written under _staging
// and committed (see the package comment). An error stops at the group
// it names, leaving the lake as it was before that group; the groups
// before it stay committed, and their results are returned with the
// error.
func Ingest(ctx context.Context, dir string, paths []string, o Options) ([]Result, error) {
	groups, skipped, err := loaders.Plan(paths...)
	if err != nil {
		return nil, err
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, err
	}
	unlock, err := lock(dir)
	if err != nil {
		return nil, err
	}
	defer unlock()
	if err := ownFolders(dir); err != nil {
		return nil, err
	}
	m, err := manifest.Read(dir)
	if err != nil {
		return nil, err
	}
	if err := recoverLake(dir, m); err != nil {
		return nil, err
	}
	var out []Result
	for i, g := range groups {
		r, err := ingestGroup(ctx, dir, m, g, o)
		if err != nil {
			return out, err
		}
		if i == 0 {
			r.Warnings = append(skipped, r.Warnings...)
		}
		out = append(out, r)
	}
	return out, nil
}

// ingestGroup ingests one input group into the lake (see Ingest).
//
// Its content hash names its entry and decides whether it is skipped.
// An input whose paths and sizes are those of an entry is probably
// unchanged: it is hashed first, and read only when its content is new.
// Any other is hashed as its load reads it (source.Options.Tee), its
// files staged as pendingID and renamed once the hash is known; one
// whose content turns out to be in the lake under other paths is then
// skipped, its load discarded.
func ingestGroup(ctx context.Context, dir string, m *manifest.Manifest, g loaders.Group, o Options) (Result, error) {
	t0 := time.Now()
	paths, err := statFiles(g.Files)
	if err != nil {
		return Result{}, err
	}
	before := m.SamePaths(paths) // the entry of these paths with earlier content, or -1
	skip := func(h groupHash, k int) Result {
		return Result{Files: g.Files, Entry: m.Inputs[k], Action: Skipped, Bytes: h.size(), Seconds: time.Since(t0).Seconds()}
	}
	hashes := newGroupHashes(g.Files, paths)
	var h groupHash
	unchanged := before >= 0 && sameSizes(m.Inputs[before].Files, paths) // probably
	if unchanged {
		if h = hashes.finish(ctx); h.err != nil {
			return Result{}, h.err
		}
		if k := m.Find(h.id()); k >= 0 {
			return skip(h, k), nil
		}
	}
	var from *manifest.Entry
	var e manifest.Entry
	var written int64
	var d *source.Dataset
	resumed := false
	if before >= 0 && appendable(dir, m, g, &m.Inputs[before], paths, o) {
		from = &m.Inputs[before]
		if cp, ok := resumable(dir, m, from, paths); ok {
			if e, written, d, h, resumed, err = resumeGroup(ctx, dir, g, o, from, cp, paths); err != nil {
				return Result{}, err
			}
		}
	}
	if !resumed {
		plan := loadPlan{from: from, size: paths[0].Size, tee: hashes.tee}
		e, written, d, err = stageGroup(ctx, dir, g, o, plan)
		if errors.Is(err, errDiverged) {
			plan.from, from = nil, nil
			e, written, d, err = stageGroup(ctx, dir, g, o, plan)
		}
		// Even a failed load finishes the hash: content already in the
		// lake is skipped, whatever its load says, as when it was hashed
		// first.
		if !unchanged {
			h = hashes.finish(ctx)
		}
	}
	if h.err == nil {
		if k := m.Find(h.id()); k >= 0 {
			return skip(h, k), unstage(dir, pendingID)
		}
	}
	if err == nil {
		err = h.err
	}
	if err == nil {
		e.ID, e.Files = h.id(), h.files
		if e.Checkpoint != nil {
			e.Checkpoint.SHA256State = base64.StdEncoding.EncodeToString(h.states[0])
		}
		err = renameStaged(&e, dir)
	}
	if err != nil {
		err = errors.Join(err, unstage(dir, pendingID))
		if e.ID != "" {
			err = errors.Join(err, unstage(dir, e.ID))
		}
		return Result{}, err
	}
	action := Ingested
	switch {
	case from != nil:
		e.Replaces, action = from.ID, Appended
	case before >= 0:
		e.Replaces, action = m.Inputs[before].ID, Replaced
	}
	if err := commit(dir, m, e, o.step); err != nil {
		return Result{}, err
	}
	k := m.Find(e.ID)
	r := Result{Files: g.Files, Entry: m.Inputs[k], Action: action, Streamed: g.Streams, Bytes: h.size(), Written: written,
		Seconds: time.Since(t0).Seconds(), Warnings: d.Warnings}
	if resumed {
		r.From = from.Checkpoint.Offset
	}
	return r, nil
}

// loadPlan is how stageGroup loads an input group: from the start, or
// appending to entry from (re-reading the batches it wrote, or resumed
// from its checkpoint); the bytes the load reads go to tee
// (source.Options.Tee), and size is the bytes of its one file an entry
// may claim (a checkpoint past them is dropped).
type loadPlan struct {
	from   *manifest.Entry
	resume *source.Checkpoint
	size   int64
	tee    func(string) io.Writer
}

// stageGroup loads group g as p says and writes its files under
// _staging/pendingID, returning its manifest entry (without its ID and
// files) and the bytes written; appending to p.from, the batches it
// wrote are not written again, and e keeps their files. On an error
// nothing of it is left staged.
func stageGroup(ctx context.Context, dir string, g loaders.Group, o Options, p loadPlan) (manifest.Entry, int64, *source.Dataset, error) {
	e := manifest.Entry{Format: g.Format, Rows: map[string]int64{}}
	st := &stager{lake: dir, id: pendingID, input: strings.Join(g.Files, ","), parquet: o.Parquet, rows: e.Rows}
	c := newBatchCount(p.from)
	if p.resume != nil {
		c = resumedCount(p.from)
	}
	d, tail, err := load(ctx, g, o, st, c, p)
	if err == nil && len(g.Files) == 1 {
		e.Checkpoint, err = stageCheckpoint(dir, g.Files[0], p.size, c.mark)
	}
	if err != nil {
		return manifest.Entry{}, 0, nil, errors.Join(err, unstage(dir, pendingID))
	}
	e.Source, e.Parts, e.Warnings, e.Order = d.Source, st.parts, len(d.Warnings), loadOrder(g.Files, d.Files)
	for _, w := range d.Warnings[:min(len(d.Warnings), manifest.MaxNotes)] {
		e.Notes = append(e.Notes, manifest.Note{File: w.File, Line: w.Line, Field: w.Field, Text: w.Text, Msg: w.Msg})
	}
	if len(c.hashes) > 0 {
		e.Batches, e.BatchRows, e.TimeZone, e.Tail = c.hashes, (source.Options{BatchRows: o.BatchRows}).BatchSize(), o.TimeZone, tail
	}
	if p.from != nil {
		e.Parts = append(slices.Clone(c.kept()), e.Parts...)
		for name, n := range c.skipped {
			e.Rows[name] += n
		}
	}
	if d.HasLogSpan {
		e.LogStart, e.LogEnd = frame.FormatMicros(d.LogStart), frame.FormatMicros(d.LogEnd)
	}
	return e, st.bytes, d, nil
}

// load reads group g, writing its frames with st: a streaming format's
// batches on another goroutine as they come (one batch waits while one
// is written, so memory holds at most two), which fingerprints them (c)
// and skips those written before, then what the load returns. tail are
// the parts of what the input's end decided: that, and the batches of
// the end.
func load(ctx context.Context, g loaders.Group, o Options, st *stager, c *batchCount, p loadPlan) (d *source.Dataset, tail []string, err error) {
	lo := source.Options{Lenient: o.Lenient, TimeZone: o.TimeZone, Progress: o.Progress, BatchRows: o.BatchRows, Tee: p.tee,
		Checkpoints: true, Resume: p.resume, Limits: o.Limits}
	batches := make(chan *source.Dataset, 1)
	failed := make(chan error, 1) // the writer's error, as soon as it has one
	done := make(chan struct{})
	tailFrom := -1 // the first part of the tail, once known
	// The writer: c is this goroutine's. After an error it only drains
	// the batches still sent.
	go func() {
		defer close(done)
		var err error
		for b := range batches {
			if err != nil {
				continue
			}
			var write bool
			if write, err = c.add(b); write && err == nil {
				if b.AtEnd && tailFrom < 0 {
					tailFrom = len(st.parts)
				}
				if err = st.write(b); err == nil {
					c.written(b, st)
				}
			}
			if err != nil {
				failed <- err
			}
		}
	}()
	var werr error // the writer's error, once seen
	lo.Batch = func(b *source.Dataset) error {
		select {
		case werr = <-failed: // the load stops here
			return werr
		case batches <- b:
			return nil
		}
	}
	if g.Streams && o.StreamMemory > 0 {
		defer debug.SetMemoryLimit(debug.SetMemoryLimit(o.StreamMemory))
		if o.StreamGCPercent > 0 {
			defer debug.SetGCPercent(debug.SetGCPercent(o.StreamGCPercent))
		}
	}
	d, err = loaders.LoadGroup(ctx, g, lo)
	close(batches)
	<-done
	if werr == nil {
		select {
		case werr = <-failed:
		default:
		}
	}
	if errors.Is(werr, errDiverged) { // whatever the loader made of it
		return nil, nil, errDiverged
	}
	if err == nil {
		err = c.done()
	}
	if err != nil {
		return nil, nil, err
	}
	if werr != nil {
		return nil, nil, werr
	}
	if tailFrom < 0 {
		tailFrom = len(st.parts)
	}
	if err := st.write(d); err != nil {
		return nil, nil, err
	}
	return d, st.parts[tailFrom:], nil
}

// loadOrder is the order in which a load named a group's files, as
// indices of files, when it is not theirs (nil otherwise).
func loadOrder(files, named []string) []int {
	if len(named) != len(files) || slices.Equal(named, files) {
		return nil
	}
	order := make([]int, len(named))
	for i, f := range named {
		if order[i] = slices.Index(files, f); order[i] < 0 {
			return nil
		}
	}
	return order
}
