package report

import (
	"fmt"
	"strings"

	"github.com/jobframe/jobframe/frame"
	"github.com/jobframe/jobframe/frame/plot"
	"github.com/jobframe/jobframe/frame/schema"
	"github.com/jobframe/jobframe/ops"
)

// maxCategories is the number of categories drawn side by side; the
// ones with the most attempts are kept.
const maxCategories = 12

// category returns the column that sorts attempts into comparable kinds.
func category(tasks *frame.Frame) string {
	for _, c := range []string{"category", "job_name", "job"} {
		if tasks.Has(c) {
			return c
		}
	}
	return ""
}

// topCategories keeps the rows of the maxCategories values of col with
// the most rows, and says how many were left out. The rows are picked
// by group (textRows), not by a text per row.
func topCategories(f *frame.Frame, col string) (*frame.Frame, string) {
	vc := f.Select(col).ValueCounts(col)
	if vc.Err() != nil || vc.NumRows() <= maxCategories {
		return f, ""
	}
	top := vc.Sort("-count").Head(maxCategories)
	names, err := top.Texts(col)
	if err != nil {
		return f, ""
	}
	keep := map[string]bool{}
	for _, n := range names {
		keep[n] = true
	}
	rows, err := textRows(f, col, keep)
	if err != nil {
		return f, ""
	}
	return f.Take(rows), fmt.Sprintf("the %d %s values with the most attempts of %d", maxCategories, col, vc.NumRows())
}

// textRows returns, in order, the rows of f whose text of column col
// (frame.Texts: a null string is "") keep holds: the rows are grouped
// (4 bytes a row) and each group's text tested once, where Texts makes
// a string a row (16 bytes: 160 MB of a 10M-task frame).
func textRows(f *frame.Frame, col string, keep map[string]bool) ([]int, error) {
	g := f.GroupBy(col)
	keys := g.Agg()
	if err := keys.Err(); err != nil {
		return nil, err
	}
	texts, err := keys.Texts(col)
	if err != nil {
		return nil, err
	}
	kept := make([]bool, len(texts))
	for k, t := range texts {
		kept[k] = keep[t]
	}
	gid := g.GroupIDs()
	n := 0
	for _, k := range gid {
		if kept[k] {
			n++
		}
	}
	rows := make([]int, 0, n)
	for i, k := range gid {
		if kept[k] {
			rows = append(rows, i)
		}
	}
	return rows, nil
}

// boxIntro ends the intro of a section of box plots.
const boxIntro = ": box from first to third quartile, line at the median, whiskers to 1.5 IQR."

// distributions draws run and wait time per category: of the scheduler's
// jobs when the source has them (jobDurations), and of the attempts.
func (b *builder) distributions() Section {
	s := Section{ID: "durations", Title: "Duration and wait distributions"}
	jobs := b.jobDurations(&s)
	by, reason := b.attemptDurations(&s)
	var intro []string
	if jobs {
		intro = append(intro, "run time (start to end) and queue wait (submission to start) of the scheduler's jobs, by partition")
	}
	switch {
	case reason == "":
		intro = append(intro, "run time (start to end) and wait (submission or previous attempt's end to start) of the attempts, by "+by)
	case jobs:
		s.Notes = append(s.Notes, reason)
	default:
		s.Reason = reason
		return s
	}
	text := strings.Join(intro, "; then ")
	s.Intro = strings.ToUpper(text[:1]) + text[1:] + boxIntro
	return s
}

// attemptDurations draws run and wait time of the attempts per category
// into s; it returns the category column, or why it drew nothing.
func (b *builder) attemptDurations(s *Section) (by, reason string) {
	dur := b.durations
	if dur == nil {
		return "", "no task attempts with start and end times in this source"
	}
	if err := dur.Err(); err != nil {
		return "", failed("the durations", err)
	}
	by = category(dur)
	if by == "" {
		dur = dur.WithColumn("all", frame.DictStringCol("all", make([]int32, dur.NumRows()), nil, []string{""}))
		by = "all"
	}
	dur = narrow(dur, by, "run_s", "wait_s") // the rows kept and boxed are copied of these alone
	top, note := topCategories(dur, by)
	if note != "" {
		s.Notes = append(s.Notes, "Drawn: "+note+".")
	}
	charts := len(s.Charts)
	for _, c := range []struct{ col, title string }{{"run_s", "Run time"}, {"wait_s", "Wait before start"}} {
		if v := top.Where(c.col, "not-null", nil); v.NumRows() > 0 {
			chart(s, plot.New(c.title+" by "+by, by, strings.ToLower(c.title)+" (s)").Box(v, by, c.col, ""), 900, 360)
		} else {
			s.Notes = append(s.Notes, fmt.Sprintf("no attempt has a %s (%s)", strings.ToLower(c.title), c.col))
		}
	}
	if len(s.Charts) == charts {
		return "", "no attempt has both a start and an end (nor a submission and a start): no run or wait time to draw"
	}
	if sum := ops.Summary(dur, []string{by}, "run_s", "wait_s"); sum.Err() == nil {
		s.Tables = append(s.Tables, b.table("run_s and wait_s by "+by+" (s)", sum))
	}
	return by, ""
}

// measured are the measured-resource columns histogrammed, with their
// axis labels.
var measured = []struct{ col, label string }{
	{"mem_mb", "peak memory (MB)"},
	{"cores", "peak cores"},
	{"wall_time_s", "wall time (s)"},
	{"cpu_time_s", "cpu time (s)"},
	{"disk_mb", "disk (MB)"},
	{"bandwidth_mbps", "bandwidth (Mbps)"},
}

// resources draws histograms of the measured resources of the final
// attempts.
func (b *builder) resources() Section {
	s := Section{ID: "resources", Title: "Measured resources"}
	tasks, ok := b.frameOf(schema.Tasks)
	if !ok {
		s.Reason = "no task attempts in this source"
		return s
	}
	if tasks.Has("final") { // the columns read, not the frame, are filtered
		cols := []string{"final", "measured_fallback"}
		for _, m := range measured {
			cols = append(cols, m.col)
		}
		tasks = narrow(tasks, cols...).Where("final", "==", true)
	}
	any := false
	for _, m := range measured {
		if !tasks.Has(m.col) {
			continue
		}
		v := tasks.Select(m.col).Where(m.col, "not-null", nil)
		if v.Err() != nil || v.NumRows() == 0 {
			continue
		}
		any = true
		h, note := histogram(v, m.col, 20)
		if note != "" {
			s.Notes = append(s.Notes, m.label+": "+note)
		}
		chart(&s, plot.New(m.label, m.label, "attempts").Hist(h, ""), 440, 300)
	}
	if !any {
		s.Reason = "no measured resources in this source (the resource monitor reports them for Work Queue and TaskVine)"
		return s
	}
	s.Intro = "Histograms of what the resource monitor measured for each task's final attempt (20 bins from 0 to the largest value; whole numbers on whole bins)."
	if tasks.Has("measured_fallback") {
		if fb := tasks.Where("measured_fallback", "==", true).NumRows(); fb > 0 {
			s.Notes = append(s.Notes, fmt.Sprintf("%d of %d attempts report their allocation, not a measurement (TaskVine without monitoring): their values are allocated resources.", fb, tasks.NumRows()))
		}
	}
	return s
}
