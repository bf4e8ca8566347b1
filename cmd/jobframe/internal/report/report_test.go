package report

import (
	"bytes"
	"html"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/jobframe/jobframe/frame/schema"
	"github.com/jobframe/jobframe/loaders"
)

// built is a report split into its sections.
type built struct {
	page     string
	sections map[string]string
}

func build(t *testing.T, o loaders.Options, paths ...string) built {
	t.Helper()
	d, err := loaders.OpenWith(o, paths...)
	if err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	if err := Write(&buf, d, Options{}); err != nil {
		t.Fatal(err)
	}
	return split(buf.String())
}

// split finds the sections of a page.
func split(page string) built {
	b := built{page: page, sections: map[string]string{}}
	for _, m := range regexp.MustCompile(`(?s)<section id="([^"]+)".*?</section>`).FindAllStringSubmatch(page, -1) {
		b.sections[m[1]] = m[0]
	}
	return b
}

// fact returns the value shown for a name in a section's facts.
func (b built) fact(t *testing.T, section, name string) string {
	t.Helper()
	m := regexp.MustCompile(`<dt>` + regexp.QuoteMeta(html.EscapeString(name)) + `</dt><dd>([^<]*)</dd>`).FindStringSubmatch(b.sections[section])
	if m == nil {
		t.Fatalf("section %s has no fact %q", section, name)
	}
	return html.UnescapeString(m[1])
}

// reason returns why a section is empty ("" when it is not).
func (b built) reason(section string) string {
	m := regexp.MustCompile(`<p class="reason">([^<]*)</p>`).FindStringSubmatch(b.sections[section])
	if m == nil {
		return ""
	}
	return html.UnescapeString(m[1])
}

func (b built) charts(section string) int {
	return strings.Count(b.sections[section], `<svg class="chart"`)
}

func testdata(rel string) string { return filepath.Join("..", "..", "..", "..", "testdata", rel) }

// The journal's figures are those of ../shared/data/README.md: 56
// task-started events (attempts), 48 task-finished, 3 task-failed, 1
// task-canceled, and 4 attempts closed by the loss of worker 3
// (ConnectionLost); 3 workers; jobs of 50, 1 and 1 tasks.
func TestReportHyperQueue(t *testing.T) {
	b := build(t, loaders.Options{}, testdata("hq/synthetic_v0.26_journal.jsonl"))
	for name, want := range map[string]string{
		"attempts":          "56",
		"tasks":             "52",
		"successes":         "48",
		"failures":          "8 (attempts ended in another state)",
		"attempts by state": "canceled 1, failed 3, lost 4, success 48",
		"workers":           "3 (3 connections)",
		"warnings":          "0",
	} {
		if got := b.fact(t, "summary", name); got != want {
			t.Errorf("summary %s = %q, want %q", name, got, want)
		}
	}
	for id, n := range map[string]int{"utilization": 1, "throughput": 1, "concurrency": 1, "tasks-per-worker": 1, "gantt": 1, "durations": 2} {
		if got := b.charts(id); got != n {
			t.Errorf("section %s: %d charts, want %d (reason %q)", id, got, n, b.reason(id))
		}
	}
	if r := b.reason("resources"); !strings.Contains(r, "no measured resources in this source") {
		t.Errorf("resources reason %q", r)
	}
	if r := b.reason("perf"); !strings.Contains(r, "no manager performance log") {
		t.Errorf("perf reason %q", r)
	}
	if !regexp.MustCompile(`<td>lost</td><td>ConnectionLost</td><td>null</td><td>4</td>`).MatchString(b.sections["failures"]) {
		t.Errorf("the failures table lacks the 4 attempts lost with worker 3:\n%s", b.sections["failures"])
	}
	if got := b.fact(t, "tasks-per-worker", "workers with attempts"); got != "3" {
		t.Errorf("workers with attempts = %q, want 3", got)
	}
	// By hand from the journal: the busy-CPU series integrates to 7,706.436
	// CPU-s (semantics.md §1.4: 2.1407 h); the workers offer 16 CPUs for
	// 0.575 s, 24 for 64.754 s, 28 for 40.536 s and 24 for 364.513 s until
	// the server stops: 11,446.616 CPU-s (3.1796 h); 7,706.436 / 11,446.616
	// = 67.3 %.
	if got := b.fact(t, "utilization", "CPU-hours allocated / offered"); got != "2.14 / 3.18 (67.3 %)" {
		t.Errorf("CPU-hours allocated / offered = %q, want 2.14 / 3.18 (67.3 %%)", got)
	}
	if strings.Contains(b.page, "<script") || strings.Contains(b.page, "http://") && !strings.Contains(b.page, `xmlns="http://www.w3.org/2000/svg"`) {
		t.Error("the page has a script or a link")
	}
	for _, m := range regexp.MustCompile(`(?:src|href)="([^"#][^"]*)"`).FindAllStringSubmatch(b.page, -1) {
		t.Errorf("the page refers to %s", m[1])
	}
}

// Balsam's figures are those of semantics.md §3.4, for the events of
// the jobs tagged experiment=foo: 30 jobs enter JOB_FINISHED, and
// utilization_report peaks at 12 nodes.
func TestReportBalsam(t *testing.T) {
	d, err := loaders.Open(testdata("balsam/synthetic_events.json"), testdata("balsam/synthetic_jobs.json"), testdata("balsam/synthetic_batchjobs.json"))
	if err != nil {
		t.Fatal(err)
	}
	foo := d.Frames[schema.Events].Where("tag.experiment", "==", "foo")
	if foo.NumRows() != 177 {
		t.Fatalf("%d events of experiment foo, want 177", foo.NumRows())
	}
	d.Frames[schema.Events] = foo
	var buf bytes.Buffer
	if err := Write(&buf, d, Options{}); err != nil {
		t.Fatal(err)
	}
	b := split(buf.String())
	if got := b.fact(t, "throughput", "jobs finished"); got != "30" {
		t.Errorf("jobs finished = %q, want 30", got)
	}
	if got := b.fact(t, "utilization", "peak nodes in use"); got != "12" {
		t.Errorf("peak nodes in use = %q, want 12", got)
	}
	if b.charts("utilization") != 1 || b.charts("throughput") != 1 {
		t.Error("Balsam utilization and throughput are not drawn")
	}
	for _, id := range []string{"tasks-per-worker", "gantt"} {
		if r := b.reason(id); r != "no worker records in this source" {
			t.Errorf("section %s reason %q, want the missing worker records", id, r)
		}
	}
}

// The blast instance's critical path is split_fasta, blastall,
// cat_blast: 10.413171 s (testdata/wfcommons/figures.py), of a makespan
// of 1279.3 s; sources without dependencies say so.
func TestReportCriticalPath(t *testing.T) {
	b := build(t, loaders.Options{}, testdata("wfcommons/blast-chameleon-small-001.json"))
	if got := b.fact(t, "critical-path", "longest path (job makeflow-blast-small)"); got != "10.413 s" {
		t.Errorf("longest path = %q, want 10.413 s", got)
	}
	if got := b.fact(t, "critical-path", "tasks on it"); got != "3" {
		t.Errorf("tasks on it = %q, want 3", got)
	}
	sec := b.sections["critical-path"]
	for _, want := range []string{"1279.3", "split_fasta", "blastall", "cat_blast"} {
		if !strings.Contains(sec, want) {
			t.Errorf("critical-path section lacks %q", want)
		}
	}
	hq := build(t, loaders.Options{}, testdata("hq/synthetic_v0.26_journal.jsonl"))
	if r := hq.reason("critical-path"); !strings.Contains(r, "no dependencies") {
		t.Errorf("HyperQueue critical-path reason %q", r)
	}
}

// The partial 804280 job (../shared/data/README.md): 435 processes, 65
// roots.
func TestReportEPMT(t *testing.T) {
	b := build(t, loaders.Options{}, testdata("epmt/804280"))
	for name, want := range map[string]string{"processes": "435", "roots": "65"} {
		if got := b.fact(t, "process-tree", name); got != want {
			t.Errorf("process tree %s = %q, want %q", name, got, want)
		}
	}
	if b.charts("ops-costs") != 1 || b.charts("process-tree") != 2 {
		t.Errorf("EPMT charts: ops-costs %d, process-tree %d; want 1 and 2", b.charts("ops-costs"), b.charts("process-tree"))
	}
	if strings.Index(b.page, `id="ops-costs"`) > strings.Index(b.page, `id="utilization"`) {
		t.Error("the EPMT sections should come before the task sections")
	}
	if r := b.reason("gantt"); r != "no worker records in this source" {
		t.Errorf("gantt reason %q", r)
	}
}

// A source read leniently lists its warnings with file and line.
func TestReportListsWarnings(t *testing.T) {
	raw, err := os.ReadFile(testdata("hq/synthetic_v0.26_journal.jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.SplitAfter(string(raw), "\n")
	bad := strings.Join(lines[:10], "") + "{not json\n" + strings.Join(lines[10:], "")
	path := filepath.Join(t.TempDir(), "journal.jsonl")
	if err := os.WriteFile(path, []byte(bad), 0o644); err != nil {
		t.Fatal(err)
	}
	b := build(t, loaders.Options{Lenient: true}, path)
	// The bad line, and the total of a lenient load.
	if got := b.fact(t, "summary", "warnings"); got != "2" {
		t.Errorf("summary warnings = %q, want 2", got)
	}
	if !strings.Contains(b.sections["warnings"], "<td>11</td>") || !strings.Contains(b.sections["warnings"], "journal.jsonl") {
		t.Errorf("the warnings section does not name the file and line 11:\n%s", b.sections["warnings"])
	}
}

// A section that panics is reported in its place; the others are built.
func TestBuildAllSurvivesAPanic(t *testing.T) {
	got := buildAll([]func() section{
		func() section { return section{ID: "a"} },
		func() section { panic("boom") },
		func() section { return section{ID: "c"} },
	})
	if len(got) != 3 || got[0].ID != "a" || got[2].ID != "c" || got[1].Reason != "internal error: boom" {
		t.Fatalf("buildAll = %+v", got)
	}
}
