package watch

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"net"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/jobframe/jobframe/cmd/jobframe/internal/browsertest"
	"github.com/jobframe/jobframe/cmd/jobframe/internal/report"
	"github.com/jobframe/jobframe/loaders"
	"github.com/jobframe/jobframe/loaders/source"
	"github.com/jobframe/jobframe/loaders/sourcetest"
)

// journal is the bundled HyperQueue journal, by line.
func journal(t *testing.T) []string {
	t.Helper()
	b, err := os.ReadFile(sourcetest.Bundled("hq/synthetic_v0.26_journal.jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	return strings.SplitAfter(strings.TrimSuffix(string(b), "\n"), "\n")
}

// expected are the figures of a prefix of the journal, counted here
// from its events: workers connected; attempts that ended otherwise
// than in success (failed, lost with their worker, canceled while
// running); the attempts started and not ended, with their workers; the
// task of the newest such failure.
type expected struct {
	workers, failures, running, runningOn int
	newestFailed                          string
}

func expect(t *testing.T, lines []string) expected {
	t.Helper()
	var e expected
	connected := map[int]bool{}
	on := map[[2]int]int{} // running task -> its (first) worker
	for _, l := range lines {
		var rec struct {
			Event struct {
				Type                  string
				ID, Job, Task, Worker int
				Workers               []int
				Tasks                 []struct {
					Job  int `json:"job_id"`
					Task int `json:"job_task_id"`
				}
			}
		}
		if err := json.Unmarshal([]byte(l), &rec); err != nil {
			t.Fatal(err)
		}
		ev := rec.Event
		key := [2]int{ev.Job, ev.Task}
		switch ev.Type {
		case "worker-connected":
			connected[ev.ID] = true
		case "worker-lost":
			for k, w := range on {
				if w == ev.ID {
					delete(on, k)
					e.failures++
					e.newestFailed = fmt.Sprint(k[1])
				}
			}
		case "task-started":
			on[key] = ev.Worker
			if len(ev.Workers) > 0 {
				on[key] = ev.Workers[0]
			}
		case "task-finished":
			delete(on, key)
		case "task-failed":
			delete(on, key)
			e.failures++
			e.newestFailed = fmt.Sprint(ev.Task)
		case "task-canceled":
			for _, x := range ev.Tasks {
				if k := [2]int{x.Job, x.Task}; on[k] > 0 {
					delete(on, k)
					e.failures++
					e.newestFailed = fmt.Sprint(x.Task)
				}
			}
		}
	}
	workers := map[int]bool{}
	for _, w := range on {
		workers[w] = true
	}
	e.workers, e.running, e.runningOn = len(connected), len(on), len(workers)
	return e
}

// page is what the test reads of the page.
type page struct {
	Seq      string
	Probe    float64
	Kept     bool
	Live     map[string]string
	Summary  map[string]string
	Notes    []string
	Failures [][]string
	Running  [][]string
}

const readPage = `const facts = id => { const o = {}; document.querySelectorAll('#' + id + ' dl dt').forEach(dt => { o[dt.textContent] = dt.nextElementSibling.textContent; }); return o; };
const table = caption => { for (const t of document.querySelectorAll('#live table')) { if (t.caption && t.caption.textContent === caption) return Array.from(t.tBodies[0].rows).map(r => Array.from(r.cells).map(c => c.textContent)); } return null; };
const chart = document.querySelector('div.chart[id]');
return JSON.stringify({Seq: document.documentElement.dataset.seq || '', Probe: window.jfProbe || 0, Kept: !!(chart && chart.jfProbe),
  Live: facts('live'), Summary: facts('summary'), Notes: Array.from(document.querySelectorAll('#live p.note')).map(p => p.textContent),
  Failures: table('Newest failures'), Running: table('Attempts running now, per worker')});`

// TestWatchInChromium appends the journal to a watched log in steps and
// reads the page in Chromium after each, within 2 s: a new worker, the
// first failures, the run ending; then the log truncated, and a bad
// record appended (strict: the updates stop, saying where). The page is
// never reloaded (a value set in it stays) and the charts keep their
// elements.
func TestWatchInChromium(t *testing.T) {
	w := browsertest.Start(t)
	lines := journal(t)
	log := filepath.Join(t.TempDir(), "journal.jsonl")
	write := func(text string, appendTo bool) {
		t.Helper()
		flag := os.O_WRONLY | os.O_CREATE | os.O_TRUNC
		if appendTo {
			flag = os.O_WRONLY | os.O_APPEND
		}
		f, err := os.OpenFile(log, flag, 0o644)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := f.WriteString(text); err != nil {
			t.Fatal(err)
		}
		if err := f.Close(); err != nil {
			t.Fatal(err)
		}
	}
	write(strings.Join(lines[:30], ""), false)
	url := serve(t, log, Options{Interval: 100 * time.Millisecond})
	w.Navigate(url)
	var p page
	w.Exec(readPage, &p)
	check(t, "30 lines", p, expect(t, lines[:30]))
	w.Exec(`window.jfProbe = 42; document.querySelector('div.chart[id]').jfProbe = true; return JSON.stringify(1);`, new(int))
	written := 30
	for _, n := range []int{60, len(lines)} { // worker 3 and two failures by line 60; the end
		before, want := p.Seq, expect(t, lines[:n])
		write(strings.Join(lines[written:n], ""), true)
		written = n
		p = waitUntil(t, w, before, func(p page) bool { return len(mismatches(p, want)) == 0 })
		check(t, fmt.Sprintf("%d lines", n), p, want)
	}
	if p.Live["running now"] != "0 attempts on 0 workers" || p.Running != nil {
		t.Errorf("the run ended: running now %q, table %v", p.Live["running now"], p.Running)
	}
	// truncated to its first 30 lines: read again, and said so
	before, want := p.Seq, expect(t, lines[:30])
	write(strings.Join(lines[:30], ""), false)
	p = waitUntil(t, w, before, func(p page) bool { return len(mismatches(p, want)) == 0 })
	check(t, "truncated", p, want)
	if !hasNote(p.Notes, "was truncated from") {
		t.Errorf("notes %q, want the truncation said", p.Notes)
	}
	// a bad record: the figures stay, the page says where
	before = p.Seq
	write("{\"event\": {\"type\": \"task-started\"\n", true)
	p = waitUpdate(t, w, before)
	check(t, "after a bad record", p, expect(t, lines[:30]))
	if !hasNote(p.Notes, "journal.jsonl:31") || !hasNote(p.Notes, "Not updated since") {
		t.Errorf("notes %q, want the bad record's file and line", p.Notes)
	}
	if p.Probe != 42 || !p.Kept {
		t.Errorf("the page was reloaded (probe %v) or its chart replaced (kept %v)", p.Probe, p.Kept)
	}
	for _, e := range w.Logs("browser") {
		if e["level"] == "SEVERE" {
			t.Errorf("console: %v", e["message"])
		}
	}
}

// serve runs a watch of path on a free loopback port until the test ends
// and returns its address.
func serve(t testing.TB, path string, o Options) string {
	t.Helper()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- New([]string{path}, o).Run(ctx, l) }()
	t.Cleanup(func() {
		cancel()
		if err := <-done; err != nil {
			t.Errorf("watch: %v", err)
		}
	})
	return "http://" + l.Addr().String() + "/"
}

// waitUpdate reads the page until its sequence number passes before,
// for 2 s at most.
func waitUpdate(t *testing.T, w *browsertest.Driver, before string) page {
	t.Helper()
	var p page
	for deadline := time.Now().Add(2 * time.Second); ; time.Sleep(50 * time.Millisecond) {
		w.Exec(readPage, &p)
		if p.Seq != before {
			return p
		}
		if time.Now().After(deadline) {
			t.Fatalf("the page did not change within 2 s (update %s)", before)
		}
	}
}

// waitUntil reads the page until it has changed from update before and
// done says it shows what the test wrote, for up to 2 s: an update may
// come from a poll that saw the write half done, or none of it.
func waitUntil(t *testing.T, w *browsertest.Driver, before string, done func(page) bool) page {
	t.Helper()
	var p page
	for deadline := time.Now().Add(2 * time.Second); ; time.Sleep(50 * time.Millisecond) {
		w.Exec(readPage, &p)
		if p.Seq != before && done(p) || time.Now().After(deadline) {
			return p
		}
	}
}

// check compares the page's figures with those counted from the log.
func check(t *testing.T, what string, p page, e expected) {
	t.Helper()
	for _, m := range mismatches(p, e) {
		t.Errorf("%s: %s", what, m)
	}
}

// mismatches says how the page differs from the figures expected (none:
// it shows them).
func mismatches(p page, e expected) []string {
	var out []string
	if got, want := p.Live["running now"], fmt.Sprintf("%s on %s", plural(e.running, "attempt"), plural(e.runningOn, "worker")); got != want {
		out = append(out, fmt.Sprintf("running now %q, want %q", got, want))
	}
	if got := p.Summary["workers"]; !strings.HasPrefix(got, fmt.Sprintf("%d ", e.workers)) {
		out = append(out, fmt.Sprintf("workers %q, want %d", got, e.workers))
	}
	if e.failures == 0 {
		if p.Failures != nil {
			out = append(out, fmt.Sprintf("failures listed %v, want none", p.Failures))
		}
		return out
	}
	if got := p.Summary["failures"]; !strings.HasPrefix(got, fmt.Sprintf("%d ", e.failures)) {
		out = append(out, fmt.Sprintf("failures %q, want %d", got, e.failures))
	}
	if len(p.Failures) != min(e.failures, newestFailures) || p.Failures[0][2] != e.newestFailed {
		out = append(out, fmt.Sprintf("newest failures %v, want %d rows, task %s first", p.Failures, min(e.failures, newestFailures), e.newestFailed))
	}
	return out
}

func hasNote(notes []string, s string) bool {
	for _, n := range notes {
		if strings.Contains(n, s) {
			return true
		}
	}
	return false
}

// TestHosts: the server answers its own address (and localhost's on
// loopback) only.
func TestHosts(t *testing.T) {
	hosts := allowedHosts(&net.TCPAddr{IP: net.IPv4(127, 0, 0, 1), Port: 8080})
	for h, want := range map[string]bool{"127.0.0.1:8080": true, "localhost:8080": true, "[::1]:8080": true, "evil.example:8080": false, "localhost:9090": false} {
		if hosts[h] != want {
			t.Errorf("%s: allowed %v, want %v", h, hosts[h], want)
		}
	}
	hosts = allowedHosts(&net.TCPAddr{IP: net.IPv4(10, 1, 2, 3), Port: 80})
	if hosts["localhost:80"] || !hosts["10.1.2.3:80"] {
		t.Errorf("a public address: %v", hosts)
	}
}

// TestWatchLenient: in lenient mode a bad record appended is skipped
// and counted on the page, and the updates go on.
func TestWatchLenient(t *testing.T) {
	w := browsertest.Start(t)
	lines := journal(t)
	log := filepath.Join(t.TempDir(), "journal.jsonl")
	if err := os.WriteFile(log, []byte(strings.Join(lines[:30], "")), 0o644); err != nil {
		t.Fatal(err)
	}
	w.Navigate(serve(t, log, Options{Load: source.Options{Lenient: true}, Interval: 100 * time.Millisecond}))
	var p page
	w.Exec(readPage, &p)
	f, err := os.OpenFile(log, os.O_WRONLY|os.O_APPEND, 0o644)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if _, err := f.WriteString("{\"event\": {\"type\": \"task-started\"\n" + strings.Join(lines[30:60], "")); err != nil {
		t.Fatal(err)
	}
	e := expect(t, lines[:60])
	p = waitUntil(t, w, p.Seq, func(p page) bool {
		return strings.HasPrefix(p.Summary["workers"], fmt.Sprintf("%d ", e.workers)) && p.Live["warnings"] != "0"
	})
	check(t, "a bad record and 30 lines more", p, e)
	if p.Live["warnings"] == "0" || hasNote(p.Notes, "Not updated since") {
		t.Errorf("warnings %q, notes %q: want the bad record counted and the page updated", p.Live["warnings"], p.Notes)
	}
}

// TestResume grows a HyperQueue journal and a Work Queue transactions
// log under a watch, in steps, one poll each: a log that grew goes on
// from its last checkpoint (batches of 7 rows, so that there is one) and
// the other keeps its load; after every step the watch's dataset holds
// the rows a load of the files as they are gives, frame by frame. A log
// then truncated is loaded again from its start.
func TestResume(t *testing.T) {
	dir := t.TempDir()
	logs := map[string][]string{}
	for name, rel := range map[string]string{"journal.jsonl": "hq/synthetic_v0.26_journal.jsonl", "transactions.log": "workqueue/realrun_wq_7.17.1_transactions.log"} {
		b, err := os.ReadFile(sourcetest.Bundled(rel))
		if err != nil {
			t.Fatal(err)
		}
		logs[filepath.Join(dir, name)] = strings.SplitAfter(strings.TrimSuffix(string(b), "\n"), "\n")
	}
	written := map[string]int{}
	grow := func(path string, n int) {
		t.Helper()
		lines := logs[path]
		n = min(n, len(lines))
		f, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_APPEND, 0o644)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := f.WriteString(strings.Join(lines[written[path]:n], "")); err != nil {
			t.Fatal(err)
		}
		f.Close()
		written[path] = n
	}
	var paths []string
	for p := range logs {
		paths = append(paths, p)
		grow(p, len(logs[p])/3)
	}
	slices.Sort(paths)
	o := source.Options{BatchRows: 7}
	s := New(paths, Options{Load: o})
	if err := s.start(); err != nil {
		t.Fatal(err)
	}
	// a watch that keeps every column, beside: its page is the same
	every := o
	every.Omit = map[string][]string{}
	all := New(paths, Options{Load: every})
	if err := all.start(); err != nil {
		t.Fatal(err)
	}
	// the watch holds what a load of the columns it reads gives
	same := func(what string) {
		t.Helper()
		want, err := loaders.OpenWith(s.o.Load, paths...)
		if err != nil {
			t.Fatal(err)
		}
		for _, name := range want.Names() {
			if g, w := sourcetest.Rows(t, s.good.Frames[name]), sourcetest.Rows(t, want.Frames[name]); !slices.Equal(g, w) {
				t.Errorf("%s: %s: the watch holds %d rows, a load %d, or other values", what, name, len(g), len(w))
			}
		}
		if all.poll() != nil || !samePage(t, document(s.good, s.o.Report, s.st), document(all.good, s.o.Report, s.st)) {
			t.Errorf("%s: the page differs from the one of a watch of every column", what)
		}
	}
	same("first load")
	for step := 2; step <= 3; step++ {
		for _, p := range paths {
			before := s.groups[key(loaders.Group{Format: s.groups[keyOf(s, p)].g.Format, Files: []string{p}})]
			grow(p, step*len(logs[p])/3)
			if err := s.poll(); err != nil {
				t.Fatal(err)
			}
			same(fmt.Sprintf("%s grown to %d lines", filepath.Base(p), written[p]))
			now := s.groups[keyOf(s, p)]
			if now.resumed != before.resumed+1 {
				t.Errorf("%s: not gone on from its checkpoint (resumed %d, then %d)", filepath.Base(p), before.resumed, now.resumed)
			}
			for _, q := range paths {
				if q != p && s.groups[keyOf(s, q)] == nil {
					t.Errorf("%s: its load was not kept", q)
				}
			}
		}
	}
	// truncated: read from the start again
	p := paths[0]
	if err := os.WriteFile(p, []byte(strings.Join(logs[p][:10], "")), 0o644); err != nil {
		t.Fatal(err)
	}
	written[p] = 10
	if err := s.poll(); err != nil {
		t.Fatal(err)
	}
	same("truncated")
	if g := s.groups[keyOf(s, p)]; g.resumed != 0 {
		t.Errorf("a truncated log gone on from its checkpoint (resumed %d)", g.resumed)
	}
}

// samePage reports whether two pages' documents are the same, byte for
// byte.
func samePage(t *testing.T, a, b *report.Document) bool {
	t.Helper()
	var x, y bytes.Buffer
	if err := report.Encode(&x, a); err != nil {
		t.Fatal(err)
	}
	if err := report.Encode(&y, b); err != nil {
		t.Fatal(err)
	}
	return bytes.Equal(x.Bytes(), y.Bytes())
}

// keyOf is the key of the group of path among s's.
func keyOf(s *Server, path string) string {
	for k, g := range s.groups {
		if slices.Contains(g.g.Files, path) {
			return k
		}
	}
	return ""
}

// TestFolder watches a folder: a log new in it is picked up, and a log
// replaced under its name (a rotation: another file renamed over it) is
// read from its start; after each poll the watch holds what a load of
// the folder gives.
func TestFolder(t *testing.T) {
	dir := t.TempDir()
	copyTo := func(rel, name string) {
		t.Helper()
		b, err := os.ReadFile(sourcetest.Bundled(rel))
		if err != nil {
			t.Fatal(err)
		}
		tmp := filepath.Join(dir, ".tmp-"+name)
		if err := os.WriteFile(tmp, b, 0o644); err != nil {
			t.Fatal(err)
		}
		if err := os.Rename(tmp, filepath.Join(dir, name)); err != nil {
			t.Fatal(err)
		}
	}
	copyTo("hq/synthetic_v0.26_journal.jsonl", "journal.jsonl")
	s := New([]string{dir}, Options{})
	if err := s.start(); err != nil {
		t.Fatal(err)
	}
	check := func(what string, runs int) {
		t.Helper()
		if err := s.poll(); err != nil {
			t.Fatal(err)
		}
		want, err := loaders.OpenWith(s.o.Load, dir) // the columns the watch keeps
		if err != nil {
			t.Fatal(err)
		}
		if len(s.good.Runs) != runs || len(want.Runs) != runs {
			t.Errorf("%s: %d runs, a load %d, want %d", what, len(s.good.Runs), len(want.Runs), runs)
		}
		for _, name := range want.Names() {
			if g, w := sourcetest.Rows(t, s.good.Frames[name]), sourcetest.Rows(t, want.Frames[name]); !slices.Equal(g, w) {
				t.Errorf("%s: %s: the watch holds %d rows, a load %d, or other values", what, name, len(g), len(w))
			}
		}
	}
	copyTo("workqueue/realrun_wq_7.17.1_transactions.log", "transactions.log")
	check("a new log", 2)
	if !hasNote(s.st.what, "transactions.log is new") {
		t.Errorf("changes %q, want the new log named", s.st.what)
	}
	copyTo("taskvine/realrun_vine_7.17.1_transactions.log", "transactions.log") // rotated: another log under the name
	check("a log replaced", 2)
	if !hasNote(s.st.what, "transactions.log was replaced") {
		t.Errorf("changes %q, want the replacement named", s.st.what)
	}
	if src := s.good.Source; src != "hyperqueue+taskvine" {
		t.Errorf("source %q after the rotation, want hyperqueue+taskvine", src)
	}
}

// TestSourceGone: a watched log that disappears is said once (not at
// every poll), the last report kept; back, it is read again.
func TestSourceGone(t *testing.T) {
	log := filepath.Join(t.TempDir(), "journal.jsonl")
	b, err := os.ReadFile(sourcetest.Bundled("hq/synthetic_v0.26_journal.jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(log, b, 0o644); err != nil {
		t.Fatal(err)
	}
	s := New([]string{log}, Options{})
	if err := s.start(); err != nil {
		t.Fatal(err)
	}
	if err := os.Rename(log, log+".moved"); err != nil {
		t.Fatal(err)
	}
	for range 3 {
		if err := s.poll(); err != nil {
			t.Fatal(err)
		}
	}
	if s.seq != 2 || !hasNote(s.st.what, "no such file") || s.good.Frames["tasks"].NumRows() != 56 {
		t.Errorf("after 3 polls without the log: update %d, changes %q, %d tasks; want update 2 naming the missing file, the 56 tasks kept", s.seq, s.st.what, s.good.Frames["tasks"].NumRows())
	}
	if err := os.Rename(log+".moved", log); err != nil {
		t.Fatal(err)
	}
	if err := s.poll(); err != nil {
		t.Fatal(err)
	}
	if s.seq != 3 || s.good.Frames["tasks"].NumRows() != 56 {
		t.Errorf("the log back: update %d, %d tasks; want 3, 56", s.seq, s.good.Frames["tasks"].NumRows())
	}
}
