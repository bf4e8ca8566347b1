package ops

import (
	"fmt"
	"strings"
	"time"

	"github.com/jobframe/jobframe/frame"
	"github.com/jobframe/jobframe/frame/schema"
)

// Window is a span of time, [From, To]; a zero From or To leaves that
// side open. Like sacct's --starttime and --endtime, it selects what was
// active during the span, not what began in it: an attempt submitted
// before From that still ran after it is in the window, with its times
// kept whole (per-attempt figures stay those of the whole attempt); step
// series are cut to the span with Series.
type Window struct {
	From, To time.Time
}

// IsZero reports whether w selects everything (both sides open).
func (w Window) IsZero() bool { return w.From.IsZero() && w.To.IsZero() }

// String returns the window as "FROM – TO" in RFC 3339 (UTC), an open
// side as "…".
func (w Window) String() string {
	side := func(t time.Time) string {
		if t.IsZero() {
			return "…"
		}
		return t.UTC().Format(time.RFC3339Nano)
	}
	return side(w.From) + " – " + side(w.To)
}

// ParseWindow reads the two sides of a window as the CLI's --from and
// --to take them: empty (open), an RFC 3339 time ("2024-05-01T10:00:00Z";
// a time without a zone is UTC, and "2024-05-01 10:00:00" and a bare date
// are accepted), "+D" for D after the data's start (Go durations: "+10m",
// "+1h30m", "+90s") or "-D" for D before the data's end. start and end
// are the data's first and last times; a To before From is an error.
func ParseWindow(from, to string, start, end time.Time) (Window, error) {
	var w Window
	var err error
	if w.From, err = parseWindowSide("from", from, start, end); err != nil {
		return Window{}, err
	}
	if w.To, err = parseWindowSide("to", to, start, end); err != nil {
		return Window{}, err
	}
	if !w.From.IsZero() && !w.To.IsZero() && w.To.Before(w.From) {
		return Window{}, fmt.Errorf("time window: --to %s is before --from %s", w.To.UTC().Format(time.RFC3339Nano), w.From.UTC().Format(time.RFC3339Nano))
	}
	return w, nil
}

// windowLayouts are the absolute time forms ParseWindow accepts.
var windowLayouts = []string{time.RFC3339Nano, "2006-01-02T15:04:05.999999999", "2006-01-02 15:04:05.999999999Z07:00", "2006-01-02 15:04:05.999999999", "2006-01-02T15:04", "2006-01-02 15:04", "2006-01-02"}

func parseWindowSide(name, s string, start, end time.Time) (time.Time, error) {
	s = strings.TrimSpace(s)
	if s == "" {
		return time.Time{}, nil
	}
	if s[0] == '+' || s[0] == '-' {
		d, err := time.ParseDuration(s[1:])
		if err != nil || d < 0 {
			return time.Time{}, fmt.Errorf("time window: --%s %q: want a time (RFC 3339) or +DURATION / -DURATION such as +10m or -1h30m", name, s)
		}
		if s[0] == '+' {
			if start.IsZero() {
				return time.Time{}, fmt.Errorf("time window: --%s %q is relative to the data's start, and the data hold no time", name, s)
			}
			return start.Add(d), nil
		}
		if end.IsZero() {
			return time.Time{}, fmt.Errorf("time window: --%s %q is relative to the data's end, and the data hold no time", name, s)
		}
		return end.Add(-d), nil
	}
	for _, layout := range windowLayouts {
		if t, err := time.Parse(layout, s); err == nil {
			return t.UTC(), nil
		}
	}
	return time.Time{}, fmt.Errorf("time window: --%s %q: want a time (RFC 3339, e.g. 2024-05-01T10:00:00Z) or +DURATION / -DURATION such as +10m", name, s)
}

// fromUS and toUS return the window's sides in µs since the Unix epoch,
// open sides as the extreme int64 values.
func (w Window) fromUS() int64 {
	if w.From.IsZero() {
		return minMicros
	}
	return w.From.UnixMicro()
}

func (w Window) toUS() int64 {
	if w.To.IsZero() {
		return maxMicros
	}
	return w.To.UnixMicro()
}

const (
	minMicros = -1 << 63
	maxMicros = 1<<63 - 1
)

// Frame returns the rows of f active in the window, in f's order. The
// canonical frames are read by their time columns: a row begins at the
// first of submit, queued, connected, start, time that holds a time and
// ends at end, lost or time (a null end: still going at the end of the
// log); it is in the window when it begins at or before To and ends at or
// after From. Point rows (events, perf, transfers, categories: time) are
// in it when From ≤ time ≤ To. A row without any time, and a frame
// without time columns (dependencies), is kept whole. A zero window
// returns f.
func (w Window) Frame(f *frame.Frame) *frame.Frame {
	if f == nil || f.Err() != nil || w.IsZero() {
		return f
	}
	begins, err := windowTimes(f, schema.Begins())
	if err != nil {
		return frame.WithErr(fmt.Errorf("Window: %w", err))
	}
	ends, err := windowTimes(f, []string{firstPresent(f, schema.Ends())})
	if err != nil {
		return frame.WithErr(fmt.Errorf("Window: %w", err))
	}
	if begins == nil && ends == nil {
		return f
	}
	from, to := w.fromUS(), w.toUS()
	rows := make([]int, 0, f.NumRows())
	for i := range f.NumRows() {
		b, bOK := at(begins, i)
		e, eOK := at(ends, i)
		if !bOK && !eOK { // no time at all: kept
			rows = append(rows, i)
			continue
		}
		if bOK && b > to || eOK && e < from {
			continue
		}
		rows = append(rows, i)
	}
	return f.Take(rows)
}

// Frames returns the frames of a dataset (by name), each cut to the
// window with Frame; the map is new, the frames are shared where the
// window keeps them whole.
func (w Window) Frames(frames map[string]*frame.Frame) map[string]*frame.Frame {
	out := make(map[string]*frame.Frame, len(frames))
	for name, f := range frames {
		out[name] = w.Frame(f)
	}
	return out
}

// firstPresent returns the first of names that f has, or "".
func firstPresent(f *frame.Frame, names []string) string {
	for _, n := range names {
		if f.Has(n) {
			return n
		}
	}
	return ""
}

// windowColumns holds, per row, the first valid time among some columns.
type windowColumns struct {
	us    []int64
	valid []bool
}

func at(c *windowColumns, i int) (int64, bool) {
	if c == nil || !c.valid[i] {
		return 0, false
	}
	return c.us[i], true
}

// windowTimes returns, per row of f, the first valid time among the
// named timestamp columns f has (nil when it has none of them).
func windowTimes(f *frame.Frame, names []string) (*windowColumns, error) {
	var out *windowColumns
	for _, n := range names {
		if !f.Has(n) {
			continue
		}
		if t, _ := f.Type(n); t != frame.Time {
			continue
		}
		us, valid, err := f.Micros(n)
		if err != nil {
			return nil, err
		}
		if out == nil {
			out = &windowColumns{us: append([]int64(nil), us...), valid: append([]bool(nil), valid...)}
			continue
		}
		for i := range out.us {
			if !out.valid[i] && valid[i] {
				out.us[i], out.valid[i] = us[i], true
			}
		}
	}
	return out, nil
}

// Series cuts a step series (rows in time order, each row's values
// holding until the next row's time, as Busy, Capacity, Steps and
// StateCounts return) to the window: the values in force at From become
// a row at From, the rows inside are kept, and when the series goes on
// past To a last row at To carries the values in force there, so that
// Integral over the result is the area inside the window. Rows with a
// null time are dropped. A zero window returns s.
func (w Window) Series(s *frame.Frame, timeCol string) *frame.Frame {
	if s == nil || s.Err() != nil || w.IsZero() {
		return s
	}
	if err := require("Window.Series", s, "a step series has it", timeCol); err != nil {
		return frame.WithErr(err)
	}
	t, valid, err := s.Micros(timeCol)
	if err != nil {
		return frame.WithErr(fmt.Errorf("Window.Series: %w", err))
	}
	from, to := w.fromUS(), w.toUS()
	var rows []int
	var times []int64
	inForce := -1 // the last row at or before from
	for i, ti := range t {
		if !valid[i] {
			continue
		}
		switch {
		case ti <= from:
			inForce = i
		case ti <= to:
			if inForce >= 0 && len(rows) == 0 {
				rows, times = append(rows, inForce), append(times, from)
			}
			rows, times = append(rows, i), append(times, ti)
		default: // past to: close the series at to
			last := inForce
			if len(rows) > 0 {
				last = rows[len(rows)-1]
			}
			if last >= 0 && (len(times) == 0 || times[len(times)-1] < to) {
				if len(rows) == 0 {
					rows, times = append(rows, last), append(times, from)
				}
				rows, times = append(rows, last), append(times, to)
			}
			return withTimes(s.Take(rows), timeCol, times)
		}
	}
	if len(rows) == 0 && inForce >= 0 && t[inForce] == from {
		rows, times = append(rows, inForce), append(times, from)
	}
	return withTimes(s.Take(rows), timeCol, times)
}

// withTimes replaces the time column of f by us (all valid).
func withTimes(f *frame.Frame, col string, us []int64) *frame.Frame {
	valid := make([]bool, len(us))
	for i := range valid {
		valid[i] = true
	}
	return f.WithColumn(col, frame.MicrosCol(col, us, valid))
}

// Truncate returns f with the named timestamp columns cut to the window,
// as sacct --truncate does: a time before From becomes From, one after
// To becomes To; nulls (a still running attempt's end) stay null. Use it
// on rows already selected with Frame to draw them inside the window.
func (w Window) Truncate(f *frame.Frame, cols ...string) *frame.Frame {
	if f == nil || f.Err() != nil || w.IsZero() {
		return f
	}
	if err := require("Window.Truncate", f, "the columns to truncate", cols...); err != nil {
		return frame.WithErr(err)
	}
	from, to := w.fromUS(), w.toUS()
	for _, c := range cols {
		us, valid, err := f.Micros(c)
		if err != nil {
			return frame.WithErr(fmt.Errorf("Window.Truncate: %w", err))
		}
		cut := make([]int64, len(us))
		for i, x := range us {
			cut[i] = min(max(x, from), to)
		}
		f = f.WithColumn(c, frame.MicrosCol(c, cut, valid))
	}
	return f
}
