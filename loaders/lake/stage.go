package lake

import (
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/jobframe/jobframe/frame"
	"github.com/jobframe/jobframe/loaders/internal/columns"
	"github.com/jobframe/jobframe/loaders/source"
)

// dayColumns are the time columns whose first non-null value, in this
// order, gives a row's day: when it entered the system (submitted,
// queued, connected), began, happened, or ended.
var dayColumns = []string{"submit", "queued", "connected", "start", "time", "end"}

// stager writes the frames of one input group as Parquet files under
// _staging/<id>, partitioned by source and day, numbering them in order.
type stager struct {
	lake, id string
	input    string // the group's files, joined by ",": the input column
	parquet  frame.ParquetOptions
	seq      int
	parts    []string // relative to the lake
	rows     map[string]int64
	bytes    int64
}

// rowGroupsPerFile bounds the row groups of one file: a day's rows of a
// large input go to several files, which are written at once on all
// cores.
const rowGroupsPerFile = 4

// stagedFile is one Parquet file to write: the rows of one frame of one
// day, part of a lake path rel.
type stagedFile struct {
	frame, rel string
	rows       *frame.Frame
}

// write writes every frame of d: the files are planned in order (their
// numbers follow the frames' order and the days'), then written on all
// cores.
func (s *stager) write(d *source.Dataset) error {
	var files []stagedFile
	for _, name := range d.Names() {
		fs, err := s.plan(d.Source, name, d.Frames[name])
		if err != nil {
			return fmt.Errorf("writing the %s frame: %w", name, err)
		}
		files = append(files, fs...)
	}
	sizes := make([]int64, len(files))
	errs := make([]error, len(files))
	var next atomic.Int64
	var wg sync.WaitGroup
	for w := min(runtime.GOMAXPROCS(0), len(files)); w > 0; w-- {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := int(next.Add(1) - 1); i < len(files); i = int(next.Add(1) - 1) {
				sizes[i], errs[i] = s.writeFile(files[i])
				if errs[i] != nil {
					next.Store(int64(len(files))) // the others stop at their next file
				}
			}
		}()
	}
	wg.Wait()
	for i, f := range files {
		if errs[i] != nil {
			return fmt.Errorf("writing the %s frame: %w", f.frame, errs[i])
		}
		s.parts = append(s.parts, filepath.ToSlash(f.rel))
		s.rows[f.frame] += int64(f.rows.NumRows())
		s.bytes += sizes[i]
	}
	return nil
}

// writeFile writes one planned file under the staging folder and returns
// its size in bytes.
func (s *stager) writeFile(f stagedFile) (int64, error) {
	path := filepath.Join(s.lake, stagingDir, s.id, f.rel)
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return 0, err
	}
	if err := createNew(path, func(fh *os.File) error { return f.rows.WriteParquet(fh, s.parquet) }); err != nil {
		return 0, err
	}
	st, err := os.Stat(path)
	if err != nil {
		return 0, err
	}
	return st.Size(), nil
}

// createNew creates the file at path, which must not exist (O_EXCL: a
// link planted there is not followed but refused), writes it with write
// and closes it; on an error the file is removed, and the error names
// path.
func createNew(path string, write func(*os.File) error) error {
	fh, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o644)
	if err != nil {
		return err
	}
	if err := write(fh); err != nil {
		fh.Close()
		os.Remove(path)
		return fmt.Errorf("%s: %w", path, err)
	}
	if err := fh.Close(); err != nil {
		os.Remove(path)
		return fmt.Errorf("%s: %w", path, err)
	}
	return nil
}

// plan cuts frame f of source src into the files to write: one or more
// per day of its rows, each of at most rowGroupsPerFile row groups.
func (s *stager) plan(src, name string, f *frame.Frame) ([]stagedFile, error) {
	if f.NumRows() == 0 {
		return nil, nil
	}
	if f.Has("input") { // a loader's column would take the lake's place
		return nil, fmt.Errorf("the %s frame of %s has a column named input, which the lake keeps for the input's name", name, src)
	}
	names := append([]string{"input"}, f.Names()...)
	f = f.WithColumn("input", columns.Repeat("input", s.input, f.NumRows())).Select(names...)
	if err := f.Err(); err != nil {
		return nil, err
	}
	if f.Has("source") {
		f = f.Drop("source")
	}
	days, err := rowDays(f)
	if err != nil {
		return nil, err
	}
	// Rows in day order, then files of a run of a day: a frame read in
	// time order needs no copy; any other is reordered once, as Arrow's
	// take of a few rows of a large text column allocates for the whole.
	if !slices.IsSorted(days) {
		perm := make([]int, len(days))
		for i := range perm {
			perm[i] = i
		}
		slices.SortStableFunc(perm, func(a, b int) int { return strings.Compare(days[a], days[b]) })
		f = f.Take(perm)
		sorted := make([]string, len(days))
		for i, p := range perm {
			sorted[i] = days[p]
		}
		days = sorted
	}
	rg := s.parquet.RowGroupRows
	if rg <= 0 {
		rg = frame.DefaultRowGroupRows
	}
	most := rowGroupsPerFile * rg
	var out []stagedFile
	for lo := 0; lo < len(days); {
		end := lo + 1
		for end < len(days) && days[end] == days[lo] {
			end++
		}
		day := days[lo]
		for ; lo < end; lo = min(lo+most, end) {
			hi := min(lo+most, end)
			part := f
			if lo > 0 || hi < len(days) {
				part = f.Slice(lo, hi)
			}
			s.seq++
			rel := filepath.Join(name, "source="+src, "day="+day, fmt.Sprintf("part-%s-%06d.parquet", s.id, s.seq))
			out = append(out, stagedFile{frame: name, rel: rel, rows: part})
		}
	}
	return out, nil
}

// rowDays returns the partition day of every row of f: the UTC date of
// its first non-null time among dayColumns, or frame.HiveNull.
func rowDays(f *frame.Frame) ([]string, error) {
	days := make([]string, f.NumRows())
	left := f.NumRows()
	var last int64 = -1 << 62
	var lastDay string
	for _, c := range dayColumns {
		if t, err := f.Type(c); left == 0 || err != nil || t != frame.Time {
			continue
		}
		us, ok, err := f.Micros(c)
		if err != nil {
			return nil, err
		}
		for i := range days {
			if days[i] != "" || !ok[i] {
				continue
			}
			d := us[i] / 86_400_000_000
			if us[i] < 0 && us[i]%86_400_000_000 != 0 {
				d--
			}
			if d != last {
				last, lastDay = d, time.UnixMicro(d*86_400_000_000).UTC().Format("2006-01-02")
			}
			days[i] = lastDay
			left--
		}
	}
	for i := range days {
		if days[i] == "" {
			days[i] = frame.HiveNull
		}
	}
	return days, nil
}
