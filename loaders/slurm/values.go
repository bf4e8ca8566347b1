package slurm

import (
	"errors"
	"fmt"
	"math"
	"strconv"
	"strings"
	"time"

	"github.com/jobframe/jobframe/frame/schema"
)

// Values as sacct prints them (docs/formats.md#slurm-accounting-sacct): times without a
// zone, durations, sizes with a unit letter, exit codes, states and TRES
// lists. Each parser returns ok=false for a null (empty, Unknown, None,
// INVALID, UNLIMITED, Partition_Limit) and an error for text it cannot
// read, never a guess.

// errBad is wrapped by every value error that says what is wrong;
// errShape is a value not in the field's form at all (the message then
// has nothing to add to the form it names).
var (
	errBad   = errors.New("not a Slurm value")
	errShape = errors.New("not in the form of the field")
	// errEndBeforeStart is a row whose End is before its Start: no run
	// has a negative length.
	errEndBeforeStart = errors.New("before the row's Start")
	// errInternal is a jobframe bug, which no input should reach
	errInternal = errors.New("internal error")
)

// isNull reports the words sacct prints for a missing value.
func isNull(s string) bool {
	switch s {
	case "", "Unknown", "None", "INVALID", "UNLIMITED", "Partition_Limit", "(null)", "N/A":
		return true
	}
	return false
}

// parseTime reads "2021-10-05T11:26:12" in loc into µs since the epoch.
func parseTime(s string, loc *time.Location) (int64, bool, error) {
	if isNull(s) {
		return 0, false, nil
	}
	if len(s) != 19 || s[4] != '-' || s[7] != '-' || s[10] != 'T' || s[13] != ':' || s[16] != ':' {
		return 0, false, errShape
	}
	var n [6]int // year, month, day, hour, minute, second
	for i, at := range [6]int{0, 5, 8, 11, 14, 17} {
		a, b := s[at]-'0', s[at+1]-'0'
		if a > 9 || b > 9 {
			return 0, false, errShape
		}
		n[i] = int(a)*10 + int(b)
	}
	c, d := s[2]-'0', s[3]-'0' // the year's last two digits
	if c > 9 || d > 9 {
		return 0, false, errShape
	}
	n[0] = n[0]*100 + int(c)*10 + int(d)
	if n[1] < 1 || n[1] > 12 || n[2] < 1 || n[2] > 31 || n[3] > 23 || n[4] > 59 || n[5] > 60 {
		return 0, false, fmt.Errorf("%w: date or time out of range", errBad)
	}
	if loc == time.UTC { // time.Date's reading, without its zone lookup
		days := daysFromCivil(int64(n[0]), int64(n[1])) + int64(n[2]-1)
		return (days*86400 + int64(n[3]*3600+n[4]*60+n[5])) * 1e6, true, nil
	}
	t := time.Date(n[0], time.Month(n[1]), n[2], n[3], n[4], n[5], 0, loc)
	return t.UnixMicro(), true, nil
}

// daysFromCivil is the number of days from 1970-01-01 to the first day of
// month m (1-12) of year y in the proleptic Gregorian calendar, as
// time.Date counts them (Howard Hinnant's days_from_civil).
func daysFromCivil(y, m int64) int64 {
	if m <= 2 {
		y--
	}
	era := y / 400
	if y < 0 {
		era = (y - 399) / 400
	}
	yoe := y - era*400
	mp := (m + 9) % 12 // March is 0
	doy := (153*mp + 2) / 5
	doe := yoe*365 + yoe/4 - yoe/100 + doy
	return era*146097 + doe - 719468
}

// parseDuration reads [D-]HH:MM:SS, MM:SS, HH:MM:SS.mmm or MM:SS.mmm (as
// sacct prints Elapsed, TotalCPU, Timelimit) into seconds. A bare number
// is minutes, as in Timelimit's input form.
func parseDuration(s string) (float64, bool, error) {
	if isNull(s) {
		return 0, false, nil
	}
	bad := errShape
	days := 0.0
	if i := strings.IndexByte(s, '-'); i >= 0 {
		d, ok := digits(s[:i], math.MaxUint32)
		if !ok {
			return 0, false, bad
		}
		days, s = float64(d), s[i+1:]
	}
	frac := 0.0
	if i := strings.IndexByte(s, '.'); i >= 0 {
		decimals := s[i+1:]
		if len(decimals) == 0 || len(decimals) > 9 {
			return 0, false, bad
		}
		f, ok := digits(decimals, math.MaxUint32)
		if !ok {
			return 0, false, bad
		}
		frac, s = float64(f)/pow10(len(decimals)), s[:i]
	}
	total, nparts := 0.0, 0
	for start := 0; ; {
		end := start
		for end < len(s) && s[end] != ':' {
			end++
		}
		p := s[start:end]
		nparts++
		if p == "" || len(p) > 10 || nparts > 3 {
			return 0, false, bad
		}
		v, ok := digits(p, math.MaxUint32)
		if !ok || (nparts > 1 && v > 59) {
			return 0, false, bad
		}
		total = total*60 + float64(v)
		if end == len(s) {
			break
		}
		start = end + 1
	}
	if days > 0 && nparts == 1 {
		return 0, false, bad
	}
	if nparts == 1 { // minutes
		total *= 60
	}
	return days*86400 + total + frac, true, nil
}

// digits reads s as strconv.ParseUint(s, 10, bits) does for the bits
// whose largest value is limit: one decimal digit or more, no sign, at
// most limit.
func digits(s string, limit uint64) (uint64, bool) {
	if s == "" {
		return 0, false
	}
	var v uint64
	for i := 0; i < len(s); i++ {
		c := uint64(s[i] - '0')
		if c > 9 || v > (limit-c)/10 {
			return 0, false
		}
		v = v*10 + c
	}
	return v, true
}

func pow10(n int) float64 {
	p := 1.0
	for range n {
		p *= 10
	}
	return p
}

// parseSize reads a size with an optional unit letter (K, M, G, T, P,
// powers of 1024) into MiB; a bare number is in base (the unit sacct
// counts the field in: "K" for RSS and VM sizes, "M" for disk and
// requested memory). A trailing c or n (ReqMem of Slurm before 21.08:
// per core, per node) is returned in per.
func parseSize(s string, base byte) (mb float64, per byte, ok bool, err error) {
	if isNull(s) {
		return 0, 0, false, nil
	}
	if n := len(s); n > 1 && (s[n-1] == 'c' || s[n-1] == 'n') {
		per, s = s[n-1], s[:n-1]
	}
	unit := base
	if n := len(s); n > 0 && s[n-1] >= 'A' && s[n-1] <= 'Z' {
		unit, s = s[n-1], s[:n-1]
	}
	scale := unitScale(unit)
	if scale == 0 {
		return 0, 0, false, fmt.Errorf("%w: unknown size unit %q (want K, M, G, T or P)", errBad, unit)
	}
	if n, ok := digits(s, 1<<53); ok { // a whole number: ParseFloat's value, exactly
		return float64(n) * scale, per, true, nil
	}
	v, perr := strconv.ParseFloat(s, 64)
	if perr != nil || v < 0 || s == "" || s[0] == '+' || strings.ContainsAny(s, "eEnNxX_") {
		return 0, 0, false, errShape
	}
	return v * scale, per, true, nil
}

// unitScale is the size of one unit in MiB (0: not a unit).
func unitScale(unit byte) float64 {
	switch unit {
	case 'K':
		return 1.0 / 1024
	case 'M':
		return 1
	case 'G':
		return 1024
	case 'T':
		return 1024 * 1024
	case 'P':
		return 1024 * 1024 * 1024
	}
	return 0
}

// parseInt reads a decimal integer.
func parseInt(s string) (int64, bool, error) {
	if isNull(s) {
		return 0, false, nil
	}
	if n, ok := digits(s, math.MaxInt64); ok {
		return int64(n), true, nil
	}
	v, err := strconv.ParseInt(s, 10, 64)
	if err != nil || v < 0 { // sacct's counts and ids are unsigned
		return 0, false, errShape
	}
	return v, true, nil
}

// parseExit reads an ExitCode "code:signal".
func parseExit(s string) (code, signal int64, ok bool, err error) {
	if isNull(s) {
		return 0, 0, false, nil
	}
	a, b, found := strings.Cut(s, ":")
	c, ok1 := digits(a, math.MaxUint8)
	g, ok2 := digits(b, math.MaxUint8)
	if !found || !ok1 || !ok2 {
		return 0, 0, false, errShape
	}
	return int64(c), int64(g), true, nil
}

// parseState maps a State to the state vocabulary. sacct prints
// "CANCELLED by 1234" for a cancel by user 1234, and may end a state with
// "+" (sacct truncates long words with "+" in fixed-width output only).
func parseState(s string) (string, error) {
	word, _, _ := strings.Cut(s, " ")
	switch strings.TrimSuffix(word, "+") {
	case "COMPLETED":
		return schema.Success, nil
	case "FAILED", "SPECIAL_EXIT":
		return schema.Failed, nil
	case "CANCELLED", "REVOKED":
		return schema.Canceled, nil
	case "TIMEOUT", "DEADLINE":
		return schema.Timeout, nil
	case "OUT_OF_MEMORY":
		return schema.Exhausted, nil
	case "NODE_FAIL", "BOOT_FAIL", "PREEMPTED", "REQUEUED", "REQUEUE_FED", "REQUEUE_HOLD":
		return schema.Lost, nil
	case "RUNNING", "SUSPENDED", "RESIZING", "COMPLETING", "SIGNALING", "STAGE_OUT", "STOPPED":
		return schema.Running, nil
	case "PENDING", "CONFIGURING":
		return schema.Waiting, nil
	}
	return "", errShape
}

// tres is what jobframe reads from a TRES list (AllocTRES, ReqTRES):
// "billing=32,cpu=32,mem=500G,node=1,gres/gpu=2".
type tres struct {
	cpus, memMB, nodes, gpus float64
	hasCPU, hasMem, hasNode  bool
	hasGPU                   bool
}

// parseTRES reads a TRES list. GPUs are gres/gpu, or the sum of the
// typed gres/gpu:<type> counts when the plain one is absent.
func parseTRES(s string) (tres, error) {
	var t tres
	if isNull(s) {
		return t, nil
	}
	typedGPUs, hasTyped := 0.0, false
	for rest, more := s, true; more; {
		var kv string
		kv, rest, more = strings.Cut(rest, ",")
		k, v, ok := strings.Cut(kv, "=")
		if !ok || k == "" {
			return t, errShape
		}
		switch {
		case k == "mem":
			mb, _, ok, err := parseSize(v, 'M')
			if err != nil || !ok {
				return t, fmt.Errorf("%w: TRES mem=%q is not a size", errBad, v)
			}
			t.memMB, t.hasMem = mb, true
		case k == "cpu" || k == "node" || k == "gres/gpu" || strings.HasPrefix(k, "gres/gpu:"):
			n, err := strconv.ParseFloat(v, 64)
			if err != nil || n < 0 || strings.ContainsAny(v, "eEnNxX_+") {
				return t, fmt.Errorf("%w: TRES %s=%q is not a count", errBad, k, v)
			}
			switch k {
			case "cpu":
				t.cpus, t.hasCPU = n, true
			case "node":
				t.nodes, t.hasNode = n, true
			case "gres/gpu":
				t.gpus, t.hasGPU = n, true
			default:
				typedGPUs, hasTyped = typedGPUs+n, true
			}
		}
	}
	if !t.hasGPU && hasTyped {
		t.gpus, t.hasGPU = typedGPUs, true
	}
	return t, nil
}

// usage is what jobframe reads from a TRES usage list (TRESUsageInAve,
// TRESUsageInMax): "cpu=00:52:45,energy=0,fs/disk=2789162983,
// gres/gpumem=21794M,gres/gpuutil=100,mem=1828196K,...". The other
// resources are in the list's own column as written.
type usage struct {
	gpuUtil, gpuMemMB float64 // %, MiB
	hasUtil, hasMem   bool
}

// parseUsage reads a TRES usage list: gres/gpuutil, a percentage, and
// gres/gpumem, a size (a bare number is bytes, as sacct --noconvert
// prints it; K, M, G, T and P are powers of 1024).
func parseUsage(s string) (usage, error) {
	var u usage
	if isNull(s) {
		return u, nil
	}
	for rest, more := s, true; more; {
		var kv string
		kv, rest, more = strings.Cut(rest, ",")
		k, v, ok := strings.Cut(kv, "=")
		if !ok || k == "" {
			return u, errShape
		}
		switch k {
		case "gres/gpuutil":
			n, err := strconv.ParseFloat(v, 64)
			if err != nil || n < 0 || n > 1e6 || strings.ContainsAny(v, "eEnNxX_+") {
				return u, fmt.Errorf("%w: TRES usage gres/gpuutil=%q is not a percentage", errBad, v)
			}
			u.gpuUtil, u.hasUtil = n, true
		case "gres/gpumem":
			if n, ok := digits(v, 1<<53); ok {
				u.gpuMemMB, u.hasMem = float64(n)/(1<<20), true
				continue
			}
			mb, _, ok, err := parseSize(v, 'M')
			if err != nil || !ok {
				return u, fmt.Errorf("%w: TRES usage gres/gpumem=%q is not a size", errBad, v)
			}
			u.gpuMemMB, u.hasMem = mb, true
		}
	}
	return u, nil
}
