package lake

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"maps"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/jobframe/jobframe/loaders/lake/manifest"
	"github.com/jobframe/jobframe/loaders/sourcetest"
)

// errKilled stops a commit as a kill would.
var errKilled = errors.New("killed")

// TestKilledAtEveryStep stops an ingest before each change its commit
// makes to the lake, as a kill there would leave it: an input new to a
// lake of another, an input replaced, and a grown log appended to. After
// each stop, a reader of the documented layout (the files under each
// frame's folder) sees the lake as it was before the ingest or as it is
// after one never stopped, whole; so does DuckDB, reading every stopped
// lake. The next ingest then leaves the lake as one never stopped does.
func TestKilledAtEveryStep(t *testing.T) {
	src, err := os.ReadFile(sourcetest.Bundled("hq/synthetic_v0.26_journal.jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.SplitAfter(string(src), "\n")
	first := func(n int) string { return strings.Join(lines[:n], "") }
	balsam := sourcetest.Bundled("balsam")
	cases := []struct {
		name          string
		before, after string // the log's content before and at the stopped ingest
		others        []string
		o             Options
	}{
		{"new input", "", first(60), []string{balsam}, Options{}},
		{"replaced", first(60), first(50), nil, Options{}},
		{"appended", first(60), string(src), nil, Options{BatchRows: 12}},
	}
	keep := t.TempDir()
	var stopped []string // copies of the stopped lakes, for DuckDB
	var want []string    // what DuckDB may count in each: before or after
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			setup := func(t *testing.T) (dir, log string) {
				dir, log = filepath.Join(t.TempDir(), "lake"), filepath.Join(t.TempDir(), "journal.jsonl")
				in := slices.Clone(c.others)
				if c.before != "" {
					writeFile(t, log, c.before)
					in = append(in, log)
				}
				if _, err := Ingest(context.Background(), dir, in, c.o); err != nil {
					t.Fatal(err)
				}
				writeFile(t, log, c.after)
				return dir, log
			}
			ref, log := setup(t)
			before, beforeRows := visible(t, ref), manifestRows(t, ref)
			if _, err := Ingest(context.Background(), ref, []string{log}, c.o); err != nil {
				t.Fatal(err)
			}
			after, afterRows, afterIDs := visible(t, ref), manifestRows(t, ref), manifestIDs(t, ref)
			for k := 1; ; k++ {
				dir, log := setup(t)
				o := c.o
				n := 0
				o.step = func(what string) error {
					if n++; n == k {
						return fmt.Errorf("before %q: %w", what, errKilled)
					}
					return nil
				}
				_, err := Ingest(context.Background(), dir, []string{log}, o)
				if err == nil {
					if k < 5 {
						t.Fatalf("the commit made only %d changes", k-1)
					}
					t.Logf("stopped before each of %d changes", k-1)
					break
				}
				if !errors.Is(err, errKilled) {
					t.Fatal(err)
				}
				got := visible(t, dir)
				if !maps.Equal(got, before) && !maps.Equal(got, after) {
					t.Fatalf("stopped %v: a reader sees %d files, neither the %d before nor the %d after", err, len(got), len(before), len(after))
				}
				copyLake(t, dir, filepath.Join(keep, fmt.Sprint(len(stopped))), &stopped)
				want = append(want, beforeRows+" | "+afterRows)
				if _, err := Ingest(context.Background(), dir, []string{log}, c.o); err != nil {
					t.Fatalf("the ingest after one stopped %v: %v", err, err)
				}
				if got := visible(t, dir); !maps.Equal(got, after) || !slices.Equal(manifestIDs(t, dir), afterIDs) {
					t.Fatalf("after a stop %v and an ingest, the lake differs from one never stopped", err)
				}
			}
		})
	}
	if _, err := exec.LookPath("node"); err != nil {
		t.Skip("the DuckDB half needs node with @duckdb/node-api (run .ci/run)")
	}
	needNode(t)
	out, err := exec.Command("node", append([]string{filepath.Join(interopDir(), "counts.mjs")}, stopped...)...).CombinedOutput()
	if err != nil {
		t.Fatalf("counts.mjs: %v\n%s", err, out)
	}
	got := strings.Split(strings.TrimSuffix(string(out), "\n"), "\n")
	if len(got) != len(stopped) {
		t.Fatalf("counts.mjs printed %d lines for %d lakes", len(got), len(stopped))
	}
	for i, g := range got {
		b, a, _ := strings.Cut(want[i], " | ")
		if g != b && g != a {
			t.Errorf("DuckDB reads %q in a stopped lake; before it was %q, after %q", g, b, a)
		}
	}
	t.Logf("%d stopped lakes read by DuckDB", len(stopped))
}

// writeFile writes s to path.
func writeFile(t *testing.T, path, s string) {
	t.Helper()
	if err := os.WriteFile(path, []byte(s), 0o644); err != nil {
		t.Fatal(err)
	}
}

// visible lists the files a reader of the lake in dir finds under each
// frame's folder (links followed), with their sizes.
func visible(t *testing.T, dir string) map[string]int64 {
	t.Helper()
	out := map[string]int64{}
	ents, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	for _, ent := range ents {
		if strings.HasPrefix(ent.Name(), "_") {
			continue
		}
		root := filepath.Join(dir, ent.Name()) + string(filepath.Separator) // through the link
		err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
			if errors.Is(err, fs.ErrNotExist) && p == root {
				return nil // a frame's link to a generation not current yet
			}
			if err != nil || d.IsDir() {
				return err
			}
			fi, err := d.Info()
			if err != nil {
				return err
			}
			out[ent.Name()+"/"+strings.TrimPrefix(p, root)] = fi.Size()
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	return out
}

// manifestRows are the rows the manifest of the lake in dir counts by
// frame, as counts.mjs prints them.
func manifestRows(t *testing.T, dir string) string {
	m, err := manifest.Read(dir)
	if err != nil {
		t.Fatal(err)
	}
	rows := map[string]int64{}
	for _, e := range m.Inputs {
		for name, n := range e.Rows {
			rows[name] += n
		}
	}
	var out []string
	for _, name := range slices.Sorted(maps.Keys(rows)) {
		if rows[name] > 0 {
			out = append(out, fmt.Sprintf("%s=%d", name, rows[name]))
		}
	}
	return strings.Join(out, " ")
}

// manifestIDs are the IDs of the lake's entries, in order.
func manifestIDs(t *testing.T, dir string) []string {
	m, err := manifest.Read(dir)
	if err != nil {
		t.Fatal(err)
	}
	var ids []string
	for _, e := range m.Inputs {
		ids = append(ids, e.ID+" "+e.State)
	}
	return ids
}

// copyLake copies the lake in dir to to (links kept as links) and adds
// to to *all.
func copyLake(t *testing.T, dir, to string, all *[]string) {
	if out, err := exec.Command("cp", "-a", dir, to).CombinedOutput(); err != nil {
		t.Fatalf("cp: %v\n%s", err, out)
	}
	*all = append(*all, to)
}

// TestMigrateVersion1 turns a lake into the layout of manifest version
// 1 (each frame's folder at the top, no generations), as earlier
// jobframes wrote it: the next ingest moves it into a generation, and
// readers find the same files where they were.
func TestMigrateVersion1(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "lake")
	in := []string{sourcetest.Bundled("hq/synthetic_v0.26_journal.jsonl"), sourcetest.Bundled("balsam")}
	if _, err := Ingest(context.Background(), dir, in, Options{}); err != nil {
		t.Fatal(err)
	}
	want := visible(t, dir)
	m, err := manifest.Read(dir)
	if err != nil {
		t.Fatal(err)
	}
	gen := filepath.Join(dir, manifest.GenDir(m.Generation))
	ents, err := os.ReadDir(gen)
	if err != nil {
		t.Fatal(err)
	}
	for _, ent := range ents {
		os.Remove(filepath.Join(dir, ent.Name())) // the frame's link
		if err := os.Rename(filepath.Join(gen, ent.Name()), filepath.Join(dir, ent.Name())); err != nil {
			t.Fatal(err)
		}
	}
	for _, p := range []string{manifest.CurrentLink, manifest.DataDir} {
		if err := os.RemoveAll(filepath.Join(dir, p)); err != nil {
			t.Fatal(err)
		}
	}
	b, err := os.ReadFile(filepath.Join(dir, manifest.Name))
	if err != nil {
		t.Fatal(err)
	}
	v1 := strings.Replace(strings.Replace(string(b), `"version": 2`, `"version": 1`, 1), fmt.Sprintf(`"generation": %d,`, m.Generation), "", 1)
	writeFile(t, filepath.Join(dir, manifest.Name), v1)
	if got := visible(t, dir); !maps.Equal(got, want) {
		t.Fatalf("the version 1 layout shows %d files, not the %d of the lake", len(got), len(want))
	}
	res, err := Ingest(context.Background(), dir, in, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if res[0].Action != Skipped || res[1].Action != Skipped {
		t.Errorf("after the move: %s, %s; want both skipped", res[0].Action, res[1].Action)
	}
	m, err = manifest.Read(dir)
	if err != nil {
		t.Fatal(err)
	}
	if m.Version != manifest.Version || m.Generation != 1 {
		t.Errorf("manifest version %d, generation %d; want %d and 1", m.Version, m.Generation, manifest.Version)
	}
	if got := visible(t, dir); !maps.Equal(got, want) {
		t.Errorf("after the move readers find %d files, not the %d before", len(got), len(want))
	}
	if fi, err := os.Lstat(filepath.Join(dir, "tasks")); err != nil || fi.Mode()&fs.ModeSymlink == 0 {
		t.Errorf("tasks is not a link into the generation: %v", err)
	}
}
