package snakemake

import (
	"strconv"

	"github.com/jobframe/jobframe/frame"
	"github.com/jobframe/jobframe/frame/schema"
	"github.com/jobframe/jobframe/loaders/internal/columns"
)

// builder holds the measurements of the load's files, in order.
type builder struct{ rows []row }

func (b *builder) frames(want map[string]bool, files []string) map[string]*frame.Frame {
	return columns.BuildFrames([]columns.Build{{Name: schema.Tasks, Frame: func() *frame.Frame { return b.tasks(files) }}}, want)
}

func optFlt(c *columns.Float, v flt) { c.Opt(v.v, v.ok) }

// tasks is one row per measurement: a job is the benchmark file and, in
// an aggregated file, its jobid; its measurements in order are the
// attempts (a rule's benchmark: repeat(..., n) runs it n times). A
// benchmark is written once the job succeeded.
func (b *builder) tasks(files []string) *frame.Frame {
	var s columns.Set
	s.Const("source", Source)
	job, task, attempt, category := s.Str("job"), s.Int("task"), s.DenseInt("attempt"), s.Str("category")
	state, raw := s.Str("state"), s.Str("raw_state")
	reqCPUs := s.Float("req_cpus")
	wall, cpu, mem, vmem := s.Float("wall_time_s"), s.Float("cpu_time_s"), s.Float("mem_mb"), s.Float("vmem_mb")
	uss, pss, read, written := s.Float("uss_mb"), s.Float("pss_mb"), s.Float("read_mb"), s.Float("write_mb")
	load, usage, input := s.Float("mean_load_pct"), s.Float("cpu_usage"), s.Float("input_size_mb")
	wildcards, resources, params, file, line := s.Str("wildcards"), s.Str("resources"), s.Str("params"), s.Str("file"), s.DenseInt("line")
	extras, extraCols := b.extraColumns(&s)
	s.Reserve(len(b.rows))
	repeats := map[[2]string]int64{}
	vals := make([]string, len(extraCols))
	set := make([]bool, len(extraCols))
	for i := range b.rows {
		r := &b.rows[i]
		key := [2]string{files[r.file], r.jobID}
		repeats[key]++
		job.Add(files[r.file])
		id, err := strconv.ParseInt(r.jobID, 10, 64)
		task.Opt(id, err == nil)
		attempt.Add(repeats[key])
		category.Opt(r.rule, r.rule != "")
		state.Add(schema.Success)
		raw.Add("benchmarked")
		optFlt(reqCPUs, r.threads)
		for _, x := range []struct {
			c *columns.Float
			v flt
		}{{wall, r.wall}, {cpu, r.cpu}, {mem, r.rss}, {vmem, r.vms}, {uss, r.uss}, {pss, r.pss}, {read, r.ioIn}, {written, r.ioOut},
			{load, r.load}, {usage, r.cpuUsage}, {input, r.inputMB}} {
			optFlt(x.c, x.v)
		}
		wildcards.Opt(r.wildcards, r.wildcards != "")
		resources.Opt(r.resources, r.resources != "")
		params.Opt(r.params, r.params != "")
		file.Add(files[r.file])
		line.Add(int64(r.line))
		clear(set)
		for _, e := range r.extra {
			k := extras[e.name]
			vals[k], set[k] = e.value, !isNA(e.value)
		}
		for k, c := range extraCols {
			c.Opt(vals[k], set[k])
		}
	}
	return s.Frame(len(b.rows))
}

// extraColumns declares a text column for every column of a later
// Snakemake the loader does not know, in the order first seen.
func (b *builder) extraColumns(s *columns.Set) (map[string]int, []*columns.Str) {
	index := map[string]int{}
	var cols []*columns.Str
	for i := range b.rows {
		for _, e := range b.rows[i].extra {
			if _, ok := index[e.name]; !ok {
				index[e.name] = len(cols)
				cols = append(cols, s.Str("snakemake_"+e.name))
			}
		}
	}
	return index, cols
}
