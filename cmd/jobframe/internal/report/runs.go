package report

import (
	"sort"

	"github.com/jobframe/jobframe/frame"
	"github.com/jobframe/jobframe/loaders"
)

// runScopedWorkers returns frames whose "worker" values name the run
// too ("RUN/WORKER") when d holds several runs: a worker id is the
// manager's own (worker 1 of one run is not worker 1 of another), so
// every count, lane and bar per worker keeps the runs apart. Frames
// without a run or a text worker column are returned as they are.
func runScopedWorkers(d *loaders.Dataset, frames map[string]*frame.Frame) map[string]*frame.Frame {
	if len(d.Runs) < 2 {
		return frames
	}
	out := make(map[string]*frame.Frame, len(frames))
	for name, f := range frames {
		out[name] = f
		if t, err := f.Type("worker"); err != nil || t != frame.String || !f.Has("run") {
			continue
		}
		run, _, err1 := f.Strings("run")
		w, ok, err2 := f.Strings("worker")
		if err1 != nil || err2 != nil {
			continue
		}
		scoped := make([]string, len(w))
		for i := range w {
			if ok[i] {
				scoped[i] = run[i] + "/" + w[i]
			}
		}
		if g := f.WithColumn("worker", frame.StringCol("worker", scoped, ok)); g.Err() == nil {
			out[name] = g
		}
	}
	return out
}

// activeSeconds is the time the runs of d were recording, in seconds:
// the length of the union of the runs' spans (so the time between two
// runs of a load does not count), or hi − lo for one run or a window.
func (b *builder) activeSeconds() float64 {
	if len(b.d.Runs) < 2 || !b.o.Window.IsZero() {
		return float64(b.hi-b.lo) / 1e6
	}
	type iv struct{ lo, hi int64 }
	var spans []iv
	for _, r := range b.d.Runs {
		if r.HasSpan {
			spans = append(spans, iv{r.Start, r.End})
		}
	}
	sort.Slice(spans, func(i, j int) bool { return spans[i].lo < spans[j].lo })
	var total int64
	for i := 0; i < len(spans); {
		lo, hi := spans[i].lo, spans[i].hi
		j := i + 1
		for ; j < len(spans) && spans[j].lo <= hi; j++ {
			hi = max(hi, spans[j].hi)
		}
		total += hi - lo
		i = j
	}
	return float64(total) / 1e6
}

// runFactNames are the summary facts the table of runs shows for each
// run, as taskFacts defines them.
var runFactNames = []string{"tasks", "attempts", "successes", "failures", "CPU-hours of ended attempts", "node-hours of ended attempts", "badput"}

// runsTable is the summary's table of the runs of a load of several:
// each run's source and span and its task facts, computed by taskFacts
// over the run's own rows, so that a column's entries add up to the
// combined figure above it.
func (b *builder) runsTable() (Table, bool) {
	if len(b.d.Runs) < 2 {
		return Table{}, false
	}
	tasks, hasT := b.frameOf("tasks")
	names := make([]string, len(b.d.Runs))
	sources := make([]string, len(b.d.Runs))
	spans := make([]string, len(b.d.Runs))
	values := map[string][]float64{}
	valid := map[string][]bool{}
	for _, n := range runFactNames {
		values[n] = make([]float64, len(b.d.Runs))
		valid[n] = make([]bool, len(b.d.Runs))
	}
	for k, r := range b.d.Runs {
		names[k], sources[k] = r.Name, r.Source
		if r.HasSpan {
			spans[k] = duration(float64(r.End-r.Start)/1e6) + " from " + frame.FormatMicros(r.Start)
		}
		if !hasT || !tasks.Has("run") {
			continue
		}
		sub := &builder{d: b.d, o: b.o}
		if b.durations != nil {
			sub.durations = b.durations.Where("run", "==", r.Name)
		}
		if b.libraries != nil && b.libraries.Has("run") {
			sub.libraries = b.libraries.Where("run", "==", r.Name)
		}
		for _, f := range sub.taskFacts(tasks.Where("run", "==", r.Name)) {
			if _, want := values[f.Name]; want && f.Value != nil {
				values[f.Name][k], valid[f.Name][k] = *f.Value, true
			}
		}
	}
	cols := []frame.Column{frame.StringCol("run", names, nil), frame.StringCol("source", sources, nil), frame.StringCol("span", spans, nil)}
	for _, n := range runFactNames {
		if !anyTrue(valid[n]) {
			continue
		}
		if n == "badput" {
			for i := range values[n] {
				values[n][i] /= 3600
			}
			n2 := "badput (h)"
			cols = append(cols, frame.Float64Col(n2, values[n], valid[n]))
			continue
		}
		cols = append(cols, frame.Float64Col(n, values[n], valid[n]))
	}
	return b.table("Each run's figures, computed as the combined ones above (which are their sums)", frame.New(cols...)), true
}

// anyTrue reports whether some element of v is true.
func anyTrue(v []bool) bool {
	for _, x := range v {
		if x {
			return true
		}
	}
	return false
}

// withoutLibraries returns frames with the TaskVine library instances
// (library = true) taken out of the tasks frame, and those rows: an
// instance serves function calls, it is not one of the workflow's tasks,
// and its exit when the manager stops is not a failure. Placements keep
// them: an instance holds its worker's cores.
func withoutLibraries(frames map[string]*frame.Frame) (map[string]*frame.Frame, *frame.Frame) {
	tasks, ok := frames["tasks"]
	if !ok || !tasks.Has("library") {
		return frames, nil
	}
	lib, valid, err := tasks.Bools("library")
	if err != nil {
		return frames, nil
	}
	var keep, libs []int
	for i := range lib {
		if valid[i] && lib[i] {
			libs = append(libs, i)
		} else {
			keep = append(keep, i)
		}
	}
	if len(libs) == 0 {
		return frames, nil
	}
	out := make(map[string]*frame.Frame, len(frames))
	for n, f := range frames {
		out[n] = f
	}
	out["tasks"] = tasks.Take(keep)
	return out, tasks.Take(libs)
}

// runsWithout returns the names of the runs of a load of several that
// have no row in f (a run of a format without worker records, in a
// chart of workers), in run order.
func (b *builder) runsWithout(f *frame.Frame) []string {
	if len(b.d.Runs) < 2 || !f.Has("run") {
		return nil
	}
	have := map[string]bool{}
	runs, ok, err := f.Strings("run")
	if err != nil {
		return nil
	}
	for i, r := range runs {
		if ok[i] {
			have[r] = true
		}
	}
	var missing []string
	for _, r := range b.d.Runs {
		if !have[r.Name] {
			missing = append(missing, r.Name)
		}
	}
	return missing
}
