package lakeread

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/jobframe/jobframe/frame"
	"github.com/jobframe/jobframe/frame/schema"
	"github.com/jobframe/jobframe/loaders/internal/columns"
	"github.com/jobframe/jobframe/loaders/lake/manifest"
	"github.com/jobframe/jobframe/loaders/source"
)

// Options choose what Read loads.
type Options struct {
	// Frames and Columns select frames and their columns as
	// source.Options does (nil: all); a column asked for that no part
	// has is left to source.Options.Project to name.
	Frames  []string
	Columns map[string][]string
	// Omit leaves columns out as source.Options.Omit does: they are not
	// decoded.
	Omit map[string][]string
	// Sources, when not empty, are the source systems to read
	// (hyperqueue, slurm, ...); the others' entries are skipped.
	Sources []string
	// FromDay and ToDay, when set (YYYY-MM-DD), bound the day
	// partitions read, both included: a row's day is the UTC date of its
	// first time (see package lake). Rows without a time (the
	// __HIVE_DEFAULT_PARTITION__) are read whatever the bounds.
	FromDay, ToDay string
	// Window, when set, skips the row groups in which its cut would keep
	// no row (see Window); the rows read are all returned.
	Window Window
	// SourceRows, when set, is a test of the source column that the
	// caller cuts the frames with one to (source.Options.SourceRows):
	// the parts of those frames from an entry of a system it refuses
	// have no row group read, only their footers (the frame keeps its
	// columns).
	SourceRows func(source string) bool
	// SpanOnly names, by frame, the columns for which the caller reads
	// the frame's rows, as source.Options.SpanOnly: the row groups that
	// hold none of them are read from their footers alone, for the span
	// of their times (source.Dataset.Skimmed). Ignored when Window or
	// SourceRows is set.
	SpanOnly map[string][]string
	// MaxBytes bounds the bytes that reading the lake's Parquet files
	// may allocate in all (frame.Budget); 0 means
	// frame.DefaultBudgetBytes of the size of the files read.
	MaxBytes int64
}

// IsLake reports whether path is a folder holding a lake's manifest.
func IsLake(path string) bool {
	st, err := os.Stat(filepath.Join(path, manifest.Name))
	return err == nil && st.Mode().IsRegular()
}

// Lake is what Read read of a lake.
type Lake struct {
	// Sets are the datasets of the committed entries read, one per
	// entry, in the order ingested; Formats the loaders format that read
	// each (source.Format.Name).
	Sets    []*source.Dataset
	Formats []string
	// Warnings name the files and entries not read.
	Warnings []source.Warning
}

// Read reads the lake in dir: one dataset per committed entry that o
// selects.
func Read(dir string, o Options) (*Lake, error) {
	m, err := manifest.Read(dir)
	if err != nil {
		return nil, err
	}
	if err := checkDay(o.FromDay); err != nil {
		return nil, err
	}
	if err := checkDay(o.ToDay); err != nil {
		return nil, err
	}
	var warnings []source.Warning
	listed := map[string]bool{}
	var plans []*entryPlan
	for i := range m.Inputs {
		e := &m.Inputs[i]
		for _, p := range e.LakeFiles() {
			listed[p] = true
		}
		if e.State != manifest.Committed {
			warnings = append(warnings, source.Warning{File: filepath.Join(dir, manifest.Name),
				Msg: fmt.Sprintf("entry %s (%s) was left %s by an interrupted ingest: not read; run jobframe ingest again to finish it", e.ID, strings.Join(e.Inputs(), ", "), e.State)})
			continue
		}
		if len(o.Sources) > 0 && !slices.Contains(o.Sources, e.Source) {
			continue
		}
		plan, err := planEntry(dir, m, e, o)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", filepath.Join(dir, manifest.Name), err)
		}
		plans = append(plans, plan)
	}
	foreign, err := unlisted(dir, m, listed)
	if err != nil {
		return nil, err
	}
	for _, f := range foreign {
		warnings = append(warnings, source.Warning{File: f, Msg: "not in the lake's manifest (a half-written or foreign file): not read"})
	}
	l := &Lake{Sets: make([]*source.Dataset, len(plans)), Formats: make([]string, len(plans)), Warnings: warnings}
	limit := o.MaxBytes
	if limit == 0 {
		limit = frame.DefaultBudgetBytes(planBytes(plans))
	}
	budget := frame.NewBudget(limit)
	for i, p := range plans {
		if l.Sets[i], err = p.dataset(budget); err != nil {
			return nil, err
		}
		l.Formats[i] = p.entry.Format
	}
	return l, nil
}

// checkDay refuses a day bound that is not YYYY-MM-DD.
func checkDay(day string) error {
	if day == "" {
		return nil
	}
	if _, err := time.Parse(time.DateOnly, day); err != nil {
		return fmt.Errorf("lake day bound %q: want YYYY-MM-DD: %w", day, err)
	}
	return nil
}

// entryPlan is one entry to read: its parts by frame, and what they
// read into.
type entryPlan struct {
	entry  *manifest.Entry
	frames []string           // in the order first met in Parts
	parts  map[string][]*part // by frame
	// unread are, by frame, the parts whose rows Options.SourceRows
	// refuses: their times and run column, read into Dataset.Unread.
	unread map[string][]*part
}

// part is one Parquet file to read.
type part struct {
	path    string // on disk
	columns []string
	keep    func(frame.RowGroup) bool // the row groups to read (nil: all)
	// keepColumn, when set, also selects the columns by type
	// (frame.ReadOptions.KeepColumn)
	keepColumn func(string, frame.Type) bool
	f          *frame.Frame
	// skimmed is the span of the times of the row groups read for
	// their span alone (Options.SpanOnly), skimmedRows their rows
	skimmed     source.Extent
	skimmedRows int
}

// planEntry selects the parts of e that o asks for; a part whose path
// is not of the lake's layout is an error.
func planEntry(dir string, m *manifest.Manifest, e *manifest.Entry, o Options) (*entryPlan, error) {
	p := &entryPlan{entry: e, parts: map[string][]*part{}, unread: map[string][]*part{}}
	for _, rel := range e.Parts {
		name, day, ok := partKeys(rel)
		if !ok {
			return nil, fmt.Errorf("entry %s: part %q is not FRAME/source=SOURCE/day=DAY/FILE", e.ID, rel)
		}
		if len(o.Frames) > 0 && !slices.Contains(o.Frames, name) || !dayWanted(day, o) {
			continue
		}
		var cols []string
		if want, ok := o.Columns[name]; ok { // the file ignores names it lacks
			cols = append([]string{"input"}, source.ColumnNames(want)...)
		}
		if _, met := p.parts[name]; !met {
			p.frames = append(p.frames, name)
		}
		file := m.File(dir, rel)
		if m.Version < 2 { // before generations, the frames' folders held the files
			file = filepath.Join(dir, filepath.FromSlash(rel))
		}
		keep, keepColumn := o.Window.keepRowGroup(name), omitting(o.Omit[name])
		if o.SourceRows != nil && hasSource(name) && !o.SourceRows(e.Source) {
			// the frame keeps the part's columns, none of its rows; the
			// runs are spanned on the rows' times all the same
			runs := func(c string, t frame.Type) bool { return runColumn(c, t) && (keepColumn == nil || keepColumn(c, t)) }
			p.unread[name] = append(p.unread[name], &part{path: file, columns: cols, keep: keep, keepColumn: runs})
			keep = func(frame.RowGroup) bool { return false }
		}
		pt := &part{path: file, columns: cols, keep: keep, keepColumn: keepColumn}
		if skim := skimming(name, o, cols, keepColumn, &pt.skimmed, &pt.skimmedRows); skim != nil {
			pt.keep = skim
		}
		p.parts[name] = append(p.parts[name], pt)
	}
	return p, nil
}

// partKeys reads a part's lake path, FRAME/source=S/day=D/NAME.parquet:
// its frame and day.
func partKeys(rel string) (name, day string, ok bool) {
	parts := strings.Split(path.Clean(rel), "/")
	if len(parts) != 4 || !strings.HasPrefix(parts[1], "source=") || !strings.HasPrefix(parts[2], "day=") {
		return "", "", false
	}
	return parts[0], strings.TrimPrefix(parts[2], "day="), true
}

// dayWanted reports whether the day partition day is within o's bounds.
func dayWanted(day string, o Options) bool {
	if day == frame.HiveNull {
		return true
	}
	return (o.FromDay == "" || day >= o.FromDay) && (o.ToDay == "" || day <= o.ToDay)
}

// planBytes returns the size of the files the plans read (those that
// cannot be read are left to the read to report).
func planBytes(plans []*entryPlan) int64 {
	var n int64
	for _, p := range plans {
		for _, parts := range []map[string][]*part{p.parts, p.unread} {
			for _, ps := range parts {
				for _, pt := range ps {
					if st, err := os.Stat(pt.path); err == nil {
						n += st.Size()
					}
				}
			}
		}
	}
	return n
}

// readParts reads the parts of one frame on GOMAXPROCS goroutines, all
// under budget; the first error in order is returned.
func readParts(all []*part, budget *frame.Budget) error {
	errs := make([]error, len(all))
	next := make(chan int)
	var wg sync.WaitGroup
	for range min(runtime.GOMAXPROCS(0), len(all)) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range next {
				all[i].f, errs[i] = frame.ReadParquetFile(all[i].path, frame.ReadOptions{Columns: all[i].columns, KeepRowGroup: all[i].keep, KeepColumn: all[i].keepColumn, Budget: budget})
			}
		}()
	}
	for i := range all {
		next <- i
	}
	close(next)
	wg.Wait()
	return errors.Join(errs...)
}

// dataset reads the entry's parts under budget and stacks them into its
// frames, a frame at a time: memory holds one frame's parts besides the
// frames built.
func (p *entryPlan) dataset(budget *frame.Budget) (*source.Dataset, error) {
	e := p.entry
	d := &source.Dataset{Source: e.Source, Files: e.Inputs(), Frames: map[string]*frame.Frame{}}
	for _, name := range p.frames {
		if err := readParts(p.parts[name], budget); err != nil {
			return nil, err
		}
		if unread := p.unread[name]; len(unread) > 0 {
			if err := readParts(unread, budget); err != nil {
				return nil, err
			}
			for _, pt := range unread {
				d.Unread, pt.f = append(d.Unread, pt.f), nil
			}
		}
		fs := make([]*frame.Frame, len(p.parts[name]))
		for i, pt := range p.parts[name] {
			fs[i], pt.f = pt.f, nil
			d.Skimmed.Join(pt.skimmed)
			d.AddSkimmedRows(name, pt.skimmedRows)
		}
		f := fs[0]
		if len(fs) > 1 {
			f = frame.Stack(fs...) // the parts' columns go as they are stacked
		}
		if f.Has("input") {
			f = f.Drop("input")
		}
		f = withSource(name, f, e.Source)
		if err := f.Err(); err != nil {
			return nil, fmt.Errorf("the %s frame of %s: %w", name, strings.Join(d.Files, ", "), err)
		}
		d.Frames[name] = f
	}
	if e.LogStart != "" && e.LogEnd != "" {
		start, err1 := frame.ParseMicros(e.LogStart)
		end, err2 := frame.ParseMicros(e.LogEnd)
		if err := errors.Join(err1, err2); err != nil {
			return nil, fmt.Errorf("entry %s: its log's span: %w", e.ID, err)
		}
		d.LogStart, d.LogEnd, d.HasLogSpan = start, end, true
	}
	for _, n := range e.Notes {
		d.Warnings = append(d.Warnings, source.Warning{File: n.File, Line: n.Line, Field: n.Field, Text: n.Text, Msg: n.Msg})
	}
	if more := e.Warnings - len(e.Notes); more > 0 {
		d.Warnings = append(d.Warnings, source.Warning{File: strings.Join(d.Files, ","),
			Msg: fmt.Sprintf("and %d more warnings when it was ingested (jobframe ingest printed them; the lake keeps the first %d)", more, len(e.Notes))})
	}
	return d, nil
}

// omitting returns the test of a column that leaves out those named
// (nil for none).
func omitting(omit []string) func(string, frame.Type) bool {
	if len(omit) == 0 {
		return nil
	}
	return func(c string, _ frame.Type) bool { return !slices.Contains(omit, c) }
}

// runColumn keeps the columns a load's runs are counted and spanned on
// (loaders.Open): the times and the run.
func runColumn(name string, t frame.Type) bool { return t == frame.Time || name == "run" }

// hasSource reports whether the canonical frame name has a source
// column (the lake keeps it in folder names; withSource puts it back).
func hasSource(name string) bool {
	sf, ok := schema.Lookup(name)
	if !ok {
		return false
	}
	_, has := sf.Column("source")
	return has
}

// withSource puts the source column back first in frame name when the
// canonical schema has one there (the lake keeps it in folder names).
func withSource(name string, f *frame.Frame, src string) *frame.Frame {
	if !hasSource(name) || f.Has("source") {
		return f
	}
	names := append([]string{"source"}, f.Names()...)
	return f.WithColumn("source", columns.Repeat("source", src, f.NumRows())).Select(names...)
}

// unlisted returns the Parquet files in the current generation's frame
// folders that no entry lists.
func unlisted(dir string, m *manifest.Manifest, listed map[string]bool) ([]string, error) {
	if m.Generation == 0 {
		return nil, nil
	}
	root := filepath.Join(dir, manifest.GenDir(m.Generation))
	var out []string
	err := filepath.WalkDir(root, func(p string, de fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if de.IsDir() || !strings.HasSuffix(p, ".parquet") {
			return nil
		}
		rel, err := filepath.Rel(root, p)
		if err != nil {
			return err
		}
		if !listed[filepath.ToSlash(rel)] {
			out = append(out, p)
		}
		return nil
	})
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	return out, err
}
