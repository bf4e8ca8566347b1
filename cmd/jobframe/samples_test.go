package main

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/jobframe/jobframe/loaders/sourcetest"
)

// sampleDirs are the folders of bundled samples of the batch systems and
// of the workflow systems read since (issues 53 and 54): every file of
// each is a sample, and the folders marked whole are one sample each (a
// server's daily logs, a Snakemake run folder).
var sampleDirs = []struct {
	dir   string
	whole bool
}{
	{"slurm", false}, {"slurm/json", false}, {"pbs", false}, {"pbs/days", true}, {"lsf", false}, {"htcondor", false},
	{"flux", false}, {"parsl", false}, {"parsl/run-here", false}, {"snakemake", false}, {"snakemake/run-here", true},
	{"cromwell", false},
}

// TestEverySample runs info, export (the tasks frame, or the jobs), ingest
// and report on every bundled sample of sampleDirs, and compares what
// they print with testdata/samples/NAME.txt (go test -run
// TestEverySample -update rewrites them): the load, the exported rows
// and their hash, the lake's line and the report's summary. That every
// command runs on every sample, and says the same tomorrow, is the
// point; the figures themselves are checked against independent scripts
// elsewhere (the loaders' facts tests, the report's).
func TestEverySample(t *testing.T) {
	data, err := filepath.Abs("../../testdata")
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range samples(t, data) {
		name := strings.NewReplacer("/", "__").Replace(s)
		t.Run(name, func(t *testing.T) {
			got := sampleRun(t, data, s)
			golden := filepath.Join("testdata", "samples", name+".txt")
			if sourcetest.Updating() {
				if err := os.MkdirAll(filepath.Dir(golden), 0o755); err != nil {
					t.Fatal(err)
				}
				if err := os.WriteFile(golden, []byte(got), 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			want, err := os.ReadFile(golden)
			if err != nil {
				t.Fatalf("%v (go test -run TestEverySample -update writes it)", err)
			}
			if got != string(want) {
				t.Errorf("%s differs from %s:\n%s", s, golden, got)
			}
		})
	}
}

// samples lists the samples of sampleDirs, relative to data.
func samples(t *testing.T, data string) []string {
	var out []string
	for _, d := range sampleDirs {
		if d.whole {
			out = append(out, d.dir)
			continue
		}
		entries, err := os.ReadDir(filepath.Join(data, d.dir))
		if err != nil {
			t.Fatal(err)
		}
		for _, e := range entries {
			n := e.Name()
			if e.IsDir() || strings.HasSuffix(n, ".py") || n == "expected.json" || n == "Snakefile" {
				continue
			}
			out = append(out, d.dir+"/"+n)
		}
	}
	sort.Strings(out)
	return out
}

// sampleRun runs the four commands on sample s and returns what they
// say, in the golden file's form.
func sampleRun(t *testing.T, data, s string) string {
	path := filepath.Join(data, s)
	tmp := t.TempDir()
	var b strings.Builder
	cmd := func(args ...string) (string, string, int) {
		var out, errb bytes.Buffer
		code := run(args, &out, &errb)
		return strings.ReplaceAll(out.String(), data+"/", ""), strings.ReplaceAll(errb.String(), data+"/", ""), code
	}
	var lenient []string
	info, infoErr, code := cmd("info", path)
	fmt.Fprintf(&b, "$ jobframe info (exit %d)\n%s", code, info)
	if code != 0 { // a sample with a bad record: strict names it, lenient reads on
		fmt.Fprintf(&b, "%s", infoErr)
		lenient = []string{"--lenient"}
		info, infoErr, code = cmd("info", path, "--lenient")
		fmt.Fprintf(&b, "\n$ jobframe info --lenient (exit %d)\n%s", code, info)
		if code != 0 {
			fmt.Fprintf(&b, "%s", infoErr)
			return b.String()
		}
	}
	with := func(args ...string) []string { return append(args, lenient...) }
	frameName := "tasks"
	if !regexp.MustCompile(`(?m)^  tasks +[1-9]`).MatchString(info) {
		frameName = "jobs"
	}
	csv := filepath.Join(tmp, "out.csv")
	_, exErr, code := cmd(with("export", path, "--frame", frameName, "-o", csv)...)
	fmt.Fprintf(&b, "\n$ jobframe export --frame %s (exit %d)\n", frameName, code)
	if code == 0 {
		raw, err := os.ReadFile(csv)
		if err != nil {
			t.Fatal(err)
		}
		raw = bytes.ReplaceAll(raw, []byte(data+"/"), nil) // paths as the user gave them, on any machine
		sum := sha256.Sum256(raw)
		fmt.Fprintf(&b, "%d lines, sha256 %s\n", bytes.Count(raw, []byte("\n")), hex.EncodeToString(sum[:8]))
	} else {
		fmt.Fprintf(&b, "%s", exErr)
	}
	lake, lakeErr, code := cmd(with("ingest", path, "--into", filepath.Join(tmp, "lake"))...)
	fmt.Fprintf(&b, "\n$ jobframe ingest (exit %d)\n%s", code, regexp.MustCompile(`ingested as [0-9a-f]{16}`).ReplaceAllString(lake, "ingested as ID"))
	if code != 0 {
		fmt.Fprintf(&b, "%s", lakeErr)
	}
	doc := filepath.Join(tmp, "report.json")
	_, repErr, code := cmd(with("report", path, "-o", doc)...)
	fmt.Fprintf(&b, "\n$ jobframe report (exit %d)\n", code)
	if code != 0 {
		fmt.Fprintf(&b, "%s", repErr)
		return b.String()
	}
	summary := reportSummary(t, doc)
	b.WriteString(summary)
	// The lake read back reports as its logs do, but for the files of a
	// folder that no format reads, which the lake never held.
	if lakeCode := lakeReport(t, cmd, filepath.Join(tmp, "lake"), filepath.Join(tmp, "lake.json")); lakeCode == 0 {
		warnings := regexp.MustCompile(`(?m)^summary: warnings: (\d+)\n`)
		got := reportSummary(t, filepath.Join(tmp, "lake.json"))
		gotN, wantN := 0, strings.Count(info, ": skipped: not a format jobframe reads")
		if m := warnings.FindStringSubmatch(got); m != nil {
			gotN, _ = strconv.Atoi(m[1])
		}
		if m := warnings.FindStringSubmatch(summary); m != nil {
			n, _ := strconv.Atoi(m[1])
			wantN = n - wantN
		}
		if g, w := warnings.ReplaceAllString(got, ""), warnings.ReplaceAllString(summary, ""); g != w || gotN != wantN {
			t.Errorf("%s: the report of the lake (%d warnings) differs from the report of the logs (%d but skipped files):\n%s\nwant\n%s", path, gotN, wantN, g, w)
		}
	}
	return b.String()
}

// lakeReport writes the report of the lake in dir, if ingest made one,
// to doc and returns the exit code (-1 for no lake).
func lakeReport(t *testing.T, cmd func(...string) (string, string, int), dir, doc string) int {
	if _, err := os.Stat(filepath.Join(dir, "_manifest.json")); err != nil {
		return -1
	}
	_, errText, code := cmd("report", dir, "-o", doc)
	if code != 0 {
		t.Errorf("report of the lake %s: exit %d: %s", dir, code, errText)
	}
	return code
}

// reportSummary is the report's summary facts and each section's reason
// for showing no data, one per line.
func reportSummary(t *testing.T, path string) string {
	raw, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var doc struct {
		Sections []struct {
			ID     string `json:"id"`
			Reason string `json:"reason"`
			Facts  []struct {
				Name string `json:"name"`
				Text string `json:"text"`
			} `json:"facts"`
		} `json:"sections"`
	}
	if err := json.Unmarshal(raw, &doc); err != nil {
		t.Fatal(err)
	}
	var b strings.Builder
	for i, s := range doc.Sections {
		if i == 0 {
			for _, f := range s.Facts {
				if f.Name != "files" {
					fmt.Fprintf(&b, "summary: %s: %s\n", f.Name, f.Text)
				}
			}
			continue
		}
		if s.Reason != "" {
			fmt.Fprintf(&b, "%s: no data: %s\n", s.ID, s.Reason)
		} else {
			fmt.Fprintf(&b, "%s: %d facts\n", s.ID, len(s.Facts))
		}
	}
	return b.String()
}
