package slurm

import (
	"bufio"
	"fmt"
	"io"
	"strings"

	"github.com/jobframe/jobframe/frame/schema"
	"github.com/jobframe/jobframe/loaders/internal/records"
	"github.com/jobframe/jobframe/loaders/source"
)

// Format is Slurm accounting as sacct prints it with --parsable2 (or -p,
// or --delimiter) and a header line.
func Format() source.Format {
	return source.Format{
		Name:   "slurm",
		Frames: []string{schema.Jobs, schema.Allocations, schema.Tasks, schema.Placements},
		Sniff:  func(_ string, head []byte) bool { return sniff(head) },
		Load:   func(in []source.Input, o source.Options) (*source.Dataset, error) { return source.LoadOne(in, o, Load) },
	}
}

// Load reads sacct output (see the package documentation) into jobs,
// allocations, tasks (job steps) and placements. sacct prints local times
// without a zone: they are read in o.TimeZone (an IANA name), UTC when
// it is empty.
func Load(r io.Reader, o source.Options) (*source.Dataset, error) {
	p := &source.Problems{File: o.InputName(), Lenient: o.Lenient}
	loc, err := o.Location()
	if err != nil {
		return nil, err
	}
	br := bufio.NewReaderSize(r, 64<<10)
	head, err := br.ReadBytes('\n')
	if err != nil && err != io.EOF {
		return nil, fmt.Errorf("%s: %w", p.File, err)
	}
	head = records.TrimEOL(head)
	if len(head) == 0 {
		return nil, &source.ParseError{File: p.File, Line: 1, Want: "sacct's header line (the file is empty)", Err: source.ErrBadHeader}
	}
	lay, err := readHeader(head, p.File, loc)
	if err != nil {
		return nil, err
	}
	b := newBuilder(lay)
	err = records.DecodedLines(br, p, records.Workers(), lay.decode, func(line []byte, n int, r *record) error {
		return b.apply(line, n+1, r, p)
	})
	if err == nil {
		err = b.finish(p)
	}
	if err != nil {
		return nil, err
	}
	b.numberAttempts()
	d := &source.Dataset{Source: "slurm", Frames: b.frames(source.WantFrames(o))}
	d.Warnings = p.Finish()
	return d, nil
}

// apply takes the next line (numbered n in the file) and its decoded
// record, in order: a record whose free text holds newlines spans lines,
// joined here until it has its fields.
func (b *builder) apply(line []byte, n int, r *record, p *source.Problems) error {
	if b.pend != nil {
		b.pend = append(append(b.pend, '\n'), line...)
		if len(tokens(b.pend, b.lay.delim, b.scratch.ends)) < len(b.lay.specs) {
			return nil
		}
		joined, first := b.pend, b.pendLine
		b.pend = nil
		b.lay.decode(joined, &b.scratch)
		if !b.scratch.short && b.scratch.bad == -1 {
			b.add(joined, first, &b.scratch)
			b.pendBuf = joined[:0]
			return nil
		}
		// The joined lines do not read: the first is a bad record, and
		// this line is read on its own.
		err := b.report(p, first, joined, &b.scratch, n)
		b.pendBuf = joined[:0]
		if err != nil {
			return err
		}
	}
	switch {
	case len(line) == 0:
		return nil // sacct prints no empty record; an empty line holds nothing
	case r.short && b.lay.canJoin:
		b.pend, b.pendLine = append(b.pendBuf[:0], line...), n
		return nil
	case r.short || r.bad != -1:
		if string(line) == b.lay.header {
			return nil // the header again (outputs of several sacct runs concatenated)
		}
		return b.report(p, n, line, r, n)
	}
	b.add(line, n, r)
	return nil
}

// finish reports a record still waiting for its lines at the end.
func (b *builder) finish(p *source.Problems) error {
	if b.pend == nil {
		return nil
	}
	got := len(tokens(b.pend, b.lay.delim, nil))
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
	s := b.lay.specs[r.bad]
	err := r.err
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
		return "an integer"
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
	}
	return "text"
}
