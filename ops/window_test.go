package ops

import (
	"strings"
	"testing"
	"time"

	"github.com/jobframe/jobframe/frame"
)

// at0 is the origin of the hand-made frames below.
var at0 = time.Date(2024, 5, 1, 10, 0, 0, 0, time.UTC)

// winSecs returns µs times at0 + s seconds; a negative s is null.
func winSecs(s ...int) ([]int64, []bool) {
	us, ok := make([]int64, len(s)), make([]bool, len(s))
	for i, x := range s {
		if x >= 0 {
			us[i], ok[i] = at0.Add(time.Duration(x)*time.Second).UnixMicro(), true
		}
	}
	return us, ok
}

func timeCol(name string, s ...int) frame.Column {
	us, ok := winSecs(s...)
	return frame.MicrosCol(name, us, ok)
}

func window(from, to int) Window {
	var w Window
	if from >= 0 {
		w.From = at0.Add(time.Duration(from) * time.Second)
	}
	if to >= 0 {
		w.To = at0.Add(time.Duration(to) * time.Second)
	}
	return w
}

// TestWindowFrame: a row is in the window from its first known time
// (submit before start) to its end (null: still going); rows without
// times are kept; point frames keep From ≤ time ≤ To.
func TestWindowFrame(t *testing.T) {
	tasks := frame.New(
		frame.Int64Col("task", []int64{1, 2, 3, 4, 5, 6, 7}, nil),
		timeCol("submit", 0, 0, 50, -1, 150, -1, -1),
		timeCol("start", 10, 20, 120, 30, 160, -1, -1),
		timeCol("end", 40, 110, 130, -1, 170, -1, 95),
	)
	// window [60 s, 140 s]: 1 ended at 40 (out); 2 ran 20–110 (in); 3
	// waited from 50 (in); 4 started at 30 and never ended (in); 5 was
	// submitted at 150 (out); 6 has no time (kept); 7 has only an end, 95
	// (in).
	if got := column(t, window(60, 140).Frame(tasks), "task"); got != "2 3 4 6 7" {
		t.Errorf("tasks in [60, 140]: %s, want 2 3 4 6 7", got)
	}
	// open sides
	if got := column(t, window(100, -1).Frame(tasks), "task"); got != "2 3 4 5 6" {
		t.Errorf("tasks from 100: %s, want 2 3 4 5 6", got)
	}
	// to 5 s: 1 and 2 (submitted at 0), 6 (no time), 7 (only an end)
	if got := column(t, window(-1, 5).Frame(tasks), "task"); got != "1 2 6 7" {
		t.Errorf("tasks to 5 s: %s, want 1 2 6 7", got)
	}
	workers := frame.New(
		frame.StringCol("worker", []string{"a", "b", "c"}, nil),
		timeCol("connected", 0, 100, 200),
		timeCol("lost", 90, -1, 250),
	)
	if got := column(t, window(95, 199).Frame(workers), "worker"); got != "b" {
		t.Errorf("workers in [95, 199]: %s, want b", got)
	}
	if got := column(t, window(90, 200).Frame(workers), "worker"); got != "a b c" {
		t.Errorf("workers in [90, 200] (ends inclusive): %s, want a b c", got)
	}
	events := frame.New(frame.Int64Col("line", []int64{1, 2, 3, 4}, nil), timeCol("time", 5, 60, 140, 141))
	if got := column(t, window(60, 140).Frame(events), "line"); got != "2 3" {
		t.Errorf("events in [60, 140]: %s, want 2 3", got)
	}
	deps := frame.New(frame.Int64Col("parent", []int64{1}, nil), frame.Int64Col("child", []int64{2}, nil))
	if got := window(60, 140).Frame(deps); got != deps {
		t.Error("a frame without times is not kept whole")
	}
	if got := (Window{}).Frame(tasks); got != tasks {
		t.Error("a zero window does not return the frame")
	}
}

// TestWindowSeries: the values in force at From start the cut series,
// the rows inside stay, and a row at To closes it when the series goes
// on; the integral is then the area inside the window.
func TestWindowSeries(t *testing.T) {
	// 2 from 0 to 10 s, 5 from 10 to 30 s, 1 from 30 to 50 s, 0 after.
	s := frame.New(timeCol("time", 0, 10, 30, 50), frame.Float64Col("value", []float64{2, 5, 1, 0}, nil))
	cases := []struct {
		w           Window
		times, vals string
		area        float64
	}{
		// [5, 35]: 2 × 5 + 5 × 20 + 1 × 5 = 115
		{window(5, 35), "5 10 30 35", "2.0 5.0 1.0 1.0", 115},
		// [10, 30] on the points themselves: 5 × 20 = 100
		{window(10, 30), "10 30", "5.0 1.0", 100},
		// from 40: 1 × 10 = 10, then 0 from 50
		{window(40, -1), "40 50", "1.0 0.0", 10},
		// up to 20: 2 × 10 + 5 × 10 = 70
		{window(-1, 20), "0 10 20", "2.0 5.0 5.0", 70},
		// between two points: 5 × 5
		{window(12, 17), "12 17", "5.0 5.0", 25},
		// after the series: nothing
		{window(60, 70), "", "", 0},
		// before the series: nothing
		{window(-1, -1).withTo(at0.Add(-time.Second)), "", "", 0},
	}
	for _, c := range cases {
		got := c.w.Series(s, "time")
		if err := got.Err(); err != nil {
			t.Fatal(err)
		}
		us, _, _ := got.Micros("time")
		var times []string
		for _, x := range us {
			times = append(times, time.Duration((x-at0.UnixMicro())*1000).String())
		}
		want := strings.Fields(c.times)
		for i := range want {
			want[i] += "s"
		}
		if strings.Join(times, " ") != strings.Join(want, " ") || column(t, got, "value") != c.vals {
			t.Errorf("%s: times %v values %q, want %v %q", c.w, times, column(t, got, "value"), want, c.vals)
		}
		area, err := Integral(got, "time", "value")
		if err != nil || area != c.area {
			t.Errorf("%s: area %v (%v), want %v", c.w, area, err, c.area)
		}
	}
}

func (w Window) withTo(t time.Time) Window { w.To = t; return w }

// TestParseWindow: absolute times, times relative to the data's start
// (+) and end (-), open sides and the errors.
func TestParseWindow(t *testing.T) {
	start, end := at0, at0.Add(time.Hour)
	for _, c := range []struct{ from, to, want string }{
		{"+10m", "-5m", "2024-05-01T10:10:00Z – 2024-05-01T10:55:00Z"},
		{"2024-05-01T10:30:00+02:00", "", "2024-05-01T08:30:00Z – …"},
		{"", "2024-05-01 10:45:30", "… – 2024-05-01T10:45:30Z"},
		{"2024-05-01", "+1h30m", "2024-05-01T00:00:00Z – 2024-05-01T11:30:00Z"},
		{"+0.5s", "", "2024-05-01T10:00:00.5Z – …"},
	} {
		w, err := ParseWindow(c.from, c.to, start, end)
		if err != nil || w.String() != c.want {
			t.Errorf("ParseWindow(%q, %q) = %s, %v; want %s", c.from, c.to, w, err, c.want)
		}
	}
	for _, c := range []struct{ from, to, want string }{
		{"yesterday", "", `--from "yesterday": want a time`},
		{"+10", "", `--from "+10": want a time`},
		{"+20m", "+10m", "is before --from"},
		{"", "+1h", "the data hold no time"},
	} {
		s, e := start, end
		if strings.Contains(c.want, "no time") {
			s, e = time.Time{}, time.Time{}
		}
		if _, err := ParseWindow(c.from, c.to, s, e); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("ParseWindow(%q, %q): error %v, want one saying %q", c.from, c.to, err, c.want)
		}
	}
}

// TestWindowTruncate: times outside the window move to its sides, nulls
// stay null.
func TestWindowTruncate(t *testing.T) {
	f := frame.New(timeCol("start", 10, 50, 70), timeCol("end", 60, -1, 200))
	got := window(30, 100).Truncate(f, "start", "end")
	want := frame.New(timeCol("start", 30, 50, 70), timeCol("end", 60, -1, 100))
	if column(t, got, "start") != column(t, want, "start") || column(t, got, "end") != column(t, want, "end") {
		t.Errorf("truncated: start %s end %s; want %s and %s", column(t, got, "start"), column(t, got, "end"), column(t, want, "start"), column(t, want, "end"))
	}
	if err := window(30, 100).Truncate(f, "submit").Err(); err == nil || !strings.Contains(err.Error(), "submit") {
		t.Errorf("a missing column: %v", err)
	}
}
