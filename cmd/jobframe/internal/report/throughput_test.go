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

// TestEndedAttempts: the throughput section, whose attempts ended and
// succeeded are now columns of the ends null where not counted
// (endedAttempts), is the section as it was built by filtering frames
// (throughputByWhere, kept here) on random attempts of one and two runs:
// missing starts, ends and states, states other than success, frames
// without states, whole and cut to windows, more than a chart's points.
func TestEndedAttempts(t *testing.T) {
	rng := rand.New(rand.NewPCG(11, 12))
	t0 := time.Date(2026, 3, 1, 0, 0, 0, 0, time.UTC)
	for c := range 40 {
		n, runs := 1+rng.IntN(300), 1+c%2
		if c == 39 {
			n = 3 * chartPoints
		}
		run, state := make([]string, n), make([]string, n)
		start, end := make([]int64, n), make([]int64, n)
		stOK, sOK, eOK := make([]bool, n), make([]bool, n), make([]bool, n)
		for i := range n {
			run[i] = fmt.Sprintf("run%d", rng.IntN(runs))
			state[i], stOK[i] = []string{"success", "success", "failed", "lost"}[rng.IntN(4)], rng.IntN(10) > 0
			start[i], sOK[i] = t0.UnixMicro()+int64(rng.IntN(n))*1e6, rng.IntN(8) > 0
			end[i], eOK[i] = start[i]+int64(rng.IntN(30))*1e6, rng.IntN(6) > 0
		}
		cols := []frame.Column{frame.StringCol("run", run, nil), frame.Int64Col("task", make([]int64, n), nil),
			frame.MicrosCol("start", start, sOK), frame.MicrosCol("end", end, eOK)}
		if c%3 != 2 {
			cols = append(cols, frame.StringCol("state", state, stOK))
		}
		d := runsOf(schema.Tasks, frame.New(cols...), runs)
		var o Options
		if c%4 == 3 {
			o.Window = ops.Window{From: t0.Add(time.Duration(rng.IntN(n/2+1)) * time.Second), To: t0.Add(time.Duration(n/2+rng.IntN(n)) * time.Second)}
		}
		b := newBuilder(d, o.withDefaults(d.Source))
		tasks, hasT := b.frameOf(schema.Tasks)
		var got, want Section
		gotReason, wantReason := b.attemptThroughput(&got, tasks, hasT), throughputByWhere(b, &want, tasks, hasT)
		g, _ := json.Marshal(got)
		w, _ := json.Marshal(want)
		if string(g) != string(w) || gotReason != wantReason {
			t.Fatalf("case %d: the throughput %q\n%s\nwant, filtered as before, %q\n%s", c, gotReason, g, wantReason, w)
		}
	}
}

// throughputByWhere is attemptThroughput as it was before
// endedAttempts: the attempts ended and succeeded filtered as frames.
func throughputByWhere(b *builder, s *Section, tasks *frame.Frame, hasT bool) string {
	if !hasT || !tasks.Has("end") {
		return "no task attempts with end times in this source"
	}
	started := startedRows(narrow(tasks, "run", "start", "end", "state"))
	ended := b.endedIn(started)
	if ended.NumRows() == 0 {
		return "no attempt ended in this source"
	}
	ok := ended.Take(nil)
	if ended.Has("state") {
		ok = ended.Select("end", "state").Where("state", "==", "success")
	} else {
		s.Notes = append(s.Notes, b.noStates()+": only the ends are counted")
	}
	if err := firstErr(ok, ended); err != nil {
		return failed("the throughput", err)
	}
	s.Intro = "Attempts ended, cumulative: all of them and the successful ones."
	f := b.figure("Attempts ended", "", "attempts (cumulative)").Step(b.throughputSeries(ended), "time", "value", "ended")
	if ok.NumRows() > 0 {
		f.Step(b.throughputSeries(ok), "time", "value", "succeeded")
	}
	chart(s, f, 900, 340)
	s.Facts = append(s.Facts, countFact("attempts ended", ended.NumRows()))
	if ended.Has("state") {
		s.Facts = append(s.Facts, countFact("succeeded", ok.NumRows()))
		if n := undatedSuccesses(started); n > 0 {
			f := countFact("successes without an end time", n)
			f.Text += " (not in the series: their source records no end)"
			s.Facts = append(s.Facts, f)
		}
	}
	if active := b.activeSeconds(); b.hasData && active > 0 && ended.Has("state") {
		note := ""
		if len(b.d.Runs) > 1 && b.o.Window.IsZero() {
			note = "over the time the runs were recording"
		}
		s.Facts = append(s.Facts, quantity("mean rate", float64(ok.NumRows())/(active/60), "successful attempts/min", note))
	}
	return ""
}
