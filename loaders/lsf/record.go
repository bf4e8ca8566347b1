package lsf

import (
	"strconv"
	"strings"

	"github.com/jobframe/jobframe/loaders/internal/bytesconv"
)

// The record types of lsb.acct: JOB_FINISH is a job's finish (or its
// end without running), JOB_RESIZE a change to a running job's
// allocation, EVENT_ADRSV_FINISH an advance reservation's end.
const (
	jobFinish  = "JOB_FINISH"
	jobResize  = "JOB_RESIZE"
	rsvFinish  = "EVENT_ADRSV_FINISH"
	typeList   = jobFinish + ", " + jobResize + " or " + rsvFinish
	secondToµs = 1_000_000
)

// record is one line of lsb.acct, decoded on a worker. Texts are views
// of the line, valid until its batch is recycled after apply.
type record struct {
	typ, version string
	time         int64 // the event time, µs
	jobID, idx   int64
	// JOB_FINISH only, in the order of the record
	userID                            int64
	numProcessors, maxProcessors      int64
	submit, begin, termTime, start    int64 // seconds since 1970, 0 for unset
	user, queue, resReq, dependCond   string
	preExec, fromHost, cwd            string
	inFile, outFile, errFile, jobFile string
	askedHosts                        []string
	hosts                             []hostSlots
	jStatus                           int64
	hostFactor                        float64
	jobName, command                  string
	utime, stime, maxRSS              float64 // s, s, KB; -1 for unavailable
	mailUser, project                 string
	exitStatus                        int64
	tail                              tail
	bad                               *fault
	raw                               string         // the line, for errors
	hostIndex                         map[string]int // hosts' places, for long lists
	// made on the worker for the builder: the job's key (jobKey) and
	// its hosts as exec_host words them
	key, execHost string
}

// tail is what a JOB_FINISH record has after maxNumProcessors: every
// field is there since LSF 6, but a record may end early (older
// versions, or a record cut short, as xdmod's second sample is), and
// the have fields say how far it went.
type tail struct {
	loginShell                 string
	idx                        int64
	maxRMem, maxRSwap          int64 // KB, -1 or 0 for unknown
	sla                        string
	exitInfo                   int64
	haveExitInfo               bool
	app, jobGroup, description string
	runLimit, avgMem           int64 // s, KB
	haveLimits                 bool
	effectiveResReq            string
	runTime                    int64 // s
	haveRunTime                bool
	energy                     float64
	haveEnergy                 bool
	gpuHosts                   int
	kvp                        []kv
}

// kv is a key-value pair of the record's finishKVP list.
type kv struct{ key, value string }

// hostSlots is an execution host and the slots the job held there.
type hostSlots struct {
	host  string
	slots float64
}

// Reusable lets the line batches be recycled: decode overwrites a
// record whole, and apply keeps no view of its line.
func (*record) Reusable() {}

// decode reads one line into r (a reused record). A blank line leaves
// r.typ empty.
func decode(line []byte, r *record) {
	hosts, asked, kvp := r.hosts[:0], r.askedHosts[:0], r.tail.kvp[:0]
	*r = record{hosts: hosts, askedHosts: asked, tail: tail{kvp: kvp}}
	if len(strings.TrimSpace(string(line))) == 0 {
		return
	}
	// every text of the record is a view of the line: apply copies what
	// it keeps before the line's batch is recycled
	s := bytesconv.String(line)
	f := &fields{s: s}
	defer func() { r.bad, r.raw = f.err, s }()
	r.typ = f.str("type")
	if f.err != nil {
		f.err.whole = true
		return
	}
	switch r.typ {
	case jobFinish, jobResize, rsvFinish:
	default:
		want := "an lsb.acct record type (" + typeList + ")"
		if eventsType(r.typ) {
			want += "; " + r.typ + " is a record of lsb.events, the scheduler's event log, not of the accounting log lsb.acct"
		}
		f.fail("type", r.typ, want)
		return
	}
	r.version = f.str("version")
	if r.version == "" || strings.Trim(r.version, "0123456789.") != "" {
		f.fail("version", r.version, "the log format's version, digits and dots (10.108)")
	}
	r.time = f.int("eventTime") * secondToµs
	switch r.typ {
	case jobFinish:
		r.finish(f)
	case jobResize:
		r.jobID = f.int("jobId")
		r.idx = f.int("idx")
	}
	if r.typ != rsvFinish && f.err == nil {
		r.key = jobKey(r.jobID, r.idx)
	}
}

// finish reads the fields of a JOB_FINISH record after its event time,
// in the order IBM documents them (docs/formats.md#lsf-accounting-log-lsbacct).
func (r *record) finish(f *fields) {
	r.jobID = f.int("jobId")
	r.userID = f.int("userId")
	f.skip("options")
	r.numProcessors = f.int("numProcessors")
	r.submit, r.begin, r.termTime, r.start = f.int("submitTime"), f.int("beginTime"), f.int("termTime"), f.int("startTime")
	r.user, r.queue, r.resReq, r.dependCond = f.str("userName"), f.str("queue"), f.str("resReq"), f.str("dependCond")
	r.preExec, r.fromHost, r.cwd = f.str("preExecCmd"), f.str("fromHost"), f.str("cwd")
	r.inFile, r.outFile, r.errFile, r.jobFile = f.str("inFile"), f.str("outFile"), f.str("errFile"), f.str("jobFile")
	for range f.count("numAskedHosts") {
		r.askedHosts = append(r.askedHosts, f.str("askedHosts"))
	}
	r.execHosts(f)
	r.jStatus = f.int("jStatus")
	r.hostFactor = f.float("hostFactor")
	r.jobName, r.command = f.str("jobName"), f.str("command")
	r.utime, r.stime, r.maxRSS = f.float("ru_utime"), f.float("ru_stime"), f.float("ru_maxrss")
	for _, name := range rusageRest {
		f.float(name)
	}
	r.mailUser, r.project = f.str("mailUser"), f.str("projectName")
	r.exitStatus = f.int("exitStatus")
	r.maxProcessors = f.int("maxNumProcessors")
	if f.err == nil {
		r.tail.read(f)
	}
	if f.err == nil {
		r.check(f)
	}
	r.idx = r.tail.idx
	r.execHost = execHostText(r.hosts)
}

// execHostText words hosts as one text: the names, blank-separated,
// each with its slots as N*host when more than one.
func execHostText(hosts []hostSlots) string {
	var sb strings.Builder
	for i, h := range hosts {
		if i > 0 {
			sb.WriteByte(' ')
		}
		if h.slots != 1 {
			sb.WriteString(strconv.FormatFloat(h.slots, 'f', -1, 64))
			sb.WriteByte('*')
		}
		sb.WriteString(h.host)
	}
	return sb.String()
}

// rusageRest are lsfRusage's fields after ru_maxrss, which no frame
// keeps.
var rusageRest = []string{"ru_ixrss", "ru_ismrss", "ru_idrss", "ru_isrss", "ru_minflt", "ru_majflt", "ru_nswap",
	"ru_inblock", "ru_oublock", "ru_ioch", "ru_msgsnd", "ru_msgrcv", "ru_nsignals", "ru_nvcsw", "ru_nivcsw", "ru_exutime"}

// execHosts reads numExHosts and the hosts: each a host name once per
// slot, or "N*host" for N slots (LSF_HPC_EXTENSIONS=SHORT_EVENTFILE),
// gathered into one entry per host in the order first named.
func (r *record) execHosts(f *fields) {
	n := f.count("numExHosts")
	for range n {
		v, quoted := f.next("execHosts")
		if f.err != nil {
			return
		}
		if !quoted || v == "" {
			f.fail("execHosts", v, "a quoted host name (numExHosts says "+strconv.Itoa(n)+")")
			return
		}
		slots, host := 1.0, v
		if k := strings.IndexByte(v, '*'); k > 0 {
			m, err := strconv.Atoi(v[:k])
			if err != nil || m < 1 || k == len(v)-1 {
				f.fail("execHosts", v, "a host name, or N*host for N slots on it")
				return
			}
			slots, host = float64(m), v[k+1:]
		}
		r.addHost(host, slots)
	}
}

// addHost counts slots more on host: a look along the list for the few
// hosts of most jobs, a map past that (a list of a host per slot may
// name thousands).
func (r *record) addHost(host string, slots float64) {
	if r.hostIndex != nil {
		if i, ok := r.hostIndex[host]; ok {
			r.hosts[i].slots += slots
			return
		}
	} else {
		for i := range r.hosts {
			if r.hosts[i].host == host {
				r.hosts[i].slots += slots
				return
			}
		}
	}
	r.hosts = append(r.hosts, hostSlots{host, slots})
	switch {
	case r.hostIndex != nil:
		r.hostIndex[host] = len(r.hosts) - 1
	case len(r.hosts) == 16:
		r.hostIndex = make(map[string]int, 64)
		for i, h := range r.hosts {
			r.hostIndex[h.host] = i
		}
	}
}

// check refuses what the fields cannot mean together.
func (r *record) check(f *fields) {
	switch {
	case r.jStatus&(statDone|statExit) == 0 || r.jStatus&(statDone|statExit) == statDone|statExit:
		f.fail("jStatus", strconv.FormatInt(r.jStatus, 10), "a finished job's status: DONE (64) or EXIT (32), with or without the post-execution bits PDONE (128) and PERR (256)")
	case r.jStatus&^(statDone|statExit|statPDone|statPErr) != 0:
		f.fail("jStatus", strconv.FormatInt(r.jStatus, 10), "a finished job's status: DONE (64) or EXIT (32), with or without the post-execution bits PDONE (128) and PERR (256)")
	case r.start > 0 && r.time/secondToµs < r.start:
		f.fail("startTime", strconv.FormatInt(r.start, 10), "a start at or before the event time ("+strconv.FormatInt(r.time/secondToµs, 10)+")")
	case r.submit < 0 || r.start < 0 || r.begin < 0 || r.termTime < 0:
		f.fail("submitTime", strconv.FormatInt(r.submit, 10), "times in seconds since 1970, 0 for unset")
	case r.numProcessors < 0 || r.maxProcessors < 0:
		f.fail("numProcessors", strconv.FormatInt(r.numProcessors, 10), "a count of processors, 0 or more")
	}
}

// eventsType reports whether typ is a record type of lsb.events.
func eventsType(typ string) bool {
	switch typ {
	case "JOB_NEW", "JOB_START", "JOB_START_ACCEPT", "JOB_STATUS", "JOB_EXECUTE", "JOB_SWITCH", "JOB_SWITCH2", "JOB_MOVE",
		"JOB_SIGNAL", "JOB_SIGACT", "JOB_CLEAN", "JOB_FORCE", "JOB_MODIFY", "JOB_MODIFY2", "JOB_REQUEUE", "JOB_ROUTE",
		"JOB_CHUNK", "JOB_EXT_MSG", "JOB_ATTA_DATA", "JOB_OCCUPY_REQ", "JOB_VACATED", "JOB_ATTR_SET", "JOB_PROV_HOST",
		"MBD_START", "MBD_DIE", "MBD_UNFULFILL", "LOAD_INDEX", "QUEUE_CTRL", "HOST_CTRL", "LOG_SWITCH", "MIG", "PRE_EXEC_START",
		"UNFULFILL", "SBD_JOB_STATUS", "SBD_UNREPORTED_STATUS", "CAL_NEW", "CAL_MODIFY", "CAL_DELETE", "JGRP_ADD", "JGRP_MOD",
		"JGRP_CTRL", "JGRP_STATUS", "ADRSV_ADD", "ADRSV_CANCEL", "ADRSV_MODIFY", "JOB_RUN_RUSAGE":
		return true
	}
	return false
}
