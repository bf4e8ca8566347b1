package nextflow

import (
	"strings"

	"github.com/jobframe/jobframe/frame/schema"
)

// kind is how a trace field's text reads.
type kind uint8

const (
	kText     kind = iota // kept as written
	kInt                  // integer
	kFloat                // number (cpus)
	kExit                 // exit status: integer, "-" when none
	kStatus               // task status: state (vocabulary) and raw_state
	kDate                 // date → µs since the epoch
	kDuration             // time → s
	kMemory               // mem → MiB
	kBytes                // mem counted in bytes (I/O counters) → bytes
	kPercent              // perc → percent
)

// spec is one header field: its kind and the column it fills.
type spec struct {
	field  string // as the header names it
	kind   kind
	column string
}

// known maps the fields of Nextflow's TraceRecord.FIELDS to their kind
// and column; see docs/formats.md for the units.
var known = map[string]spec{
	"task_id":      {kind: kInt, column: "task"},
	"hash":         {kind: kText, column: "hash"},
	"native_id":    {kind: kText, column: "native_id"},
	"process":      {kind: kText, column: "category"},
	"module":       {kind: kText, column: "module"},
	"container":    {kind: kText, column: "container"},
	"tag":          {kind: kText, column: "tag"},
	"name":         {kind: kText, column: "name"},
	"status":       {kind: kStatus, column: "state"},
	"exit":         {kind: kExit, column: "exit_code"},
	"submit":       {kind: kDate, column: "submit"},
	"start":        {kind: kDate, column: "start"},
	"complete":     {kind: kDate, column: "end"},
	"duration":     {kind: kDuration, column: "duration_s"},
	"realtime":     {kind: kDuration, column: "wall_time_s"},
	"%cpu":         {kind: kPercent, column: "cpu_pct"},
	"%mem":         {kind: kPercent, column: "mem_pct"},
	"rss":          {kind: kMemory, column: "rss_mb"},
	"vmem":         {kind: kMemory, column: "vmem_mb"},
	"peak_rss":     {kind: kMemory, column: "mem_mb"},
	"peak_vmem":    {kind: kMemory, column: "peak_vmem_mb"},
	"rchar":        {kind: kBytes, column: "rchar_bytes"},
	"wchar":        {kind: kBytes, column: "wchar_bytes"},
	"syscr":        {kind: kInt, column: "syscr"},
	"syscw":        {kind: kInt, column: "syscw"},
	"read_bytes":   {kind: kBytes, column: "read_bytes"},
	"write_bytes":  {kind: kBytes, column: "write_bytes"},
	"attempt":      {kind: kInt, column: "attempt"},
	"workdir":      {kind: kText, column: "workdir"},
	"script":       {kind: kText, column: "script"},
	"scratch":      {kind: kText, column: "scratch"},
	"queue":        {kind: kText, column: "queue"},
	"cpus":         {kind: kFloat, column: "req_cpus"},
	"memory":       {kind: kMemory, column: "req_mem_mb"},
	"disk":         {kind: kMemory, column: "req_disk_mb"},
	"time":         {kind: kDuration, column: "req_time_s"},
	"env":          {kind: kText, column: "env"},
	"error_action": {kind: kText, column: "error_action"},
	"vol_ctxt":     {kind: kInt, column: "vol_ctxt"},
	"inv_ctxt":     {kind: kInt, column: "inv_ctxt"},
	"hostname":     {kind: kText, column: "worker"},
	"cpu_model":    {kind: kText, column: "cpu_model"},
}

// derived are the columns the loader makes besides the fields' own.
var derived = map[string]bool{"source": true, "job": true, "task": true, "attempt": true, "category": true,
	"state": true, "raw_state": true, "cpu_time_s": true, "line": true}

// specOf returns the spec of a header field: a known field as the table
// says, another (a field of a later Nextflow) kept as text under its
// name in snake case.
func specOf(field string) spec {
	if s, ok := known[field]; ok {
		s.field = field
		return s
	}
	var b strings.Builder
	for _, r := range strings.ToLower(field) {
		switch {
		case r >= 'a' && r <= 'z', r >= '0' && r <= '9':
			b.WriteRune(r)
		case b.Len() > 0 && !strings.HasSuffix(b.String(), "_"):
			b.WriteByte('_')
		}
	}
	name := strings.TrimSuffix(b.String(), "_")
	if name == "" || reserved(name) {
		name = "nf_" + name // not to clash with a column the loader makes
	}
	return spec{field: field, kind: kText, column: name}
}

// reserved reports whether column name belongs to the loader: one it
// derives, one a known field fills, or a canonical tasks column (an
// unknown field "submit_" must not become a text column "submit").
func reserved(name string) bool {
	if derived[name] {
		return true
	}
	for _, s := range known {
		if s.column == name {
			return true
		}
	}
	tasks, _ := schema.Lookup(schema.Tasks)
	_, canonical := tasks.Column(name)
	return canonical
}

// what says what a field of kind k holds, for errors.
func (k kind) what() string {
	switch k {
	case kInt:
		return "an integer"
	case kFloat:
		return "a number"
	case kExit:
		return "an exit status (an integer or -)"
	case kStatus:
		return "a task status (COMPLETED, FAILED, ABORTED, CACHED, NEW, SUBMITTED, RUNNING)"
	case kDate:
		return "a date YYYY-MM-DD HH:MM:SS.mmm or epoch milliseconds"
	case kDuration:
		return "a duration such as 5m 18s, 13.9s, 366ms or milliseconds"
	case kMemory, kBytes:
		return "a size such as 218.2 MB, 1016 B or bytes"
	case kPercent:
		return "a percentage such as 97.8%"
	}
	return "text"
}
