package snakemake

import (
	"strconv"

	"github.com/jobframe/jobframe/frame"
	"github.com/jobframe/jobframe/frame/schema"
	"github.com/jobframe/jobframe/loaders/internal/columns"
)

// tasksCols are the columns of the tasks frame for the measurements of
// one piece of the load (pieces.go): one row per measurement. A job is
// the benchmark file and, in an aggregated file, its jobid; its
// measurements in order are the attempts (a rule's benchmark:
// repeat(..., n) runs it n times). A benchmark is written once the job
// succeeded.
type tasksCols struct {
	s                                           columns.Set
	files                                       []string // the load's file names, by index
	job, category, wildcards, resources, params *columns.Str
	file                                        *columns.Str
	task                                        *columns.Int
	attempt, line                               *columns.DenseInt
	reqCPUs, wall, cpu, mem, vmem, uss, pss     *columns.Float
	read, written, load, usage, input           *columns.Float
	extras                                      []extraCol // columns of a later Snakemake, in the order first seen
	n                                           int
}

// extraCol is a column the loader does not know, kept as text under
// snakemake_<name>.
type extraCol struct {
	name string
	col  *columns.Str
}

// newTasksCols declares the columns, with room for rows rows.
func newTasksCols(files []string, rows int) *tasksCols {
	t := &tasksCols{files: files}
	s := &t.s
	s.Const("source", Source)
	t.job, t.task, t.attempt, t.category = s.Str("job"), s.Int("task"), s.DenseInt("attempt"), s.Str("category")
	s.Const("state", schema.Success)
	s.Const("raw_state", "benchmarked")
	t.reqCPUs = s.Float("req_cpus")
	t.wall, t.cpu, t.mem, t.vmem = s.Float("wall_time_s"), s.Float("cpu_time_s"), s.Float("mem_mb"), s.Float("vmem_mb")
	t.uss, t.pss, t.read, t.written = s.Float("uss_mb"), s.Float("pss_mb"), s.Float("read_mb"), s.Float("write_mb")
	t.load, t.usage, t.input = s.Float("mean_load_pct"), s.Float("cpu_usage"), s.Float("input_size_mb")
	t.wildcards, t.resources, t.params, t.file, t.line = s.Str("wildcards"), s.Str("resources"), s.Str("params"), s.Str("file"), s.DenseInt("line")
	s.Reserve(rows)
	return t
}

func optFlt(c *columns.Float, v flt) { c.Opt(v.v, v.ok) }

// add appends measurement r, attempt attempt of its job.
func (t *tasksCols) add(r *row, attempt int64) {
	name := t.files[r.file]
	t.job.Add(name)
	id, err := strconv.ParseInt(r.jobID, 10, 64)
	t.task.Opt(id, err == nil)
	t.attempt.Add(attempt)
	t.category.Opt(r.rule, r.rule != "")
	optFlt(t.reqCPUs, r.threads)
	optFlt(t.wall, r.wall)
	optFlt(t.cpu, r.cpu)
	optFlt(t.mem, r.rss)
	optFlt(t.vmem, r.vms)
	optFlt(t.uss, r.uss)
	optFlt(t.pss, r.pss)
	optFlt(t.read, r.ioIn)
	optFlt(t.written, r.ioOut)
	optFlt(t.load, r.load)
	optFlt(t.usage, r.cpuUsage)
	optFlt(t.input, r.inputMB)
	t.wildcards.Opt(r.wildcards, r.wildcards != "")
	t.resources.Opt(r.resources, r.resources != "")
	t.params.Opt(r.params, r.params != "")
	t.file.Add(name)
	t.line.Add(int64(r.line))
	t.addExtras(r.extra)
	t.n++
}

// addExtras appends the row's values of the columns the loader does not
// know; a column first seen here gets nulls for the rows before.
func (t *tasksCols) addExtras(extra []extra) {
	for _, e := range extra {
		if !t.hasExtra(e.name) {
			c := t.s.Str("snakemake_" + e.name)
			for range t.n {
				c.Null()
			}
			t.extras = append(t.extras, extraCol{e.name, c})
		}
	}
	for _, x := range t.extras {
		value, ok := "", false
		for _, e := range extra {
			if e.name == x.name {
				value, ok = e.value, !isNA(e.value)
			}
		}
		x.col.Opt(value, ok)
	}
}

func (t *tasksCols) hasExtra(name string) bool {
	for _, x := range t.extras {
		if x.name == name {
			return true
		}
	}
	return false
}

// frame builds the piece's tasks frame.
func (t *tasksCols) frame() *frame.Frame { return t.s.Frame(t.n) }
