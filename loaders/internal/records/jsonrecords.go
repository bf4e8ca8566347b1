package records

// Cutting a stream of JSON records (docs/formats.md#balsam-api-records): the elements of one
// JSON array, JSON lines (any white space between the values), or API
// pages {"count": N, "results": [...]} (one, or several in a row). The
// cutter only follows strings and brackets to find where each record
// ends, so it runs at memory speed on one goroutine; the records are
// then checked and decoded on both cores (pipeline) with package jsontext.
// Input written a record a line is cut by the decoders themselves
// (jsonblocks.go), which hand this cutter whatever they cannot be sure
// of.

import (
	"bytes"
	"errors"
	"fmt"
	"io"

	"github.com/jobframe/jobframe/loaders/internal/jsontext"
	"github.com/jobframe/jobframe/loaders/source"
)

// CutProblem is input the cutter could not cut into records: the load
// of the file ends there.
type CutProblem struct {
	line      int
	text      string
	want      string
	err       error
	truncated bool // the input ends inside a JSON-lines record (a log still being written)
}

// jsonCutter hands out the top-level values of a stream one at a time.
type jsonCutter struct {
	r        io.Reader
	buf      []byte
	pos, end int // unread input is buf[pos:end]
	eof      bool
	rerr     error
	line     int  // line number at buf[pos]
	prevNL   bool // the byte before buf[pos], when pos is 0, is a line end (or there is none)
	limit    int  // the bytes a record may hold (Problems.LineLimit)
}

// more reads more input, keeping buf[pos:end] (moved to the front); it
// reports false at the end of the input or on a read error.
func (s *jsonCutter) more() bool {
	if s.eof || s.rerr != nil {
		return false
	}
	if s.pos > 0 {
		s.prevNL = s.buf[s.pos-1] == '\n'
		copy(s.buf, s.buf[s.pos:s.end])
		s.end -= s.pos
		s.pos = 0
	}
	if s.end == len(s.buf) {
		if s.end >= s.limit { // one record at the bound
			s.rerr = fmt.Errorf("a record of more than %s (a damaged or hostile input; JOBFRAME_MAX_LINE_BYTES raises the bound)", sizeText(s.limit))
			return false
		}
		s.buf = append(s.buf, make([]byte, max(len(s.buf), 1<<20))...)
	}
	n, err := s.r.Read(s.buf[s.end:])
	s.end += n
	switch {
	case err == io.EOF:
		s.eof = true
	case err != nil:
		s.rerr = err
	}
	return n > 0 || !s.eof && s.rerr == nil
}

// peek skips white space, counting lines, and returns the next byte;
// false at the end of the input.
func (s *jsonCutter) peek() (byte, bool) {
	for {
		for s.pos < s.end {
			switch c := s.buf[s.pos]; c {
			case '\n':
				s.line++
				s.pos++
			case ' ', '\t', '\r':
				s.pos++
			default:
				return c, true
			}
		}
		if !s.more() {
			return 0, false
		}
	}
}

// cutEnd says how a value ended.
type cutEnd uint8

const (
	cutWhole  cutEnd = iota // the value is complete (as far as brackets tell)
	cutEOF                  // the input ends inside it
	cutBroken               // a record cut short: a line starting a record follows where it cannot (see value)
)

// value cuts the value that starts at the next byte (after peek):
// brackets are matched outside strings; a scalar ends at the next
// delimiter. It returns the value's bytes (valid until the next call),
// the line it starts on, and how it ended.
//
// A record that starts a line (its '{' at column 0, as in JSON lines and
// arrays written a record a line) and is cut short, say by a writer that
// died and a later one that appended, would take the records after it
// into its brackets up to the end of the input. So when such a record
// reaches a line that starts with {" at a point where its own JSON cannot
// go on with a '{' (inside a string, or not after ':', nor after '[' or
// ',' in an array), it ends before that line's end of line (cutBroken):
// the record is bad either way, and the next one is cut from that line.
func (s *jsonCutter) value() (rec []byte, line int, end cutEnd) {
	j := s.pos // absolute index of the next byte to look at
	depth := 0
	inString := false
	scalar := s.buf[s.pos] != '{' && s.buf[s.pos] != '[' && s.buf[s.pos] != '"'
	if scalar {
		j++ // at least one byte, even a stray delimiter, so that the cut moves on
	}
	// For cutting short: whether the record starts a line, the last byte
	// outside strings other than white space, and the open containers
	// (bit set for an array) while they are at most 64 deep.
	resync := s.buf[s.pos] == '{' && (s.pos > 0 && s.buf[s.pos-1] == '\n' || s.pos == 0 && s.prevNL)
	var last byte
	var arrays uint64
	for {
		b := s.buf[:s.end]
		final := s.eof || s.rerr != nil // no more input to wait for
	scan:
		for j < len(b) {
			if inString {
				j = jsontext.SkipPlain(b, j, resync) // stopping at control bytes for a '\n'
				for j < len(b) && b[j] != '"' && b[j] != '\\' && (b[j] != '\n' || !resync) {
					j++
				}
				if j >= len(b) {
					break scan
				}
				switch b[j] {
				case '\\':
					if j+1 >= len(b) {
						if final {
							j = len(b)
						}
						break scan // the escaped byte is not read yet
					}
					j += 2
					continue
				case '\n': // invalid in a string: a record cut short?
					if j+2 >= len(b) && !final {
						break scan // the next line's start is not read yet
					}
					if startsRecord(b[j+1:]) {
						return s.cut(j)
					}
					j++
					continue
				}
				j++ // the closing quote
				inString = false
				last = '"'
				if depth == 0 {
					return s.take(j)
				}
				continue
			}
			c := b[j]
			if scalar {
				switch c {
				case ',', ']', '}', '[', '{', '"', ' ', '\t', '\r', '\n':
					return s.take(j)
				}
				j++
				continue
			}
			switch c {
			case ' ', '\t', '\r':
			case '\n':
				if resync {
					if j+2 >= len(b) && !final {
						break scan // the next line's start is not read yet
					}
					if startsRecord(b[j+1:]) && last != ':' && last != '[' && (last != ',' || arrays&1 == 0) {
						return s.cut(j)
					}
				}
			case '"':
				inString = true
			case '{', '[':
				depth++
				if depth > 64 {
					resync = false // the containers are no longer known
				}
				arrays <<= 1
				if c == '[' {
					arrays |= 1
				}
				last = c
			case '}', ']':
				depth--
				arrays >>= 1
				if depth == 0 {
					return s.take(j + 1)
				}
				last = c
			default:
				last = c
			}
			j++
		}
		if final && j >= len(b) {
			if scalar && s.rerr == nil {
				return s.take(s.end)
			}
			rec := s.buf[s.pos:s.end]
			line := s.line
			s.pos = s.end
			return rec, line, cutEOF
		}
		off := j - s.pos
		s.more()
		j = s.pos + off
	}
}

// startsRecord reports whether b starts with {", a record at the start of
// a line.
func startsRecord(b []byte) bool { return len(b) >= 2 && b[0] == '{' && b[1] == '"' }

// take hands out buf[pos:j] as the next value.
func (s *jsonCutter) take(j int) ([]byte, int, cutEnd) {
	rec := s.buf[s.pos:j]
	line := s.line
	s.line += bytes.Count(rec, []byte("\n"))
	s.pos = j
	return rec, line, cutWhole
}

// cut hands out buf[pos:j] as a record cut short (value).
func (s *jsonCutter) cut(j int) ([]byte, int, cutEnd) {
	rec, line, _ := s.take(j)
	return rec, line, cutBroken
}

// problem describes the input from the cutter's position on.
func (s *jsonCutter) problem(want string, err error) *CutProblem {
	for s.end-s.pos < 80 && s.more() { // the same text whatever the read sizes
	}
	if s.rerr != nil {
		want, err = "readable input", s.rerr
	}
	text := s.buf[s.pos:min(s.end, s.pos+80)]
	return &CutProblem{line: s.line, text: string(text), want: want, err: err}
}

// ErrInputEnds says the input ended inside a record.
var ErrInputEnds = errors.New("the input ends here")

// cutState is where the cutter stands between two values of the input.
type cutState uint8

const (
	cutUnknown cutState = iota // not known yet (a block cut on its own)
	cutStart                   // the beginning of the input
	cutOpen                    // just after the array's '[': a record or ']'
	cutValue                   // after a ',' in the array: a record
	cutSep                     // after a record in the array: ',' or ']'
	cutAfter                   // after the array's ']': only white space
	cutLines                   // JSON lines or pages: a record, or the end
)

// CutJSON cuts r into records, handing each (valid until emit
// returns) with the line it starts on to emit, which returns false to
// stop. It returns what ended the cutting early, if anything.
func CutJSON(r io.Reader, emit func(rec []byte, line int) bool) *CutProblem {
	return cutJSONRecordsFrom(r, 1, cutStart, true, source.DefaultMaxLineBytes, emit)
}

// cutJSONRecordsFrom is cutJSONRecords for input that starts on line
// line with the cutter in state st (the rest of a stream whose start
// was cut elsewhere), at the start of a line or not.
func cutJSONRecordsFrom(r io.Reader, line int, st cutState, lineStart bool, limit int, emit func(rec []byte, line int) bool) *CutProblem {
	s := &jsonCutter{r: r, buf: make([]byte, 1<<20), line: line, prevNL: lineStart, limit: limit}
	for {
		c, ok := s.peek()
		switch st {
		case cutStart:
			if !ok {
				return s.problemIfReadError()
			}
			st = cutLines
			if c == '[' {
				s.pos++
				st = cutOpen
			}
		case cutOpen, cutValue:
			if ok && c == ']' && st == cutOpen {
				s.pos++
				st = cutAfter
				continue
			}
			if !ok {
				return s.problem("a JSON record or ']'", ErrInputEnds)
			}
			rec, line, end := s.value()
			if end == cutEOF {
				return &CutProblem{line: line, text: string(rec), want: "a JSON record", err: ErrInputEnds}
			}
			if !emit(rec, line) {
				return nil
			}
			st = cutSep
			if end == cutBroken { // the decoder reports it; a record follows
				st = cutValue
			}
		case cutSep:
			if !ok {
				return s.problem("',' or ']' after a record", ErrInputEnds)
			}
			switch c {
			case ',':
				st = cutValue
			case ']':
				st = cutAfter
			default:
				return s.problem("',' or ']' after a record", nil)
			}
			s.pos++
		case cutAfter:
			if ok {
				return s.problem("nothing after the array", nil)
			}
			return s.problemIfReadError()
		default: // cutLines
			if !ok {
				return s.problemIfReadError()
			}
			rec, line, end := s.value()
			if end == cutEOF {
				if s.rerr != nil {
					return s.problem("", nil)
				}
				return &CutProblem{line: line, text: string(rec), truncated: true}
			}
			if end == cutWhole { // an API page hands out its records
				if more, isPage := emitPage(rec, line, emit); isPage {
					if !more {
						return nil
					}
					continue
				}
			}
			if !emit(rec, line) {
				return nil
			}
		}
	}
}

func (s *jsonCutter) problemIfReadError() *CutProblem {
	if s.rerr != nil {
		return s.problem("", nil)
	}
	return nil
}

// emitPage hands out the records of an API page {"count", "results":
// [...]}; isPage is false (and nothing is handed out) when rec is not a
// well-formed page.
func emitPage(rec []byte, line int, emit func(rec []byte, line int) bool) (more, isPage bool) {
	results := PageResults(rec)
	if results == nil {
		return true, false
	}
	more = true
	jsontext.EachElement(results, func(elem []byte) error { // checked by eachMember
		off := cap(rec) - cap(elem) // elem's offset in rec
		if more = emit(elem, line+bytes.Count(rec[:off], []byte("\n"))); !more {
			return ErrInputEnds // stop
		}
		return nil
	})
	return more, true
}

// PageResults returns the records array of rec when rec is a well-formed
// API page {"count", "results": [...]}, else nil.
func PageResults(rec []byte) []byte {
	if rec[0] != '{' || !bytes.Contains(rec, []byte(`"results"`)) {
		return nil
	}
	var results []byte
	if jsontext.EachMember(rec, func(key, val []byte) error {
		if string(key) == "results" && val[0] == '[' {
			results = val
		}
		return nil
	}) != nil {
		return nil
	}
	return results
}

// decodedJSONStream is DecodedLines for JSON records: cutJSONRecordsFrom
// cuts r (which starts on line line, at its start or not, the cutter in
// state st) on a
// goroutine, decode runs on worker goroutines, and apply sees each
// record with its line and decoded value in input order. Input that
// cannot be cut into records ends the load: an error in strict mode, a
// warning in lenient mode, and for JSON lines whose last record is cut
// short (a log still being written) a warning in both.
func decodedJSONStream[T any](r io.Reader, line int, st cutState, lineStart bool, p *source.Problems, workers int, decode func(rec []byte, v *T), apply func(rec []byte, line int, v *T) error) error {
	// Batches are recycled once applied: the pipeline's memory is a few
	// batches whatever the input's size.
	pool := newBatchPool[T](true, true)
	produce := func(send func(*Batch[T]) bool) {
		b := pool.get(0)
		stopped := false
		problem := cutJSONRecordsFrom(r, line, st, lineStart, p.LineLimit(), func(rec []byte, line int) bool {
			b.add(len(b.buf), len(b.buf)+len(rec))
			b.buf = append(b.buf, rec...)
			b.lines = append(b.lines, line)
			if len(b.ends) >= batchLines || len(b.buf) >= batchBytes {
				if !send(b) {
					stopped = true
					return false
				}
				b = pool.get(0)
			}
			return true
		})
		if !stopped {
			b.problem = problem
			send(b)
		}
	}
	return pipeline(workers, produce, decodeEach(decode), func(b *Batch[T]) (bool, error) {
		for i := range b.ends {
			if err := apply(b.record(i), b.lines[i], &b.vals[i]); err != nil {
				return true, err
			}
		}
		if c := b.problem; c != nil {
			if c.truncated {
				p.Truncated(c.line, c.text)
				return true, nil
			}
			return true, p.Bad(c.line, "", c.text, c.want, c.err)
		}
		pool.put(b)
		return false, nil
	})
}
