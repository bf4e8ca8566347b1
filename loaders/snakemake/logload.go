package snakemake

import (
	"bytes"
	"io"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/jobframe/jobframe/frame"
	"github.com/jobframe/jobframe/frame/schema"
	"github.com/jobframe/jobframe/loaders/internal/columns"
	"github.com/jobframe/jobframe/loaders/internal/records"
	"github.com/jobframe/jobframe/loaders/source"
)

// logSuffix ends the name of every run log Snakemake writes.
const logSuffix = ".snakemake.log"

// LogFormat is Snakemake's run log (.snakemake/log/*.snakemake.log):
// each file is one run of Snakemake.
func LogFormat() source.Format {
	return source.Format{
		Name:        "snakemake-log",
		System:      "Snakemake",
		Description: "a Snakemake run log (.snakemake/log/*.snakemake.log: rule starts, finished jobs, errors)",
		Sources:     []string{Source},
		Frames:      []string{schema.Jobs, schema.Tasks, schema.Events},
		Sniff:       sniffLog,
		Absorb:      AbsorbBenchmarks,
		Adopts:      true,
		Load: func(in []source.Input, o source.Options) (*source.Dataset, error) {
			return source.LoadOne(in, o, LoadLog)
		},
	}
}

// logStarts are the first lines Snakemake writes to a run log (7 and
// 8).
var logStarts = []string{"Building DAG of jobs...", "Assuming unrestricted shared filesystem usage.", "host: "}

// sniffLog takes a file named as Snakemake names its logs, or one that
// starts as a run log does and has a time in brackets or the cores line.
func sniffLog(name string, head []byte) bool {
	if strings.HasSuffix(name, logSuffix) {
		return true
	}
	first := string(source.FirstLine(head))
	for _, s := range logStarts {
		if strings.HasPrefix(first, s) {
			return bytes.Contains(head, []byte("\nProvided cores: ")) || stampIn(head)
		}
	}
	return false
}

// stampIn reports whether a line of head is a time in brackets.
func stampIn(head []byte) bool {
	for _, l := range bytes.Split(head, []byte("\n")) {
		if stampLine.Match(bytes.TrimRight(l, "\r")) {
			return true
		}
	}
	return false
}

// LoadLog reads one run log (see the package documentation).
func LoadLog(r io.Reader, o source.Options) (*source.Dataset, error) {
	file := o.InputName()
	loc, err := o.Location()
	if err != nil {
		return nil, err
	}
	p := o.Problems(file)
	lp := newLogParser(p, loc)
	if err := records.EachLine(r, p, func(line []byte, n int) error { return lp.line(string(line), n) }); err != nil {
		return nil, err
	}
	if err := lp.finish(); err != nil {
		return nil, err
	}
	if lp.lg.first.ok && o.TimeZone == "" {
		p.Note(0, "", "", "Snakemake writes its times in the local time of the host, without a zone: read as UTC (set JOBFRAME_TZ, or Options.TimeZone, to that host's zone)")
	}
	run := strings.TrimSuffix(filepath.Base(file), logSuffix)
	d := &source.Dataset{Source: Source, Files: []string{file}, Warnings: p.Finish(),
		LogStart: lp.lg.first.v, LogEnd: lp.lg.last.v, HasLogSpan: lp.lg.first.ok}
	lp.lg.sets = columns.NewSets(o.Keeps, schema.Jobs, schema.Tasks, schema.Events)
	d.Frames = columns.BuildFrames([]columns.Build{
		{Name: schema.Jobs, Frame: func() *frame.Frame { return lp.lg.jobsFrame(run) }},
		{Name: schema.Tasks, Frame: func() *frame.Frame { return lp.lg.tasksFrame(run) }},
		{Name: schema.Events, Frame: func() *frame.Frame { return lp.lg.eventsFrame(run) }},
	}, source.WantFrames(o))
	lp.lg.sets.Skip(d)
	return o.Project(d, nil)
}

func optTime(c *columns.Int, v num) { c.Opt(v.v, v.ok) }

// cpus is the threads of an attempt's rule: its threads: line, which
// Snakemake prints only above 1, else 1; unknown (false) for an attempt
// whose start is not in the log.
func (a *logAttempt) cpus() (float64, bool) {
	if !a.started {
		return 0, false
	}
	if a.threads == "" {
		return 1, true
	}
	n, err := strconv.ParseFloat(a.threads, 64)
	return n, err == nil && n >= 0
}

// jobsFrame is the run: its first and last time, how it ended
// (complete, failed, or incomplete when the log stops before it says),
// its steps done and in all, the cores it was given.
func (lg *runLog) jobsFrame(run string) *frame.Frame {
	s := lg.sets.Of(schema.Jobs)
	job, start, end, state := s.Str("job"), s.Time("start"), s.Time("end"), s.Str("state")
	done, total, cores := s.Int("steps_done"), s.Int("steps_total"), s.Int("cores")
	job.Add(run)
	optTime(start, lg.first)
	optTime(end, lg.last)
	state.Add(lg.outcome)
	done.Opt(lg.done.v, lg.done.ok)
	total.Opt(lg.total.v, lg.total.ok)
	cores.Opt(lg.cores.v, lg.cores.ok)
	return s.Frame(1)
}

// tasksFrame is one row per start of a job (a retry is the next
// attempt), and per end of a job whose start the log lacks.
func (lg *runLog) tasksFrame(run string) *frame.Frame {
	s := lg.sets.Of(schema.Tasks)
	s.Const("source", Source)
	job, task, attempt, category := s.Str("job"), s.DenseInt("task"), s.DenseInt("attempt"), s.Str("category")
	start, end, state, raw, wall, cpus := s.Time("start"), s.Time("end"), s.Str("state"), s.Str("raw_state"), s.Float("wall_time_s"), s.Float("req_cpus")
	wildcards, resources, input, output := s.Str("wildcards"), s.Str("resources"), s.Str("inputs"), s.Str("outputs")
	logPath, bench, reason, external, line := s.Str("log"), s.Str("benchmark"), s.Str("reason"), s.Str("backend_job_id"), s.DenseInt("line")
	opt := func(c *columns.Str, v string) { c.Opt(v, v != "") }
	for i := range lg.attempts {
		a := &lg.attempts[i]
		job.Add(run)
		task.Add(a.jobID)
		attempt.Add(a.attempt)
		opt(category, a.rule)
		optTime(start, a.start)
		optTime(end, a.end)
		opt(state, logState(a.raw, lg.outcome))
		opt(raw, a.raw)
		wall.Opt(float64(a.end.v-a.start.v)/1e6, a.start.ok && a.end.ok)
		cpus.Opt(a.cpus())
		opt(wildcards, a.wildcards)
		opt(resources, a.resources)
		opt(input, a.input)
		opt(output, a.output)
		opt(logPath, a.log)
		opt(bench, a.benchmark)
		opt(reason, a.reason)
		opt(external, a.external)
		line.Add(int64(a.line))
	}
	return s.Frame(len(lg.attempts))
}

// eventsFrame is one row per timed record: a job's start, its end
// (finished or error), a retry, a submission to a cluster.
func (lg *runLog) eventsFrame(run string) *frame.Frame {
	s := lg.sets.Of(schema.Events)
	tm, line, typ, job, task, category := s.Time("time"), s.DenseInt("line"), s.Str("type"), s.Str("job"), s.DenseInt("task"), s.Str("category")
	for _, e := range lg.events {
		optTime(tm, e.time)
		line.Add(int64(e.line))
		typ.Add(e.typ)
		job.Add(run)
		task.Add(e.jobID)
		category.Opt(e.rule, e.rule != "")
	}
	return s.Frame(len(lg.events))
}
