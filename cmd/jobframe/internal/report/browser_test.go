package report

import (
	"bytes"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/jobframe/jobframe/cmd/jobframe/internal/browsertest"
	"github.com/jobframe/jobframe/loaders"
)

// webdriver is the browser, with the report tests' own helpers.
type webdriver struct{ *browsertest.Driver }

// startChromium starts the browser (browsertest.Start).
func startChromium(t *testing.T) *webdriver { return &webdriver{browsertest.Start(t)} }

// open loads the page at the absolute path page and returns what its
// sections hold, and its console messages (errors and warnings) and
// requests other than the page itself.
func (w *webdriver) open(page string) (c chartCheck, problems []string) {
	w.Logs("browser")
	w.Logs("performance")
	url := "file://" + page
	w.Call("POST", "/session/"+w.Session+"/url", map[string]any{"url": url})
	res := w.Call("POST", "/session/"+w.Session+"/execute/sync", map[string]any{"script": pageScript, "args": []any{}})
	if err := json.Unmarshal([]byte(res["value"].(string)), &c); err != nil {
		w.T.Fatal(err)
	}
	for _, e := range w.Logs("browser") {
		if e["level"] == "SEVERE" || e["level"] == "WARNING" {
			problems = append(problems, fmt.Sprintf("console %s: %v", e["level"], e["message"]))
		}
	}
	for _, e := range w.Logs("performance") {
		var m struct {
			Message struct {
				Method string
				Params struct {
					DocumentURL string
					Request     struct{ URL string }
				}
			}
		}
		if err := json.Unmarshal([]byte(e["message"].(string)), &m); err != nil {
			w.T.Fatal(err)
		}
		// Chromium's own pages (chrome://) load resources too; the
		// page's requests, and any to a network, are the ones that
		// count.
		req, doc := m.Message.Params.Request.URL, m.Message.Params.DocumentURL
		network := !strings.HasPrefix(req, "chrome://") && !strings.HasPrefix(req, "chrome-extension://") && !strings.HasPrefix(req, "file://") && !strings.HasPrefix(req, "data:")
		if m.Message.Method == "Network.requestWillBeSent" && req != url && (doc == url || network) {
			problems = append(problems, fmt.Sprintf("the page requested %s (document %s)", req, doc))
		}
	}
	return c, problems
}

// openReport writes a report page to path, opens it and returns what it
// holds; a console message, a request, or charts the page's script did
// not finish are errors.
func (w *webdriver) openReport(path string, html []byte) chartCheck {
	w.T.Helper()
	page, err := filepath.Abs(path)
	if err != nil {
		w.T.Fatal(err)
	}
	if err := os.WriteFile(page, html, 0o644); err != nil {
		w.T.Fatal(err)
	}
	c, problems := w.open(page)
	for _, p := range problems {
		w.T.Error(p)
	}
	if c.Ready != "ready" {
		w.T.Errorf("the report's script did not finish drawing (data-charts=%q)", c.Ready)
	}
	return c
}

// chartCheck is what the page reports of its sections and charts.
type chartCheck struct {
	Ready string
	// ReadyMs is when the charts were drawn, in ms since navigation
	// began.
	ReadyMs  string
	Sections []struct {
		ID, Reason string
		// Shown is the number of tables and facts the section shows.
		Shown  int
		Charts []struct {
			Width, Height float64
			// Inked is the share of the chart's canvas pixels that are
			// not background, sampled on a grid.
			Inked float64
		}
	}
}

// pageScript collects, per section, its reason and each chart's drawn
// size and the share of its canvas drawn on.
const pageScript = `return JSON.stringify({Ready: document.documentElement.dataset.charts || "", ReadyMs: document.documentElement.dataset.readyMs || "",
	Sections: Array.from(document.querySelectorAll("section")).map(s => ({
	ID: s.id,
	Reason: (s.querySelector("p.reason") || {}).textContent || "",
	Shown: s.querySelectorAll("table, dd").length,
	Charts: Array.from(s.querySelectorAll("div.chart")).map(c => {
		const r = c.getBoundingClientRect(), cv = c.querySelector("canvas");
		let inked = 0, n = 0;
		if (cv) {
			const d = cv.getContext("2d").getImageData(0, 0, cv.width, cv.height).data;
			for (let y = 0; y < cv.height; y += 3) for (let x = 0; x < cv.width; x += 3) {
				const i = 4 * (y * cv.width + x); n++;
				if (d[i + 3] > 0 && (d[i] < 235 || d[i + 1] < 235 || d[i + 2] < 235)) inked++;
			}
		}
		return {Width: r.width, Height: r.height, Inked: n ? inked / n : 0};
	}),
}))});`

// reportSources are the sources reported in the browser test: the
// bundled copies always, the rest of ../shared/data when it is there.
func reportSources(t *testing.T) map[string]string {
	bundled := filepath.Join("..", "..", "..", "..", "testdata")
	srcs := map[string]string{
		"hq":      filepath.Join(bundled, "hq", "synthetic_v0.26_journal.jsonl"),
		"wq":      filepath.Join(bundled, "workqueue", "realrun_wq_7.17.1_transactions.log"),
		"wq-perf": filepath.Join(bundled, "workqueue", "realrun_wq_7.17.1_performance.log"),
		"vine":    filepath.Join(bundled, "taskvine", "realrun_vine_7.17.1_transactions.log"),
		"balsam":  filepath.Join(bundled, "balsam"),
		"epmt":    filepath.Join(bundled, "epmt", "804280"),
		"slurm":   filepath.Join(bundled, "slurm", "tdhock_sacct-allcols.txt"),
		// a dump of jobs alone (sacct -X)
		"slurm-jobs":      filepath.Join(bundled, "slurm", "slurmsim_sacct_simple.log"),
		"nextflow":        filepath.Join(bundled, "nextflow", "openproblems_2021-03_trace.txt"),
		"nextflow-nfcore": filepath.Join(bundled, "nextflow", "wfcommons_nfcore_trace.txt"),
		"wfcommons":       filepath.Join(bundled, "wfcommons", "blast-chameleon-small-001.json"),
		"wfcommons-sra":   filepath.Join(bundled, "wfcommons", "srasearch-chameleon-10a-001.json"),
	}
	shared := filepath.Join("..", "..", "..", "..", "..", "shared", "data")
	if _, err := os.Stat(shared); err != nil {
		t.Logf("../shared/data is not beside the repository: reporting the bundled sources only")
		return srcs
	}
	for _, dir := range []string{"taskvine", "workqueue"} {
		logs, _ := filepath.Glob(filepath.Join(shared, dir, "*.log"))
		for _, l := range logs {
			srcs[strings.TrimSuffix(filepath.Base(l), ".log")] = l
		}
	}
	for _, j := range []string{"12340", "615503", "804280"} {
		srcs["epmt-"+j] = filepath.Join(shared, "epmt", j)
	}
	srcs["shared-balsam"] = filepath.Join(shared, "balsam")
	srcs["shared-hq"] = filepath.Join(shared, "hq", "synthetic_v0.26_journal.jsonl")
	return srcs
}

// TestReportsInChromium opens the report of every source in headless
// Chromium: no console error, no request but the page itself, every
// section either drawn (charts of non-zero size with shapes) or
// explained, and a screenshot kept in $JOBFRAME_ARTIFACTS.
func TestReportsInChromium(t *testing.T) {
	w := startChromium(t)
	dir := os.Getenv("JOBFRAME_ARTIFACTS")
	if dir == "" {
		dir = t.TempDir()
	} else if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	// The checks must be able to fail: a page that logs an error and
	// loads an image from the network is caught on both counts.
	t.Run("a bad page is caught", func(t *testing.T) {
		w.T = t
		bad, err := filepath.Abs(filepath.Join(t.TempDir(), "bad.html"))
		if err != nil {
			t.Fatal(err)
		}
		html := `<!DOCTYPE html><html><body><img src="http://127.0.0.1:9/x.png"><script>console.error("boom")</script></body></html>`
		if err := os.WriteFile(bad, []byte(html), 0o644); err != nil {
			t.Fatal(err)
		}
		_, problems := w.open(bad)
		all := strings.Join(problems, "\n")
		if !strings.Contains(all, "boom") || !strings.Contains(all, "requested http://127.0.0.1:9/x.png") {
			t.Errorf("the checks missed the console error or the request: %q", problems)
		}
	})
	for name, src := range reportSources(t) {
		t.Run(name, func(t *testing.T) {
			w.T = t
			d, err := loaders.OpenWith(loaders.Options{Lenient: true}, src)
			if err != nil {
				t.Fatal(err)
			}
			var buf bytes.Buffer
			if err := Write(&buf, d, Options{}); err != nil {
				t.Fatal(err)
			}
			c := w.openReport(filepath.Join(dir, "report-"+name+".html"), buf.Bytes())
			charts := 0
			for _, s := range c.Sections {
				if s.Reason == "" && len(s.Charts) == 0 && s.Shown == 0 && s.ID != "warnings" {
					t.Errorf("section %s has neither a chart, a table, a fact nor a reason", s.ID)
				}
				for i, ch := range s.Charts {
					charts++
					if ch.Width < 200 || ch.Height < 100 || ch.Inked < 0.01 {
						t.Errorf("section %s chart %d: %.0f×%.0f px, %.1f %% drawn: want a drawn chart", s.ID, i, ch.Width, ch.Height, 100*ch.Inked)
					}
				}
			}
			if len(c.Sections) < 12 {
				t.Errorf("%d sections, want at least 12", len(c.Sections))
			}
			shot := w.Call("GET", "/session/"+w.Session+"/screenshot", nil)["value"].(string)
			png, err := base64.StdEncoding.DecodeString(shot)
			if err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(filepath.Join(dir, "report-"+name+".png"), png, 0o644); err != nil {
				t.Fatal(err)
			}
			// The timeline, where attempts hide each other if drawn badly,
			// in a picture of its own.
			for _, s := range c.Sections {
				if s.ID == "gantt" && len(s.Charts) > 0 {
					ref := w.element("gantt")
					var id string
					for _, v := range ref {
						id, _ = v.(string)
					}
					shot := w.Call("GET", "/session/"+w.Session+"/element/"+id+"/screenshot", nil)["value"].(string)
					png, err := base64.StdEncoding.DecodeString(shot)
					if err != nil {
						t.Fatal(err)
					}
					if err := os.WriteFile(filepath.Join(dir, "report-"+name+"-timeline.png"), png, 0o644); err != nil {
						t.Fatal(err)
					}
				}
			}
			t.Logf("%s: %d KB, %d charts drawn %s ms after navigation began, screenshot %s", name, buf.Len()/1024, charts, c.ReadyMs, filepath.Join(dir, "report-"+name+".png"))
		})
	}
}

// TestLargeReportInChromium opens the report of the source named by
// JOBFRAME_BENCH_REPORT (the 1,000,000-attempt HyperQueue journal of
// ../shared/bench/gen) and logs its size and when its charts were drawn.
// A measurement, not a timed assertion: the figures go in the issue
// notes.
func TestLargeReportInChromium(t *testing.T) {
	src := os.Getenv("JOBFRAME_BENCH_REPORT")
	if src == "" {
		t.Skip("set JOBFRAME_BENCH_REPORT to a large source to open its report")
	}
	w := startChromium(t)
	d, err := loaders.Open(src)
	if err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	if err := Write(&buf, d, Options{}); err != nil {
		t.Fatal(err)
	}
	c := w.openReport(filepath.Join(t.TempDir(), "large.html"), buf.Bytes())
	t.Logf("%s: %d KB, charts drawn %s ms after navigation began", src, buf.Len()/1024, c.ReadyMs)
}
