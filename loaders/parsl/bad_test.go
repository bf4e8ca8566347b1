package parsl

import (
	"bytes"
	"context"
	"database/sql"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/jobframe/jobframe/loaders/source"
	"github.com/jobframe/jobframe/loaders/sourcetest"
)

// schema2024 is the schema of the pr3248 database (Parsl 2024.03),
// trimmed to the columns the tests fill.
const schema2024 = `
CREATE TABLE workflow (run_id TEXT NOT NULL PRIMARY KEY, workflow_name TEXT, workflow_version TEXT, time_began DATETIME NOT NULL,
  time_completed DATETIME, host TEXT NOT NULL, user TEXT NOT NULL, rundir TEXT NOT NULL, tasks_failed_count INTEGER NOT NULL,
  tasks_completed_count INTEGER NOT NULL);
CREATE TABLE task (task_id INTEGER NOT NULL, run_id TEXT NOT NULL, task_depends TEXT, task_func_name TEXT NOT NULL,
  task_memoize TEXT NOT NULL, task_time_invoked DATETIME, task_time_returned DATETIME, task_fail_count INTEGER NOT NULL,
  task_fail_cost FLOAT NOT NULL, PRIMARY KEY (task_id, run_id));
CREATE TABLE try (try_id INTEGER NOT NULL, task_id INTEGER NOT NULL, run_id TEXT NOT NULL, block_id TEXT, hostname TEXT,
  task_executor TEXT NOT NULL, task_try_time_launched DATETIME, task_try_time_running DATETIME, task_try_time_returned DATETIME,
  task_fail_history TEXT, task_joins TEXT, PRIMARY KEY (try_id, task_id, run_id));
CREATE TABLE status (task_id INTEGER NOT NULL, task_status_name TEXT NOT NULL, timestamp DATETIME NOT NULL, run_id TEXT NOT NULL,
  try_id INTEGER NOT NULL, PRIMARY KEY (task_id, run_id, task_status_name, timestamp));
INSERT INTO workflow VALUES ('r1', 'wf', '1', '2024-03-06 14:47:39.5', '2024-03-06 14:48:00', 'h', 'u', '/run/000', 1, 1);
INSERT INTO task VALUES (0, 'r1', '', 'f', '0', '2024-03-06 14:47:40', '2024-03-06 14:47:50', 1, 0.5);
INSERT INTO task VALUES (1, 'r1', '0', 'g', '0', '2024-03-06 14:47:40', NULL, 0, 0);
INSERT INTO try VALUES (0, 0, 'r1', '0', 'n1', 'htex', '2024-03-06 14:47:40', '2024-03-06 14:47:41', '2024-03-06 14:47:45', 'ValueError()', NULL);
INSERT INTO try VALUES (1, 0, 'r1', '0', 'n2', 'htex', '2024-03-06 14:47:45', '2024-03-06 14:47:46', '2024-03-06 14:47:50', '', NULL);
INSERT INTO status VALUES (0, 'pending', '2024-03-06 14:47:40', 'r1', 0);
INSERT INTO status VALUES (0, 'fail_retryable', '2024-03-06 14:47:45', 'r1', 0);
INSERT INTO status VALUES (0, 'exec_done', '2024-03-06 14:47:50', 'r1', 1);
INSERT INTO status VALUES (1, 'pending', '2024-03-06 14:47:40', 'r1', 0);
INSERT INTO status VALUES (1, 'dep_fail', '2024-03-06 14:47:50', 'r1', 0);
`

// makeDB writes a database at a new path from SQL statements.
func makeDB(t testing.TB, stmts string) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "monitoring.db")
	db, err := sql.Open("sqlite", path)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	for _, s := range strings.Split(stmts, ";") {
		if strings.TrimSpace(s) == "" {
			continue
		}
		if _, err := db.Exec(s); err != nil {
			t.Fatalf("%s: %v", s, err)
		}
	}
	return path
}

// TestTries: a retried task's two tries on two hosts (failed, then a
// success), a task whose dependency failed (canceled, never ran, its
// dependency an edge), in the 2024 schema without resource, node or
// block tables.
func TestTries(t *testing.T) {
	d := loadFile(t, makeDB(t, schema2024), source.Options{TimeZone: "UTC"})
	tasks := d.Frames["tasks"]
	state, _, _ := tasks.Strings("state")
	att, _, _ := tasks.Int64s("attempt")
	worker, _, _ := tasks.Strings("worker")
	wall, _, _ := tasks.Float64s("wall_time_s")
	sourcetest.SameJSON(t, "tries", []any{state, att, worker, wall[:2]},
		[]any{[]string{"failed", "success", "canceled"}, []int64{1, 2, 1}, []string{"n1", "n2", ""}, []float64{4, 4}})
	parent, _, _ := d.Frames["dependencies"].Int64s("parent")
	child, _, _ := d.Frames["dependencies"].Int64s("child")
	sourcetest.SameJSON(t, "dependencies", []any{parent, child}, []any{[]int64{0}, []int64{1}})
	if len(d.Warnings) != 0 {
		t.Errorf("warnings: %v", d.Warnings)
	}
}

// TestBad: each fault names the file, the record by its key columns and
// the field, or says what the file is; lenient mode skips a bad record
// and counts it.
func TestBad(t *testing.T) {
	for _, c := range []struct{ name, sql, want string }{
		{"unknown state", `UPDATE status SET task_status_name = 'exploded' WHERE task_id = 1 AND task_status_name = 'dep_fail'`,
			`field status[run_id=r1, task_id=1, try_id=0, task_status_name=exploded, timestamp=2024-03-06 14:47:50].task_status_name: got "exploded", want a Parsl task state (dep_fail, done,`},
		{"task id", `UPDATE task SET task_id = 'seven' WHERE task_id = 1`, `field task[run_id=r1, task_id=seven].task_id: got "seven", want a whole number`},
		{"time", `UPDATE try SET task_try_time_running = 'soon' WHERE try_id = 1`, `field try[run_id=r1, task_id=0, try_id=1].task_try_time_running: got "soon", want a time`},
		{"depends", `UPDATE task SET task_depends = '0,x' WHERE task_id = 1`, `field task[run_id=r1, task_id=1].task_depends: got "0,x", want task ids separated by commas`},
		{"no parsl tables", `DROP TABLE status; DROP TABLE task`, `a SQLite database without the tables task, status (it has the tables try, workflow)`},
	} {
		t.Run(c.name, func(t *testing.T) {
			path := makeDB(t, schema2024+";"+c.sql)
			_, err := loadPath(path, source.Options{TimeZone: "UTC"})
			var pe *source.ParseError
			if !errors.As(err, &pe) || !strings.Contains(err.Error(), c.want) || !strings.HasPrefix(err.Error(), path+": ") {
				t.Fatalf("got %v\nwant %s: ... %s", err, path, c.want)
			}
			if c.name == "no parsl tables" {
				return
			}
			d, err := loadPath(path, source.Options{TimeZone: "UTC", Lenient: true})
			if err != nil {
				t.Fatal(err)
			}
			if w := d.Warnings[len(d.Warnings)-1].Msg; w != "1 bad records skipped in total (lenient mode)" {
				t.Fatalf("lenient: %v", d.Warnings)
			}
		})
	}
}

// loadPath loads the database at path as loaders.Open gives it: a plain
// file of known size, read where it lies.
func loadPath(path string, o source.Options) (*source.Dataset, error) {
	fh, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer fh.Close()
	st, err := fh.Stat()
	if err != nil {
		return nil, err
	}
	o.Name = path
	return Load(&source.SizedReader{Reader: fh, Size: st.Size()}, o)
}

// TestNotADatabase: a file with SQLite's magic and nothing after, a
// bundled database cut in half, and bytes that are no database at all
// from standard input are each a clear error, never a panic.
func TestNotADatabase(t *testing.T) {
	whole, err := os.ReadFile(sourcetest.Bundled("parsl/Parsl_parsl_monitoring_2019-02-18.db"))
	if err != nil {
		t.Fatal(err)
	}
	for name, b := range map[string][]byte{
		"magic only": append([]byte(nil), magic...),
		"half":       whole[:len(whole)/2],
		"text":       []byte("run_id,task_id\nr1,0\n"),
	} {
		t.Run(name, func(t *testing.T) {
			_, err := Load(bytes.NewReader(b), source.Options{Name: "x.db"})
			var pe *source.ParseError
			if !errors.As(err, &pe) || !errors.Is(err, source.ErrBadHeader) {
				t.Fatalf("got %v, want a ParseError with a bad header", err)
			}
			t.Log(err)
		})
	}
}

// TestMemoryLimit: a database from standard input (or compressed) past
// Options.MaxArchiveBytes is refused, saying to give the file itself.
func TestMemoryLimit(t *testing.T) {
	b, err := os.ReadFile(makeDB(t, schema2024))
	if err != nil {
		t.Fatal(err)
	}
	_, err = Load(bytes.NewReader(b), source.Options{Name: "-", Limits: source.Limits{MaxArchiveBytes: 4096}})
	if err == nil || !strings.Contains(err.Error(), "give the uncompressed file itself") {
		t.Fatalf("got %v", err)
	}
	d, err := Load(bytes.NewReader(b), source.Options{Name: "-", TimeZone: "UTC"})
	if err != nil || d.Frames["tasks"].NumRows() != 3 {
		t.Fatalf("from memory: %v", err)
	}
}

// TestLiveWriter: the load reads one snapshot. While a load holds its
// read transaction, a writer (a live Parsl run) cannot commit; a load
// that meets a writer's lock waits for it, then gives up naming the
// lock and what to do.
func TestLiveWriter(t *testing.T) {
	path := makeDB(t, schema2024)
	fh, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer fh.Close()
	st, _ := fh.Stat()
	r := &source.SizedReader{Reader: fh, Size: st.Size()}
	rd, err := openDatabase(r, path, 1<<30, 100)
	if err != nil {
		t.Fatal(err)
	}
	var n int
	if err := rd.conn.QueryRowContext(context.Background(), "SELECT count(*) FROM status").Scan(&n); err != nil || n != 5 {
		t.Fatal(n, err)
	}
	w, err := sql.Open("sqlite", path+"?_pragma=busy_timeout(0)")
	if err != nil {
		t.Fatal(err)
	}
	defer w.Close()
	if _, err := w.Exec(`INSERT INTO status VALUES (1, 'running', '2024-03-06 14:47:51', 'r1', 0)`); err == nil {
		t.Fatal("a writer committed during the read")
	}
	rd.close()
	// a writer mid-commit: BEGIN EXCLUSIVE takes the lock a commit takes
	ctx := context.Background()
	wc, err := w.Conn(ctx)
	if err != nil {
		t.Fatal(err)
	}
	defer wc.Close()
	for _, q := range []string{"BEGIN EXCLUSIVE", `INSERT INTO status VALUES (1, 'running', '2024-03-06 14:47:51', 'r1', 0)`,
		`INSERT INTO status VALUES (1, 'joining', '2024-03-06 14:47:52', 'r1', 0)`} {
		if _, err := wc.ExecContext(ctx, q); err != nil {
			t.Fatal(q, err)
		}
	}
	fh2, _ := os.Open(path)
	defer fh2.Close()
	_, err = load(&source.SizedReader{Reader: fh2, Size: st.Size()}, source.Options{Name: path, TimeZone: "UTC"}, 100)
	if _, cerr := wc.ExecContext(ctx, "COMMIT"); cerr != nil {
		t.Fatal(cerr)
	}
	if err == nil || !strings.Contains(err.Error(), "held the database locked for more than 0.1 s") || !errors.Is(err, source.ErrBadHeader) {
		t.Fatalf("got %v", err)
	}
	d, err := loadPath(path, source.Options{TimeZone: "UTC"})
	if err != nil || d.Frames["events"].NumRows() != 7 {
		t.Fatalf("after the commit: %v", err)
	}
}
