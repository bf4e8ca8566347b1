package report

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"testing"
	"time"

	"github.com/jobframe/jobframe/frame"
	"github.com/jobframe/jobframe/frame/schema"
	"github.com/jobframe/jobframe/ops"
)

// TestOutlierRows: the outliers section, whose tested attempts are now
// found in one pass over the run times and states (outlierRows), is the
// section as it was built by filtering frames (outliersByWhere, kept
// here) on random attempts: run times missing, states missing or other
// than success, categories missing, frames without states or
// categories, a few attempts and many with planted outliers.
func TestOutlierRows(t *testing.T) {
	rng := rand.New(rand.NewPCG(9, 10))
	t0 := time.Date(2026, 3, 1, 0, 0, 0, 0, time.UTC).UnixMicro()
	for c := range 40 {
		n := 1 + rng.IntN(12)
		if c%3 == 0 {
			n = 50 + rng.IntN(400)
		}
		job, cat, state := make([]string, n), make([]string, n), make([]string, n)
		task, attempt, start, end := make([]int64, n), make([]int64, n), make([]int64, n), make([]int64, n)
		catOK, stOK, sOK, eOK := make([]bool, n), make([]bool, n), make([]bool, n), make([]bool, n)
		for i := range n {
			job[i], task[i], attempt[i] = fmt.Sprint(rng.IntN(3)), int64(i), int64(rng.IntN(2))
			cat[i], catOK[i] = fmt.Sprintf("c%d", rng.IntN(3)), rng.IntN(10) > 0
			state[i], stOK[i] = []string{"success", "success", "success", "failed"}[rng.IntN(4)], rng.IntN(12) > 0
			run := int64(10+rng.IntN(5)) * 1e6
			if rng.IntN(40) == 0 {
				run *= 20 // an outlier
			}
			start[i], sOK[i] = t0+int64(rng.IntN(100))*1e6, rng.IntN(8) > 0
			end[i], eOK[i] = start[i]+run, rng.IntN(8) > 0
		}
		cols := []frame.Column{frame.StringCol("job", job, nil), frame.Int64Col("task", task, nil), frame.Int64Col("attempt", attempt, nil),
			frame.MicrosCol("start", start, sOK), frame.MicrosCol("end", end, eOK)}
		if c%4 != 1 {
			cols = append(cols, frame.StringCol("state", state, stOK))
		}
		if c%5 != 2 {
			cols = append(cols, frame.StringCol("job_name", cat, catOK))
		}
		d := runsOf(schema.Tasks, frame.New(cols...), 0)
		b := newBuilder(d, Options{}.withDefaults(d.Source))
		got, _ := json.Marshal(b.outliers())
		want, _ := json.Marshal(outliersByWhere(b))
		if string(got) != string(want) {
			t.Fatalf("case %d: the outliers\n%s\nwant, filtered as before,\n%s", c, got, want)
		}
	}
}

// outliersByWhere is the outliers section of task attempts as it was
// built before outlierRows: by filtering a frame of the run times,
// states, categories and row numbers twice.
func outliersByWhere(b *builder) Section {
	s := Section{ID: "outliers", Title: "Outliers"}
	if b.durations == nil {
		s.Reason = "no task attempts with run times in this source"
		return s
	}
	by := category(b.durations)
	test := narrow(b.durations, "run_s", "state", by)
	row := make([]int64, test.NumRows())
	for i := range row {
		row[i] = int64(i)
	}
	test = test.WithColumn("row", frame.Int64Col("row", row, nil))
	test, what := test.Where("run_s", "not-null", nil), "attempt"
	if test.NumRows() == 0 {
		s.Reason = "no task attempts with run times in this source"
		return s
	}
	if b.durations.Has("state") {
		test, what = test.Where("state", "==", "success"), "successful attempt"
	} else {
		s.Notes = append(s.Notes, b.noStates()+": every attempt with a run time is compared")
	}
	if err := test.Err(); err != nil {
		s.Reason = failed("the run times", err)
		return s
	}
	if test.NumRows() < 4 {
		s.Reason = fmt.Sprintf("%s: at least 4 are needed to compare", plural(test.NumRows(), what))
		return s
	}
	opts := ops.OutlierOptions{ID: "row", Features: []string{"run_s"}, MinMethods: 3}
	if by != "" {
		opts.By = []string{by}
	}
	flagged := ops.Outliers(test, opts)
	if err := flagged.Err(); err != nil {
		s.Reason = failed("the outliers", err)
		return s
	}
	where := ""
	if by != "" {
		where = " among the attempts of the same " + by
	}
	s.Intro = fmt.Sprintf("Successful attempts whose run time stands out%s by all three of EPMT's univariate tests (IQR fences, modified z-score > 3.5, z-score > 3).", where)
	s.Facts = append(s.Facts, countFact("attempts tested", test.NumRows()), countFact("flagged by all three", flagged.NumRows()))
	if flagged.NumRows() == 0 {
		s.Notes = append(s.Notes, "no attempt is flagged by all three tests")
		return s
	}
	t, err := b.flaggedTable(flagged, by)
	if err != nil {
		s.Reason = failed("the outliers", err)
		return s
	}
	s.Tables = append(s.Tables, t)
	return s
}
