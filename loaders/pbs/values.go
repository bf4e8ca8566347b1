package pbs

import (
	"errors"
	"math"
	"strconv"
	"strings"
	"time"
)

// The value forms of PBS accounting records: the record's date, epoch
// seconds, durations, sizes, exec_host and the resource requests.

var (
	errDate     = errors.New("not a date MM/DD/YYYY HH:MM:SS")
	errEpoch    = errors.New("not a whole number of seconds since 1970")
	errDuration = errors.New("not a duration [[[D:]HH:]MM:]SS[.fff]")
	errSizeUnit = errors.New("unknown size unit (b, kb, mb, gb, tb, pb, or w, kw, ... for words of 8 bytes)")
	errNumber   = errors.New("not a number")
	errExecHost = errors.New("not an exec_host list host/slots[+host/slots...]")
)

// parseDate reads the record's "MM/DD/YYYY HH:MM:SS" in loc, as µs
// since the epoch.
func parseDate(b []byte, loc *time.Location) (int64, error) {
	if len(b) != 19 || b[2] != '/' || b[5] != '/' || b[10] != ' ' || b[13] != ':' || b[16] != ':' {
		return 0, errDate
	}
	var v [6]int
	for i, at := range [6][2]int{{0, 2}, {3, 5}, {6, 10}, {11, 13}, {14, 16}, {17, 19}} {
		n := 0
		for _, c := range b[at[0]:at[1]] {
			if c < '0' || c > '9' {
				return 0, errDate
			}
			n = n*10 + int(c-'0')
		}
		v[i] = n
	}
	mon, day, year, h, m, s := v[0], v[1], v[2], v[3], v[4], v[5]
	if mon < 1 || mon > 12 || day < 1 || day > 31 || h > 23 || m > 59 || s > 60 {
		return 0, errDate
	}
	t := time.Date(year, time.Month(mon), day, h, m, s, 0, loc)
	if t.Day() != day { // 02/31
		return 0, errDate
	}
	return t.UnixMicro(), nil
}

// maxEpoch bounds epoch seconds to what µs in an int64 hold.
const maxEpoch = math.MaxInt64 / 1_000_000

// parseEpoch reads whole seconds since the epoch (ctime=1464732045) as
// µs; ok is false for 0, which PBS writes for a time never set (start=0
// of a job deleted while queued).
func parseEpoch(s string) (us int64, ok bool, err error) {
	n, err := strconv.ParseInt(s, 10, 64)
	if err != nil || n < 0 || n > maxEpoch {
		return 0, false, errEpoch
	}
	return n * 1_000_000, n != 0, nil
}

// parseDuration reads PBS's durations as seconds: HH:MM:SS (hours may
// pass 24), D:HH:MM:SS, MM:SS or plain seconds (Torque 5 writes
// resources_used.walltime so), the seconds with an optional fraction.
func parseDuration(s string) (float64, error) {
	var whole [3]uint64 // the parts before the seconds
	n := 0
	for {
		i := strings.IndexByte(s, ':')
		if i < 0 {
			break
		}
		v, err := strconv.ParseUint(s[:i], 10, 32)
		if err != nil || n == len(whole) {
			return 0, errDuration
		}
		whole[n], n, s = v, n+1, s[i+1:]
	}
	sec, err := strconv.ParseFloat(s, 64)
	if err != nil || !digitsAndDot(s) {
		return 0, errDuration
	}
	scale := [3]float64{60, 3600, 86400} // of the last part, the one before, ...
	for k := range n {
		sec += float64(whole[n-1-k]) * scale[k]
	}
	return sec, nil
}

// digitsAndDot reports whether s is digits with at most one '.'.
func digitsAndDot(s string) bool {
	dots := 0
	for _, c := range []byte(s) {
		switch {
		case c == '.':
			dots++
		case c < '0' || c > '9':
			return false
		}
	}
	return dots <= 1 && s != "."
}

// parseSizeMB reads a PBS size as MiB: a number (a fraction allowed:
// xdmod's logs hold 12.27M) and a unit k, m, g, t or p followed by b
// (bytes) or w (words of 8 bytes) or by nothing (bytes), or b or w
// alone, in any case, in powers of 1024 (21348kb, 60gb, 2500mb, 1000kw);
// a bare number is bytes.
func parseSizeMB(s string) (float64, error) {
	i := 0
	for i < len(s) && (s[i] >= '0' && s[i] <= '9' || s[i] == '.') {
		i++
	}
	if i == 0 || !digitsAndDot(s[:i]) {
		return 0, errNumber
	}
	n, err := strconv.ParseFloat(s[:i], 64)
	if err != nil || math.IsInf(n, 0) {
		return 0, errNumber
	}
	unit := strings.ToLower(s[i:])
	scale := 1.0
	if unit != "" {
		if k := strings.IndexByte("kmgtp", unit[0]); k >= 0 {
			scale = math.Pow(1024, float64(k+1))
			unit = unit[1:]
		}
		switch unit {
		case "", "b":
		case "w":
			scale *= 8
		default:
			return 0, errSizeUnit
		}
	}
	return n * scale / (1 << 20), nil
}

// parseNodeCount reads Resource_List.nodect: a count, or a nodes
// request in its place (1:ppn=24:gpu=4 in one of xdmod's logs), whose
// node count it is.
func parseNodeCount(s string) (float64, error) {
	if n, err := parseCount(s); err == nil {
		return n, nil
	}
	head, _, _ := strings.Cut(s, ":")
	if _, err := strconv.ParseUint(head, 10, 32); err != nil {
		return 0, errNumber
	}
	return chunkCount(s), nil
}

// parseCount reads a whole number (ncpus=4, nodect=1).
func parseCount(s string) (float64, error) {
	n, err := strconv.ParseUint(s, 10, 64)
	if err != nil {
		return 0, errNumber
	}
	return float64(n), nil
}

// hostSlots is one host of an exec_host list and the execution slots
// (cores) the job held on it.
type hostSlots struct {
	host  string
	slots float64
}

// parseExecHost reads exec_host: host/slots joined by '+', the slots
// being one index (n1/7), a list of indices and ranges (n1/0-19,
// n1/0,2,4-7) or PBS Pro's index*count (c1/0*13). A host named more than
// once (Torque writes one entry per core: n1/7+n1/6+...) is one host
// whose slots add up; hosts keep the order they first appear in. The
// hosts are appended to out (a record's reused room).
func parseExecHost(out []hostSlots, s string) ([]hostSlots, error) {
	base := len(out)
	for chunk := range strings.SplitSeq(s, "+") {
		host, spec, ok := strings.Cut(chunk, "/")
		if !ok || host == "" || spec == "" {
			return nil, errExecHost
		}
		n, err := slotCount(spec)
		if err != nil {
			return nil, err
		}
		found := false
		for k := len(out) - 1; k >= base && k >= len(out)-64; k-- { // the same host is written in a run
			if out[k].host == host {
				out[k].slots += n
				found = true
				break
			}
		}
		if !found {
			out = append(out, hostSlots{host: host, slots: n})
		}
	}
	return out, nil
}

// slotCount counts the slots of one exec_host entry's spec.
func slotCount(spec string) (float64, error) {
	if idx, count, ok := strings.Cut(spec, "*"); ok {
		if _, err := strconv.ParseUint(idx, 10, 32); err != nil {
			return 0, errExecHost
		}
		n, err := strconv.ParseUint(count, 10, 32)
		if err != nil {
			return 0, errExecHost
		}
		return float64(n), nil
	}
	total := 0.0
	for part := range strings.SplitSeq(spec, ",") {
		lo, hi, isRange := strings.Cut(part, "-")
		a, err := strconv.ParseUint(lo, 10, 32)
		if err != nil {
			return 0, errExecHost
		}
		if !isRange {
			total++
			continue
		}
		b, err := strconv.ParseUint(hi, 10, 32)
		if err != nil || b < a {
			return 0, errExecHost
		}
		total += float64(b - a + 1)
	}
	return total, nil
}

// chunkSums sums a resource over the chunks of a request: PBS Pro's
// select (2:ncpus=4:ngpus=1+1:ncpus=2) or Torque's nodes
// (4:ppn=20:gpus=2+n17:ppn=4), each chunk counted as many times as its
// leading number says (1 without one). key names the resource ("ncpus",
// "ngpus"; "ppn", "gpus" for nodes); found is false when no chunk names
// it.
func chunkSums(spec, key string) (sum float64, found bool) {
	for chunk := range strings.SplitSeq(spec, "+") {
		mult, first := 1.0, true
		for part := range strings.SplitSeq(chunk, ":") {
			if first {
				first = false
				if n, err := strconv.ParseUint(part, 10, 32); err == nil {
					mult = float64(n)
					continue
				}
			}
			k, v, ok := strings.Cut(part, "=")
			if !ok || k != key {
				continue
			}
			n, err := strconv.ParseFloat(v, 64)
			if err != nil || n < 0 || math.IsInf(n, 0) || math.IsNaN(n) {
				continue
			}
			sum += mult * n
			found = true
		}
	}
	return sum, found
}

// chunkCount is the number of nodes or chunks a request asks for: the
// sum of each chunk's leading number (1 without one).
func chunkCount(spec string) float64 {
	total := 0.0
	for chunk := range strings.SplitSeq(spec, "+") {
		head, _, _ := strings.Cut(chunk, ":")
		if n, err := strconv.ParseUint(head, 10, 32); err == nil {
			total += float64(n)
		} else {
			total++
		}
	}
	return total
}
