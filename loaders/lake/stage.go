package lake

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
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

// write writes every frame of d.
func (s *stager) write(d *source.Dataset) error {
	for _, name := range d.Names() {
		if err := s.writeFrame(d.Source, name, d.Frames[name]); err != nil {
			return fmt.Errorf("writing the %s frame: %w", name, err)
		}
	}
	return nil
}

// writeFrame writes frame f of source src, one file per day of its rows.
func (s *stager) writeFrame(src, name string, f *frame.Frame) error {
	if f.NumRows() == 0 {
		return nil
	}
	names := append([]string{"input"}, f.Names()...)
	f = f.WithColumn("input", columns.Repeat("input", s.input, f.NumRows())).Select(names...)
	if f.Has("source") {
		f = f.Drop("source")
	}
	days, err := rowDays(f)
	if err != nil {
		return err
	}
	// Rows in day order, then one file per run of a day: a frame read in
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
	for lo := 0; lo < len(days); {
		hi := lo + 1
		for hi < len(days) && days[hi] == days[lo] {
			hi++
		}
		day, part := days[lo], f
		if lo > 0 || hi < len(days) {
			part = f.Slice(lo, hi)
		}
		lo = hi
		s.seq++
		rel := filepath.Join(name, "source="+src, "day="+day, fmt.Sprintf("part-%s-%06d.parquet", s.id, s.seq))
		path := filepath.Join(s.lake, stagingDir, s.id, rel)
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			return err
		}
		if err := part.WriteParquetFile(path, s.parquet); err != nil {
			return err
		}
		if st, err := os.Stat(path); err == nil {
			s.bytes += st.Size()
		}
		s.parts = append(s.parts, filepath.ToSlash(rel))
		s.rows[name] += int64(part.NumRows())
	}
	return nil
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
