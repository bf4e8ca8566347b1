package lake

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/jobframe/jobframe/frame"
	"github.com/jobframe/jobframe/loaders"
	"github.com/jobframe/jobframe/loaders/lake/manifest"
	"github.com/jobframe/jobframe/loaders/source"
	"github.com/jobframe/jobframe/loaders/sourcetest"
)

// bundled are samples of every kind of input: a streamed journal, logs
// read whole, a multi-file Balsam folder and an EPMT job folder.
var bundled = []string{
	"hq/synthetic_v0.26_journal.jsonl",
	"workqueue/realrun_wq_7.17.1_transactions.log",
	"taskvine/realrun_vine_7.17.1_performance.log",
	"balsam",
	"epmt/804280",
	"slurm/tdhock_sacct-multistep.txt",
	"slurm/json/rackslab_Slurm-web_slurmdb_24.05_v0.0.41_job-completed.json",
	"pbs/days", // two daily logs of one server: one input group
	"lsf/ubccr_xdmod_accounting-logs.log",
	"htcondor/htcondor_job_core_macros_sched.log",
	"flux/flux-framework_flux-core_flux-jobs_returncode_input.jsonl",
	"parsl/run-here/parsl_2025.03.03_threads_2runs_monitoring.db", // SQLite, two runs
	"snakemake/run-here/2026-11-28T042021.455478.snakemake.log",
	"nextflow/openproblems_2021-03_trace.txt",
	"wfcommons/bacass-dirt02-001.json",
}

// lakeRows reads every Parquet file of frame name and source src in the
// lake with frame.ReadParquetFile and returns their CSV rows, sorted,
// without the input column (the folder names the source).
func lakeRows(t *testing.T, dir, name, src string) []string {
	t.Helper()
	files, err := filepath.Glob(filepath.Join(dir, name, "source="+src, "day=*", "*.parquet"))
	if err != nil {
		t.Fatal(err)
	}
	var rows []string
	for _, p := range files {
		f, err := frame.ReadParquetFile(p, frame.ReadOptions{})
		if err != nil {
			t.Fatal(err)
		}
		if f.Has("run") { // the manager runs of a cctools log, numbered
			f = f.Drop("run")
		}
		rows = append(rows, sourcetest.Rows(t, f.Drop("input"))...)
	}
	slices.Sort(rows)
	return rows
}

// entryRows reads the Parquet files of frame name that entry e wrote
// (two inputs of one source share its folders: the sacct text and JSON)
// and returns their CSV rows, sorted, without the input column.
func entryRows(t *testing.T, dir string, e *manifest.Entry, name string) []string {
	t.Helper()
	var rows []string
	for _, p := range e.Parts {
		if !strings.HasPrefix(p, name+"/") {
			continue
		}
		f, err := frame.ReadParquetFile(filepath.Join(dir, filepath.FromSlash(p)), frame.ReadOptions{})
		if err != nil {
			t.Fatal(err)
		}
		if f.Has("run") {
			f = f.Drop("run")
		}
		rows = append(rows, sourcetest.Rows(t, f.Drop("input"))...)
	}
	slices.Sort(rows)
	return rows
}

// TestIngestRoundTrip ingests every bundled sample (small batches, so
// the journal streams in many, and row groups of 3 rows, so a day's rows
// of a larger frame go to several files of at most 12) and reads the
// lake back file by file: each frame holds exactly the rows
// loaders.OpenWith gives the input.
func TestIngestRoundTrip(t *testing.T) {
	dir := t.TempDir()
	const groupRows = 3
	for _, rel := range bundled {
		in := sourcetest.Bundled(rel)
		res, err := Ingest(context.Background(), dir, []string{in}, Options{BatchRows: 7, Parquet: frame.ParquetOptions{RowGroupRows: groupRows}})
		if err != nil {
			t.Fatalf("%s: %v", rel, err)
		}
		whole, err := loaders.OpenWith(loaders.Options{}, in)
		if err != nil {
			t.Fatal(err)
		}
		for _, name := range whole.Names() {
			f := whole.Frames[name]
			if f.Has("source") {
				f = f.Drop("source")
			}
			// the lake names the input of each row (input); Open names
			// its run (run)
			want := sourcetest.Rows(t, f.Drop("run"))
			got := entryRows(t, dir, &res[0].Entry, name)
			if !slices.Equal(got, want) {
				t.Errorf("%s: the lake's %s frame has %d rows, the load %d, or other values", rel, name, len(got), len(want))
			}
			if int64(len(want)) != res[0].Entry.Rows[name] {
				t.Errorf("%s: manifest counts %d %s rows, the load has %d", rel, res[0].Entry.Rows[name], name, len(want))
			}
		}
	}
	// Files hold at most rowGroupsPerFile row groups, and a day of more
	// rows than that is cut into several.
	files, _ := filepath.Glob(filepath.Join(dir, "*", "source=*", "day=*", "*.parquet"))
	perDay := map[string]int{}
	for _, p := range files {
		f, err := frame.ReadParquetFile(p, frame.ReadOptions{})
		if err != nil {
			t.Fatal(err)
		}
		if f.NumRows() > rowGroupsPerFile*groupRows {
			t.Errorf("%s holds %d rows, more than %d", p, f.NumRows(), rowGroupsPerFile*groupRows)
		}
		perDay[filepath.Dir(p)]++
	}
	m, err := manifest.Read(dir)
	if err != nil {
		t.Fatal(err)
	}
	// The Nextflow trace's tasks all ran on 2021-03-04 and are read whole.
	tasks := m.Inputs[slices.Index(bundled, "nextflow/openproblems_2021-03_trace.txt")].Rows["tasks"]
	most := int64(rowGroupsPerFile * groupRows)
	if n := perDay[filepath.Join(dir, "tasks", "source=nextflow", "day=2021-03-04")]; tasks < 2*most || int64(n) != (tasks+most-1)/most {
		t.Errorf("the Nextflow trace's %d tasks are in %d files, want %d", tasks, n, (tasks+most-1)/most)
	}
	if len(m.Inputs) != len(bundled) {
		t.Fatalf("manifest lists %d inputs, want %d", len(m.Inputs), len(bundled))
	}
	if _, err := os.Stat(filepath.Join(dir, stagingDir)); !os.IsNotExist(err) {
		t.Errorf("staging folder left behind: %v", err)
	}
}

// TestIngestDays checks the day partitions against the journal's own
// times: its 133 lines fall on 2026-08-04 (every "time" field of the
// file starts so: grep -c '"time":"2026-08-04' gives 133).
func TestIngestDays(t *testing.T) {
	dir := t.TempDir()
	if _, err := Ingest(context.Background(), dir, []string{sourcetest.Bundled("hq/synthetic_v0.26_journal.jsonl")}, Options{}); err != nil {
		t.Fatal(err)
	}
	days, _ := filepath.Glob(filepath.Join(dir, "events", "source=hyperqueue", "day=*"))
	if len(days) != 1 || filepath.Base(days[0]) != "day=2026-08-04" {
		t.Fatalf("event days %v, want day=2026-08-04 only", days)
	}
	if n := len(lakeRows(t, dir, "events", "hyperqueue")); n != 133 {
		t.Errorf("%d events, want 133", n)
	}
	// A row without any time goes to Hive's null partition.
	f := frame.New(frame.StringCol("x", []string{"a", "b"}, nil),
		frame.MicrosCol("start", []int64{0, -1}, []bool{false, true}))
	got, err := rowDays(f)
	if err != nil {
		t.Fatal(err)
	}
	if want := []string{frame.HiveNull, "1969-12-31"}; !slices.Equal(got, want) {
		t.Errorf("rowDays = %v, want %v", got, want)
	}
}

// TestIngestIdempotent ingests a journal twice: the second run skips it
// and changes nothing, files or manifest.
func TestIngestIdempotent(t *testing.T) {
	dir := t.TempDir()
	in := sourcetest.Bundled("hq/synthetic_v0.26_journal.jsonl")
	first, err := Ingest(context.Background(), dir, []string{in}, Options{})
	if err != nil {
		t.Fatal(err)
	}
	before := snapshot(t, dir)
	second, err := Ingest(context.Background(), dir, []string{in}, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if second[0].Action != Skipped || second[0].Entry.ID != first[0].Entry.ID {
		t.Fatalf("second ingest: %s %s, want skipped %s", second[0].Action, second[0].Entry.ID, first[0].Entry.ID)
	}
	if after := snapshot(t, dir); after != before {
		t.Errorf("the lake changed on a skipped ingest:\n%s\nthen\n%s", before, after)
	}
}

// TestIngestContentElsewhere ingests a journal, hashed as it loads (its
// SHA-256 checked against crypto/sha256 over its bytes), then a copy of
// it at another path, which is also loaded while it is hashed: the copy is skipped
// and the lake is as it was, nothing of its load left staged. A file of
// the same path and size with other content (hashed first, as probably
// unchanged) replaces the first, and its files carry its entry's ID.
func TestIngestContentElsewhere(t *testing.T) {
	dir := t.TempDir()
	src, err := os.ReadFile(sourcetest.Bundled("hq/synthetic_v0.26_journal.jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	a, b := filepath.Join(t.TempDir(), "a.jsonl"), filepath.Join(t.TempDir(), "b.jsonl")
	for _, p := range []string{a, b} {
		if err := os.WriteFile(p, src, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	first, err := Ingest(context.Background(), dir, []string{a}, Options{BatchRows: 5})
	if err != nil {
		t.Fatal(err)
	}
	if sum := sha256.Sum256(src); first[0].Entry.Files[0].SHA256 != hex.EncodeToString(sum[:]) || first[0].Entry.Files[0].Size != int64(len(src)) {
		t.Fatalf("hashed as loaded: %+v, want the SHA-256 %x of its %d bytes", first[0].Entry.Files[0], sum, len(src))
	}
	before := snapshot(t, dir)
	second, err := Ingest(context.Background(), dir, []string{b}, Options{BatchRows: 5})
	if err != nil {
		t.Fatal(err)
	}
	if second[0].Action != Skipped || second[0].Entry.ID != first[0].Entry.ID {
		t.Fatalf("a copy at another path: %s %s, want skipped %s", second[0].Action, second[0].Entry.ID, first[0].Entry.ID)
	}
	if after := snapshot(t, dir); after != before {
		t.Errorf("the lake changed on a skipped copy:\n%s\nthen\n%s", before, after)
	}
	// The same size, other content: a task's id 1 becomes 2 in one line.
	other := strings.Replace(string(src), `"task":1,`, `"task":2,`, 1)
	if len(other) != len(src) || other == string(src) {
		t.Fatal("the journal has no task 1 to rename")
	}
	if err := os.WriteFile(a, []byte(other), 0o644); err != nil {
		t.Fatal(err)
	}
	third, err := Ingest(context.Background(), dir, []string{a}, Options{BatchRows: 5})
	if err != nil {
		t.Fatal(err)
	}
	e := third[0].Entry
	if third[0].Action != Replaced || e.ID == first[0].Entry.ID || e.Files[0].Size != int64(len(other)) {
		t.Fatalf("other content of the same size: %s %s %+v, want replaced", third[0].Action, e.ID, e.Files)
	}
	for _, p := range e.Parts {
		if !strings.Contains(p, "part-"+e.ID+"-") {
			t.Errorf("%s does not carry the entry's ID %s", p, e.ID)
		}
	}
	fresh := t.TempDir()
	if _, err := Ingest(context.Background(), fresh, []string{a}, Options{BatchRows: 5}); err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"events", "tasks", "placements"} {
		if got, want := lakeRows(t, dir, name, "hyperqueue"), lakeRows(t, fresh, name, "hyperqueue"); !slices.Equal(got, want) {
			t.Errorf("%s: %d rows in the lake, %d in a fresh ingest of the new content, or others", name, len(got), len(want))
		}
	}
}

// TestIngestGrown ingests the first 60 lines of a journal, then the
// whole journal at the same path: the second is appended to the first.
// The files of the first's batches stay as they were, those of its tail
// (the attempts open at line 60, the entity frames) go, and every frame
// of the lake holds exactly the rows of a fresh ingest of the whole
// journal. A journal rewritten with other content, and one ingested in
// batches of another size, are replaced instead; so is one whose first
// batches differ from the manifest's counts.
func TestIngestGrown(t *testing.T) {
	src, err := os.ReadFile(sourcetest.Bundled("hq/synthetic_v0.26_journal.jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.SplitAfter(string(src), "\n")
	fresh := t.TempDir()
	whole := filepath.Join(t.TempDir(), "journal.jsonl")
	if err := os.WriteFile(whole, src, 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := Ingest(context.Background(), fresh, []string{whole}, Options{BatchRows: 5}); err != nil {
		t.Fatal(err)
	}
	grow := func(t *testing.T, half string, o Options, between func(dir string, m *manifest.Manifest)) (dir string, first, second Result) {
		dir = t.TempDir()
		log := filepath.Join(t.TempDir(), "journal.jsonl")
		if err := os.WriteFile(log, []byte(half), 0o644); err != nil {
			t.Fatal(err)
		}
		r, err := Ingest(context.Background(), dir, []string{log}, Options{BatchRows: 5})
		if err != nil {
			t.Fatal(err)
		}
		if between != nil {
			m, err := manifest.Read(dir)
			if err != nil {
				t.Fatal(err)
			}
			between(dir, m)
			if err := m.Write(dir); err != nil {
				t.Fatal(err)
			}
		}
		if err := os.WriteFile(log, src, 0o644); err != nil {
			t.Fatal(err)
		}
		r2, err := Ingest(context.Background(), dir, []string{log}, o)
		if err != nil {
			t.Fatal(err)
		}
		m, err := manifest.Read(dir)
		if err != nil {
			t.Fatal(err)
		}
		if len(m.Inputs) != 1 || m.Inputs[0].ID != r2[0].Entry.ID || m.Inputs[0].State != manifest.Committed {
			t.Fatalf("manifest %+v, want only the whole journal, committed", m.Inputs)
		}
		for _, name := range []string{"events", "tasks", "jobs", "workers", "allocations", "placements", "perf"} {
			if got, want := lakeRows(t, dir, name, "hyperqueue"), lakeRows(t, fresh, name, "hyperqueue"); !slices.Equal(got, want) {
				t.Errorf("%s: %d rows in the lake, a fresh ingest of the whole journal has %d, or others", name, len(got), len(want))
			}
		}
		for name, n := range r2[0].Entry.Rows {
			if lake := int64(len(lakeRows(t, dir, name, "hyperqueue"))); lake != n {
				t.Errorf("the manifest counts %d %s rows, the lake holds %d", n, name, lake)
			}
		}
		return dir, r[0], r2[0]
	}
	half := strings.Join(lines[:60], "")
	t.Run("appended", func(t *testing.T) {
		stamps := map[string]string{} // of the earlier batches' files
		dir, first, second := grow(t, half, Options{BatchRows: 5}, func(dir string, m *manifest.Manifest) {
			for _, p := range keptParts(&m.Inputs[0]) {
				fi, err := os.Stat(filepath.Join(dir, p))
				if err != nil {
					t.Fatal(err)
				}
				stamps[p] = fmt.Sprint(fi.Size(), fi.ModTime().UnixNano())
			}
		})
		if second.Action != Appended {
			t.Fatalf("second ingest: %s, want appended", second.Action)
		}
		if len(first.Entry.Batches) < 2 || len(first.Entry.Tail) == 0 {
			t.Fatalf("the first ingest handed over %d batches, tail %v: too few for the test", len(first.Entry.Batches), first.Entry.Tail)
		}
		kept := keptParts(&first.Entry)
		for _, p := range kept {
			if !slices.Contains(second.Entry.Parts, p) {
				t.Errorf("the earlier batch file %s is not part of the appended entry", p)
			}
			fi, err := os.Stat(filepath.Join(dir, p))
			if err != nil || fmt.Sprint(fi.Size(), fi.ModTime().UnixNano()) != stamps[p] {
				t.Errorf("the earlier batch file %s was written again or went: %v", p, err)
			}
		}
		for _, p := range first.Entry.Tail {
			if _, err := os.Stat(filepath.Join(dir, p)); !os.IsNotExist(err) {
				t.Errorf("the earlier tail file %s is still there", p)
			}
		}
		if len(second.Entry.Batches) <= len(first.Entry.Batches) || !slices.Equal(second.Entry.Batches[:len(first.Entry.Batches)], first.Entry.Batches) {
			t.Errorf("batches after growing %v, before %v", second.Entry.Batches, first.Entry.Batches)
		}
	})
	t.Run("resumed", func(t *testing.T) {
		// 63 lines in batches of 5: the last batch before the end ends at
		// line 60, and the grown journal is read from there
		p := &source.Progress{}
		var first *manifest.Entry
		_, _, second := grow(t, strings.Join(lines[:63], ""), Options{BatchRows: 5, Progress: p}, func(_ string, m *manifest.Manifest) { first = &m.Inputs[0] })
		at := int64(len(strings.Join(lines[:60], "")))
		if c := first.Checkpoint; c == nil || c.Offset != at || c.Line != 60 || c.Batches != 12 {
			t.Fatalf("the first ingest's checkpoint %+v, want at byte %d, line 60, after 12 batches", c, at)
		}
		if second.Action != Appended || second.From != at {
			t.Fatalf("second ingest: %s from byte %d, want appended from %d", second.Action, second.From, at)
		}
		if read, _ := p.Bytes(); read != int64(len(src))-at {
			t.Errorf("the second ingest read %d bytes of the journal, want the %d after the checkpoint", read, int64(len(src))-at)
		}
		if sum := sha256.Sum256(src); second.Entry.Files[0].SHA256 != hex.EncodeToString(sum[:]) {
			t.Errorf("SHA-256 %s, want %x", second.Entry.Files[0].SHA256, sum)
		}
		if !slices.Equal(second.Entry.Parts[:first.Checkpoint.Parts], first.Parts[:first.Checkpoint.Parts]) {
			t.Errorf("parts before the checkpoint %v, were %v", second.Entry.Parts[:first.Checkpoint.Parts], first.Parts[:first.Checkpoint.Parts])
		}
	})
	t.Run("state unreadable", func(t *testing.T) {
		// a state this jobframe cannot read: the journal is read again from
		// its start, and appended to all the same
		p := &source.Progress{}
		_, _, second := grow(t, half, Options{BatchRows: 5, Progress: p}, func(dir string, m *manifest.Manifest) {
			if err := os.WriteFile(m.File(dir, m.Inputs[0].Checkpoint.File), []byte("jfsnap1\nnot a state"), 0o644); err != nil {
				t.Fatal(err)
			}
		})
		// (the resumed load opened the journal at the checkpoint, and read
		// some of it, before it found the state unreadable)
		if read, _ := p.Bytes(); second.Action != Appended || second.From != 0 || read < int64(len(src)) {
			t.Errorf("second ingest: %s from byte %d, %d bytes read; want appended, read whole (%d)", second.Action, second.From, read, len(src))
		}
	})
	t.Run("rewritten", func(t *testing.T) {
		other := slices.Clone(lines[:60])
		other[1] = strings.Replace(other[1], "{", "{ ", 1) // the same records, other bytes
		_, _, second := grow(t, strings.Join(other, ""), Options{BatchRows: 5}, nil)
		if second.Action != Replaced {
			t.Fatalf("a journal with other first bytes: %s, want replaced", second.Action)
		}
	})
	t.Run("other batches", func(t *testing.T) {
		_, _, second := grow(t, half, Options{BatchRows: 7}, nil)
		if second.Action != Replaced {
			t.Fatalf("batches of 7 after 5: %s, want replaced", second.Action)
		}
	})
	t.Run("diverged", func(t *testing.T) {
		// read again from the start (no checkpoint: an entry of an older
		// jobframe), its batches are checked against the fingerprints
		_, _, second := grow(t, half, Options{BatchRows: 5}, func(_ string, m *manifest.Manifest) {
			m.Inputs[0].Batches[1] = "0" + m.Inputs[0].Batches[1][1:]
			m.Inputs[0].Checkpoint = nil
		})
		if second.Action != Replaced {
			t.Fatalf("batches that differ from the manifest's: %s, want replaced", second.Action)
		}
	})
}

// TestIngestStrictError ingests a good journal and a corrupt one: the
// error names the corrupt file's line, the good one stays committed and
// nothing of the corrupt one is visible; lenient ingest skips the line
// and counts it.
func TestIngestStrictError(t *testing.T) {
	dir := t.TempDir()
	src, err := os.ReadFile(sourcetest.Bundled("hq/synthetic_v0.26_journal.jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.SplitAfter(string(src), "\n")
	lines[99] = "{\"event\": {\"type\": \"task-started\"\n" // line 100, cut short
	bad := filepath.Join(t.TempDir(), "bad.jsonl")
	if err := os.WriteFile(bad, []byte(strings.Join(lines, "")), 0o644); err != nil {
		t.Fatal(err)
	}
	good := sourcetest.Bundled("workqueue/realrun_wq_7.17.1_transactions.log")
	res, err := Ingest(context.Background(), dir, []string{good, bad}, Options{BatchRows: 3})
	sourcetest.MustContain(t, err, "bad.jsonl:100:")
	if len(res) != 1 || res[0].Action != Ingested {
		t.Fatalf("results %+v, want the good log ingested", res)
	}
	m, err := manifest.Read(dir)
	if err != nil {
		t.Fatal(err)
	}
	if len(m.Inputs) != 1 {
		t.Fatalf("manifest has %d inputs, want 1", len(m.Inputs))
	}
	if got, _ := filepath.Glob(filepath.Join(dir, "*", "source=hyperqueue")); len(got) != 0 {
		t.Errorf("rows of the failed journal are visible: %v", got)
	}
	if _, err := os.Stat(filepath.Join(dir, stagingDir)); !os.IsNotExist(err) {
		t.Errorf("staging left behind after a failed ingest: %v", err)
	}
	res, err = Ingest(context.Background(), dir, []string{bad}, Options{Lenient: true, BatchRows: 3})
	if err != nil {
		t.Fatal(err)
	}
	// the skipped line, then the loader's count of skipped records
	if res[0].Entry.Warnings != 2 || !strings.Contains(res[0].Warnings[0].String(), "bad.jsonl:100: skipped") ||
		res[0].Entry.Rows["events"] != 132 {
		t.Errorf("lenient: %d warnings (%v), %d events; want line 100 skipped and 132 events", res[0].Entry.Warnings, res[0].Warnings, res[0].Entry.Rows["events"])
	}
}

// TestRecoverCommitting stages an entry, records it as committing and
// moves only part of its files, as a kill during the commit leaves the
// lake: the next ingest rolls it forward, removing the entry it
// replaces.
func TestRecoverCommitting(t *testing.T) {
	dir := t.TempDir()
	in := sourcetest.Bundled("hq/synthetic_v0.26_journal.jsonl")
	res, err := Ingest(context.Background(), dir, []string{in}, Options{})
	if err != nil {
		t.Fatal(err)
	}
	old := res[0].Entry
	// A new entry for the same path, staged from the old one's files.
	e := old
	e.ID, e.Replaces, e.State = "0123456789abcdef", old.ID, manifest.Committing
	e.Parts = stageKilled(t, dir, e.ID, old.ID, old.Parts)
	checkRecovered(t, dir, recoverWith(t, dir, e), e, old.Parts)
}

// checkRecovered checks the lake in dir, with manifest m, after the
// recovery of the commit of e: e alone in the manifest, committed, its
// files in place, those of gone removed, nothing staged.
func checkRecovered(t *testing.T, dir string, m *manifest.Manifest, e manifest.Entry, gone []string) {
	t.Helper()
	if len(m.Inputs) != 1 || m.Inputs[0].ID != e.ID || m.Inputs[0].State != manifest.Committed || m.Inputs[0].Replaces != "" {
		t.Fatalf("after recovery: %+v, want only %s, committed", m.Inputs, e.ID)
	}
	for _, p := range e.Parts {
		if _, err := os.Stat(filepath.Join(dir, p)); err != nil {
			t.Errorf("after recovery: %v", err)
		}
	}
	for _, p := range gone {
		if _, err := os.Stat(filepath.Join(dir, p)); !os.IsNotExist(err) {
			t.Errorf("the replaced file %s is still there", p)
		}
	}
	if _, err := os.Stat(filepath.Join(dir, stagingDir)); !os.IsNotExist(err) {
		t.Errorf("staging left behind: %v", err)
	}
}

// stageKilled copies the lake files parts of entry oldID as files of
// entry id, as an ingest killed while they move into place leaves them:
// every other one moved into the next generation, the rest still staged.
// It returns their names.
func stageKilled(t *testing.T, dir, id, oldID string, parts []string) []string {
	m, err := manifest.Read(dir)
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for i, p := range parts {
		np := strings.ReplaceAll(p, oldID, id)
		out = append(out, np)
		b, err := os.ReadFile(filepath.Join(dir, p))
		if err != nil {
			t.Fatal(err)
		}
		target := filepath.Join(dir, stagingDir, id, np)
		if i%2 == 0 { // moved before the kill
			target = manifest.GenFile(dir, m.Generation+1, np)
		}
		if err := os.MkdirAll(filepath.Dir(target), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(target, b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return out
}

// recoverWith records e in the manifest of the lake in dir, then does
// what every ingest does first (recoverLake), and returns the manifest
// after.
func recoverWith(t *testing.T, dir string, e manifest.Entry) *manifest.Manifest {
	m, err := manifest.Read(dir)
	if err != nil {
		t.Fatal(err)
	}
	m.Inputs = append(m.Inputs, e)
	if err := m.Write(dir); err != nil {
		t.Fatal(err)
	}
	if m, err = manifest.Read(dir); err != nil {
		t.Fatal(err)
	}
	if err := recoverLake(dir, m); err != nil {
		t.Fatal(err)
	}
	if m, err = manifest.Read(dir); err != nil {
		t.Fatal(err)
	}
	return m
}

// snapshot lists the lake's files with their sizes, and its manifest.
func snapshot(t *testing.T, dir string) string {
	var b strings.Builder
	filepath.Walk(dir, func(p string, fi os.FileInfo, err error) error {
		if err == nil && !fi.IsDir() {
			b.WriteString(p + " " + string(rune('0'+fi.Size()%10)) + "\n")
		}
		return nil
	})
	m, err := manifest.Read(dir)
	if err != nil {
		t.Fatal(err)
	}
	j, _ := json.Marshal(m)
	return b.String() + string(j)
}

// TestIngestAppendFormats grows the cctools transaction logs (Work Queue
// and TaskVine), whose loader hands the tasks left at the end over in
// batches of its own (source.Dataset.AtEnd): ingested at half its lines,
// then whole, each is appended to, and every frame of the lake holds
// exactly the rows of a fresh ingest of the whole log.
func TestIngestAppendFormats(t *testing.T) {
	for _, c := range []struct{ path, source string }{
		{sourcetest.Bundled("bench/wq.log"), "workqueue"},
		{sourcetest.Bundled("taskvine/realrun_vine_7.17.1_transactions.log"), "taskvine"},
	} {
		t.Run(c.source, func(t *testing.T) {
			src, err := os.ReadFile(c.path)
			if err != nil {
				t.Fatal(err)
			}
			lines := strings.SplitAfter(string(src), "\n")
			fresh, dir := t.TempDir(), t.TempDir()
			log := filepath.Join(t.TempDir(), filepath.Base(c.path))
			o := Options{BatchRows: 4}
			for _, part := range []string{string(src), strings.Join(lines[:len(lines)/2], "")} {
				if err := os.WriteFile(log, []byte(part), 0o644); err != nil {
					t.Fatal(err)
				}
				lake := map[bool]string{true: fresh, false: dir}[part == string(src)]
				if _, err := Ingest(context.Background(), lake, []string{log}, o); err != nil {
					t.Fatal(err)
				}
			}
			if err := os.WriteFile(log, src, 0o644); err != nil {
				t.Fatal(err)
			}
			res, err := Ingest(context.Background(), dir, []string{log}, o)
			if err != nil {
				t.Fatal(err)
			}
			if res[0].Action != Appended {
				t.Errorf("the grown log: %s, want appended", res[0].Action)
			}
			frames, err := filepath.Glob(filepath.Join(fresh, "*", "source="+c.source))
			if err != nil || len(frames) == 0 {
				t.Fatalf("no frames in the fresh lake: %v", err)
			}
			for _, f := range frames {
				name := filepath.Base(filepath.Dir(f))
				if got, want := lakeRows(t, dir, name, c.source), lakeRows(t, fresh, name, c.source); !slices.Equal(got, want) {
					t.Errorf("%s: %d rows in the appended lake, %d in a fresh ingest, or others", name, len(got), len(want))
				}
			}
		})
	}
}

// TestRecoverCommittingAppend: an append killed while its files move
// into place is rolled forward by the next ingest, which keeps the
// earlier batches' files the new entry lists and removes only the old
// tail.
func TestRecoverCommittingAppend(t *testing.T) {
	dir := t.TempDir()
	src, err := os.ReadFile(sourcetest.Bundled("hq/synthetic_v0.26_journal.jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	log := filepath.Join(t.TempDir(), "journal.jsonl")
	if err := os.WriteFile(log, []byte(strings.Join(strings.SplitAfter(string(src), "\n")[:60], "")), 0o644); err != nil {
		t.Fatal(err)
	}
	res, err := Ingest(context.Background(), dir, []string{log}, Options{BatchRows: 5})
	if err != nil {
		t.Fatal(err)
	}
	old := res[0].Entry
	kept := keptParts(&old)
	if len(kept) == 0 || len(old.Tail) == 0 {
		t.Fatalf("kept %v, tail %v: the test needs both", kept, old.Tail)
	}
	// The appended entry: the old batches' files, and new ones staged
	// (here copies of the old tail), half moved before the kill.
	e := old
	e.ID, e.Replaces, e.State = "0123456789abcdef", old.ID, manifest.Committing
	e.Tail = stageKilled(t, dir, e.ID, old.ID, old.Tail)
	e.Parts = append(slices.Clone(kept), e.Tail...)
	checkRecovered(t, dir, recoverWith(t, dir, e), e, old.Tail)
}
