package report

import (
	"bytes"
	"crypto/sha256"
	"encoding/base64"
	"encoding/json"
	"html"
	"math"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/jobframe/jobframe/frame/schema"
	"github.com/jobframe/jobframe/loaders"
)

// built is a report as data, and as the page Write renders of it.
type built struct {
	doc  *Document
	page string
}

func build(t *testing.T, o loaders.Options, paths ...string) built {
	t.Helper()
	d, err := loaders.OpenWith(o, paths...)
	if err != nil {
		t.Fatal(err)
	}
	return report(t, d)
}

func report(t *testing.T, d *loaders.Dataset) built { return reportWith(t, d, Options{}) }

func reportWith(t *testing.T, d *loaders.Dataset, o Options) built {
	t.Helper()
	doc := Build(d, o)
	var buf bytes.Buffer
	if err := Render(&buf, doc); err != nil {
		t.Fatal(err)
	}
	return built{doc: doc, page: buf.String()}
}

// section returns the section with an id.
func (b built) section(t *testing.T, id string) Section {
	t.Helper()
	for _, s := range b.doc.Sections {
		if s.ID == id {
			return s
		}
	}
	t.Fatalf("no section %s", id)
	return Section{}
}

// fact returns a section's fact of a name.
func (b built) fact(t *testing.T, section, name string) Fact {
	t.Helper()
	for _, f := range b.section(t, section).Facts {
		if f.Name == name {
			return f
		}
	}
	t.Fatalf("section %s has no fact %q", section, name)
	return Fact{}
}

// text returns the text a section's fact shows.
func (b built) text(t *testing.T, section, name string) string {
	t.Helper()
	return b.fact(t, section, name).Text
}

// value returns a section's numeric fact, in its unit.
func (b built) value(t *testing.T, section, name string) float64 {
	t.Helper()
	f := b.fact(t, section, name)
	if f.Value == nil {
		t.Fatalf("section %s fact %q has no value (%q)", section, name, f.Text)
	}
	return *f.Value
}

// reason returns why a section is empty ("" when it is not).
func (b built) reason(t *testing.T, section string) string { return b.section(t, section).Reason }

// charts returns the number of charts of a section.
func (b built) charts(t *testing.T, section string) int { return len(b.section(t, section).Charts) }

// cells returns a section's tables as lines of cells joined by "|".
func (b built) cells(t *testing.T, section string) string {
	var lines []string
	for _, tb := range b.section(t, section).Tables {
		for _, r := range tb.Rows {
			lines = append(lines, strings.Join(r, "|"))
		}
	}
	return strings.Join(lines, "\n")
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
		if got := b.text(t, "summary", name); got != want {
			t.Errorf("summary %s = %q, want %q", name, got, want)
		}
	}
	for id, n := range map[string]int{"utilization": 1, "throughput": 1, "concurrency": 1, "tasks-per-worker": 1, "gantt": 1, "durations": 2} {
		if got := b.charts(t, id); got != n {
			t.Errorf("section %s: %d charts, want %d (reason %q)", id, got, n, b.reason(t, id))
		}
	}
	if r := b.reason(t, "resources"); !strings.Contains(r, "no measured resources in this source") {
		t.Errorf("resources reason %q", r)
	}
	if r := b.reason(t, "perf"); !strings.Contains(r, "no manager performance log") {
		t.Errorf("perf reason %q", r)
	}
	if cells := b.cells(t, "failures"); !strings.Contains(cells, "lost|ConnectionLost|–|4|") {
		t.Errorf("the failures table lacks the 4 attempts lost with worker 3:\n%s", cells)
	}
	// Attempts started per worker, counted in the journal: worker 1 36,
	// worker 2 17, worker 3 4 (lost when it went).
	for name, want := range map[string]float64{"workers with attempts": 3, "fewest attempts on a worker": 4,
		"median attempts per worker": 17, "most attempts on a worker": 36} {
		if got := b.value(t, "tasks-per-worker", name); got != want {
			t.Errorf("%s = %g, want %g", name, got, want)
		}
	}
	// By hand from the journal: the busy-CPU series integrates to 7,706.436
	// CPU-s (docs/semantics.md#busy-cpus: 2.1407 h); the workers offer 16 CPUs for
	// 0.575 s, 24 for 64.754 s, 28 for 40.536 s and 24 for 364.513 s until
	// the server stops: 11,446.616 CPU-s (3.1796 h); 7,706.436 / 11,446.616
	// = 67.3 %.
	for _, c := range []struct {
		name, text string
		value      float64
	}{
		{"CPU-hours allocated", "2.14 CPU-h", 7706.436 / 3600},
		{"CPU-hours offered", "3.18 CPU-h", 11446.616 / 3600},
		{"share of offered CPU-hours allocated", "67.3 %", 100 * 7706.436 / 11446.616},
	} {
		f := b.fact(t, "utilization", c.name)
		if f.Text != c.text || f.Value == nil || math.Abs(*f.Value-c.value) > 1e-9*c.value {
			t.Errorf("%s = %q (%v), want %q (%g)", c.name, f.Text, f.Value, c.text, c.value)
		}
	}
}

// Balsam's figures are those of docs/semantics.md#expected-balsam-results, for the events of
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
	b := report(t, d)
	if got := b.value(t, "throughput", "jobs finished"); got != 30 {
		t.Errorf("jobs finished = %g, want 30", got)
	}
	if got := b.text(t, "utilization", "peak nodes in use"); got != "12 nodes" {
		t.Errorf("peak nodes in use = %q, want 12 nodes", got)
	}
	if b.charts(t, "utilization") != 1 || b.charts(t, "throughput") != 1 {
		t.Error("Balsam utilization and throughput are not drawn")
	}
	for _, id := range []string{"tasks-per-worker", "gantt"} {
		if r := b.reason(t, id); r != "no worker records in this source (Balsam's API records no workers, only batch jobs and their nodes)" {
			t.Errorf("section %s reason %q, want the missing worker records", id, r)
		}
	}
}

// The blast instance's critical path is split_fasta, blastall,
// cat_blast: 10.413171 s (testdata/wfcommons/figures.py), of a makespan
// of 1279.3 s; sources without dependencies say so.
func TestReportCriticalPath(t *testing.T) {
	b := build(t, loaders.Options{}, testdata("wfcommons/blast-chameleon-small-001.json"))
	if got := b.value(t, "critical-path", "longest path (job makeflow-blast-small)"); math.Abs(got-10.413171) > 1e-9 {
		t.Errorf("longest path = %g s, want 10.413171 s", got)
	}
	if got := b.text(t, "critical-path", "longest path (job makeflow-blast-small)"); got != "10.4 s" {
		t.Errorf("longest path shown as %q, want 10.4 s", got)
	}
	if got := b.value(t, "critical-path", "tasks on it"); got != 3 {
		t.Errorf("tasks on it = %g, want 3", got)
	}
	sec := b.cells(t, "critical-path")
	for _, want := range []string{"1279", "split_fasta", "blastall", "cat_blast"} {
		if !strings.Contains(sec, want) {
			t.Errorf("critical-path section lacks %q", want)
		}
	}
	hq := build(t, loaders.Options{}, testdata("hq/synthetic_v0.26_journal.jsonl"))
	if r := hq.reason(t, "critical-path"); !strings.Contains(r, "no dependencies") {
		t.Errorf("HyperQueue critical-path reason %q", r)
	}
}

// The partial 804280 job (../shared/data/README.md): 435 processes, 65
// roots.
func TestReportEPMT(t *testing.T) {
	b := build(t, loaders.Options{}, testdata("epmt/804280"))
	for name, want := range map[string]float64{"processes": 435, "roots": 65} {
		if got := b.value(t, "process-tree", name); got != want {
			t.Errorf("process tree %s = %g, want %g", name, got, want)
		}
	}
	if b.charts(t, "ops-costs") != 1 || b.charts(t, "process-tree") != 2 {
		t.Errorf("EPMT charts: ops-costs %d, process-tree %d; want 1 and 2", b.charts(t, "ops-costs"), b.charts(t, "process-tree"))
	}
	if strings.Index(b.page, `id="ops-costs"`) > strings.Index(b.page, `id="utilization"`) {
		t.Error("the EPMT sections should come before the task sections")
	}
	if r := b.reason(t, "gantt"); r != "no worker records in this source (EPMT records processes per host, not a workflow system's workers)" {
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
	if got := b.value(t, "summary", "warnings"); got != 2 {
		t.Errorf("summary warnings = %g, want 2", got)
	}
	if cells := b.cells(t, "warnings"); !strings.Contains(cells, "journal.jsonl|11|") {
		t.Errorf("the warnings section does not name the file and line 11:\n%s", cells)
	}
}

// A section that panics is reported in its place; the others are built.
func TestBuildAllSurvivesAPanic(t *testing.T) {
	got := buildAll([]func() Section{
		func() Section { return Section{ID: "a"} },
		func() Section { panic("boom") },
		func() Section { return Section{ID: "c"} },
	})
	if len(got) != 3 || got[0].ID != "a" || got[2].ID != "c" || got[1].Reason != "internal error: boom" {
		t.Fatalf("buildAll = %+v", got)
	}
}

// The page is one file that loads nothing: its Content-Security-Policy
// forbids every load and allows exactly its inline scripts (by hash),
// which are the embedded ECharts, the report's script and the chart
// data; no element refers to another file.
func TestPageIsSelfContained(t *testing.T) {
	b := build(t, loaders.Options{}, testdata("hq/synthetic_v0.26_journal.jsonl"))
	csp := regexp.MustCompile(`<meta http-equiv="Content-Security-Policy" content="([^"]*)">`).FindStringSubmatch(b.page)
	if csp == nil {
		t.Fatal("no Content-Security-Policy")
	}
	scripts := regexp.MustCompile(`(?s)<script>(.*?)</script>`).FindAllStringSubmatch(b.page, -1)
	if len(scripts) != 2 || scripts[0][1] != echartsJS || scripts[1][1] != reportJS {
		t.Fatalf("%d inline scripts, want ECharts then report.js verbatim", len(scripts))
	}
	want := "default-src 'none'; script-src"
	for _, s := range scripts {
		sum := sha256.Sum256([]byte(s[1]))
		want += " 'sha256-" + base64.StdEncoding.EncodeToString(sum[:]) + "'"
	}
	want += "; style-src 'unsafe-inline'; img-src data:"
	if html.UnescapeString(csp[1]) != want {
		t.Errorf("CSP %q, want %q", csp[1], want)
	}
	markup := regexp.MustCompile(`(?s)<script[^>]*>.*?</script>`).ReplaceAllString(b.page, "")
	for _, m := range regexp.MustCompile(`(?:src|href|action)="([^"#][^"]*)"`).FindAllStringSubmatch(markup, -1) {
		t.Errorf("the page refers to %s", m[1])
	}
	data := regexp.MustCompile(`(?s)<script type="application/json" id="jf-data">(.*?)</script>`).FindStringSubmatch(b.page)
	if data == nil {
		t.Fatal("no chart data")
	}
	var got struct{ Charts []Chart }
	if err := json.Unmarshal([]byte(data[1]), &got); err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, s := range b.doc.Sections {
		for _, c := range s.Charts {
			if !strings.Contains(b.page, `id="`+c.ID+`"`) {
				t.Errorf("chart %s has no element", c.ID)
			}
			n++
		}
	}
	if len(got.Charts) != n || n != 8 { // 7 + efficiency: busy CPUs against CPUs given
		t.Errorf("%d charts in the data, %d in the sections", len(got.Charts), n)
	}
}
