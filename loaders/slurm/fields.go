package slurm

import "strings"

// kind is how jobframe reads one sacct field.
type kind uint8

const (
	kText     kind = iota // text without the delimiter
	kFree                 // free text that may hold the delimiter or a newline
	kTime                 // a local time, to µs UTC
	kDuration             // [D-]HH:MM:SS[.mmm], to seconds
	kSizeK                // a size counted in KiB when bare, to MiB
	kSizeM                // a size counted in MiB when bare, to MiB
	kInt                  // an integer
	kExit                 // status:signal
	kState                // a job state
	kJobID                // a JobID
	kTRES                 // a TRES list (cpu=32,mem=500G,node=1)
	kNodes                // a host list (cn[01-04,07])
	kUsage                // a TRES usage list (cpu=00:21:50,mem=1828196K,gres/gpuutil=72)
)

// spec is one field of the header: its Slurm name, kind and column.
type spec struct {
	name string // as sacct prints it in the header
	kind kind
	col  string // the column it becomes
	// rank orders the free-text fields that may absorb a stray
	// delimiter: 1 for those that commonly hold one (JobName, SubmitLine,
	// Constraints), 2 for the other free texts.
	rank int
}

// named are the fields the loader reads by name (layout.field), in lower
// case: the JobID, the times, the state, what a row asked for, held and
// used, the hosts. Every other field becomes one column of its own name
// (rows.rest) in the jobs and the tasks, or two for an exit code
// (spec.columns); a load that keeps none of them (Options.Columns,
// Options.Omit) checks the field's values but does not keep them.
// TestNamedFields holds the list to the names the package's code looks
// up.
var named = map[string]bool{
	"jobid": true, "jobidraw": true, "jobname": true, "user": true, "submit": true, "eligible": true, "start": true,
	"end": true, "state": true, "exitcode": true, "reqmem": true, "reqcpus": true, "reqnodes": true, "reqtres": true,
	"alloccpus": true, "ncpus": true, "allocnodes": true, "nnodes": true, "alloctres": true, "totalcpu": true,
	"elapsed": true, "maxrss": true, "timelimit": true, "tresusageinave": true, "tresusageinmax": true,
	"consumedenergyraw": true, "nodelist": true, "partition": true, "account": true, "qos": true,
}

// columns returns the columns a field that is not named becomes
// (rows.column): its own, and an exit code's signal.
func (s spec) columns() []string {
	if s.kind != kExit {
		return []string{s.col}
	}
	if s.col == "exit_code" {
		return []string{s.col, "signal"}
	}
	return []string{s.col, s.col + "_signal"}
}

// specOf returns the spec of a header field (any case, as sacct accepts
// --format names in any case and prints them as typed).
func specOf(name string) spec {
	s := spec{name: name, kind: kindOf(strings.ToLower(name))}
	switch strings.ToLower(name) {
	case "jobname", "submitline", "constraints":
		s.rank = 1
	case "comment", "admincomment", "systemcomment", "workdir":
		s.rank = 2
	}
	s.col = columnName(name, s.kind)
	return s
}

// FreeText reports whether the sacct field name (any case) is free text,
// which may hold the delimiter or a line break: a record whose free text
// holds a line break continues on the next lines.
func FreeText(name string) bool { return kindOf(strings.ToLower(name)) == kFree }

func kindOf(lower string) kind {
	switch lower {
	case "jobname", "submitline", "constraints", "comment", "admincomment", "systemcomment", "workdir":
		return kFree
	case "submit", "eligible", "start", "end":
		return kTime
	case "elapsed", "totalcpu", "usercpu", "systemcpu", "cputime", "avecpu", "mincpu",
		"timelimit", "suspended", "reserved", "resvcpu", "planned", "plannedcpu":
		return kDuration
	case "maxrss", "averss", "maxvmsize", "avevmsize":
		return kSizeK
	case "maxdiskread", "maxdiskwrite", "avediskread", "avediskwrite", "reqmem":
		return kSizeM
	case "alloccpus", "allocnodes", "ncpus", "nnodes", "reqcpus", "reqnodes", "ntasks", "uid", "gid",
		"associd", "dbindex", "elapsedraw", "cputimeraw", "priority", "qosraw", "resvcpuraw",
		"timelimitraw", "wckeyid", "reservationid", "plannedcpuraw", "consumedenergyraw":
		return kInt
	case "exitcode", "derivedexitcode":
		return kExit
	case "state":
		return kState
	case "jobid", "jobidraw":
		return kJobID
	case "alloctres", "reqtres":
		return kTRES
	case "tresusageinave", "tresusageinmax":
		return kUsage
	case "nodelist":
		return kNodes
	}
	return kText
}

// columnName is the column of a field: Slurm's CamelCase name in
// snake_case ("AllocCPUS" is alloc_cpus, "MaxRSSNode" max_rss_node), with
// the unit for converted values (elapsed_s, max_rss_mb).
func columnName(name string, k kind) string {
	switch strings.ToLower(name) {
	case "cputime":
		return "alloc_cpu_s" // Elapsed × AllocCPUS, not CPU time used
	case "ncpus":
		return "ncpus"
	case "nnodes":
		return "nnodes"
	case "qosraw":
		return "qos_raw"
	}
	c := snake(name)
	switch k {
	case kDuration:
		c += "_s"
	case kSizeK, kSizeM:
		c += "_mb"
	}
	return c
}

// snake turns CamelCase with acronyms into snake_case: a word starts at
// an upper-case letter after a lower-case one or a digit, and at the last
// upper-case letter of an acronym followed by a lower-case one.
func snake(s string) string {
	var b strings.Builder
	isUp := func(c byte) bool { return c >= 'A' && c <= 'Z' }
	isLow := func(c byte) bool { return c >= 'a' && c <= 'z' || c >= '0' && c <= '9' }
	for i := 0; i < len(s); i++ {
		c := s[i]
		if i > 0 && isUp(c) && (isLow(s[i-1]) || (isUp(s[i-1]) && i+1 < len(s) && s[i+1] >= 'a' && s[i+1] <= 'z')) {
			b.WriteByte('_')
		}
		if isUp(c) {
			c += 'a' - 'A'
		}
		if c == '/' || c == ' ' || c == '-' {
			c = '_'
		}
		b.WriteByte(c)
	}
	return b.String()
}
