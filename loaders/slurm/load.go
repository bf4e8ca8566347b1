package slurm

import (
	"bufio"
	"fmt"
	"io"
	"runtime"

	"github.com/jobframe/jobframe/frame/schema"
	"github.com/jobframe/jobframe/loaders/internal/records"
	"github.com/jobframe/jobframe/loaders/source"
)

// Source is the Dataset.Source of sacct output's loads.
const Source = "slurm"

// Format is Slurm accounting as sacct prints it with --parsable2 (or -p,
// or --delimiter) and a header line.
func Format() source.Format {
	return source.Format{
		Name:        "slurm",
		System:      "Slurm",
		Description: "sacct --parsable2 (or -p, or --delimiter) output with its header",
		Sources:     []string{Source},
		Frames:      []string{schema.Jobs, schema.Allocations, schema.Tasks, schema.Placements},
		Sniff:       func(_ string, head []byte) bool { return sniff(head) },
		Load:        func(in []source.Input, o source.Options) (*source.Dataset, error) { return source.LoadOne(in, o, Load) },
	}
}

// Load reads sacct output (see the package documentation) into jobs,
// allocations, tasks (job steps) and placements. sacct prints local times
// without a zone: they are read in o.TimeZone (an IANA name), UTC when
// it is empty. A field whose columns o.Columns and o.Omit leave out of
// the jobs and the tasks, and that the loader does not read by name, is
// checked as the whole load checks it but not stored (named).
func Load(r io.Reader, o source.Options) (*source.Dataset, error) {
	p := o.Problems(o.InputName())
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
	lay, err := readHeader(head, p.File, loc, keeps(o))
	if err != nil {
		return nil, err
	}
	b := newBuilder(lay)
	err = records.DecodedBatches(br, p, 2, runtime.GOMAXPROCS(0), b.decode, func(l *records.Lines, c *chunk) error {
		return b.apply(l, c, p)
	})
	if err == nil {
		err = b.finish(p)
	}
	if err != nil {
		return nil, err
	}
	b.finishJoins()
	if n, limit := b.hostCount(), o.HostLimit(); n > limit {
		return nil, fmt.Errorf("%s: field NodeList: the node lists of the steps name %d hosts in all, more than the limit of %d placements per input (source.Options.MaxHosts; JOBFRAME_MAX_HOSTS raises it for jobframe): a damaged or hostile dump", p.File, n, limit)
	}
	d := &source.Dataset{Source: Source, Frames: b.assemble(source.WantFrames(o)).frames(source.WantFrames(o))}
	d.Warnings = p.Finish()
	return d, nil
}

// keeps says whether a load with o keeps a column of a field not named
// in the jobs or the tasks, the frames its column goes to (nil: every
// column).
func keeps(o source.Options) func(col string) bool {
	if len(o.Columns)+len(o.Omit) == 0 {
		return nil
	}
	want := source.WantFrames(o)
	return func(col string) bool {
		for _, name := range []string{schema.Jobs, schema.Tasks} {
			if (want == nil || want[name]) && o.Keeps(name, col) {
				return true
			}
		}
		return false
	}
}
