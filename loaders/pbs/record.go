package pbs

import (
	"bytes"
	"strconv"
	"strings"
	"time"
)

// record is one line of an accounting log, decoded on a worker:
// "MM/DD/YYYY HH:MM:SS;T;id;key=value key=value ...".
type record struct {
	time int64 // the record's date, µs
	typ  byte  // record type (Q, S, E, ...)
	id   string
	// the attributes the frames read, each with whether the record
	// has it
	user, group, account, project, jobname, queue, execHost, execVnode str
	ctime, qtime, etime, start, end                                    num // µs
	exit, runCount                                                     num
	reqCPUs, reqMem, reqNodes, reqGPUs, reqTime                        flt
	reqNodesSpec, reqSelect                                            request
	cpuTime, wallTime, mem, vmem, usedCPUs                             flt
	hosts                                                              []hostSlots
	extra                                                              []attr // every other attribute, in order

	bad      string // the field at fault, "" for none
	badText  string
	badWant  string // what was wanted ("" when the record is good)
	badErr   error
	badWhole bool // the line as a whole is at fault
}

type str struct {
	v  string
	ok bool
}

// request is a chunked resource request (Resource_List.select or
// Resource_List.nodes) and what it sums to, read on the worker that
// decodes its record.
type request struct {
	str
	cpus, gpus flt     // the chunks' ncpus and ngpus (ppn and gpus for nodes); ok when a chunk names them
	chunks     float64 // the number of chunks (nodes) asked for
}

// selectRequest reads PBS Professional's Resource_List.select.
func selectRequest(v string) request {
	q := request{str: str{v, true}}
	q.cpus.v, q.cpus.ok = chunkSums(v, "ncpus")
	q.gpus.v, q.gpus.ok = chunkSums(v, "ngpus")
	return q
}

// nodesRequest reads Torque's Resource_List.nodes.
func nodesRequest(v string) request {
	q := request{str: str{v, true}, chunks: chunkCount(v)}
	q.cpus.v, q.cpus.ok = chunkSums(v, "ppn")
	q.gpus.v, q.gpus.ok = chunkSums(v, "gpus")
	return q
}

type num struct {
	v  int64
	ok bool
}

type flt struct {
	v  float64
	ok bool
}

// Reusable lets the line batches be recycled: decode overwrites a
// record whole, and its texts are views of its own copy of the line.
func (*record) Reusable() {}

// attr is an attribute the frames keep as text, under its own name.
type attr struct {
	key, value string
	col        int32 // its column in the jobs frame (set by extraColumns)
}

// decoder decodes the lines of one log.
type decoder struct{ loc *time.Location }

// decode reads one line into r (a reused record).
func (d decoder) decode(line []byte, r *record) {
	*r = record{hosts: r.hosts[:0], extra: r.extra[:0]}
	if len(bytes.TrimSpace(line)) == 0 {
		r.typ = 0
		return
	}
	s := string(line) // one copy: every text of the record is a view of it
	date, rest, ok1 := strings.Cut(s, ";")
	typ, rest, ok2 := strings.Cut(rest, ";")
	id, msg, ok3 := strings.Cut(rest, ";")
	if !ok1 || !ok2 || !ok3 {
		r.fail("", "", "a record date;type;id;attributes (four fields separated by ';')", nil)
		r.badWhole = true
		return
	}
	t, err := parseDate([]byte(date), d.loc)
	if err != nil {
		r.fail("date", date, "the record's date MM/DD/YYYY HH:MM:SS", err)
		return
	}
	r.time = t
	if len(typ) != 1 || !knownType(typ[0]) {
		r.fail("type", typ, "a record type of PBS or Torque ("+typeList+")", nil)
		return
	}
	r.typ, r.id = typ[0], id
	r.attributes(msg)
	if r.start.ok && r.end.ok && r.end.v < r.start.v && !r.failed() {
		r.fail("end", strings.TrimSuffix(strconv.FormatInt(r.end.v, 10), "000000"), "an end at or after the start ("+strings.TrimSuffix(strconv.FormatInt(r.start.v, 10), "000000")+")", nil)
	}
}

// fail marks the record bad at field.
func (r *record) fail(field, text, want string, err error) {
	if r.failed() {
		return
	}
	r.bad, r.badText, r.badWant, r.badErr = field, text, want, err
}

// failed reports whether the record is bad.
func (r *record) failed() bool { return r.badWant != "" }

// attributes reads the key=value pairs of msg: separated by spaces, a
// value with spaces quoted in " or ' (OpenPBS quotes so), and a word
// without '=' continuing the value before it (Torque writes
// Resource_Request_2.0=-L tasks=1:lprocs=28 unquoted).
func (r *record) attributes(msg string) {
	var key, val string
	valStart, have, quoted := 0, false, false
	for i := 0; i < len(msg); {
		if msg[i] == ' ' || msg[i] == '\t' {
			i++
			continue
		}
		end := i
		for end < len(msg) && msg[end] != ' ' && msg[end] != '\t' && msg[end] != '=' {
			end++
		}
		if end == len(msg) || msg[end] != '=' || end == i || have && strings.HasSuffix(val, "-L") {
			// a word without '=' (or after Torque's -L): the value goes on
			for end < len(msg) && msg[end] != ' ' && msg[end] != '\t' {
				end++
			}
			if !have || quoted {
				r.fail(key, msg[i:end], "attributes key=value (a value with spaces in quotes)", nil)
				return
			}
			val, i = msg[valStart:end], end
			continue
		}
		if have {
			r.set(key, val)
		}
		key, have, quoted = msg[i:end], true, false
		i = end + 1
		if i < len(msg) && (msg[i] == '"' || msg[i] == '\'') {
			q := msg[i]
			closing := strings.IndexByte(msg[i+1:], q)
			if closing < 0 {
				r.fail(key, msg[i:], "a value closed by its quote", nil)
				return
			}
			val, quoted = msg[i+1:i+1+closing], true
			i += closing + 2
			continue
		}
		end = i
		for end < len(msg) && msg[end] != ' ' && msg[end] != '\t' {
			end++
		}
		val, valStart, i = msg[i:end], i, end
	}
	if have {
		r.set(key, val)
	}
}
