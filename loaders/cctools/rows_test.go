package cctools

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/jobframe/jobframe/frame"
	"github.com/jobframe/jobframe/frame/schema"
	"github.com/jobframe/jobframe/loaders/source"
	"github.com/jobframe/jobframe/loaders/sourcetest"
)

// row returns the named columns of the attempts of one task, one string
// per attempt.
func row(t *testing.T, f *frame.Frame, task int64, cols ...string) []string {
	t.Helper()
	g := f.Where("task", "==", task).Sort("attempt").Select(cols...)
	if g.Err() != nil {
		t.Fatal(g.Err())
	}
	var out []string
	for i := 0; i < g.NumRows(); i++ {
		var parts []string
		for c := range cols {
			parts = append(parts, g.FormatValue(c, i))
		}
		out = append(out, strings.Join(parts, " "))
	}
	return out
}

func sumMax(t *testing.T, f *frame.Frame, col string) (n int, sum, max float64) {
	t.Helper()
	v, ok, err := f.Float64s(col)
	if err != nil {
		t.Fatal(err)
	}
	for i, x := range v {
		if ok[i] {
			n++
			sum += x
			if n == 1 || x > max {
				max = x
			}
		}
	}
	return n, sum, max
}

func TestWorkQueueRealRunRows(t *testing.T) {
	d := loadCC(t, sourcetest.Bundled("workqueue/realrun_wq_7.17.1_transactions.log"))
	tasks := sourcetest.Frame(t, d, schema.Tasks)
	// Task 4: exhausted at the first guess (1000 MB), retried with
	// MAX_RESOURCES on a whole worker (lines 47-79, 118-139 of the log).
	got := row(t, tasks, 4, "attempt", "state", "raw_state", "exit_code", "limits_exceeded", "resources_mode", "req_cpus", "req_mem_mb", "requested_mem_mb", "final")
	want := []string{
		"1 exhausted RESOURCE_EXHAUSTION 143 memory:1000 MB FIRST_RESOURCES 1.0 1000.0 300.0 false",
		"2 success SUCCESS 0 null MAX_RESOURCES 4.0 4000.0 2500.0 true",
	}
	if strings.Join(got, "|") != strings.Join(want, "|") {
		t.Errorf("task 4\n got %q\nwant %q", got, want)
	}
	// Task 9: lost with the worker that failed, then requeued.
	got = row(t, tasks, 9, "attempt", "state", "raw_state", "end")
	if len(got) != 2 || !strings.HasPrefix(got[0], "1 lost DISCONNECTION FAILURE ") || !strings.HasPrefix(got[1], "2 success SUCCESS") {
		t.Errorf("task 9 %q", got)
	}
	if got := row(t, tasks, 6, "category", "done_result", "exit_code", "state"); got[len(got)-1] != "fixed RESOURCE_EXHAUSTION 143 exhausted" {
		t.Errorf("task 6 %q", got)
	}
	if got := row(t, tasks, 10, "done_result", "exit_code"); got[0] != "SUCCESS 3" {
		t.Errorf("task 10 %q", got)
	}
	// Memory and wall time (shared/data/README.md): final n=16 max 1413 MB;
	// every RETRIEVED n=18; final wall_time max 10.229417 s, sum 118.575191 s.
	final := tasks.Where("final", "==", true)
	if n, _, mx := sumMax(t, final, "mem_mb"); n != 16 || mx != 1413 {
		t.Errorf("final memory n=%d max=%v", n, mx)
	}
	if n, _, _ := sumMax(t, tasks, "mem_mb"); n != 18 {
		t.Errorf("retrieved memory n=%d", n)
	}
	if _, sum, mx := sumMax(t, final, "wall_time_s"); fmt.Sprintf("%.6f %.6f", sum, mx) != "118.575191 10.229417" {
		t.Errorf("wall time sum %.6f max %.6f", sum, mx)
	}
	w := sourcetest.Frame(t, d, schema.Workers)
	if got := sourcetest.Render(sourcetest.GroupCounts(t, w, "reason", "cpus", "mem_mb")); got != "EXPLICIT 4.0 4000.0:2 FAILURE 4.0 4000.0:1" {
		t.Errorf("workers %s", got)
	}
	if got := sourcetest.Frame(t, d, schema.Transfers).NumRows(); got != 73 {
		t.Errorf("%d transfers", got)
	}
	if got := sourcetest.Render(sourcetest.GroupCounts(t, sourcetest.Frame(t, d, "categories"), "category", "kind", "mode")); got != "fixed FIRST FIXED:1 fixed MAX :1 fixed MIN :1 sim FIRST MAX_THROUGHPUT:1 sim MAX :1 sim MIN :1" {
		t.Errorf("categories %s", got)
	}
}

func TestTaskVineRealRunRows(t *testing.T) {
	d := loadCC(t, sourcetest.Bundled("taskvine/realrun_vine_7.17.1_transactions.log"))
	tasks := sourcetest.Frame(t, d, schema.Tasks)
	// Exhaustion retry: no RETRIEVED, READY MAX_RESOURCES 2.
	got := row(t, tasks, 4, "attempt", "try", "state", "raw_state", "final")
	if strings.Join(got, "|") != "1 1 exhausted READY MAX_RESOURCES false|2 2 success SUCCESS true" {
		t.Errorf("task 4 %q", got)
	}
	// Forsaken: requeued with the same attempt number about 20 ms after
	// dispatch (lines 59-67).
	got = row(t, tasks, 9, "attempt", "try", "state", "start", "retrieval")
	if len(got) != 2 || got[0] != "1 1 forsaken 2026-11-21T09:56:57.084231Z 2026-11-21T09:56:57.106230Z" {
		t.Errorf("task 9 %q", got)
	}
	final := tasks.Where("final", "==", true)
	if n, _, mx := sumMax(t, final, "mem_mb"); n != 16 || mx != 1413 {
		t.Errorf("final memory n=%d max=%v", n, mx)
	}
	if _, _, mx := sumMax(t, final, "cores_avg"); mx != 0.212 {
		t.Errorf("cores_avg max %v", mx)
	}
	// CACHE_UPDATE url-rnd-axspysxypqviwvs 3000000 39215 1795255016055258
	// on line 47: bytes, µs and epoch µs.
	x := sourcetest.Frame(t, d, schema.Transfers)
	if got := sourcetest.Render(sourcetest.GroupCounts(t, x, "kind")); got != "cache_update:43 transfer:35" {
		t.Errorf("transfers %s", got)
	}
	hit := x.Where("file", "==", "url-rnd-axspysxypqviwvs").Head(1).Select("bytes", "wall_s", "start", "worker")
	if got := fmt.Sprint(hit.FormatValue(0, 0), " ", hit.FormatValue(1, 0), " ", hit.FormatValue(2, 0), " ", hit.FormatValue(3, 0)); got != "3000000 0.039215 2026-11-21T09:56:56.055258Z worker-fb5a598f29c8760cf8cd1614bf93c8b0" {
		t.Errorf("cache update %s", got)
	}
}

func TestTaskVineLnniFallbackAndLibraries(t *testing.T) {
	d := loadCC(t, sourcetest.Shared(t, "taskvine/lnni_2025-03_transactions.log"))
	tasks := sourcetest.Frame(t, d, schema.Tasks)
	final := tasks.Where("final", "==", true)
	if n := final.Where("cpu_time_s", "not-null", nil).NumRows(); n != 0 {
		t.Errorf("%d final attempts with cpu_time; all 430 are fallbacks", n)
	}
	succ := final.Where("done_result", "==", "SUCCESS")
	if n := succ.Where("measured_fallback", "==", true).NumRows(); n != 231 {
		t.Errorf("%d fallback successes, want 231", n)
	}
	if n, sum, mx := sumMax(t, succ, "mem_mb"); n != 231 || sum != 0 || mx != 0 {
		t.Errorf("memory n=%d sum=%v max=%v; want 231 zeros", n, sum, mx)
	}
	if n, sum, mx := sumMax(t, succ, "wall_time_s"); n != 231 || fmt.Sprintf("%.6f %.6f", sum, mx) != "4866.787904 39.591267" {
		t.Errorf("wall time n=%d sum=%.6f max=%.6f", n, sum, mx)
	}
	lib := tasks.Where("library", "==", true)
	lo, _, _ := lib.Int64s("task")
	min, max := lo[0], lo[0]
	for _, v := range lo {
		min, max = minI(min, v), maxI(max, v)
	}
	if n := lib.GroupBy("task").NumGroups(); n != 366 || min != 1501 || max != 1866 {
		t.Errorf("libraries %d in [%d, %d]", n, min, max)
	}
	if n := lib.Where("submit", "not-null", nil).NumRows(); n != 0 {
		t.Errorf("%d library attempts with a READY", n)
	}
}

func minI(a, b int64) int64 {
	if a < b {
		return a
	}
	return b
}

func maxI(a, b int64) int64 {
	if a > b {
		return a
	}
	return b
}

func TestTaskVineBlastOldUnits(t *testing.T) {
	d := loadCC(t, sourcetest.Shared(t, "taskvine/blast_50workers_2023-01_transactions.log"))
	x := sourcetest.Frame(t, d, schema.Transfers)
	cu := x.Where("kind", "==", "cache_update")
	if cu.NumRows() != 300 || cu.Where("worker", "not-null", nil).NumRows() != 0 {
		t.Fatalf("cache updates %d", cu.NumRows())
	}
	// WORKER (null) CACHE-UPDATE . 1497.314703 -1759.025170: MB and seconds
	first := cu.Head(1).Select("file", "size_mb", "wall_s", "bytes")
	if got := fmt.Sprint(first.FormatValue(0, 0), " ", first.FormatValue(1, 0), " ", first.FormatValue(2, 0), " ", first.FormatValue(3, 0)); got != ". 1497.314703 -1759.02517 1570048262" {
		t.Fatalf("first cache update %s", got)
	}
	if n := x.Where("kind", "==", "transfer").Where("direction", "==", "INPUT").NumRows(); n != 100 {
		t.Fatalf("%d inputs", n)
	}
	// "TASK n WAITING default FIRST_RESOURCES {}": an empty request is a
	// request (a regression: {} once made the record be skipped).
	tasks := sourcetest.Frame(t, d, schema.Tasks)
	if n := tasks.Where("submit", "not-null", nil).Where("category", "==", "default").NumRows(); n != 100 {
		t.Fatalf("%d attempts with their WAITING", n)
	}
}

// perfFacts from shared/data/README.md: columns (header names), rows,
// max workers_connected, last tasks_done, max tasks_running.
var perfCases = []struct {
	file                   string
	names, rows            int
	workers, done, running int64
}{
	{"workqueue/realrun_wq_7.17.1_performance.log", 56, 8, 3, 18, 12},
	{"taskvine/realrun_vine_7.17.1_performance.log", 59, 22, 3, 20, 8},
	{"shared:taskvine/lnni_2025-03_performance.log", 57, 372, 182, 429, 260},
	{"shared:taskvine/blast_400workers_2023-02_performance.log", 56, 1224, 400, 1000, 386},
	{"shared:taskvine/cctools-test_2025-04-25_performance.log", 57, 4, 0, 0, 0},
}

func TestPerfLogs(t *testing.T) {
	for _, c := range perfCases {
		t.Run(c.file, func(t *testing.T) {
			d := sourcetest.LoadFile(t, bundledLog(t, c.file), LoadPerfLog, source.Options{})
			p := sourcetest.Frame(t, d, schema.Perf)
			// time replaces timestamp; run is added
			if p.NumCols() != c.names+1 || p.NumRows() != c.rows {
				t.Fatalf("%d columns x %d rows, want %d+1 x %d", p.NumCols(), p.NumRows(), c.names, c.rows)
			}
			w, _, _ := p.Int64s("workers_connected")
			done, _, _ := p.Int64s("tasks_done")
			run, _, _ := p.Int64s("tasks_running")
			mx := func(v []int64) int64 {
				m := v[0]
				for _, x := range v {
					m = maxI(m, x)
				}
				return m
			}
			if mx(w) != c.workers || done[len(done)-1] != c.done || mx(run) != c.running {
				t.Fatalf("workers %d, last done %d, running %d", mx(w), done[len(done)-1], mx(run))
			}
			if ty, _ := p.Type("bandwidth"); ty != frame.Float64 {
				t.Errorf("bandwidth is %s", ty)
			}
		})
	}
}

func TestTaskTable(t *testing.T) {
	var x taskTable
	ids := []int64{1, 2, 3, 0, 100, 1 << 40, -5, 70000, 200000, 4}
	for i, id := range ids {
		if x.get(id) != 0 {
			t.Fatalf("%d found before set", id)
		}
		x.set(id, taskAt(int32(i)))
	}
	for i, id := range ids {
		if got, ok := x.get(id).task(); !ok || got != int32(i) {
			t.Fatalf("get(%d) = %d, want %d", id, got, i)
		}
	}
	for _, id := range []int64{5, 99, 1<<40 + 1, -1, 70001} {
		if x.get(id) != 0 {
			t.Errorf("%d found, never set", id)
		}
	}
	_, far := x.sparse[1<<40]
	_, negative := x.sparse[-5]
	if !far || !negative || len(x.pages)*tablePage > 1<<19 {
		t.Errorf("far and negative ids belong in the map; the pages have %d slots", len(x.pages)*tablePage)
	}
	// an id in the map stays there when the slice grows past it, and
	// each visits every id once, in order, without those handed over
	x.set(1<<40, queuedAt(7))
	x.set(2, refGone)
	var got []int64
	x.each(func(id int64, r taskRef) {
		got = append(got, id)
		if id == 1<<40 {
			if q, ok := r.queue(); !ok || q != 7 {
				t.Errorf("task 1<<40: %d, want queued slot 7", r)
			}
		}
	})
	want := []int64{-5, 0, 1, 3, 4, 100, 70000, 200000, 1 << 40}
	if !slices.Equal(got, want) {
		t.Errorf("each: %v, want %v", got, want)
	}
}

// A page whose ids were all handed over shares the table's page of
// refGone; a task seen again after that takes a page of its own.
func TestTaskTablePagesHandedOver(t *testing.T) {
	var x taskTable
	n := int64(3*tablePage + 10)
	for id := range n {
		x.set(id, taskAt(int32(id)))
	}
	for id := range int64(2*tablePage + 5) { // pages 0 and 1, and 5 ids of page 2
		x.set(id, refGone)
	}
	if &x.pages[0][0] != &x.pages[1][0] || &x.pages[0][0] == &x.pages[2][0] {
		t.Fatal("the handed-over pages 0 and 1 do not share a page, or page 2 shares it")
	}
	x.set(tablePage+7, taskAt(1)) // seen again
	if &x.pages[0][0] == &x.pages[1][0] || x.get(tablePage+6) != refGone || x.get(7) != refGone || x.get(tablePage+7) != taskAt(1) {
		t.Fatal("a task seen again in a shared page")
	}
	var got []int64
	x.each(func(id int64, r taskRef) { got = append(got, id) })
	if len(got) != int(n-2*tablePage-5)+1 || got[0] != tablePage+7 || got[1] != 2*tablePage+5 || got[len(got)-1] != n-1 {
		t.Fatalf("each: %d ids from %v", len(got), got[:3])
	}
	x.set(tablePage+7, refGone)
	if &x.pages[0][0] != &x.pages[1][0] {
		t.Fatal("page 1 handed over again does not share the page of refGone")
	}
}

// Ids queued in order take no page slice; any other write gives their
// page one. The table answers as a map of every write would, and each
// visits what that map holds.
func TestTaskTableQueuedRuns(t *testing.T) {
	var x taskTable
	n := int64(3*tablePage + 10)
	for id := int64(1); id < n; id++ {
		x.set(id, refQueued)
	}
	x.set(5, refQueued) // again: still the run
	for p, page := range x.pages {
		if page != nil {
			t.Fatalf("page %d of ids queued in order has a slice", p)
		}
	}
	for _, c := range []struct {
		id   int64
		want taskRef
	}{{0, 0}, {1, refQueued}, {tablePage, refQueued}, {n - 1, refQueued}, {n, 0}, {4 * tablePage, 0}} {
		if got := x.get(c.id); got != c.want {
			t.Errorf("get(%d) = %d, want %d", c.id, got, c.want)
		}
	}

	// against a map of every write: runs, a task started in the middle
	// of one, one handed over, a gap, ids queued out of order
	model := map[int64]taskRef{}
	for id := int64(1); id < n; id++ {
		model[id] = refQueued
	}
	write := func(id int64, r taskRef) {
		x.set(id, r)
		model[id] = r
	}
	write(tablePage+7, taskAt(1))
	write(2*tablePage+3, refGone)
	write(3*tablePage+100, refQueued) // past the run's end: a gap
	write(4*tablePage+9, refQueued)
	write(4*tablePage+8, refQueued) // before the run
	write(4*tablePage+10, refQueued)
	for id := int64(0); id < 5*tablePage; id++ {
		if got := x.get(id); got != model[id] {
			t.Fatalf("get(%d) = %d, want %d", id, got, model[id])
		}
	}
	if x.pages[0] != nil || x.pages[1] == nil || x.pages[2] == nil || x.pages[3] == nil || x.pages[4] == nil {
		t.Error("page 0 lost its run, or a page written otherwise kept one")
	}
	var ids []int64
	x.each(func(id int64, r taskRef) {
		ids = append(ids, id)
		if r != model[id] {
			t.Fatalf("each: %d is %d, want %d", id, r, model[id])
		}
	})
	var want []int64
	for id, r := range model {
		if r != 0 && r != refGone {
			want = append(want, id)
		}
	}
	slices.Sort(want)
	if !slices.Equal(ids, want) {
		t.Errorf("each visits %d ids, want %d", len(ids), len(want))
	}
}

func TestSlabReusesSlots(t *testing.T) {
	var s slab[taskQueue]
	for i := range slabBlock + 1 {
		if got := s.add(taskQueue{try: int32(i)}); got != int32(i) {
			t.Fatalf("slot %d, want %d", got, i)
		}
	}
	s.release(3)
	s.release(slabBlock)
	if s.at(3).try != 0 {
		t.Error("a released slot keeps its value")
	}
	if a, b := s.add(taskQueue{try: -1}), s.add(taskQueue{try: -2}); a != slabBlock || b != 3 || s.at(3).try != -2 {
		t.Errorf("reused slots %d and %d, want %d and 3", a, b, slabBlock)
	}
	if len(s.blocks) != 2 || s.n != slabBlock+1 {
		t.Errorf("%d blocks, %d slots handed out", len(s.blocks), s.n)
	}
	if r := queuedAt(0); r == refGone || r == 0 {
		t.Error("queued slot 0 collides with another ref")
	}
	if _, ok := refGone.queue(); ok {
		t.Error("refGone reads as a queued slot")
	}
}
