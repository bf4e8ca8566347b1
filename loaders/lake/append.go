package lake

import (
	"errors"
	"maps"
	"os"
	"slices"

	"github.com/jobframe/jobframe/loaders"
	"github.com/jobframe/jobframe/loaders/lake/manifest"
	"github.com/jobframe/jobframe/loaders/source"
)

// A log that has grown since it was ingested keeps the files of its
// earlier batches. A streaming load hands its batches over at points
// that depend only on the records before them, but for those it hands
// over at the input's end (source.Dataset.AtEnd), so reading the grown
// log again hands over the same first batches: each is checked against
// the fingerprint the manifest holds and not written again; the rest of
// the batches, and what the load returns at the end, are written, and
// the earlier entry's tail (its open attempts and entity frames, which
// the new records may have changed) is replaced. The log is still read
// from its start, which is what restores the attempts open at the old
// end.

// errDiverged is a grown log whose first batches are not the ones
// ingested before (its earlier records were rewritten, or a jobframe
// whose loader batches otherwise): it is ingested again whole.
var errDiverged = errors.New("the first batches differ from those ingested before")

// appendable reports whether group g, whose files are now as files
// says, may be the log of entry old grown: a streaming format, one file
// larger than it was, batches of the same size read in the same time
// zone, and the old batches' files all in place. Whether its first
// batches are the old ones, the load checks (batchCount).
func appendable(dir string, m *manifest.Manifest, g loaders.Group, old *manifest.Entry, files []manifest.FileState, o Options) bool {
	if !g.Streams || len(g.Files) != 1 || len(old.Files) != 1 || old.Format != g.Format || len(old.Batches) == 0 ||
		files[0].Size <= old.Files[0].Size ||
		old.BatchRows != (source.Options{BatchRows: o.BatchRows}).BatchSize() || old.TimeZone != o.TimeZone {
		return false
	}
	for _, p := range keptParts(old) {
		if _, err := os.Stat(m.File(dir, p)); err != nil {
			return false
		}
	}
	return true
}

// keptParts are the files of entry e's batches: its parts but its tail.
func keptParts(e *manifest.Entry) []string {
	tail := map[string]bool{}
	for _, p := range e.Tail {
		tail[p] = true
	}
	var out []string
	for _, p := range e.Parts {
		if !tail[p] {
			out = append(out, p)
		}
	}
	return out
}

// batchCount fingerprints the batches of a streaming load that come
// before its end; with from set, it says which of them from wrote
// already, and counts their rows by frame (skipped).
type batchCount struct {
	from    *manifest.Entry // the entry of the log before it grew, or nil
	hashes  []string        // of the batches before the end
	atEnd   bool            // a batch of the input's end was met
	skipped map[string]int64
	// of a load resumed from from's checkpoint: the batches before it
	// are from's, not read again (hashes holds them)
	resumed bool
	mark    *manifest.Checkpoint // the last checkpoint of a batch written, with what comes before it
}

func newBatchCount(from *manifest.Entry) *batchCount {
	return &batchCount{from: from, skipped: map[string]int64{}}
}

// resumedCount is the batchCount of a load resumed from the checkpoint
// of entry from: its batches before the checkpoint count as skipped.
func resumedCount(from *manifest.Entry) *batchCount {
	c := from.Checkpoint
	return &batchCount{from: from, hashes: slices.Clone(from.Batches[:c.Batches]), skipped: maps.Clone(c.Rows), resumed: true}
}

// kept are the parts of from that an append keeps: those of the
// batches before the checkpoint when resumed, else all but its tail.
func (c *batchCount) kept() []string {
	switch {
	case c.from == nil:
		return nil
	case c.resumed:
		return c.from.Parts[:c.from.Checkpoint.Parts]
	}
	return keptParts(c.from)
}

// written notes batch b, just written with st, for its checkpoint.
func (c *batchCount) written(b *source.Dataset, st *stager) {
	if b.Checkpoint == nil || b.AtEnd {
		return
	}
	rows := maps.Clone(st.rows)
	for name, n := range c.skipped {
		rows[name] += n
	}
	cp := b.Checkpoint
	c.mark = &manifest.Checkpoint{Offset: cp.Offset, Line: cp.Line, Batches: len(c.hashes), Parts: len(c.kept()) + len(st.parts), Rows: rows, LoaderState: cp.State}
}

// add counts batch b and reports whether it is to be written: not when
// it is one of from's (an error when it differs from what from says).
func (c *batchCount) add(b *source.Dataset) (bool, error) {
	if c.atEnd = c.atEnd || b.AtEnd; c.atEnd {
		return true, nil
	}
	c.hashes = append(c.hashes, fingerprint(b))
	k := len(c.hashes) - 1
	if c.from == nil || c.resumed || k >= len(c.from.Batches) {
		return true, nil
	}
	if c.hashes[k] != c.from.Batches[k] {
		return false, errDiverged
	}
	for name, f := range b.Frames {
		if n := int64(f.NumRows()); n > 0 {
			c.skipped[name] += n
		}
	}
	return false, nil
}

// done checks, at the load's end, that from's batches were all met.
func (c *batchCount) done() error {
	if c.from != nil && !c.resumed && len(c.hashes) < len(c.from.Batches) {
		return errDiverged
	}
	return nil
}
