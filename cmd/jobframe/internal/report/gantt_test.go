package report

import (
	"encoding/json"
	"fmt"
	"math"
	"math/rand/v2"
	"sort"
	"testing"
	"time"

	"github.com/jobframe/jobframe/frame"
	"github.com/jobframe/jobframe/frame/plot"
	"github.com/jobframe/jobframe/frame/schema"
	"github.com/jobframe/jobframe/loaders"
	"github.com/jobframe/jobframe/loaders/source"
	"github.com/jobframe/jobframe/ops"
)

// TestGanttSlots: in the timeline of every bundled sample with workers
// (and of all nine formats at once), no two bars of one row overlap in
// time, so no attempt hides another; the HyperQueue journal's timeline
// holds its 3 failed and 4 lost attempts (shared/data/README.md: 3
// task-failed events, 4 attempts closed by the loss of worker 3), each
// drawn.
func TestGanttSlots(t *testing.T) {
	for _, name := range []string{"hyperqueue", "workqueue", "taskvine", "slurm-allcols", "all nine formats"} {
		t.Run(name, func(t *testing.T) {
			var paths []string
			for _, r := range matrixSources[name] {
				paths = append(paths, testdata(r))
			}
			d, err := loaders.OpenWith(loaders.Options{Lenient: true}, paths...)
			if err != nil {
				t.Fatal(err)
			}
			g := ganttSpec(t, Build(d, Options{}))
			type bar struct{ start, end float64 }
			rows := map[int][]bar{}
			for i := range g.Row {
				end := g.End[i]
				if g.Running[i] {
					end = math.Inf(1)
				}
				rows[g.Row[i]] = append(rows[g.Row[i]], bar{g.Start[i], end})
			}
			for r, bars := range rows {
				sort.Slice(bars, func(a, b int) bool { return bars[a].start < bars[b].start })
				for k := 1; k < len(bars); k++ {
					if bars[k].start < bars[k-1].end {
						t.Fatalf("row %s: a bar [%g, %g] overlaps [%g, %g]", g.Rows[r], bars[k].start, bars[k].end, bars[k-1].start, bars[k-1].end)
					}
				}
			}
			if name == "hyperqueue" {
				byState := map[string]int{}
				for i, s := range g.State {
					byState[g.States[s]] += g.Count[i]
				}
				if byState["failed"] != 3 || byState["lost"] != 4 {
					t.Errorf("the timeline draws %v, want failed 3 and lost 4", byState)
				}
			}
		})
	}
}

// ganttSpec returns the data of the report's timeline chart.
func ganttSpec(t *testing.T, doc *Document) *plot.GanttSpec {
	t.Helper()
	for _, s := range doc.Sections {
		if s.ID != "gantt" {
			continue
		}
		for _, c := range s.Charts {
			for _, l := range c.Layers {
				if l.Gantt != nil {
					return l.Gantt
				}
			}
		}
		t.Fatalf("no timeline drawn: %q", s.Reason)
	}
	t.Fatal("no gantt section")
	return nil
}

// TestGanttOfOrderedRows: the timeline drawn from the placements in
// their order (ops.GanttRows, ops.Slots, plot's GanttOf) is, section
// for section, the one drawn from ops.Gantt's sorted copy as before
// (ganttBySortedCopy): random placements of one and of two runs (whose
// workers are named by run), null workers, starts and ends, equal
// starts, with and without states, whole and cut to windows.
func TestGanttOfOrderedRows(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 8))
	t0 := time.Date(2026, 3, 1, 0, 0, 0, 0, time.UTC)
	for c := range 48 {
		runs := 1 + c%2
		n := 1 + rng.IntN(200)
		if c == 47 {
			n = plot.GanttMaxBars + 500 // bars merged
		}
		run, worker, state := make([]string, n), make([]string, n), make([]string, n)
		wOK, sOK, eOK := make([]bool, n), make([]bool, n), make([]bool, n)
		start, end, task, attempt := make([]int64, n), make([]int64, n), make([]int64, n), make([]int64, n)
		for i := range n {
			run[i] = fmt.Sprintf("run%d", rng.IntN(runs))
			worker[i], wOK[i] = fmt.Sprintf("w%d", rng.IntN(5)), rng.IntN(15) > 0
			start[i], sOK[i] = t0.UnixMicro()+int64(rng.IntN(60))*1e6, rng.IntN(12) > 0
			end[i], eOK[i] = start[i]+int64(rng.IntN(20)-1)*1e6, rng.IntN(10) > 0
			task[i], attempt[i] = int64(rng.IntN(n)), int64(rng.IntN(3))
			state[i] = []string{"success", "failed", "lost", "canceled"}[rng.IntN(4)]
		}
		cols := []frame.Column{frame.StringCol("run", run, nil), frame.Int64Col("task", task, nil), frame.Int64Col("attempt", attempt, nil),
			frame.StringCol("worker", worker, wOK), frame.MicrosCol("start", start, sOK), frame.MicrosCol("end", end, eOK)}
		if c%3 != 2 {
			cols = append(cols, frame.StringCol("state", state, nil))
		}
		d := runsOf(schema.Placements, frame.New(cols...), runs)
		var o Options
		if c%4 == 3 {
			o.Window = ops.Window{From: t0.Add(time.Duration(10+rng.IntN(10)) * time.Second), To: t0.Add(time.Duration(40+rng.IntN(20)) * time.Second)}
		}
		b := newBuilder(d, o.withDefaults(d.Source))
		got, _ := json.Marshal(b.gantt())
		want, _ := json.Marshal(ganttBySortedCopy(b))
		if string(got) != string(want) {
			t.Fatalf("case %d: the timeline\n%s\nwant, from the sorted copy,\n%s", c, got, want)
		}
	}
}

// ganttBySortedCopy is the timeline section as it was built before
// ops.GanttRows: from ops.Gantt's copy of the bars sorted by worker and
// start, their lanes by ops.Lanes, each slot named as its first bar in
// that order meets it.
func ganttBySortedCopy(b *builder) Section {
	s := Section{ID: "gantt", Title: "Timeline per worker"}
	p, ok := b.placed()
	if !ok {
		s.Reason = b.noWorkers()
		return s
	}
	g := b.o.Window.Truncate(ops.Gantt(p), "start", "end")
	if err := g.Err(); err != nil {
		s.Reason = failed("the timeline", err)
		return s
	}
	if g.NumRows() == 0 {
		s.Reason = "no attempt started on a worker in this source"
		return s
	}
	if !g.Has("state") {
		g = g.WithColumn("state", frame.StringCol("state", repeatText("unrecorded", g.NumRows()), nil))
		s.Notes = append(s.Notes, "this source records no state per placement: bars are colored alike")
	}
	l := ops.Lanes(g)
	byWorker := l.GroupBy("worker")
	names, named, _ := byWorker.Agg(frame.Count()).Strings("worker")
	lane, _, _ := l.Int64s("lane")
	lanes, _, _ := l.Int64s("lanes")
	w := byWorker.GroupIDs()
	slotsOf := make([]map[int64]int32, len(names))
	var labels []string
	codes, valid := make([]int32, len(w)), make([]bool, len(w))
	for i, gi := range w {
		if !named[gi] {
			continue
		}
		k := int64(0)
		if lanes[i] > 1 {
			k = lane[i]
		}
		if slotsOf[gi] == nil {
			slotsOf[gi] = map[int64]int32{}
		}
		code, met := slotsOf[gi][k]
		if !met {
			code = int32(len(labels))
			slotsOf[gi][k] = code
			if k > 0 {
				labels = append(labels, fmt.Sprintf("%s ·%d", names[gi], k))
			} else {
				labels = append(labels, names[gi])
			}
		}
		codes[i], valid[i] = code, true
	}
	g = l.WithColumn("worker", frame.DictStringCol("worker", codes, valid, labels)).Drop("lane", "lanes")
	rows := g.GroupBy("worker").Agg(frame.Count()).NumRows()
	s.Intro = fmt.Sprintf("One row per slot of a worker (a worker that ran k attempts at once has k rows, \"worker ·2\" and on), one bar per attempt from start to end, colored by end state, so that no bar hides another; hover a bar for the attempt, wheel or drag to zoom (every time chart follows). Above %d attempts, bars of one row and state closer than 1/4000 of the span are merged and counted.", plot.GanttMaxBars)
	height := 600
	if rows <= 60 {
		height = 190 + 26*rows
	}
	chart(&s, b.figure("Attempts per worker", "", "worker").Gantt(g), 900, height)
	return s
}

// runsOf returns a dataset of one frame (name) whose "run" column names
// runs runs, "run0", "run1", ...: a load of that many runs.
func runsOf(name string, f *frame.Frame, runs int) *loaders.Dataset {
	d := &loaders.Dataset{Source: "test", Frames: map[string]*frame.Frame{name: f}}
	for r := range runs {
		d.Runs = append(d.Runs, source.Run{Name: fmt.Sprintf("run%d", r), Source: "test"})
	}
	return d
}
