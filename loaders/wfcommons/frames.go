package wfcommons

import (
	"math"

	"github.com/jobframe/jobframe/frame"
	"github.com/jobframe/jobframe/loaders/internal/bytesconv"
	"github.com/jobframe/jobframe/loaders/internal/columns"
)

// mib is bytes in MiB, the unit of the frames' *_mb columns.
const mib = 1 << 20

// opt appends *v (times scale) or a null.
func opt(c *columns.Float, v *float64, scale float64) {
	if v == nil || math.IsNaN(*v) || math.IsInf(*v, 0) {
		c.Null()
		return
	}
	c.Add(*v * scale)
}

// jobs is one row: the workflow run the instance records.
func (w *workflow) jobs() *frame.Frame {
	var start, end columns.Int
	start.Opt(w.start, w.hasStart)
	end.Opt(w.start+w.makespan, w.hasStart && w.hasMakespan)
	var makespan columns.Float
	makespan.Opt(float64(w.makespan)/1e6, w.hasMakespan)
	one := func(name, v string) frame.Column { return frame.StringCol(name, []string{v}, []bool{v != ""}) }
	return frame.New(
		one("job", w.name), one("name", w.name),
		start.Times("start"), end.Times("end"), makespan.Col("makespan_s"),
		frame.Int64Col("tasks", []int64{int64(len(w.rows))}, nil),
		one("runtime_system", w.system), one("runtime_version", w.systemVersion),
		one("schema_version", w.version), one("created", w.created), one("description", w.description),
	)
}

// tasks is one row per task, in specification order; task is the place
// (from 1) and task_id WfFormat's id. The text columns (which intern
// their values) are built beside the numbers (taskTexts).
func (w *workflow) tasks() *frame.Frame {
	n := len(w.rows)
	var worker, category, taskID, name, typ, program, arguments, machines frame.Column
	done := make(chan struct{})
	go func() {
		defer close(done)
		worker, category, taskID, name, typ, program, arguments, machines = w.taskTexts()
	}()
	var (
		id, attempt, start, end, inFiles, outFiles columns.Int
		cpus, cpuTime, wall, mem, avgCPU           columns.Float
		read, written, energy, power, priority     columns.Float
		inBytes, outBytes                          columns.Float
	)
	columns.Reserve(n, &id, &attempt, &start, &end, &inFiles, &outFiles, &cpus, &cpuTime, &wall, &mem, &avgCPU,
		&read, &written, &energy, &power, &priority, &inBytes, &outBytes)
	for i := range w.rows {
		r := &w.rows[i]
		id.Add(int64(i + 1))
		inFiles.Add(int64(r.inFiles))
		outFiles.Add(int64(r.outFiles))
		inBytes.Add(r.inBytes)
		outBytes.Add(r.outBytes)
		e := r.exec
		if e == nil {
			e = &task{} // not run: only its specification
			attempt.Null()
		} else {
			attempt.Add(1) // an instance records one execution per task
		}
		start.Opt(r.start, r.started)
		end.Opt(r.end, r.ended)
		rt := e.RuntimeInSeconds
		opt(&wall, rt, 1)
		opt(&cpus, either(e.CoreCount, e.Cores), 1)
		opt(&avgCPU, e.AvgCPU, 1)
		if e.AvgCPU != nil && rt != nil {
			cpuTime.Add(*e.AvgCPU / 100 * *rt)
		} else {
			cpuTime.Null()
		}
		opt(&mem, e.MemoryInBytes, 1.0/mib)
		opt(&read, e.ReadBytes, 1)
		opt(&written, e.WrittenBytes, 1)
		opt(&energy, either(e.EnergyInKWh, e.Energy), 1)
		opt(&power, either(e.AvgPowerInW, e.AvgPower), 1)
		opt(&priority, e.Priority, 1)
	}
	<-done
	return frame.New(
		columns.Repeat("source", "wfcommons", n), columns.Repeat("job", w.name, n),
		id.Col("task"), attempt.Col("attempt"), worker, category,
		start.Times("start"), end.Times("end"),
		cpus.Col("req_cpus"), cpuTime.Col("cpu_time_s"), wall.Col("wall_time_s"), mem.Col("mem_mb"),
		taskID, name, typ, program, arguments,
		machines, avgCPU.Col("avg_cpu_pct"), read.Col("read_bytes"), written.Col("written_bytes"),
		energy.Col("energy_kwh"), power.Col("avg_power_w"), priority.Col("priority"),
		inFiles.Col("input_files"), inBytes.Col("input_bytes"), outFiles.Col("output_files"), outBytes.Col("output_bytes"),
	)
}

// taskTexts builds the tasks' text columns, in two halves on two
// goroutines (each walks the rows once): category, task_id, name and
// type; worker, program, arguments and machines.
func (w *workflow) taskTexts() (worker, category, taskID, name, typ, program, arguments, machines frame.Column) {
	n := len(w.rows)
	done := make(chan struct{})
	go func() {
		defer close(done)
		var cat, nm, id, ty columns.Str
		// ids and names are distinct per task: plain text from the
		// start, no dictionary to fill and drop
		nm.Plain, id.Plain = &columns.Text{}, &columns.Text{}
		columns.Reserve(n, &cat, &nm, &id, &ty)
		for i := range w.rows {
			r := &w.rows[i]
			cat.Add(r.category())
			nm.Add(r.spec.Name)
			id.Add(r.spec.ID)
			ty.Opt(r.spec.Type, r.spec.Type != "")
		}
		category, taskID, name, typ = cat.Col("category"), id.Col("task_id"), nm.Col("name"), ty.Col("type")
	}()
	var wk, prog, args, mach columns.Str
	columns.Reserve(n, &wk, &prog, &args, &mach)
	var scratch []byte // joined lists, which the columns copy
	for i := range w.rows {
		r := &w.rows[i]
		hosts := r.hosts()
		wk.Opt(first(hosts), len(hosts) > 0)
		mach.Opt(join(hosts, ',', &scratch), len(hosts) > 0)
		if c := r.execCommand(); c != nil {
			prog.Opt(c.Program, c.Program != "")
			args.Opt(join(c.Arguments, ' ', &scratch), len(c.Arguments) > 0)
		} else {
			prog.Null()
			args.Null()
		}
	}
	<-done
	return wk.Col("worker"), category, taskID, name, typ, prog.Col("program"), args.Col("arguments"), mach.Col("machines")
}

// execCommand is the command the task ran, nil when it did not run or
// its execution does not say.
func (r *row) execCommand() *command {
	if r.exec == nil {
		return nil
	}
	return r.exec.Command
}

// join is strings.Join(parts, sep) built in scratch, without allocating
// a string per row.
func join(parts []string, sep byte, scratch *[]byte) string {
	if len(parts) == 1 {
		return parts[0]
	}
	b := (*scratch)[:0]
	for i, p := range parts {
		if i > 0 {
			b = append(b, sep)
		}
		b = append(b, p...)
	}
	*scratch = b
	return bytesconv.String(b)
}

func first(s []string) string {
	if len(s) == 0 {
		return ""
	}
	return s[0]
}

// placements is one row per (task, machine it ran on); the task's cores
// are split evenly between its machines (WfFormat does not say how they
// were split).
func (w *workflow) placements() *frame.Frame {
	var (
		task, attempt, start, end columns.Int
		worker                    columns.Str
		root                      columns.Bool
		cpus                      columns.Float
	)
	for i := range w.rows {
		r := &w.rows[i]
		if r.exec == nil {
			continue
		}
		hosts := r.hosts()
		c := either(r.exec.CoreCount, r.exec.Cores)
		for k, h := range hosts {
			task.Add(int64(i + 1))
			attempt.Add(1)
			worker.Add(h)
			root.Add(k == 0)
			start.Opt(r.start, r.started)
			end.Opt(r.end, r.ended)
			if c != nil {
				cpus.Add(*c / float64(len(hosts)))
			} else {
				cpus.Null()
			}
		}
	}
	n := len(task.V)
	return frame.New(
		columns.Repeat("job", w.name, n), task.Col("task"), attempt.Col("attempt"), worker.Col("worker"),
		root.Col("root"), start.Times("start"), end.Times("end"), cpus.Col("cpus"),
	)
}

// workers is one row per machine.
func (w *workflow) workers() *frame.Frame {
	var (
		name, system, arch, release, vendor columns.Str
		cpus, mem, speed                    columns.Float
	)
	for _, m := range w.machines {
		name.Add(m.NodeName)
		system.Opt(m.System, m.System != "")
		arch.Opt(m.Architecture, m.Architecture != "")
		release.Opt(m.Release, m.Release != "")
		opt(&mem, m.MemoryInBytes, 1.0/mib)
		if c := m.CPU; c != nil {
			opt(&cpus, either(c.CoreCount, c.Count), 1)
			opt(&speed, either(c.SpeedInMHz, c.Speed), 1)
			vendor.Opt(c.Vendor, c.Vendor != "")
		} else {
			cpus.Null()
			speed.Null()
			vendor.Null()
		}
	}
	return frame.New(
		name.Col("worker"), name.Col("host"), cpus.Col("cpus"), mem.Col("mem_mb"),
		system.Col("system"), arch.Col("architecture"), release.Col("release"),
		speed.Col("speed_mhz"), vendor.Col("vendor"),
	)
}

// dependencies is one row per edge parent → child, declared by the
// instance (parents and children, read both ways).
func (w *workflow) dependencies() *frame.Frame {
	var parent, child columns.Int
	var file columns.Str
	for _, e := range w.edges {
		parent.Add(int64(e[0] + 1))
		child.Add(int64(e[1] + 1))
		file.Null()
	}
	n := len(parent.V)
	return frame.New(columns.Repeat("job", w.name, n), parent.Col("parent"), child.Col("child"), file.Col("file_id"))
}
