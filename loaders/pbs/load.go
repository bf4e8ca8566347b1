package pbs

import (
	"bytes"
	"fmt"
	"io"
	"path/filepath"
	"regexp"
	"sort"

	"github.com/jobframe/jobframe/frame/schema"
	"github.com/jobframe/jobframe/loaders/internal/records"
	"github.com/jobframe/jobframe/loaders/source"
)

// Format is the accounting log of PBS Professional, OpenPBS or Torque
// (server_priv/accounting/YYYYMMDD). The daily logs of one folder are
// one load: a job queued on one day and ended on another is one job.
func Format() source.Format {
	return source.Format{
		Name:        "pbs",
		System:      "PBS",
		Description: "a PBS Professional, OpenPBS or Torque accounting log (server_priv/accounting/YYYYMMDD)",
		Sources:     []string{Source},
		Frames:      []string{schema.Jobs, schema.Allocations, schema.Tasks, schema.Placements, schema.Events},
		Sniff:       func(_ string, head []byte) bool { return sniff(head) },
		Group:       group,
		Load:        LoadInputs,
	}
}

// recordStart matches the start of a line of a PBS log: its date and
// the next field, a record type (accounting) or a hex event class
// (server and MOM logs, which Load names as such).
var recordStart = regexp.MustCompile(`^\d\d/\d\d/\d{4} \d\d:\d\d:\d\d;([A-Za-z]|[0-9a-fA-F]{4});`)

// daemonLog matches a line of a server or MOM log.
var daemonLog = regexp.MustCompile(`^\d\d/\d\d/\d{4} \d\d:\d\d:\d\d;[0-9a-fA-F]{4};`)

// dailyName is the name PBS gives each day's accounting log.
var dailyName = regexp.MustCompile(`^\d{8}(\.gz|\.bz2|\.xz|\.zst)?$`)

// sniff accepts a log whose first line is a PBS record.
func sniff(head []byte) bool {
	return recordStart.Match(bytes.TrimLeft(firstLine(head), "\ufeff"))
}

// group puts the daily logs of a folder (files named YYYYMMDD) in one
// load; any other file loads alone.
func group(name string, _ []byte) string {
	if name == "-" || !dailyName.MatchString(filepath.Base(name)) {
		return ""
	}
	return filepath.Dir(name)
}

func firstLine(head []byte) []byte {
	if i := bytes.IndexByte(head, '\n'); i >= 0 {
		head = head[:i]
	}
	return bytes.TrimRight(head, "\r")
}

// Load reads one accounting log (see the package documentation). The
// record dates have no zone: they are read in o.TimeZone (UTC when
// empty); the epoch seconds of ctime, start, end and the others are
// zone-free.
func Load(r io.Reader, o source.Options) (*source.Dataset, error) {
	return LoadInputs([]source.Input{{Name: o.InputName(), R: r}}, o)
}

// LoadInputs reads accounting logs as one load, in the order of their
// names (YYYYMMDD: by day), so that a job's records on several days
// make one job.
func LoadInputs(in []source.Input, o source.Options) (*source.Dataset, error) {
	loc, err := o.Location()
	if err != nil {
		return nil, err
	}
	in = append([]source.Input(nil), in...)
	sort.SliceStable(in, func(a, b int) bool { return in[a].Name < in[b].Name })
	// the events asked for their span alone are counted, not kept: the
	// report of 1M jobs reads nothing else of their 3M records
	b := newBuilder(estimateRecords(in), o.SkimsRows(schema.Events, eventColumn))
	b.keeps = o.Keeps
	dec := decoder{loc: loc}
	limit := o.HostLimit()
	files, warnings, err := records.DecodedInputs(in, o, checkStart, dec.decode, func(input int, p *source.Problems, line []byte, n int, r *record) error {
		b.file = input
		if err := b.apply(line, n, r, p); err != nil {
			return err
		}
		if b.hosts > limit {
			return fmt.Errorf("%s:%d: field exec_host: the runs name %d hosts in all, more than the limit of %d placements per input (source.Options.MaxHosts; JOBFRAME_MAX_HOSTS raises it for jobframe): a damaged or hostile log", p.File, n, b.hosts, limit)
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	d := &source.Dataset{Source: Source, Warnings: warnings}
	d.Files = files
	b.resolve()
	d.Frames = b.frames(source.WantFrames(o), files)
	b.skim.Set(d, schema.Events) // the events: their columns, no row
	b.sets.Skip(d)
	return o.Project(d, nil)
}

// estimateRecords guesses the records of the inputs, for the builder's
// room: the lines of each input of known size at the rate of its first
// 64 KiB and a fifth more (source.EstimateRecords), else its size at 256
// bytes a record (records are 100 to 1,000 bytes). The 256 alone made
// room for 4.4M records, 1.5M jobs of 640 bytes, for the 3.0M records
// and 1.0M jobs of the 1M-job bench log.
func estimateRecords(in []source.Input) int {
	n := 0
	for _, x := range in {
		if k := source.EstimateRecords(x.R, "\n"); k > 0 {
			n += k
		} else {
			n += int(source.InputSize(x.R) / 256)
		}
	}
	return min(n, 1<<26)
}

// checkStart reads the start of input x: a server or MOM log, whose
// lines look alike, is named as such.
func checkStart(x source.Input, p *source.Problems) (io.Reader, error) {
	br, head, err := records.Head(x, p)
	if err != nil {
		return nil, err
	}
	if line := firstLine(head); daemonLog.Match(line) {
		return nil, &source.ParseError{File: p.File, Line: 1, Text: source.Clip(string(line), 80), Err: source.ErrBadHeader,
			Want: "an accounting record date;type;id;attributes; this is a PBS or Torque daemon log (server_logs or mom_logs: an event class in hex after the date), and the accounting logs are in server_priv/accounting"}
	}
	return br, nil
}
