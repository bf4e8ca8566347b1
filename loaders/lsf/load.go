package lsf

import (
	"bytes"
	"fmt"
	"io"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"

	"github.com/jobframe/jobframe/frame/schema"
	"github.com/jobframe/jobframe/loaders/internal/records"
	"github.com/jobframe/jobframe/loaders/source"
)

// Format is LSF's accounting log, lsb.acct (and its rotated copies
// lsb.acct.1, lsb.acct.2, ...). The rotated logs of one folder are one
// load: a job requeued across a rotation is one job.
func Format() source.Format {
	return source.Format{
		Name:        "lsf",
		System:      "LSF",
		Description: "an IBM Spectrum LSF accounting log, lsb.acct (JOB_FINISH records)",
		Sources:     []string{Source},
		Frames:      []string{schema.Jobs, schema.Allocations, schema.Tasks, schema.Placements, schema.Events},
		Sniff:       func(_ string, head []byte) bool { return recordStart.Match(firstLine(head)) },
		Group:       group,
		Load:        LoadInputs,
	}
}

// recordStart matches the start of a record of lsb.acct or lsb.events:
// a quoted type in capitals, a quoted version and the event time (an
// lsb.events file, which Load names as such, may begin with a "#"
// line).
var recordStart = regexp.MustCompile(`^(#[^\n]*\n)?"[A-Z][A-Z0-9_]*" "[0-9][0-9.]*" [0-9]+ `)

// rotated matches lsb.acct and the names LSF gives it when it rotates
// it: lsb.acct.1 is the newest archive, lsb.acct.2 the one before.
var rotated = regexp.MustCompile(`^lsb\.acct(\.[0-9]+)?(\.gz|\.bz2|\.xz|\.zst)?$`)

// group puts lsb.acct and its rotated copies in one folder in one load;
// any other file loads alone.
func group(name string, _ []byte) string {
	if name == "-" || !rotated.MatchString(filepath.Base(name)) {
		return ""
	}
	return filepath.Dir(name)
}

func firstLine(head []byte) []byte {
	head = bytes.TrimPrefix(head, []byte("\ufeff"))
	if bytes.HasPrefix(head, []byte("#")) { // lsb.events's header line
		if i := bytes.IndexByte(head, '\n'); i >= 0 {
			if j := bytes.IndexByte(head[i+1:], '\n'); j >= 0 {
				return head[:i+1+j]
			}
		}
		return head
	}
	if i := bytes.IndexByte(head, '\n'); i >= 0 {
		head = head[:i]
	}
	return bytes.TrimRight(head, "\r")
}

// age orders the logs of a folder oldest first: lsb.acct.N by N from
// the largest, then lsb.acct itself; other names by name.
func age(name string) (rank int, n int) {
	m := rotated.FindStringSubmatch(filepath.Base(name))
	if m == nil {
		return 0, 0
	}
	if m[1] == "" {
		return 2, 0
	}
	k, _ := strconv.Atoi(m[1][1:])
	return 1, -k
}

// Load reads one lsb.acct (see the package documentation).
func Load(r io.Reader, o source.Options) (*source.Dataset, error) {
	return LoadInputs([]source.Input{{Name: o.InputName(), R: r}}, o)
}

// LoadInputs reads accounting logs as one load, oldest first, so that a
// job's records in several make one job with several runs.
func LoadInputs(in []source.Input, o source.Options) (*source.Dataset, error) {
	in = append([]source.Input(nil), in...)
	sort.SliceStable(in, func(a, b int) bool {
		ra, na := age(in[a].Name)
		rb, nb := age(in[b].Name)
		if ra != rb || na != nb {
			return ra < rb || ra == rb && na < nb
		}
		return in[a].Name < in[b].Name
	})
	size := int64(0)
	for _, x := range in {
		size += source.InputSize(x.R)
	}
	// the events asked for their span alone are counted, not kept
	b := newBuilder(size, o.SkimsRows(schema.Events, eventColumn))
	b.keeps = o.Keeps
	limit := o.HostLimit()
	files, warnings, err := records.DecodedInputs(in, o, checkStart, decode, func(input int, p *source.Problems, line []byte, n int, r *record) error {
		b.file = input
		if err := b.apply(line, n, r, p); err != nil {
			return err
		}
		if b.places > limit {
			return fmt.Errorf("%s:%d: field execHosts: the runs name %d hosts in all, more than the limit of %d placements per input (source.Options.MaxHosts; JOBFRAME_MAX_HOSTS raises it for jobframe): a damaged or hostile log", p.File, n, b.places, limit)
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	d := &source.Dataset{Source: Source, Warnings: warnings}
	d.Files = files
	d.Frames = b.frames(source.WantFrames(o), files)
	b.skim.Set(d, schema.Events) // the events: their columns, no row
	b.sets.Skip(d)
	return o.Project(d, nil)
}

// checkStart reads the start of input x: lsb.events, the scheduler's
// event log, whose records look like lsb.acct's, is named as such.
func checkStart(x source.Input, p *source.Problems) (io.Reader, error) {
	br, head, err := records.Head(x, p)
	if err != nil {
		return nil, err
	}
	line := firstLine(head)
	if i := bytes.LastIndexByte(line, '\n'); i >= 0 {
		line = line[i+1:]
	}
	if m := eventsStart.FindSubmatch(line); m != nil && eventsType(string(m[1])) {
		return nil, &source.ParseError{File: p.File, Line: 1, Field: "type", Text: source.Clip(string(line), 80), Err: source.ErrBadHeader,
			Want: "an lsb.acct record (JOB_FINISH); this is lsb.events, the scheduler's event log (" + string(m[1]) + "), and the accounting log is lsb.acct beside it"}
	}
	return br, nil
}

// eventsStart matches a record's type.
var eventsStart = regexp.MustCompile(`^"([A-Z][A-Z0-9_]*)" `)
