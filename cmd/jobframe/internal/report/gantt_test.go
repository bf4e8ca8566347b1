package report

import (
	"math"
	"sort"
	"testing"

	"github.com/jobframe/jobframe/frame/plot"
	"github.com/jobframe/jobframe/loaders"
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
