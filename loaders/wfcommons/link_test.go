package wfcommons

import (
	"fmt"
	"math/rand"
	"strings"
	"testing"

	"github.com/jobframe/jobframe/loaders/source"
	"github.com/jobframe/jobframe/loaders/sourcetest"
)

// TestEdgeSet adds random edges, many repeated, to an edgeSet started
// small (so that it grows) and to a map: each add must say the same.
func TestEdgeSet(t *testing.T) {
	rng := rand.New(rand.NewSource(4))
	s, seen := newEdgeSet(1), map[uint64]bool{}
	for i := range 200_000 {
		parent, child := rng.Intn(3000), rng.Intn(3000)
		if i%3 == 0 { // edges of the rows at the ends of the range
			parent, child = 1<<31-1-rng.Intn(3), 1<<32-1-rng.Intn(3)
		}
		key := uint64(parent)<<32 | uint64(uint32(child))
		if got, want := s.add(key), !seen[key]; got != want {
			t.Fatalf("add %d→%d: new %v, want %v", parent, child, got, want)
		}
		seen[key] = true
	}
	if s.n != len(seen) {
		t.Fatalf("%d edges, want %d", s.n, len(seen))
	}
}

// TestLinkProblemsInOrder: on an instance large enough to be linked in
// parts, a lenient load reports the ids no task has and the start times
// that do not read task by task, each task's parents before its children
// before its executedAt, as they come in the file; the edges that
// resolve are kept once each.
func TestLinkProblemsInOrder(t *testing.T) {
	const n = 20_000
	var spec, exec strings.Builder
	var want []string
	for i := range n {
		if i > 0 {
			spec.WriteString(",")
			exec.WriteString(",")
		}
		parents, children, at := "", "", "2024-01-01T00:00:00Z"
		if i > 0 {
			parents = fmt.Sprintf(`"t%d"`, i-1)
		}
		if i < n-1 {
			children = fmt.Sprintf(`"t%d"`, i+1) // each edge named from both ends
		}
		if i%997 == 5 {
			parents += `, "nope-p"`
			want = append(want, fmt.Sprintf("tasks[%d].parents: skipped: want the id of a task of the workflow (got \"nope-p\")", i))
		}
		if i%1499 == 7 {
			children = `"nope-c", ` + children
			want = append(want, fmt.Sprintf("tasks[%d].children: skipped: want the id of a task of the workflow (got \"nope-c\")", i))
		}
		if i%1999 == 5 {
			at = "yesterday"
			want = append(want, fmt.Sprintf("tasks[%d].executedAt: skipped: want an ISO 8601 time", i))
		}
		fmt.Fprintf(&spec, `{"id": "t%d", "name": "t%d", "parents": [%s], "children": [%s]}`, i, i, parents, children)
		fmt.Fprintf(&exec, `{"id": "t%d", "executedAt": %q, "runtimeInSeconds": 1}`, i, at)
	}
	doc := fmt.Sprintf(`{"schemaVersion": "1.5", "workflow": {"specification": {"tasks": [%s]}, "execution": {"tasks": [%s]}}}`, spec.String(), exec.String())
	d, err := Load(strings.NewReader(doc), source.Options{Name: "x.json", Lenient: true})
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, w := range d.Warnings {
		if _, rest, ok := strings.Cut(w.String(), "field workflow.specification."); ok {
			got = append(got, rest)
		}
	}
	if len(got) != len(want) {
		t.Fatalf("%d problems, want %d:\n%s", len(got), len(want), strings.Join(got, "\n"))
	}
	for i := range want {
		if !strings.HasPrefix(got[i], want[i]) {
			t.Fatalf("problem %d: %s\nwant %s", i, got[i], want[i])
		}
	}
	if e := d.Frames["dependencies"].NumRows(); e != n-1 {
		t.Fatalf("%d edges, want %d", e, n-1)
	}
}

// TestFirstHolderWins: in 1.4 a task is named by its id or its name, and
// the first task (in the list) to hold a word is the one it names, by id
// or by name alike.
func TestFirstHolderWins(t *testing.T) {
	doc := `{"schemaVersion": "1.4", "workflow": {"tasks": [
		{"name": "a", "id": "b", "parents": [], "children": []},
		{"name": "b", "id": "c", "parents": ["a"], "children": []},
		{"name": "x", "id": "a", "parents": ["b"], "children": []}]}}`
	d, err := Load(strings.NewReader(doc), source.Options{Name: "x.json"})
	if err != nil {
		t.Fatal(err)
	}
	// "a" is the first task's name before the third's id; "b" the first
	// task's id before the second's name
	if got := sourcetest.CSV(t, d.Frames["dependencies"].Select("parent", "child")); got != "parent,child\n1,2\n1,3\n" {
		t.Fatalf("edges:\n%s", got)
	}
}
