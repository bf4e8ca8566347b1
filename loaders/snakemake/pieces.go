package snakemake

import (
	"runtime"
	"strings"
	"sync"

	"github.com/jobframe/jobframe/frame"
	"github.com/jobframe/jobframe/loaders/internal/records"
	"github.com/jobframe/jobframe/loaders/source"
)

// A load's files are read on every core: their lines are cut into
// pieces of about equal size, at line ends, each read by a goroutine of
// its own into columns of its own (a part); the parts' bad records are
// then reported in file and line order, the attempt numbers of jobs
// whose measurements span parts are carried over, and the parts' frames
// are stacked in order.

// pieceMin is the smallest piece worth a goroutine: a load of less is
// read in one.
const pieceMin = 1 << 20

// segment is a run of whole lines of one file, all of it or part.
type segment struct {
	file   int     // index of the file in the load
	text   string  // the lines
	first  int     // the number in the file of text's first line
	layout *layout // the TSV header's columns; nil for JSON lines
}

// split cuts the files' bodies into pieces of about size bytes, at line
// ends; a piece may hold the ends of some files and the start of
// another.
func split(bodies []segment, size int) [][]segment {
	var pieces [][]segment
	var cur []segment
	room := size
	flush := func() {
		if len(cur) > 0 {
			pieces = append(pieces, cur)
		}
		cur, room = nil, size
	}
	for _, s := range bodies {
		for len(s.text) > 0 {
			if room <= 0 {
				flush()
			}
			if len(s.text) <= room {
				cur, room = append(cur, s), room-len(s.text)
				break
			}
			i := strings.IndexByte(s.text[room:], '\n')
			if i < 0 { // the rest is one line
				cur, room = append(cur, s), 0
				break
			}
			head := s
			head.text = s.text[:room+i+1]
			cur = append(cur, head)
			flush()
			s.first += strings.Count(head.text, "\n")
			s.text = s.text[len(head.text):]
		}
	}
	flush()
	return pieces
}

// bad is a record a part could not read, reported once the parts are
// read (report).
type bad struct {
	file, line        int
	field, text, want string
	long, truncated   bool // a line past the bound; a last line without its newline
}

// jobKey is a job: its file and its jobid ("" when the file has none).
type jobKey struct {
	file int
	job  string
}

// part is what one goroutine read of one piece.
type part struct {
	cols   *tasksCols
	keys   []jobKey         // each row's job
	counts map[jobKey]int64 // measurements per job in the part
	bads   []bad
}

// reader reads the lines of a piece; each goroutine has its own.
type reader struct {
	strict bool
	limit  int // bytes of a line at most
	cells  []string
	r      row // the row being read (kept here, off the heap of each line)
}

// read reads piece into a part: rows numbered by attempt within the
// part. In strict mode it stops at the first bad record.
func (rd *reader) read(piece []segment, files []string) *part {
	size := 0
	for _, s := range piece {
		size += len(s.text)
	}
	hint := min(size/100, 1<<22) // a measurement is 100 bytes or more
	pt := &part{cols: newTasksCols(files, hint), keys: make([]jobKey, 0, hint), counts: map[jobKey]int64{}}
	var last jobKey
	lastN := int64(0)
	for _, s := range piece {
		for text, n := s.text, s.first; len(text) > 0; n++ {
			line, complete := text, false
			if i := strings.IndexByte(text, '\n'); i >= 0 {
				line, text, complete = text[:i], text[i+1:], true
			} else {
				text = ""
			}
			line = strings.TrimRight(line, "\r")
			if len(line) > rd.limit {
				pt.bads = append(pt.bads, bad{file: s.file, line: n, text: strings.Clone(line[:min(len(line), 100)]), long: true})
				return pt
			}
			if strings.TrimSpace(line) == "" {
				continue
			}
			r := &rd.r
			*r = row{file: s.file, line: n, extra: r.extra[:0]}
			if b := rd.row(s.layout, r, line); b != nil {
				b.file, b.line, b.text, b.truncated = s.file, n, strings.Clone(b.text), !complete
				pt.bads = append(pt.bads, *b)
				if rd.strict && complete {
					return pt
				}
				continue
			}
			key := jobKey{r.file, r.jobID}
			if key != last || lastN == 0 {
				if lastN > 0 {
					pt.counts[last] = lastN
				}
				last, lastN = key, pt.counts[key]
			}
			lastN++
			pt.keys = append(pt.keys, key)
			pt.cols.add(r, lastN)
		}
	}
	if lastN > 0 {
		pt.counts[last] = lastN
	}
	return pt
}

// row reads one line, by the layout of its file's header or as JSON.
func (rd *reader) row(l *layout, r *row, line string) *bad {
	if l == nil {
		return jsonRow(r, line)
	}
	var b *bad
	rd.cells, b = l.read(r, line, rd.cells)
	return b
}

// readPieces reads the pieces, each on a goroutine of its own.
func readPieces(pieces [][]segment, files []string, strict bool, limit int) []*part {
	parts := make([]*part, len(pieces))
	var wg sync.WaitGroup
	for i, piece := range pieces {
		wg.Add(1)
		go func() {
			defer wg.Done()
			rd := &reader{strict: strict, limit: limit}
			parts[i] = rd.read(piece, files)
		}()
	}
	wg.Wait()
	return parts
}

// report reports the parts' bad records in order to their files'
// problems: the first error (strict mode, or a line past the bound)
// ends the load.
func report(parts []*part, probs []*source.Problems) error {
	for _, pt := range parts {
		for _, b := range pt.bads {
			p := probs[b.file]
			switch {
			case b.long:
				return records.LineTooLong(p, b.line, []byte(b.text))
			case b.truncated:
				p.Truncated(b.line, b.text)
			default:
				if err := p.Bad(b.line, b.field, b.text, b.want, nil); err != nil {
					return err
				}
			}
		}
	}
	return nil
}

// carryAttempts renumbers the attempts of a job whose measurements
// began in an earlier part: they follow on from that part's.
func carryAttempts(parts []*part) {
	if len(parts) < 2 {
		return
	}
	before := parts[0].counts // taken over: the counts of the parts before
	for k, pt := range parts[1:] {
		var shift map[jobKey]int64
		for key, n := range pt.counts {
			if m := before[key]; m > 0 {
				if shift == nil {
					shift = map[jobKey]int64{}
				}
				shift[key] = m
			}
			if k+2 < len(parts) { // a part follows
				before[key] += n
			}
		}
		if shift == nil {
			continue
		}
		for i, key := range pt.keys {
			pt.cols.attempt.V[i] += shift[key]
		}
	}
}

// stack builds the parts' frames side by side and stacks them in order.
func stack(parts []*part) *frame.Frame {
	frames := make([]*frame.Frame, len(parts))
	var wg sync.WaitGroup
	for i, pt := range parts {
		wg.Add(1)
		go func() {
			defer wg.Done()
			frames[i] = pt.cols.frame()
		}()
	}
	wg.Wait()
	if len(frames) == 1 {
		return frames[0]
	}
	return frame.Concat(frames...)
}

// pieceSize is the size of a piece for a load of total bytes: one piece
// per core, none smaller than pieceMin.
func pieceSize(total int) int {
	return max(pieceMin, total/runtime.GOMAXPROCS(0)+1)
}
