package slurm

import (
	"github.com/jobframe/jobframe/loaders/internal/bytesconv"
)

// record is a line (or joined lines) that does not read, decoded again
// field by field to say why: the workers' decoder only says that it
// does not.
type record struct {
	ends   []int // end of each piece between delimiters
	starts []int // first piece of each field (and a final entry)
	short  bool  // fewer pieces than the header has fields
	bad    int   // the first field that does not read, or -1
	err    error // why
}

// text returns field i of line (a view of it).
func (r *record) text(line []byte, i int) string {
	first, last := r.starts[i], r.starts[i+1]-1
	from := 0
	if first > 0 {
		from = r.ends[first-1] + 1
	}
	return bytesconv.String(line[from:r.ends[last]])
}

// decode splits line into fields and reads each, as the workers'
// decoder does, stopping at the first that does not read.
func (l *layout) decode(line []byte, r *record) {
	r.short, r.bad, r.err = false, -1, nil
	if l.trailing && len(line) > 0 && line[len(line)-1] == l.delim {
		line = line[:len(line)-1]
	}
	n := len(l.specs)
	r.ends = tokens(line, l.delim, r.ends)
	switch m := len(r.ends); {
	case m < n:
		r.short = true
		return
	case m == n:
		r.starts = r.starts[:0]
		for i := 0; i <= n; i++ {
			r.starts = append(r.starts, i)
		}
	default:
		starts := l.resolve(line, r.ends)
		if starts == nil {
			r.bad = -2 // too many fields, and no free text explains them
			return
		}
		r.starts = starts
	}
	for i, s := range l.specs {
		if err := l.check(s, r.text(line, i)); err != nil {
			r.bad, r.err = i, err
			return
		}
	}
	if s, e := l.at.start, l.at.end; s >= 0 && e >= 0 {
		start, sok, _ := parseTime(r.text(line, s), l.loc)
		end, eok, _ := parseTime(r.text(line, e), l.loc)
		if sok && eok && end < start {
			r.bad, r.err = e, errEndBeforeStart
		}
	}
}

// check reads one field as the workers' decoder does (decoder.fields),
// keeping only whether it reads.
func (l *layout) check(s spec, text string) error {
	var err error
	switch s.kind {
	case kTime:
		_, _, err = parseTime(text, l.loc)
	case kDuration:
		_, _, err = parseDuration(text)
	case kSizeK, kSizeM:
		_, _, _, err = parseSize(text, sizeBase(s.kind))
	case kInt:
		_, _, err = parseInt(text)
	case kExit:
		_, _, _, err = parseExit(text)
	default:
		err = readText(s.kind, text).err
	}
	return err
}
