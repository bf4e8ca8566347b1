package nextflow

import (
	"errors"
	"fmt"
	"math"
	"strconv"
	"strings"
	"time"

	"github.com/jobframe/jobframe/loaders/internal/bytesconv"
)

// Values as Nextflow's TraceRecord prints them
// (docs/formats.md#nextflow-execution-trace-and-timeline): "-" for a
// missing value; human units by default (dates "2021-03-04 21:06:07.625"
// in the run's local time, durations "5m 18s", memory "218.2 MB" in
// powers of 1024, percentages "97.8%"), plain
// numbers with trace.raw = true (ms since the epoch, ms, bytes). Each
// parser returns ok=false for "-" and an error for text it cannot read,
// never a guess.

// errBad is wrapped by every value error.
var errBad = errors.New("not a Nextflow trace value")

// null is Nextflow's missing value (TraceRecord.NA).
const null = "-"

// digits reports whether s is a non-empty run of ASCII digits.
func digits(s string) bool {
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return true
}

// decimal reads a number as strconv.ParseFloat does, without it for the
// plain decimals ("123", "123.45") of nearly every field.
func decimal(s string) (float64, error) {
	if v, ok := bytesconv.ParseDecimal(s); ok {
		return v, nil
	}
	return strconv.ParseFloat(s, 64)
}

// parseDate reads a date field into µs since the epoch: ms since the
// epoch (trace.raw) or "YYYY-MM-DD HH:MM:SS.mmm" in loc.
func parseDate(s string, loc *time.Location) (int64, bool, error) {
	if s == null || s == "" {
		return 0, false, nil
	}
	if digits(s) {
		ms, err := strconv.ParseInt(s, 10, 64)
		if err != nil || ms > math.MaxInt64/1000 {
			return 0, false, fmt.Errorf("%w: epoch milliseconds out of range", errBad)
		}
		return ms * 1000, true, nil
	}
	if len(s) != 23 || s[4] != '-' || s[7] != '-' || s[10] != ' ' || s[13] != ':' || s[16] != ':' || s[19] != '.' {
		return 0, false, errBad
	}
	var n [7]int
	for i, span := range [7][2]int{{0, 4}, {5, 7}, {8, 10}, {11, 13}, {14, 16}, {17, 19}, {20, 23}} {
		for _, c := range []byte(s[span[0]:span[1]]) {
			if c < '0' || c > '9' {
				return 0, false, errBad
			}
			n[i] = n[i]*10 + int(c-'0')
		}
	}
	if n[1] < 1 || n[1] > 12 || n[2] < 1 || n[2] > 31 || n[3] > 23 || n[4] > 59 || n[5] > 60 {
		return 0, false, fmt.Errorf("%w: date or time out of range", errBad)
	}
	t := time.Date(n[0], time.Month(n[1]), n[2], n[3], n[4], n[5], n[6]*int(time.Millisecond), loc)
	return t.UnixMicro(), true, nil
}

// durationUnit returns the ms in a unit word of nextflow.util.Duration.
func durationUnit(w string) (float64, bool) {
	switch w {
	case "ms", "milli", "millis":
		return 1, true
	case "s", "sec", "second", "seconds":
		return 1e3, true
	case "m", "min", "minute", "minutes":
		return 60e3, true
	case "h", "hour", "hours":
		return 3600e3, true
	case "d", "day", "days":
		return 86400e3, true
	}
	return 0, false
}

// parseDuration reads a time field into seconds: ms (trace.raw) or
// Nextflow's human form, components such as "1d 2h 3m 4s", "13.9s",
// "366ms" (each component rounded to the ms, as Nextflow does).
func parseDuration(s string) (float64, bool, error) {
	if s == null || s == "" {
		return 0, false, nil
	}
	if digits(s) {
		ms, err := strconv.ParseFloat(s, 64)
		if err != nil {
			return 0, false, errBad
		}
		return ms / 1e3, true, nil
	}
	var ms float64
	rest := s
	for rest != "" {
		i := 0
		for i < len(rest) && (rest[i] >= '0' && rest[i] <= '9' || rest[i] == '.') {
			i++
		}
		j := i
		for j < len(rest) && (rest[j] >= 'a' && rest[j] <= 'z' || rest[j] >= 'A' && rest[j] <= 'Z') {
			j++
		}
		f, ok := durationUnit(rest[i:j])
		if i == 0 || !ok {
			return 0, false, errBad
		}
		v, err := decimal(rest[:i])
		if err != nil {
			return 0, false, errBad
		}
		ms += math.Round(v * f)
		rest = strings.TrimLeft(rest[j:], " ")
	}
	return ms / 1e3, true, nil
}

// memoryUnit returns the power of 1024 of a unit of
// nextflow.util.MemoryUnit (B, KB, ..., ZB, or the letter alone, in any
// case), -1 for another word.
func memoryUnit(w string) int {
	if len(w) == 2 && (w[1] == 'B' || w[1] == 'b') {
		w = w[:1]
	} else if len(w) != 1 {
		return -1
	}
	switch w[0] | 0x20 {
	case 'b':
		return 0
	case 'k':
		return 1
	case 'm':
		return 2
	case 'g':
		return 3
	case 't':
		return 4
	case 'p':
		return 5
	case 'e':
		return 6
	case 'z':
		return 7
	}
	return -1
}

// parseMemory reads a mem field into bytes: bytes (trace.raw, and "0")
// or Nextflow's human form "218.2 MB", "1016 B", "4.9 GB" (the number
// times 1024 to the unit's power, rounded, as MemoryUnit reads it).
func parseMemory(s string) (int64, bool, error) {
	if s == null || s == "" {
		return 0, false, nil
	}
	if digits(s) {
		if v, ok := bytesconv.Atoi(s); ok {
			return v, true, nil
		}
		v, err := strconv.ParseInt(s, 10, 64)
		if err != nil {
			return 0, false, fmt.Errorf("%w: byte count out of range", errBad)
		}
		return v, true, nil
	}
	num, p, err := memoryParts(s)
	if err != nil {
		return 0, false, err
	}
	v := math.Round(num * math.Pow(1024, float64(p)))
	if v >= math.MaxInt64 {
		return 0, false, fmt.Errorf("%w: size out of range", errBad)
	}
	return int64(v), true, nil
}

// memoryParts splits a human size into its number and the power of 1024
// of its unit.
func memoryParts(s string) (float64, int, error) {
	i := 0
	for i < len(s) && (s[i] >= '0' && s[i] <= '9' || s[i] == '.') {
		i++
	}
	num, err := decimal(s[:i])
	if i == 0 || err != nil {
		return 0, 0, errBad
	}
	word := strings.TrimLeft(s[i:], " ")
	p := memoryUnit(word)
	if p < 0 {
		return 0, 0, fmt.Errorf("%w: unknown size unit %q (want B, KB, MB, GB, TB, PB, EB or ZB)", errBad, word)
	}
	return num, p, nil
}

// parseMiB reads a mem field into MiB: bytes / 2^20 (trace.raw), or
// the human form's number scaled to MiB as written ("218.2 MB" is 218.2,
// not the rounded byte count over 2^20: the text is itself rounded from
// the bytes Nextflow measured).
func parseMiB(s string) (float64, bool, error) {
	if s == null || s == "" {
		return 0, false, nil
	}
	if digits(s) {
		b, ok, err := parseMemory(s)
		return float64(b) / (1 << 20), ok, err
	}
	num, p, err := memoryParts(s)
	if err != nil {
		return 0, false, err
	}
	return num * math.Pow(1024, float64(p-2)), true, nil
}

// parsePercent reads a perc field: "97.8%" (or "97.8" with trace.raw).
func parsePercent(s string) (float64, bool, error) {
	if s == null || s == "" {
		return 0, false, nil
	}
	v, err := decimal(strings.TrimSuffix(s, "%"))
	if err != nil || math.IsNaN(v) || math.IsInf(v, 0) {
		return 0, false, errBad
	}
	return v, true, nil
}

// parseInt reads an integer field (task_id, attempt, exit, syscr, ...).
func parseInt(s string) (int64, bool, error) {
	if s == null || s == "" {
		return 0, false, nil
	}
	if v, ok := bytesconv.Atoi(s); ok {
		return v, true, nil
	}
	v, err := strconv.ParseInt(s, 10, 64)
	if err != nil {
		return 0, false, errBad
	}
	return v, true, nil
}

// parseFloat reads a number field that may be fractional (cpus).
func parseFloat(s string) (float64, bool, error) {
	if s == null || s == "" {
		return 0, false, nil
	}
	v, err := strconv.ParseFloat(s, 64)
	if err != nil || math.IsNaN(v) || math.IsInf(v, 0) {
		return 0, false, errBad
	}
	return v, true, nil
}
