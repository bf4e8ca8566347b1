package slurmjson

import (
	"fmt"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/jobframe/jobframe/loaders/slurm"
)

// The jobs of a document become the rows sacct --parsable2 prints for
// them, read by the slurm package's loader, so that the frames, their
// columns and their meaning are those of the text form: a job's row,
// then a row per step. The fields, in order; the delimiter is a byte
// JSON text cannot hold unescaped (delim), so no value is ever split.
var fields = []string{
	"JobID", "JobIDRaw", "JobName", "Partition", "Account", "User", "Group", "QOS", "Cluster",
	"State", "Reason", "ExitCode", "DerivedExitCode", "Submit", "Eligible", "Start", "End",
	"Elapsed", "Timelimit", "NNodes", "AllocCPUS", "ReqCPUS", "NTasks", "NodeList", "AllocTRES", "ReqTRES",
	"TotalCPU", "UserCPU", "SystemCPU", "MaxRSS", "AveRSS", "MaxVMSize",
	"TRESUsageInMax", "TRESUsageInAve", "TRESUsageInTot", "TRESUsageOutMax", "TRESUsageOutTot",
	"ConsumedEnergyRaw", "Priority", "Restarts", "Flags", "WorkDir", "SubmitLine", "Comment", "Constraints",
}

// delim separates the fields: the unit separator, which JSON escapes.
const delim = '\x1f'

// oneLine makes a field that is not free text one line without the
// delimiter (an immutable table, shared).
var oneLine = strings.NewReplacer("\n", " ", "\r", " ", string(rune(delim)), " ")

// row is the fields of one row, by name.
type row map[string]string

// writer builds the text, and remembers which record each line is.
type writer struct {
	b        strings.Builder
	loc      *time.Location
	lines    []string // per line after the header: "jobs[3]" or "jobs[3].steps[1]"
	freeText []bool   // per field: whether it is free text (slurm.FreeText)
}

// newWriter returns a writer of rows, without the header (header).
func newWriter(loc *time.Location) *writer {
	w := &writer{loc: loc, freeText: make([]bool, len(fields))}
	for i, name := range fields {
		w.freeText[i] = slurm.FreeText(name)
	}
	return w
}

// header is the text's first line.
func header() string { return strings.Join(fields, string(rune(delim))) + "\n" }

// add writes r as one row (a free text's line breaks continue it on the
// next lines, as sacct's do) for record what.
func (w *writer) add(r row, what string) {
	lines := 1
	for i, name := range fields {
		if i > 0 {
			w.b.WriteByte(delim)
		}
		v := r[name]
		if w.freeText[i] {
			v = strings.ReplaceAll(v, string(rune(delim)), " ")
			lines += strings.Count(v, "\n")
		} else {
			v = oneLine.Replace(v)
		}
		w.b.WriteString(v)
	}
	w.b.WriteByte('\n')
	for range lines {
		w.lines = append(w.lines, what)
	}
}

// jobRow is the row of job j.
func (w *writer) jobRow(j *job) row {
	id := jobIDText(j)
	r := row{
		"JobID": id, "JobIDRaw": numText(j.JobID), "JobName": j.Name, "Partition": j.Partition,
		"Account": j.Account, "User": j.User, "Group": j.Group, "QOS": j.QOS, "Cluster": j.Cluster,
		"State": stateText(j.State.Current), "Reason": j.State.Reason,
		"ExitCode": exitText(j.ExitCode), "DerivedExitCode": exitText(j.DerivedExit),
		"Submit": w.timeText(j.Time.Submission), "Eligible": w.timeText(j.Time.Eligible),
		"Start": w.timeText(j.Time.Start), "End": w.timeText(j.Time.End),
		"Elapsed": durationText(j.Time.Elapsed), "Timelimit": limitText(j.Time.Limit),
		"NNodes": numText(j.AllocNodes), "AllocCPUS": tresCount(j.TRES.Allocated, "cpu"),
		"ReqCPUS": numText(j.Required.CPUs), "NodeList": nodesText(j.Nodes),
		"AllocTRES": tresText(j.TRES.Allocated, false), "ReqTRES": tresText(j.TRES.Requested, false),
		"TotalCPU": cpuText(j.Time.Total), "UserCPU": cpuText(j.Time.User), "SystemCPU": cpuText(j.Time.System),
		"Priority": numText(j.Priority), "Restarts": numText(j.Restarts), "Flags": strings.Join(j.Flags, ","),
		"WorkDir": j.WorkDir, "SubmitLine": j.SubmitLine, "Comment": j.Comment.Job, "Constraints": j.Constraints,
	}
	return r
}

// stepRow is the row of step s of job j.
func (w *writer) stepRow(j *job, s *step) row {
	suffix := s.Step.ID.step
	if s.Step.ID.job == "" { // "123.batch": the job's raw id, then the step's
		if _, after, ok := strings.Cut(suffix, "."); ok {
			suffix = after
		}
	}
	return row{
		"JobID": jobIDText(j) + "." + suffix, "JobIDRaw": numText(j.JobID) + "." + suffix, "JobName": s.Step.Name,
		"Partition": j.Partition, "Account": j.Account, "User": j.User, "Group": j.Group, "QOS": j.QOS, "Cluster": j.Cluster,
		"State": stateText(s.State), "ExitCode": exitText(s.ExitCode),
		"Start": w.timeText(s.Time.Start), "End": w.timeText(s.Time.End), "Elapsed": durationText(s.Time.Elapsed),
		"NNodes": numText(s.Nodes.Count), "AllocCPUS": tresCount(s.TRES.Allocated, "cpu"),
		"ReqCPUS": numText(s.Required.CPUs), "NTasks": numText(s.Tasks.Count), "NodeList": nodesText(s.Nodes.Range),
		"AllocTRES": tresText(s.TRES.Allocated, false),
		"TotalCPU":  cpuText(s.Time.Total), "UserCPU": cpuText(s.Time.User), "SystemCPU": cpuText(s.Time.System),
		"MaxRSS": bytesK(s.TRES.Requested.Max, "mem"), "AveRSS": bytesK(s.TRES.Requested.Average, "mem"),
		"MaxVMSize":      bytesK(s.TRES.Requested.Max, "vmem"),
		"TRESUsageInMax": tresText(s.TRES.Requested.Max, true), "TRESUsageInAve": tresText(s.TRES.Requested.Average, true),
		"TRESUsageInTot": tresText(s.TRES.Requested.Total, true), "TRESUsageOutMax": tresText(s.TRES.Consumed.Max, true),
		"TRESUsageOutTot": tresText(s.TRES.Consumed.Total, true), "ConsumedEnergyRaw": numText(s.Stats.Energy.Consumed),
	}
}

// jobIDText is a job's JobID as sacct prints it: 123, 123_4 (an array's
// task), 123+1 (a heterogeneous job's component).
func jobIDText(j *job) string {
	switch {
	case j.Array.JobID.ok && j.Array.JobID.v != 0 && j.Array.TaskID.ok:
		return fmt.Sprintf("%d_%d", j.Array.JobID.v, j.Array.TaskID.v)
	case j.Het.JobID.ok && j.Het.JobID.v != 0 && j.Het.JobOffset.ok:
		return fmt.Sprintf("%d+%d", j.Het.JobID.v, j.Het.JobOffset.v)
	}
	return numText(j.JobID)
}

// numText is n in decimal, "" when unset (infinite too).
func numText(n num) string {
	if !n.ok {
		return ""
	}
	return strconv.FormatInt(n.v, 10)
}

// timeText is an epoch time in seconds as sacct prints it, in loc
// (the zone the text is read in); 0 and unset are Unknown.
func (w *writer) timeText(n num) string {
	if !n.ok || n.v <= 0 {
		return "Unknown"
	}
	return time.Unix(n.v, 0).In(w.loc).Format("2006-01-02T15:04:05")
}

// durationText is seconds as [D-]HH:MM:SS.
func durationText(n num) string {
	if !n.ok {
		return ""
	}
	return clock(n.v, 0)
}

// clock writes s seconds and us microseconds as [D-]HH:MM:SS[.uuuuuu];
// negative is left to the loader to refuse.
func clock(s, us int64) string {
	sign := ""
	if s < 0 {
		sign, s = "-", -s
	}
	d, h, m, sec := s/86400, s/3600%24, s/60%60, s%60
	out := fmt.Sprintf("%s%02d:%02d:%02d", sign, h, m, sec)
	if d > 0 {
		out = fmt.Sprintf("%s%d-%02d:%02d:%02d", sign, d, h, m, sec)
	}
	if us != 0 {
		out += fmt.Sprintf(".%06d", us)
	}
	return out
}

// limitText is a time limit in minutes: UNLIMITED when infinite.
func limitText(n num) string {
	switch {
	case n.inf:
		return "UNLIMITED"
	case !n.ok:
		return ""
	}
	return clock(n.v*60, 0)
}

// cpuText is a CPU time {seconds, microseconds}.
func cpuText(c cpuTime) string {
	if !c.Seconds.ok && !c.Microseconds.ok {
		return ""
	}
	return clock(c.Seconds.v, c.Microseconds.v)
}

// exitText is an exit code as sacct prints it: return code:signal.
func exitText(e exitCode) string {
	if !e.ReturnCode.ok && !e.Signal.ID.ok && len(e.Status) == 0 {
		return ""
	}
	return fmt.Sprintf("%d:%d", e.ReturnCode.v, e.Signal.ID.v)
}

// stateText is a state's base word (the flags after it, REQUEUED or
// RECONFIG_FAIL, are not sacct's State).
func stateText(w words) string { return w.first() }

// nodesText is a node list; an empty one is sacct's None assigned.
func nodesText(s string) string {
	if s == "" {
		return "None assigned"
	}
	return s
}

// tresName is a TRES as sacct names it: cpu, mem, gres/gpu, gres/gpu:a100.
func tresName(t tres) string {
	if t.Name != "" {
		return t.Type + "/" + t.Name
	}
	return t.Type
}

// tresText is a TRES list as sacct prints it (cpu=2,mem=1024M,node=1),
// sorted by name; mem is in MiB in a job's list, bytes in a step's usage
// (usage true); counts below 0 (unknown) are left out.
func tresText(list []tres, usage bool) string {
	var parts []string
	for _, t := range list {
		if !t.Count.ok || t.Count.v < 0 {
			continue
		}
		v := strconv.FormatInt(t.Count.v, 10)
		switch {
		case t.Type == "mem" && !usage:
			v += "M"
		case (t.Type == "mem" || t.Type == "vmem") && usage:
			v = bytesText(t.Count.v)
		case t.Type == "cpu" && usage: // CPU time in ms, printed in whole seconds as sacct does
			v = clock(t.Count.v/1000, 0)
		}
		parts = append(parts, tresName(t)+"="+v)
	}
	sort.Strings(parts)
	return strings.Join(parts, ",")
}

// tresCount is the count of TRES typ in list, "" when absent.
func tresCount(list []tres, typ string) string {
	for _, t := range list {
		if t.Type == typ && t.Name == "" && t.Count.ok && t.Count.v >= 0 {
			return strconv.FormatInt(t.Count.v, 10)
		}
	}
	return ""
}

// bytesK is the bytes of TRES typ in a usage list in KiB, as sacct's
// MaxRSS prints them; "" when absent.
func bytesK(list []tres, typ string) string {
	for _, t := range list {
		if t.Type == typ && t.Count.ok && t.Count.v >= 0 {
			return bytesText(t.Count.v)
		}
	}
	return ""
}

// bytesText is a count of bytes in KiB ("2280K", "2280.5K").
func bytesText(b int64) string {
	if b%1024 == 0 {
		return strconv.FormatInt(b/1024, 10) + "K"
	}
	return strconv.FormatFloat(float64(b)/1024, 'f', -1, 64) + "K"
}
