// Package parslgen writes synthetic Parsl monitoring databases of the
// current schema (parsl/monitoring/db_manager.py, 2025), for the
// loader's benchmarks: per run, 8 managers on 4 hosts in 2 blocks, and
// per task one try (one task in 20 a second, after fail_retryable), the
// five statuses of a try (pending, launched, running, running_ended,
// exec_done) and two resource samples.
package parslgen

import (
	"database/sql"
	"fmt"
	"math/rand/v2"
	"time"

	_ "modernc.org/sqlite" // the SQLite driver
)

// schema is the tables of Parsl's db_manager.py as SQLAlchemy creates
// them in SQLite.
const schema = `
CREATE TABLE workflow (run_id TEXT NOT NULL, workflow_name TEXT, workflow_version TEXT, time_began DATETIME NOT NULL,
	time_completed DATETIME, host TEXT NOT NULL, user TEXT NOT NULL, rundir TEXT NOT NULL,
	tasks_failed_count INTEGER NOT NULL, tasks_completed_count INTEGER NOT NULL, PRIMARY KEY (run_id));
CREATE TABLE task (task_id INTEGER NOT NULL, run_id TEXT NOT NULL, task_depends TEXT, task_func_name TEXT NOT NULL,
	task_memoize TEXT NOT NULL, task_hashsum TEXT, task_inputs TEXT, task_outputs TEXT, task_stdin TEXT, task_stdout TEXT,
	task_stderr TEXT, task_time_invoked DATETIME, task_time_returned DATETIME, task_fail_count INTEGER NOT NULL,
	task_fail_cost FLOAT NOT NULL, PRIMARY KEY (task_id, run_id));
CREATE TABLE try (try_id INTEGER NOT NULL, task_id INTEGER NOT NULL, run_id TEXT NOT NULL, block_id TEXT, hostname TEXT,
	task_executor TEXT NOT NULL, task_try_time_launched DATETIME, task_try_time_running DATETIME,
	task_try_time_returned DATETIME, task_fail_history TEXT, task_joins TEXT, PRIMARY KEY (try_id, task_id, run_id));
CREATE TABLE node (id INTEGER NOT NULL, run_id TEXT NOT NULL, hostname TEXT NOT NULL, uid TEXT NOT NULL, block_id TEXT NOT NULL,
	cpu_count INTEGER NOT NULL, total_memory BIGINT NOT NULL, active BOOLEAN NOT NULL, worker_count INTEGER NOT NULL,
	python_v TEXT NOT NULL, timestamp DATETIME NOT NULL, last_heartbeat DATETIME NOT NULL, PRIMARY KEY (id));
CREATE TABLE block (run_id TEXT NOT NULL, executor_label TEXT NOT NULL, block_id TEXT NOT NULL, job_id TEXT,
	timestamp DATETIME NOT NULL, status TEXT NOT NULL, PRIMARY KEY (run_id, block_id, executor_label, timestamp));
CREATE TABLE status (task_id INTEGER NOT NULL, task_status_name TEXT NOT NULL, timestamp DATETIME NOT NULL,
	run_id TEXT NOT NULL, try_id INTEGER NOT NULL, PRIMARY KEY (task_id, run_id, task_status_name, timestamp),
	FOREIGN KEY(run_id) REFERENCES workflow (run_id));
CREATE TABLE resource (try_id INTEGER NOT NULL, task_id INTEGER NOT NULL, run_id TEXT NOT NULL, timestamp DATETIME NOT NULL,
	resource_monitoring_interval FLOAT, psutil_process_pid INTEGER, psutil_process_memory_percent FLOAT,
	psutil_process_children_count FLOAT, psutil_process_time_user FLOAT, psutil_process_time_system FLOAT,
	psutil_process_memory_virtual FLOAT, psutil_process_memory_resident FLOAT, psutil_process_disk_read FLOAT,
	psutil_process_disk_write FLOAT, psutil_process_status TEXT, psutil_cpu_num TEXT,
	psutil_process_num_ctx_switches_voluntary FLOAT, psutil_process_num_ctx_switches_involuntary FLOAT,
	PRIMARY KEY (try_id, task_id, run_id, timestamp), FOREIGN KEY(run_id) REFERENCES workflow (run_id))`

// stamp is a time as SQLAlchemy writes a DateTime in SQLite.
func stamp(t time.Time) string { return t.Format("2006-01-02 15:04:05.000000") }

// Write creates the database at path with runs runs of tasks tasks
// each, from seed.
func Write(path string, runs, tasks int, seed uint64) error {
	db, err := sql.Open("sqlite", path+"?_pragma=journal_mode(off)&_pragma=synchronous(off)")
	if err != nil {
		return err
	}
	defer db.Close()
	for _, s := range splitStatements(schema) {
		if _, err := db.Exec(s); err != nil {
			return fmt.Errorf("%s: %w", s, err)
		}
	}
	tx, err := db.Begin()
	if err != nil {
		return err
	}
	g := &gen{tx: tx, rng: rand.New(rand.NewPCG(seed, 2))}
	if err := g.prepare(); err != nil {
		tx.Rollback()
		return err
	}
	base := time.Date(2025, 3, 3, 9, 0, 0, 0, time.UTC)
	for r := range runs {
		if err := g.run(fmt.Sprintf("%08x-0000-4000-8000-%012x", r, seed), base.Add(time.Duration(r)*24*time.Hour), tasks); err != nil {
			tx.Rollback()
			return err
		}
	}
	return tx.Commit()
}

func splitStatements(s string) []string {
	var out []string
	start := 0
	for i := 0; i < len(s); i++ {
		if s[i] == ';' {
			out = append(out, s[start:i])
			start = i + 1
		}
	}
	return append(out, s[start:])
}

// gen holds the prepared inserts of one database.
type gen struct {
	tx                                        *sql.Tx
	rng                                       *rand.Rand
	workflow, task, try, status, res, node, b *sql.Stmt
	manager, nodeRow                          int
}

func (g *gen) prepare() error {
	var err error
	stmt := func(q string) *sql.Stmt {
		if err != nil {
			return nil
		}
		var s *sql.Stmt
		s, err = g.tx.Prepare(q)
		return s
	}
	g.workflow = stmt(`INSERT INTO workflow VALUES (?, 'bench.py', ?, ?, ?, 'login1', 'user', '/scratch/runinfo', ?, ?)`)
	g.task = stmt(`INSERT INTO task VALUES (?, ?, ?, ?, '0', NULL, '[]', '[]', NULL, NULL, NULL, ?, ?, ?, ?)`)
	g.try = stmt(`INSERT INTO try VALUES (?, ?, ?, ?, ?, 'htex', ?, ?, ?, ?, NULL)`)
	g.status = stmt(`INSERT INTO status VALUES (?, ?, ?, ?, ?)`)
	g.res = stmt(`INSERT INTO resource VALUES (?, ?, ?, ?, 1.0, ?, 0.4, 1.0, ?, ?, ?, ?, ?, ?, 'running', ?, ?, ?)`)
	g.node = stmt(`INSERT INTO node VALUES (?, ?, ?, ?, ?, 64, 270582939648, ?, 64, '3.12.8', ?, ?)`)
	g.b = stmt(`INSERT INTO block VALUES (?, 'htex', ?, ?, ?, ?)`)
	return err
}

// run writes one run of tasks tasks from begin.
func (g *gen) run(id string, begin time.Time, tasks int) error {
	for b := range 2 {
		for k, st := range []string{"PENDING", "RUNNING", "COMPLETED"} {
			if _, err := g.b.Exec(id, fmt.Sprint(b), fmt.Sprint(4100+b), stamp(begin.Add(time.Duration(k*3600+b)*time.Second)), st); err != nil {
				return err
			}
		}
		for m := range 4 {
			g.manager++
			host, uid := fmt.Sprintf("nid%05d", b*2+m/2), fmt.Sprintf("%012x", g.manager)
			for _, active := range []bool{true, false} {
				at := begin.Add(time.Minute)
				if !active {
					at = begin.Add(3600 * time.Second)
				}
				g.nodeRow++
				if _, err := g.node.Exec(g.nodeRow, id, host, uid, fmt.Sprint(b), active, stamp(at), stamp(at)); err != nil {
					return err
				}
			}
		}
	}
	failed, done := 0, 0
	for t := range tasks {
		n, err := g.taskRows(id, begin, t)
		if err != nil {
			return err
		}
		failed += n - 1
		done++
	}
	_, err := g.workflow.Exec(id, stamp(begin), stamp(begin), stamp(begin.Add(3600*time.Second)), failed, done)
	return err
}

// taskRows writes a task, its tries, their statuses and samples; it
// returns the tries.
func (g *gen) taskRows(id string, begin time.Time, t int) (int, error) {
	invoked := begin.Add(time.Duration(t) * 3600 * time.Second / 1_000_000)
	tries := 1
	if t%20 == 7 {
		tries = 2
	}
	at := invoked
	deps := ""
	if t > 0 && t%3 == 0 {
		deps = fmt.Sprint(t - 1)
	}
	for k := range tries {
		launched := at.Add(time.Duration(g.rng.IntN(2000)) * time.Millisecond)
		running := launched.Add(time.Duration(g.rng.IntN(500)) * time.Millisecond)
		run := time.Duration(1+g.rng.IntN(600)) * time.Second
		returned := running.Add(run)
		last, history := "exec_done", ""
		if k < tries-1 {
			last, history = "fail_retryable", "RuntimeError('transient')"
		}
		block, host := fmt.Sprint(g.rng.IntN(2)), fmt.Sprintf("nid%05d", g.rng.IntN(4))
		if _, err := g.try.Exec(k, t, id, block, host, stamp(launched), stamp(running), stamp(returned), history); err != nil {
			return 0, err
		}
		for i, st := range []struct {
			name string
			at   time.Time
		}{{"pending", at}, {"launched", launched}, {"running", running}, {"running_ended", returned}, {last, returned.Add(time.Millisecond)}} {
			if _, err := g.status.Exec(t, st.name, stamp(st.at.Add(time.Duration(i)*time.Microsecond)), id, k); err != nil {
				return 0, err
			}
		}
		user := run.Seconds() * 0.9
		for s := range 2 {
			frac := float64(s+1) / 2
			if _, err := g.res.Exec(k, t, id, stamp(running.Add(time.Duration(frac*float64(run)))), 4000+g.rng.IntN(60000),
				user*frac, user*0.05*frac, 2.1e8+float64(g.rng.IntN(1<<28)), 1.2e8+float64(g.rng.IntN(1<<27)), float64(g.rng.IntN(1<<24)),
				float64(g.rng.IntN(1<<20)), fmt.Sprint(g.rng.IntN(64)), float64(g.rng.IntN(1000)), float64(g.rng.IntN(100))); err != nil {
				return 0, err
			}
		}
		at = returned
	}
	_, err := g.task.Exec(t, id, deps, fmt.Sprintf("app%d", t%7), stamp(invoked), stamp(at), tries-1, float64(tries-1))
	return tries, err
}
