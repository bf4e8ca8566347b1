package slurm

import (
	"bytes"
	"fmt"
	"strings"

	"github.com/jobframe/jobframe/loaders/source"
)

// The messages of records that do not read: each names the line, the
// field and what the field holds.

// finish reports a record still waiting for its lines at the end.
func (b *builder) finish(p *source.Problems) error {
	if b.pend == nil {
		return nil
	}
	got := len(tokens(b.pend, b.lay.delim, nil))
	if got >= len(b.lay.specs) {
		// Fields enough, joined to the end in the hope that the free
		// text also held the delimiter: they still do not read.
		pend, last := b.pend, b.pendLine+bytes.Count(b.pend, []byte{'\n'})
		b.pend = nil
		b.lay.decode(pend, &b.scratch)
		return b.report(p, b.pendLine, pend, &b.scratch, last)
	}
	err := p.Bad(b.pendLine, "", string(b.pend), fmt.Sprintf("%d fields as the header has (the input ends after %d)", len(b.lay.specs), got), nil)
	b.pend = nil
	return err
}

// report reports a record that does not read: it starts on line first,
// and when last > first it is the lines first..last joined (a free text
// holding newlines was assumed and did not fit).
func (b *builder) report(p *source.Problems, first int, line []byte, r *record, last int) error {
	n := len(b.lay.specs)
	joined := ""
	if last > first {
		joined = fmt.Sprintf(" (line %d has fewer; read with the lines after it up to %d as one record whose free text holds newlines, it has %d)", first, last, len(r.ends))
	}
	switch {
	case r.short:
		return p.Bad(first, "", string(line), fmt.Sprintf("%d fields as the header has (this record has %d%s)", n, len(r.ends), joined), nil)
	case r.bad == -2:
		var free []string
		for _, s := range b.lay.specs {
			if s.kind == kFree {
				free = append(free, s.name)
			}
		}
		why := "the header has no free-text field that could hold a delimiter"
		if len(free) > 0 {
			why = "no way of giving the extra delimiters to " + strings.Join(free, ", ") + " leaves every other field readable"
		}
		if joined != "" {
			return p.Bad(first, "", string(line), fmt.Sprintf("%d fields as the header has%s", n, joined), nil)
		}
		return p.Bad(first, "", string(line), fmt.Sprintf("%d fields as the header has (this record has %d, and %s)", n, len(r.ends), why), nil)
	}
	if r.bad < 0 { // the workers' decoder and decode disagree
		return fmt.Errorf("%s:%d: %w: the record did not read and reads when read again", p.File, first, errInternal)
	}
	s := b.lay.specs[r.bad]
	err := r.err
	if err == errEndBeforeStart {
		return p.Bad(first, s.name, r.text(line, r.bad), "a time at or after the row's Start ("+r.text(line, b.lay.at.start)+")"+joined, nil)
	}
	if err == errShape {
		err = nil
	}
	return p.Bad(first, s.name, r.text(line, r.bad), what(s.kind)+joined, err)
}

// what says what a field of kind k holds, for messages.
func what(k kind) string {
	switch k {
	case kTime:
		return "a time YYYY-MM-DDTHH:MM:SS, Unknown or None"
	case kDuration:
		return "a duration [D-]HH:MM:SS[.mmm]"
	case kSizeK, kSizeM:
		return "a size such as 1828196K or 2.10M"
	case kInt:
		return "a whole number >= 0"
	case kExit:
		return "an exit code status:signal"
	case kState:
		return "a Slurm job state (COMPLETED, FAILED, CANCELLED, TIMEOUT, OUT_OF_MEMORY, NODE_FAIL, PREEMPTED, RUNNING, PENDING, REQUEUED, ...)"
	case kJobID:
		return "a JobID (123, 123_4, 123+1, 123.batch)"
	case kTRES:
		return "a TRES list (cpu=32,mem=500G,node=1)"
	case kNodes:
		return "a node list (cn[01-04,07])"
	case kUsage:
		return "a TRES usage list (cpu=00:21:50,mem=1828196K,gres/gpuutil=72,gres/gpumem=21794M)"
	}
	return "text"
}
