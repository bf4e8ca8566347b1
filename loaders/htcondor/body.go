package htcondor

import (
	"strconv"
	"strings"
)

// body is what the lines of an event after its first tell the frames.
type body struct {
	dagNode, slot, detail string
	// termination (005): exit value or signal
	normal            bool
	exit, signal      int64
	haveExit, haveSig bool
	// usage: the run's remote CPU time (005, 004) and the job's total
	// (005), seconds
	runCPU, totalCPU   float64
	haveRun, haveTotal bool
	sent, received     float64 // bytes of the run
	haveBytes          bool
	res                resources
	memMB              float64 // MemoryUsage of job (006)
	haveMem            bool
}

// resources is the partitionable resources table (Usage, Request,
// Allocated) and, in an execute event, the slot's Cpus, GPUs, Memory
// and Disk.
type resources struct {
	cpus, gpus, memMB, diskKB [3]float64 // usage, request, allocated
	have                      [4][3]bool
}

const (
	usage = iota
	request
	allocated
)

// parseBody reads the lines of an event of number code; field and want
// say what is wrong when ok is false.
func parseBody(code int, lines []string) (b body, field, want string, line int, ok bool) {
	table := -1 // the colon's column in the table's header, -1 outside one
	var ends []int
	for i, raw := range lines {
		s := strings.TrimSpace(raw)
		switch {
		case s == "":
			continue
		case table >= 0:
			if k := strings.IndexByte(raw, ':'); k > 0 && !strings.Contains(raw[k+1:], ":") {
				if !b.res.row(strings.TrimSpace(raw[:k]), raw[k+1:], ends) {
					return b, "Partitionable Resources", "a row of numbers under Usage, Request and Allocated", i, false
				}
				continue
			}
			table = -1
		}
		if strings.HasPrefix(s, "Partitionable Resources") {
			k := strings.IndexByte(raw, ':')
			if k < 0 {
				return b, "Partitionable Resources", "the table's header, Usage Request Allocated", i, false
			}
			table, ends = k, columnEnds(raw[k+1:])
			continue
		}
		if f, w, ok := b.line(code, s, i == 0); !ok {
			return b, f, w, i, false
		}
	}
	return b, "", "", 0, true
}

// line reads one line of an event's body.
func (b *body) line(code int, s string, first bool) (field, want string, ok bool) {
	switch {
	case strings.HasPrefix(s, "DAG Node:"):
		b.dagNode = strings.TrimSpace(strings.TrimPrefix(s, "DAG Node:"))
	case strings.HasPrefix(s, "SlotName:"):
		b.slot = strings.TrimSpace(strings.TrimPrefix(s, "SlotName:"))
	case code == evTerminated && first:
		return b.termination(s)
	case strings.HasSuffix(s, "Run Remote Usage"):
		v, ok := cpuTime(s)
		if !ok {
			return "Run Remote Usage", "Usr D HH:MM:SS, Sys D HH:MM:SS", false
		}
		b.runCPU, b.haveRun = v, true
	case strings.HasSuffix(s, "Total Remote Usage"):
		v, ok := cpuTime(s)
		if !ok {
			return "Total Remote Usage", "Usr D HH:MM:SS, Sys D HH:MM:SS", false
		}
		b.totalCPU, b.haveTotal = v, true
	case strings.HasSuffix(s, "Run Bytes Sent By Job"), strings.HasSuffix(s, "Run Bytes Received By Job"):
		n, _, _ := strings.Cut(s, " - ")
		v, err := strconv.ParseFloat(strings.TrimSpace(n), 64)
		if err != nil || v < 0 {
			return "Run Bytes", "a count of bytes", false
		}
		if strings.Contains(s, "Sent") {
			b.sent = v
		} else {
			b.received = v
		}
		b.haveBytes = true
	case code == evImageSize && strings.HasSuffix(s, "MemoryUsage of job (MB)"):
		n, _, _ := strings.Cut(s, " - ")
		v, err := strconv.ParseFloat(strings.TrimSpace(n), 64)
		if err != nil {
			return "MemoryUsage", "MB as a number", false
		}
		b.memMB, b.haveMem = v, v >= 0
	case code == evExecute && strings.Contains(s, " = "):
		b.slotAttr(s)
	default:
		if first && b.detail == "" && (code == evAborted || code == evHeld || code == evEvicted || code == evShadowException || code == evReconnectFailed) {
			b.detail = s
		}
	}
	return "", "", true
}

// termination reads 005's first line: "(1) Normal termination (return
// value N)" or "(0) Abnormal termination (signal N)".
func (b *body) termination(s string) (field, want string, ok bool) {
	b.detail = s
	num := func(prefix string) (int64, bool) {
		i := strings.Index(s, prefix)
		if i < 0 {
			return 0, false
		}
		rest := s[i+len(prefix):]
		j := strings.IndexByte(rest, ')')
		if j < 0 {
			return 0, false
		}
		n, err := strconv.ParseInt(strings.TrimSpace(rest[:j]), 10, 64)
		return n, err == nil
	}
	switch {
	case strings.Contains(s, "Normal termination"):
		b.normal = true
		b.exit, b.haveExit = num("(return value")
		if !b.haveExit {
			return "termination", "(1) Normal termination (return value N)", false
		}
	case strings.Contains(s, "Abnormal termination"):
		b.signal, b.haveSig = num("(signal")
		if !b.haveSig {
			return "termination", "(0) Abnormal termination (signal N)", false
		}
	default:
		return "termination", "(1) Normal termination (return value N) or (0) Abnormal termination (signal N)", false
	}
	return "", "", true
}

// slotAttr reads an execute event's "Cpus = 1", "Memory = 1024" (MB),
// "GPUs = 0" and "Disk = 1049643" (KB): what the slot gave the job.
func (b *body) slotAttr(s string) {
	k, v, _ := strings.Cut(s, " = ")
	n, err := strconv.ParseFloat(strings.TrimSpace(v), 64)
	if err != nil || n < 0 {
		return // other attributes (CondorScratchDir, GLIDEIN_ResourceName) are text
	}
	for _, x := range []struct {
		name string
		i    int
	}{{"Cpus", 0}, {"GPUs", 1}, {"Memory", 2}, {"Disk", 3}} {
		if k == x.name {
			b.res.set(x.i, allocated, n)
		}
	}
}

// cpuTime reads "Usr D HH:MM:SS, Sys D HH:MM:SS  -  ..." as seconds.
func cpuTime(s string) (float64, bool) {
	s, _, _ = strings.Cut(s, " - ")
	usr, sys, ok := strings.Cut(s, ",")
	if !ok {
		return 0, false
	}
	a, ok1 := dhms(strings.TrimPrefix(strings.TrimSpace(usr), "Usr "))
	c, ok2 := dhms(strings.TrimPrefix(strings.TrimSpace(sys), "Sys "))
	return a + c, ok1 && ok2
}

// dhms reads "D HH:MM:SS" as seconds.
func dhms(s string) (float64, bool) {
	d, clock, ok := strings.Cut(strings.TrimSpace(s), " ")
	days, err := strconv.Atoi(d)
	if !ok || err != nil || days < 0 {
		return 0, false
	}
	secs, _, ok := parseClock(clock)
	return float64(days)*86400 + float64(secs), ok
}

// columnEnds is where the table header's column names end, counted from
// after its colon.
func columnEnds(s string) []int {
	var ends []int
	for i := 0; i < len(s); i++ {
		if s[i] != ' ' && s[i] != '\t' && (i+1 == len(s) || s[i+1] == ' ' || s[i+1] == '\t') {
			ends = append(ends, i)
		}
	}
	return ends
}

// row reads a row of the table: each number goes to the column whose
// name ends where the number does (the table is right-aligned; a column
// may be blank).
func (r *resources) row(name, s string, ends []int) bool {
	i := -1
	switch {
	case name == "Cpus":
		i = 0
	case name == "GPUs":
		i = 1
	case strings.HasPrefix(name, "Memory"):
		i = 2
	case strings.HasPrefix(name, "Disk"):
		i = 3
	}
	for k := 0; k < len(s); k++ {
		if s[k] == ' ' || s[k] == '\t' {
			continue
		}
		start := k
		for k < len(s) && s[k] != ' ' && s[k] != '\t' {
			k++
		}
		v, err := strconv.ParseFloat(s[start:k], 64)
		if err != nil {
			return false
		}
		col := -1
		for c, e := range ends {
			if c < 3 && (col < 0 || abs(e-(k-1)) < abs(ends[col]-(k-1))) {
				col = c
			}
		}
		if col < 0 {
			return false
		}
		if i >= 0 {
			r.set(i, col, v)
		}
	}
	return true
}

func (r *resources) set(i, col int, v float64) {
	p := [4]*[3]float64{&r.cpus, &r.gpus, &r.memMB, &r.diskKB}[i]
	p[col], r.have[i][col] = v, true
}

// get returns resource i's value in column col.
func (r *resources) get(i, col int) (float64, bool) {
	p := [4]*[3]float64{&r.cpus, &r.gpus, &r.memMB, &r.diskKB}[i]
	return p[col], r.have[i][col]
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}
