package lake

import (
	"context"
	"fmt"
	"maps"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/jobframe/jobframe/frame"
	"github.com/jobframe/jobframe/loaders"
	"github.com/jobframe/jobframe/loaders/sourcetest"
)

// TestPortableSQL runs the queries of scripts/sql/portable, written in
// the SQL that DuckDB, Spark SQL and Trino share (docs/scale.md), in the
// pinned DuckDB on a lake of three systems' logs, and compares every row
// with jobframe's own counts over the logs.
func TestPortableSQL(t *testing.T) {
	needNode(t)
	var paths []string
	for _, rel := range []string{"hq/synthetic_v0.26_journal.jsonl", "workqueue/realrun_wq_7.17.1_transactions.log", "taskvine/realrun_vine_7.17.1_transactions.log"} {
		paths = append(paths, sourcetest.Bundled(rel))
	}
	dir := filepath.Join(t.TempDir(), "lake")
	if _, err := Ingest(context.Background(), dir, paths, Options{}); err != nil {
		t.Fatal(err)
	}
	d, err := loaders.Open(paths...)
	if err != nil {
		t.Fatal(err)
	}
	tasks := d.Frames["tasks"]
	var states, workers []string
	for k, n := range sourcetest.GroupCounts(t, tasks, "source", "state") {
		src, state, _ := strings.Cut(k, " ")
		states = append(states, src+"\t"+state+"\t"+fmt.Sprint(n))
	}
	slices.Sort(states)
	perWorker := sourcetest.GroupCounts(t, tasks.Keep(frame.Col("worker").IsNotNull()), "source", "worker")
	bySource := map[string][]string{}
	for k := range perWorker {
		src, _, _ := strings.Cut(k, " ")
		bySource[src] = append(bySource[src], k)
	}
	for _, src := range slices.Sorted(maps.Keys(bySource)) {
		ks := bySource[src]
		slices.SortFunc(ks, func(a, b string) int {
			if perWorker[a] != perWorker[b] {
				return perWorker[b] - perWorker[a]
			}
			return strings.Compare(a, b)
		})
		place := 0
		for i, k := range ks {
			if i == 0 || perWorker[k] != perWorker[ks[i-1]] {
				place = i + 1
			}
			src, worker, _ := strings.Cut(k, " ")
			workers = append(workers, fmt.Sprintf("%s\t%s\t%d\t%d", src, worker, perWorker[k], place))
		}
	}
	for name, want := range map[string][]string{"states": states, "workers": workers} {
		t.Run(name, func(t *testing.T) {
			out, err := exec.Command("node", filepath.Join(interopDir(), "sql.mjs"), dir,
				filepath.Join(repoRoot(), "scripts", "sql", "portable", name+".sql"), "--rows", "--views").Output()
			if err != nil {
				if ee, ok := err.(*exec.ExitError); ok {
					t.Fatalf("%v\n%s", err, ee.Stderr)
				}
				t.Fatal(err)
			}
			got := strings.Split(strings.TrimSpace(string(out)), "\n")
			if name == "states" {
				slices.Sort(got)
			}
			if !slices.Equal(got, want) {
				t.Errorf("DuckDB on the lake:\n%s\njobframe on the logs:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
			}
		})
	}
}
