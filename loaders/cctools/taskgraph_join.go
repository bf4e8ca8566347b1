package cctools

import (
	"runtime"
	"slices"
	"strings"
	"sync"
	"sync/atomic"

	"github.com/jobframe/jobframe/frame"
	"github.com/jobframe/jobframe/loaders/internal/bytesconv"
	"github.com/jobframe/jobframe/loaders/internal/columns"
)

// A graph of a million tasks names millions of files, each several times.
// One index of them all (file id → file) misses the cache on every
// mention: that was 60% of the load. Instead the mentions are cut into
// partitions by the hash of their ids, as they come (graphParts.add), and
// each partition is joined on its own (joiner.join), in parallel, with an
// index small enough to stay in cache. The edges are put back in the
// log's order by the number of the read they come from.

// graphPartBits is log2 of the number of partitions: 256 partitions keep
// the index of a 2-million-file graph under 10,000 ids each.
const graphPartBits = 8

// Kinds of graphRef.
const (
	refRead uint8 = iota
	refWrite
	refFile
)

// graphParts holds the files a log names, by partition, in the log's
// order within each.
type graphParts struct {
	parts []graphPart
	reads int64 // reads so far, the number of the next one
}

// graphPart is one partition: its mentions and their text.
type graphPart struct {
	text []byte // ids (and declared sources) of the mentions
	refs []graphRef
}

// graphRef is one mention of a file, its id text[off:off+n]. A read is
// (a = task, b = its number in the log), a write (a = task), a FILE
// declaration (a = size if hasSize, source text[b:b+m]).
type graphRef struct {
	a, b    int64
	off     int64
	n, m    uint32
	kind    uint8
	hasSize bool
}

func newGraphParts() *graphParts {
	return &graphParts{parts: make([]graphPart, 1<<graphPartBits)}
}

// add files the mentions of a decoded line, copying their text.
func (g *graphParts) add(l *graphLine) {
	for _, m := range l.mentions {
		pt := &g.parts[m.hash>>(64-graphPartBits)]
		r := graphRef{off: int64(len(pt.text)), n: uint32(len(m.id))}
		pt.text = appendText(pt.text, m.id)
		switch {
		case l.file:
			r.kind, r.a, r.hasSize = refFile, l.size, l.hasSize
			r.b, r.m = int64(len(pt.text)), uint32(len(l.src))
			pt.text = appendText(pt.text, l.src)
		case m.write:
			r.kind, r.a = refWrite, l.task
		default:
			r.kind, r.a, r.b = refRead, l.task, g.reads
			g.reads++
		}
		columns.Push(&pt.refs, r)
	}
}

// appendText appends s to b, doubling b's capacity when it grows.
func appendText(b []byte, s string) []byte {
	if len(b)+len(s) > cap(b) {
		b = slices.Grow(b, max(len(s), cap(b)))
	}
	return append(b, s...)
}

// graphEdge is one row of the dependencies, its file the place in its
// partition's joined files.
type graphEdge struct {
	seq, parent, child int64
	part, file         int32
}

// joinedFile is a file that has edges: its id and what was declared.
type joinedFile struct {
	id, src         string
	size            int64
	hasSrc, hasSize bool
}

// joinedPart is what joining a partition gives.
type joinedPart struct {
	edges []graphEdge // in the order of their reads
	files []joinedFile
}

// partFile is a file of the partition being joined: its declaration,
// and its writers as a range of the partition's writer list.
type partFile struct {
	src           graphRef // the last FILE declaration's source, if hasSrc
	size          int64
	hasSrc        bool
	hasSize       bool
	writers, next int32 // the number of writers; then where they start
	joined        int32 // place in the joined files + 1; 0 before its first edge
}

// joiner joins partitions one after the other, reusing its index.
type joiner struct {
	index  map[string]int32
	files  []partFile
	writes []graphRef // writers, by file once sorted
	reads  []graphRef
	byFile []int64
}

// join joins partition k: for each read, one edge from every task that
// writes the file, other than the reader.
func (j *joiner) join(k int32, pt *graphPart) joinedPart {
	clear(j.index)
	j.files, j.writes, j.reads = j.files[:0], j.writes[:0], j.reads[:0]
	for _, r := range pt.refs {
		id := bytesconv.String(pt.text[r.off : r.off+int64(r.n)])
		f, ok := j.index[id]
		if !ok {
			f = int32(len(j.files))
			j.index[id] = f
			j.files = append(j.files, partFile{})
		}
		switch r.kind {
		case refFile:
			pf := &j.files[f]
			pf.src, pf.hasSrc = r, true
			if r.hasSize {
				pf.size, pf.hasSize = r.a, true
			}
		case refWrite:
			r.m = uint32(f) // a read's or write's m: the file's place
			j.files[f].writers++
			j.writes = append(j.writes, r)
		default:
			r.m = uint32(f)
			j.reads = append(j.reads, r)
		}
	}
	writers := j.writersByFile()
	var out joinedPart
	for _, r := range j.reads {
		pf := &j.files[r.m]
		for _, by := range writers[pf.next : pf.next+pf.writers] {
			if by == r.a {
				continue // a task that reads what it writes depends on nothing
			}
			if pf.joined == 0 {
				out.files = append(out.files, j.joinedFile(pt, r, pf))
				pf.joined = int32(len(out.files))
			}
			out.edges = append(out.edges, graphEdge{seq: r.b, parent: by, child: r.a, part: k, file: pf.joined - 1})
		}
	}
	return out
}

// writersByFile lists the writing tasks file by file, each file's in the
// log's order, and sets each file's next to where its own start.
func (j *joiner) writersByFile() []int64 {
	next := int32(0)
	for i := range j.files {
		j.files[i].next = next
		next += j.files[i].writers
	}
	j.byFile = slices.Grow(j.byFile[:0], len(j.writes))[:len(j.writes)]
	for i := range j.files {
		j.files[i].writers = 0 // counted again as they are placed
	}
	for _, w := range j.writes {
		pf := &j.files[w.m]
		j.byFile[pf.next+pf.writers] = w.a
		pf.writers++
	}
	return j.byFile
}

// joinedFile copies what the frame keeps of the file that read r reads:
// the text of the partition is dropped once joined.
func (j *joiner) joinedFile(pt *graphPart, r graphRef, pf *partFile) joinedFile {
	jf := joinedFile{size: pf.size, hasSrc: pf.hasSrc, hasSize: pf.hasSize}
	jf.id = strings.Clone(bytesconv.String(pt.text[r.off : r.off+int64(r.n)]))
	if pf.hasSrc {
		jf.src = strings.Clone(bytesconv.String(pt.text[pf.src.b : pf.src.b+int64(pf.src.m)]))
	}
	return jf
}

// joinAll joins every partition, on every core.
func (g *graphParts) joinAll() []joinedPart {
	out := make([]joinedPart, len(g.parts))
	var next atomic.Int32
	var wg sync.WaitGroup
	for w := 0; w < runtime.GOMAXPROCS(0); w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			j := &joiner{index: map[string]int32{}}
			for k := next.Add(1) - 1; int(k) < len(g.parts); k = next.Add(1) - 1 {
				out[k] = j.join(k, &g.parts[k])
			}
		}()
	}
	wg.Wait()
	return out
}

// frame builds the dependencies: for each read, in the log's order, one
// row per task that writes the file read, in theirs.
func (g *graphParts) frame() *frame.Frame {
	joined := g.joinAll()
	g.parts = nil
	// A counting sort of the edges by read: each read's edges come from
	// one partition, already in order.
	at := make([]int, g.reads+1)
	total := 0
	for _, jp := range joined {
		total += len(jp.edges)
		for _, e := range jp.edges {
			at[e.seq+1]++
		}
	}
	for i := 1; i < len(at); i++ {
		at[i] += at[i-1]
	}
	edges := make([]graphEdge, total)
	for _, jp := range joined {
		for _, e := range jp.edges {
			edges[at[e.seq]] = e
			at[e.seq]++
		}
	}
	var parent, child, size columns.Int
	var file, src columns.Str
	for _, e := range edges {
		f := &joined[e.part].files[e.file]
		parent.Add(e.parent)
		child.Add(e.child)
		file.Add(f.id)
		src.Opt(f.src, f.hasSrc)
		size.Opt(f.size, f.hasSize)
	}
	return frame.New(frame.StringCol("job", make([]string, total), make([]bool, total)), parent.Col("parent"), child.Col("child"),
		file.Col("file_id"), src.Col("file_source"), size.Col("file_bytes"))
}
