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

// The fields' indices in fields (and in a row).
const (
	fJobID = iota
	fJobIDRaw
	fJobName
	fPartition
	fAccount
	fUser
	fGroup
	fQOS
	fCluster
	fState
	fReason
	fExitCode
	fDerivedExitCode
	fSubmit
	fEligible
	fStart
	fEnd
	fElapsed
	fTimelimit
	fNNodes
	fAllocCPUS
	fReqCPUS
	fNTasks
	fNodeList
	fAllocTRES
	fReqTRES
	fTotalCPU
	fUserCPU
	fSystemCPU
	fMaxRSS
	fAveRSS
	fMaxVMSize
	fTRESUsageInMax
	fTRESUsageInAve
	fTRESUsageInTot
	fTRESUsageOutMax
	fTRESUsageOutTot
	fConsumedEnergyRaw
	fPriority
	fRestarts
	fFlags
	fWorkDir
	fSubmitLine
	fComment
	fConstraints
	nFields
)

// delim separates the fields: the unit separator, which JSON escapes.
const delim = '\x1f'

// oneLine makes a field that is not free text one line without the
// delimiter (an immutable table, shared).
var oneLine = strings.NewReplacer("\n", " ", "\r", " ", string(rune(delim)), " ")

// row is the fields of one row, by index (fJobID, ...).
type row [nFields]string

// writer builds the text, and remembers which record each line is.
type writer struct {
	b        strings.Builder
	loc      *time.Location
	lines    []lineRef // per line after the header: the record it is of
	freeText []bool    // per field: whether it is free text (slurm.FreeText)
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

// lineRef is the record a line of the text is of: a job's row, or the
// row of one of its steps.
type lineRef struct {
	job  int    // its index in jobs (-1 until the job's place is known)
	step int    // the step's index in the job's steps, -1 for the job's row
	id   string // the job's id (jobIDText), or the step's name
}

// String names the record: "jobs[3] (job 123)", "jobs[3].steps[1] (step batch)".
func (l lineRef) String() string {
	if l.step < 0 {
		return "jobs[" + strconv.Itoa(l.job) + "] (job " + l.id + ")"
	}
	return "jobs[" + strconv.Itoa(l.job) + "].steps[" + strconv.Itoa(l.step) + "] (step " + l.id + ")"
}

// rows writes the rows of job j, at index i of jobs (-1: not known yet),
// and of its steps.
func (w *writer) rows(j *job, i int) {
	r := w.jobRow(j)
	w.add(&r, lineRef{job: i, step: -1, id: r[fJobID]})
	for k := range j.Steps {
		r := w.stepRow(j, &j.Steps[k])
		w.add(&r, lineRef{job: i, step: k, id: j.Steps[k].Step.Name})
	}
}

// add writes r as one row (a free text's line breaks continue it on the
// next lines, as sacct's do) of record what.
func (w *writer) add(r *row, what lineRef) {
	lines := 1
	for i, v := range r {
		if i > 0 {
			w.b.WriteByte(delim)
		}
		if w.freeText[i] {
			if strings.IndexByte(v, delim) >= 0 {
				v = strings.ReplaceAll(v, string(rune(delim)), " ")
			}
			lines += strings.Count(v, "\n")
		} else if strings.ContainsAny(v, "\n\r\x1f") {
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
		fJobID: id, fJobIDRaw: numText(j.JobID), fJobName: j.Name, fPartition: j.Partition,
		fAccount: j.Account, fUser: j.User, fGroup: j.Group, fQOS: j.QOS, fCluster: j.Cluster,
		fState: stateText(j.State.Current), fReason: j.State.Reason,
		fExitCode: exitText(j.ExitCode), fDerivedExitCode: exitText(j.DerivedExit),
		fSubmit: w.timeText(j.Time.Submission), fEligible: w.timeText(j.Time.Eligible),
		fStart: w.timeText(j.Time.Start), fEnd: w.timeText(j.Time.End),
		fElapsed: durationText(j.Time.Elapsed), fTimelimit: limitText(j.Time.Limit),
		fNNodes: numText(j.AllocNodes), fAllocCPUS: tresCount(j.TRES.Allocated, "cpu"),
		fReqCPUS: numText(j.Required.CPUs), fNodeList: nodesText(j.Nodes),
		fAllocTRES: tresText(j.TRES.Allocated, false), fReqTRES: tresText(j.TRES.Requested, false),
		fTotalCPU: cpuText(j.Time.Total), fUserCPU: cpuText(j.Time.User), fSystemCPU: cpuText(j.Time.System),
		fPriority: numText(j.Priority), fRestarts: numText(j.Restarts), fFlags: strings.Join(j.Flags, ","),
		fWorkDir: j.WorkDir, fSubmitLine: j.SubmitLine, fComment: j.Comment.Job, fConstraints: j.Constraints,
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
		fJobID: jobIDText(j) + "." + suffix, fJobIDRaw: numText(j.JobID) + "." + suffix, fJobName: s.Step.Name,
		fPartition: j.Partition, fAccount: j.Account, fUser: j.User, fGroup: j.Group, fQOS: j.QOS, fCluster: j.Cluster,
		fState: stateText(s.State), fExitCode: exitText(s.ExitCode),
		fStart: w.timeText(s.Time.Start), fEnd: w.timeText(s.Time.End), fElapsed: durationText(s.Time.Elapsed),
		fNNodes: numText(s.Nodes.Count), fAllocCPUS: tresCount(s.TRES.Allocated, "cpu"),
		fReqCPUS: numText(s.Required.CPUs), fNTasks: numText(s.Tasks.Count), fNodeList: nodesText(s.Nodes.Range),
		fAllocTRES: tresText(s.TRES.Allocated, false),
		fTotalCPU:  cpuText(s.Time.Total), fUserCPU: cpuText(s.Time.User), fSystemCPU: cpuText(s.Time.System),
		fMaxRSS: bytesK(s.TRES.Requested.Max, "mem"), fAveRSS: bytesK(s.TRES.Requested.Average, "mem"),
		fMaxVMSize:      bytesK(s.TRES.Requested.Max, "vmem"),
		fTRESUsageInMax: tresText(s.TRES.Requested.Max, true), fTRESUsageInAve: tresText(s.TRES.Requested.Average, true),
		fTRESUsageInTot: tresText(s.TRES.Requested.Total, true), fTRESUsageOutMax: tresText(s.TRES.Consumed.Max, true),
		fTRESUsageOutTot: tresText(s.TRES.Consumed.Total, true), fConsumedEnergyRaw: numText(s.Stats.Energy.Consumed),
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
