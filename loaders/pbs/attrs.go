package pbs

import (
	"strings"

	"github.com/jobframe/jobframe/loaders/internal/bytesconv"
)

// The record types of OpenPBS's acct.h (PBS Professional shares them;
// Torque writes Q, S, E, D, A, R, C and T), and the attributes the
// frames read.

// typeList names the record types for messages.
const typeList = "Q S s E D A R C T M L a z r u c e U Y B F K k P p"

// knownType reports whether c is a record type PBS or Torque writes.
func knownType(c byte) bool {
	return c != ' ' && c != ';' && strings.IndexByte(typeList, c) >= 0
}

// typeWords says what a record type means, for the events frame and
// the jobs' state.
func typeWords(c byte) string {
	switch c {
	case 'Q':
		return "queued"
	case 'S':
		return "started"
	case 's':
		return "started (resources pruned)"
	case 'E':
		return "ended"
	case 'D':
		return "deleted"
	case 'A':
		return "aborted"
	case 'R':
		return "rerun"
	case 'C':
		return "checkpointed"
	case 'T':
		return "restarted"
	case 'M':
		return "moved"
	case 'L':
		return "license"
	case 'a':
		return "altered"
	case 'z':
		return "suspended"
	case 'r':
		return "resumed"
	case 'u':
		return "usage update"
	case 'c':
		return "next phase"
	case 'e':
		return "last phase usage"
	case 'U':
		return "reservation unconfirmed"
	case 'Y':
		return "reservation confirmed"
	case 'B':
		return "reservation began"
	case 'F':
		return "reservation finished"
	case 'K', 'k':
		return "reservation removed"
	case 'P':
		return "provisioning started"
	case 'p':
		return "provisioning ended"
	}
	return string(c)
}

// set takes one attribute of the record: the ones the frames read are
// typed (an error names the attribute), the rest kept as text.
func (r *record) set(key, val string) {
	switch key {
	case "user":
		r.user = str{val, true}
	case "group":
		r.group = str{val, true}
	case "account":
		r.account = str{val, true}
	case "project":
		r.project = str{val, true}
	case "jobname":
		r.jobname = str{val, true}
	case "queue":
		r.queue = str{val, true}
	case "exec_host":
		r.execHost = str{val, true}
		hosts, err := parseExecHost(r.hosts[:0], val)
		if err != nil {
			r.fail(key, val, "the hosts and slots of the run, host/slots[+host/slots...]", err)
			return
		}
		r.hosts = hosts
	case "exec_vnode":
		r.execVnode = str{val, true}
	case "ctime":
		r.epoch(&r.ctime, key, val)
	case "qtime":
		r.epoch(&r.qtime, key, val)
	case "etime":
		r.epoch(&r.etime, key, val)
	case "start":
		r.epoch(&r.start, key, val)
	case "end":
		r.epoch(&r.end, key, val)
	case "Exit_status":
		r.integer(&r.exit, key, val)
	case "run_count":
		r.integer(&r.runCount, key, val)
	case "Resource_List.ncpus":
		r.number(&r.reqCPUs, key, val, parseCount)
	case "Resource_List.mem":
		r.number(&r.reqMem, key, val, parseSizeMB)
	case "Resource_List.nodect":
		r.number(&r.reqNodes, key, val, parseNodeCount)
	case "Resource_List.ngpus":
		r.number(&r.reqGPUs, key, val, parseCount)
	case "Resource_List.walltime":
		r.number(&r.reqTime, key, val, parseDuration)
	case "Resource_List.nodes":
		r.reqNodesSpec = nodesRequest(val)
	case "Resource_List.select":
		r.reqSelect = selectRequest(val)
	case "resources_used.cput":
		r.number(&r.cpuTime, key, val, parseDuration)
	case "resources_used.walltime":
		r.number(&r.wallTime, key, val, parseDuration)
	case "resources_used.mem":
		r.number(&r.mem, key, val, parseSizeMB)
	case "resources_used.vmem":
		r.number(&r.vmem, key, val, parseSizeMB)
	case "resources_used.ncpus":
		r.number(&r.usedCPUs, key, val, parseCount)
	default:
		r.extra = append(r.extra, attr{key: key, value: val})
	}
}

func (r *record) epoch(dst *num, key, val string) {
	us, ok, err := parseEpoch(val)
	if err != nil {
		r.fail(key, val, "seconds since 1970", err)
		return
	}
	*dst = num{us, ok}
}

func (r *record) integer(dst *num, key, val string) {
	n, ok := bytesconv.Atoi(val)
	if !ok {
		r.fail(key, val, "an integer", errNumber)
		return
	}
	*dst = num{n, true}
}

func (r *record) number(dst *flt, key, val string, parse func(string) (float64, error)) {
	v, err := parse(val)
	if err != nil {
		want := "a count"
		switch {
		case strings.HasSuffix(key, "walltime") || strings.HasSuffix(key, "cput"):
			want = "a duration"
		case strings.HasSuffix(key, "mem"):
			want = "a size"
		}
		r.fail(key, val, want, err)
		return
	}
	*dst = flt{v, true}
}
