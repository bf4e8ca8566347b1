package slurmjson

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/jobframe/jobframe/loaders/source"
	"github.com/jobframe/jobframe/loaders/sourcetest"
)

// sameBothPaths fails t unless doc loads (in o's mode) on the fast path
// as on the general path: the same error, or the same frames, row for
// row, and warnings.
func sameBothPaths(t *testing.T, doc []byte, o source.Options) {
	t.Helper()
	fast, fastErr := loadDoc("doc.json", doc, o, true)
	slow, slowErr := loadDoc("doc.json", doc, o, false)
	if fmt.Sprint(fastErr) != fmt.Sprint(slowErr) {
		t.Fatalf("lenient %v: fast path %v, general path %v", o.Lenient, fastErr, slowErr)
	}
	if fastErr != nil {
		return
	}
	if f, s := fmt.Sprint(fast.Warnings), fmt.Sprint(slow.Warnings); f != s {
		t.Fatalf("lenient %v: warnings\n fast %s\n general %s", o.Lenient, f, s)
	}
	if f, s := fmt.Sprint(fast.Names()), fmt.Sprint(slow.Names()); f != s {
		t.Fatalf("frames: fast %s, general %s", f, s)
	}
	for _, name := range slow.Names() {
		if f, s := sourcetest.CSV(t, fast.Frames[name]), sourcetest.CSV(t, slow.Frames[name]); f != s {
			t.Fatalf("lenient %v, %s:\n fast %s\n general %s", o.Lenient, name, f, s)
		}
	}
}

// TestFastPath: every bundled document, and documents that leave the
// fast path (a member named JOBS, jobs twice, jobs that is not a list,
// no jobs) or have bad jobs in their middle, load on the fast path as
// on the general path, strict and lenient.
func TestFastPath(t *testing.T) {
	paths, _ := filepath.Glob(filepath.Join(sourcetest.Bundled("slurm/json"), "*_*.json"))
	docs := map[string]string{}
	for _, p := range paths {
		b, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		docs[filepath.Base(p)] = string(b)
	}
	one := `{"job_id":%d,"association":{},"state":{"current":["COMPLETED"]},"time":{"start":{"set":true,"infinite":false,"number":%d}},` +
		`"steps":[{"step":{"id":"%d.batch","name":"batch"},"state":"COMPLETED","nodes":{"count":1,"range":"cn1"}}]}`
	var jobs []string
	for i := range 600 { // more than two batches of the split
		jobs = append(jobs, fmt.Sprintf(one, 100+i, 1700000000+i, 100+i))
	}
	good := strings.Join(jobs, ",")
	docs["many"] = `{"jobs":[` + good + `],"meta":{}}`
	bad := append([]string(nil), jobs...)
	bad[3], bad[300] = `{"job_id":"x"}`, `{"job_id":1,"state":{"current":7}}`
	docs["bad jobs"] = `{"jobs":[` + strings.Join(bad, ",") + `]}`
	docs["JOBS"] = `{"JOBS":[` + good + `]}`
	docs["both"] = `{"jobs":[` + jobs[0] + `],"Jobs":[` + jobs[1] + `]}`
	docs["twice"] = `{"jobs":[` + jobs[0] + `],"jobs":[` + jobs[1] + `]}`
	docs["not a list"] = `{"jobs":{"a":1}}`
	docs["null"] = `{"jobs":null,"errors":[{"description":"Nothing found"}]}`
	docs["syntax"] = `{"jobs":[` + jobs[0] + `,]}`
	docs["after"] = `{"jobs":[` + jobs[0] + `]} x`
	for name, doc := range docs {
		t.Run(name, func(t *testing.T) {
			sameBothPaths(t, []byte(doc), source.Options{})
			sameBothPaths(t, []byte(doc), source.Options{Lenient: true})
		})
	}
	for _, name := range append([]string{"many", "bad jobs"}, sortedBase(paths)...) {
		if s, err := scanDocument([]byte(docs[name]), time.UTC); err != nil || !s.seen {
			t.Errorf("%s: off the fast path: %v", name, err)
		}
	}
	if _, err := loadDoc("doc.json", []byte(docs["bad jobs"]), source.Options{}, true); err == nil || !strings.Contains(err.Error(), "jobs[3]") {
		t.Errorf("strict, bad jobs: %v", err)
	}
	d, err := loadDoc("doc.json", []byte(docs["bad jobs"]), source.Options{Lenient: true}, true)
	if err != nil || d.Frames["jobs"].NumRows() != 598 || len(d.Warnings) != 3 { // two, and their count
		t.Errorf("lenient, bad jobs: %v, %d warnings", err, len(d.Warnings))
	}
}

// sortedBase are the base names of paths.
func sortedBase(paths []string) []string {
	var out []string
	for _, p := range paths {
		out = append(out, filepath.Base(p))
	}
	return out
}
