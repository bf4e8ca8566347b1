package slurm

import (
	"github.com/jobframe/jobframe/loaders/internal/bytesconv"
)

// value is one field read: i for integers, times (µs) and exit codes,
// j for an exit's signal or a size's per-core/per-node letter, f for
// durations (s) and sizes (MiB).
type value struct {
	i, j int64
	f    float64
	ok   bool
}

// record is a line (or joined lines) that does not read, decoded again
// field by field to say why: the workers' decoder only says that it
// does not.
type record struct {
	ends   []int // end of each piece between delimiters
	starts []int // first piece of each field (and a final entry)
	vals   []value
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
	if cap(r.vals) < n {
		r.vals = make([]value, n)
	}
	r.vals = r.vals[:n]
	for i, s := range l.specs {
		if err := l.read(s, r.text(line, i), &r.vals[i]); err != nil {
			r.bad, r.err = i, err
			return
		}
	}
}

// read reads one field into v, by its kind (text kinds are only
// checked).
func (l *layout) read(s spec, text string, v *value) error {
	var err error
	*v = value{}
	switch s.kind {
	case kTime:
		v.i, v.ok, err = parseTime(text, l.loc)
	case kDuration:
		v.f, v.ok, err = parseDuration(text)
	case kSizeK, kSizeM:
		var per byte
		v.f, per, v.ok, err = parseSize(text, sizeBase(s.kind))
		v.j = int64(per)
	case kInt:
		v.i, v.ok, err = parseInt(text)
	case kExit:
		v.i, v.j, v.ok, err = parseExit(text)
	case kState:
		_, err = parseState(text)
		v.ok = err == nil
	case kJobID:
		_, err = parseJobID(text)
		v.ok = err == nil
	case kTRES:
		_, err = parseTRES(text)
		v.ok = err == nil && text != ""
	case kNodes:
		err = checkNodes(text)
		v.ok = err == nil && text != ""
	default:
		v.ok = text != ""
	}
	return err
}
