package slurm

import (
	"fmt"
	"math"
	"math/rand"
	"strconv"
	"strings"
	"testing"
	"time"
)

func TestDurations(t *testing.T) {
	for in, want := range map[string]float64{
		"00:00:56": 56, "1-00:00:00": 86400, "3-00:00:00": 259200, "23:33:25": 84805,
		"00:00.006": 0.006, "01:02.5": 62.5, "10:00:00.123": 36000.123, "2-03:04:05": 183845, "30": 1800,
	} {
		got, ok, err := parseDuration(in)
		if err != nil || !ok || got != want {
			t.Errorf("%q: %v %v %v, want %v", in, got, ok, err, want)
		}
	}
	for _, in := range []string{"", "Unknown", "INVALID", "UNLIMITED", "Partition_Limit"} {
		if _, ok, err := parseDuration(in); ok || err != nil {
			t.Errorf("%q should be null", in)
		}
	}
	for _, in := range []string{"1:2:3:4", "00:61:00", "-1:00", "1-", "ab", "00:00.", "1.5:00"} {
		if _, _, err := parseDuration(in); err == nil {
			t.Errorf("%q should not read", in)
		}
	}
}

func TestSizes(t *testing.T) {
	for _, c := range []struct {
		in   string
		base byte
		mb   float64
		per  byte
	}{
		{"1828196K", 'K', 1828196.0 / 1024, 0}, {"2.10M", 'K', 2.1, 0}, {"500G", 'M', 512000, 0},
		{"4000Mc", 'M', 4000, 'c'}, {"2Gn", 'M', 2048, 'n'}, {"0", 'K', 0, 0}, {"2048", 'K', 2, 0}, {"1T", 'M', 1 << 20, 0},
	} {
		mb, per, ok, err := parseSize(c.in, c.base)
		if err != nil || !ok || mb != c.mb || per != c.per {
			t.Errorf("%q: %v %c %v %v", c.in, mb, per, ok, err)
		}
	}
	for _, in := range []string{"12Q", "M", "-1K", "1e3K", "0x10M", "NaNM"} {
		if _, _, _, err := parseSize(in, 'K'); err == nil {
			t.Errorf("%q should not read", in)
		}
	}
}

func TestNodeLists(t *testing.T) {
	for in, want := range map[string]string{
		"cn[01-04,07]":                       "cn01 cn02 cn03 cn04 cn07",
		"cpn-u23-[17,25]":                    "cpn-u23-17 cpn-u23-25",
		"cpn-q06-04-[01-02],cpn-u22-[16-17]": "cpn-q06-04-01 cpn-q06-04-02 cpn-u22-16 cpn-u22-17",
		"rack[1-2]-n[1-2]":                   "rack1-n1 rack1-n2 rack2-n1 rack2-n2",
		"b001":                               "b001",
		"None assigned":                      "",
		"n[8-10]":                            "n8 n9 n10",
	} {
		got, err := expandNodes(in)
		if checkNodes(in) != nil {
			t.Errorf("%q: checkNodes rejects it", in)
		}
		if err != nil || strings.Join(got, " ") != want {
			t.Errorf("%q: %q %v, want %q", in, got, err, want)
		}
	}
	for _, in := range []string{"cn[0-999999999]", "cn[5-3]", "cn[1-", "cn]", "cn[a-b]", "a,,b"} {
		if _, err := expandNodes(in); err == nil {
			t.Errorf("%q should not expand", in)
		}
		if checkNodes(in) == nil {
			t.Errorf("%q: checkNodes accepts it", in)
		}
	}
}

func TestJobIDs(t *testing.T) {
	for in, want := range map[string]jobID{
		"123":         {job: "123"},
		"123.batch":   {job: "123", step: "batch", stepNum: stepBatch},
		"123.extern":  {job: "123", step: "extern", stepNum: stepExtern},
		"123.4":       {job: "123", step: "4", stepNum: 4},
		"123_4":       {job: "123_4", arrayJob: "123", arrayTask: 4, hasTask: true},
		"123_4.batch": {job: "123_4", step: "batch", stepNum: stepBatch, arrayJob: "123", arrayTask: 4, hasTask: true},
		"123_[1-5%2]": {job: "123_[1-5%2]", arrayJob: "123"},
		"123+1":       {job: "123+1", hetJob: "123", hetComp: 1},
		"123+1.0":     {job: "123+1", step: "0", hetJob: "123", hetComp: 1},
		"123.0+1":     {job: "123", step: "0+1"},
	} {
		got, err := parseJobID(in)
		if err != nil || got != want {
			t.Errorf("%q: %+v %v, want %+v", in, got, err, want)
		}
	}
	for _, in := range []string{"", "abc", "123.x", "123_x", "0", "123+a", "-1"} {
		if _, err := parseJobID(in); err == nil {
			t.Errorf("%q should not read", in)
		}
	}
}

func TestStatesAndExits(t *testing.T) {
	for in, want := range map[string]string{
		"COMPLETED": "success", "CANCELLED by 75200": "canceled", "FAILED": "failed", "TIMEOUT": "timeout",
		"OUT_OF_MEMORY": "exhausted", "NODE_FAIL": "lost", "PREEMPTED": "lost", "RUNNING": "running",
		"PENDING": "waiting", "REQUEUED": "lost",
	} {
		if got, err := parseState(in); err != nil || got != want {
			t.Errorf("%q: %q %v", in, got, err)
		}
	}
	if _, err := parseState("FINISHED"); err == nil {
		t.Error("FINISHED is no Slurm state")
	}
	if c, s, ok, err := parseExit("0:15"); c != 0 || s != 15 || !ok || err != nil {
		t.Errorf("0:15: %d %d", c, s)
	}
	if _, _, _, err := parseExit("1"); err == nil {
		t.Error("an exit code needs its signal")
	}
}

func TestTRES(t *testing.T) {
	tr, err := parseTRES("billing=32,cpu=32,mem=500G,node=1,gres/gpu:a100=2,gres/gpu:v100=1")
	if err != nil || tr.cpus != 32 || tr.memMB != 512000 || tr.nodes != 1 || tr.gpus != 3 {
		t.Errorf("%+v %v", tr, err)
	}
	tr, _ = parseTRES("cpu=4,gres/gpu=2,gres/gpu:a100=2")
	if tr.gpus != 2 {
		t.Errorf("gres/gpu counts the GPUs once: %v", tr.gpus)
	}
	if _, err := parseTRES("cpu"); err == nil {
		t.Error("cpu without a count")
	}
}

func TestTimesInAZone(t *testing.T) {
	ny, _ := time.LoadLocation("America/New_York")
	us, ok, err := parseTime("2021-12-10T14:23:28", ny)
	if err != nil || !ok || time.UnixMicro(us).UTC().Format(time.RFC3339) != "2021-12-10T19:23:28Z" {
		t.Errorf("%v %v", time.UnixMicro(us).UTC(), err)
	}
	for _, in := range []string{"2021-13-10T14:23:28", "2021-12-10 14:23:28", "2021-12-10T14:23"} {
		if _, _, err := parseTime(in, time.UTC); err == nil {
			t.Errorf("%q should not read", in)
		}
	}
}

// FuzzNodeLists: checkNodes accepts exactly the lists expandNodes
// expands.
func FuzzNodeLists(f *testing.F) {
	for _, s := range []string{"cn[01-04,07]", "a[1-2]-b[3-4],c", "x[9-10]", "cn]", "n[1-0]"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, in string) {
		_, err := expandNodes(in)
		if (err == nil) != (checkNodes(in) == nil) {
			t.Fatalf("%q: expandNodes %v, checkNodes %v", in, err, checkNodes(in))
		}
	})
}

// TestDigits holds digits to strconv.ParseUint for the limits the
// parsers use, on the edges of each.
func TestDigits(t *testing.T) {
	for _, c := range []struct {
		bits  int
		limit uint64
	}{{8, math.MaxUint8}, {31, math.MaxInt32}, {32, math.MaxUint32}, {63, math.MaxInt64}} {
		for _, s := range []string{"", "0", "00", "7", "255", "256", "0255", "2147483647", "2147483648", "4294967295", "4294967296",
			"9223372036854775807", "9223372036854775808", "18446744073709551615", "18446744073709551616", "99999999999999999999",
			"+1", "-1", "1_0", "1.0", " 1", "1a"} {
			want, err := strconv.ParseUint(s, 10, c.bits)
			got, ok := digits(s, c.limit)
			if ok != (err == nil) || ok && got != want {
				t.Errorf("digits(%q, %d bits) = %d, %v; ParseUint: %d, %v", s, c.bits, got, ok, want, err)
			}
		}
	}
}

// The readings of durations, sizes, integers and exit codes as they were
// written with strconv, before digits took their common cases: the
// fuzz target below holds the parsers to them.

func refDuration(s string) (float64, bool, error) {
	if isNull(s) {
		return 0, false, nil
	}
	days := 0.0
	if i := strings.IndexByte(s, '-'); i >= 0 {
		d, err := strconv.ParseUint(s[:i], 10, 32)
		if err != nil {
			return 0, false, errShape
		}
		days, s = float64(d), s[i+1:]
	}
	frac := 0.0
	if i := strings.IndexByte(s, '.'); i >= 0 {
		decimals := s[i+1:]
		if len(decimals) == 0 || len(decimals) > 9 {
			return 0, false, errShape
		}
		f, err := strconv.ParseUint(decimals, 10, 32)
		if err != nil {
			return 0, false, errShape
		}
		frac, s = float64(f)/pow10(len(decimals)), s[:i]
	}
	total, nparts := 0.0, 0
	for {
		p, rest, more := strings.Cut(s, ":")
		nparts++
		if p == "" || len(p) > 10 || nparts > 3 {
			return 0, false, errShape
		}
		v, err := strconv.ParseUint(p, 10, 32)
		if err != nil || (nparts > 1 && v > 59) {
			return 0, false, errShape
		}
		total = total*60 + float64(v)
		if !more {
			break
		}
		s = rest
	}
	if days > 0 && nparts == 1 {
		return 0, false, errShape
	}
	if nparts == 1 {
		total *= 60
	}
	return days*86400 + total + frac, true, nil
}

func refSize(s string) (float64, bool, error) {
	if isNull(s) {
		return 0, false, nil
	}
	if n := len(s); n > 1 && (s[n-1] == 'c' || s[n-1] == 'n') {
		s = s[:n-1]
	}
	unit := byte('K')
	if n := len(s); n > 0 && s[n-1] >= 'A' && s[n-1] <= 'Z' {
		unit, s = s[n-1], s[:n-1]
	}
	scale := unitScale(unit)
	if scale == 0 {
		return 0, false, errBad
	}
	v, err := strconv.ParseFloat(s, 64)
	if err != nil || v < 0 || s == "" || s[0] == '+' || strings.ContainsAny(s, "eEnNxX_") {
		return 0, false, errShape
	}
	return v * scale, true, nil
}

func FuzzParsers(f *testing.F) {
	for _, s := range []string{"1-02:03:04.5", "00:56", "30", "5-7", "12:60", "4000Mc", "1.5G", "123", "+5", "-7", "0:15", "255:255", "256:0", "9223372036854775808"} {
		f.Add(s)
	}
	f.Add("0000-01-01T00:00:00")
	f.Add("2024-02-31T23:59:60")
	utc0 := time.FixedZone("UTC0", 0) // not time.UTC: read by time.Date
	f.Fuzz(func(t *testing.T, s string) {
		us, ok, err := parseTime(s, time.UTC)
		rus, rok, rerr := parseTime(s, utc0)
		if us != rus || ok != rok || (err == nil) != (rerr == nil) {
			t.Errorf("parseTime(%q) = %v %v %v in UTC; time.Date: %v %v %v", s, us, ok, err, rus, rok, rerr)
		}
		d, ok, err := parseDuration(s)
		rd, rok, rerr := refDuration(s)
		if d != rd || ok != rok || (err == nil) != (rerr == nil) {
			t.Errorf("parseDuration(%q) = %v %v %v; strconv reading %v %v %v", s, d, ok, err, rd, rok, rerr)
		}
		z, _, ok, err := parseSize(s, 'K')
		rz, rok, rerr := refSize(s)
		if z != rz || ok != rok || (err == nil) != (rerr == nil) {
			t.Errorf("parseSize(%q) = %v %v %v; strconv reading %v %v %v", s, z, ok, err, rz, rok, rerr)
		}
		n, ok, err := parseInt(s)
		rn, rerr := strconv.ParseInt(s, 10, 64)
		if rerr == nil && rn < 0 { // sacct's integers are unsigned: a negative one is refused
			rn, rerr = 0, strconv.ErrRange
		}
		if isNull(s) {
			rn, rerr = 0, nil
		}
		if rerr == nil && n != rn || (err == nil) != (rerr == nil) || ok != (rerr == nil && !isNull(s)) {
			t.Errorf("parseInt(%q) = %v %v %v; strconv %v %v", s, n, ok, err, rn, rerr)
		}
		c, g, ok, err := parseExit(s)
		a, b, found := strings.Cut(s, ":")
		ra, e1 := strconv.ParseUint(a, 10, 8)
		rb, e2 := strconv.ParseUint(b, 10, 8)
		want := found && e1 == nil && e2 == nil
		if !isNull(s) && (ok != want || (err == nil) != want || want && (c != int64(ra) || g != int64(rb))) {
			t.Errorf("parseExit(%q) = %v %v %v %v; strconv %v %v %v", s, c, g, ok, err, ra, rb, want)
		}
	})
}

// TestTimesInUTC holds the arithmetic reading of UTC times to time.Date
// on random dates of every year 0000-9999, days past the end of their
// month (normalized forward, as time.Date does) and leap seconds.
func TestTimesInUTC(t *testing.T) {
	rng := rand.New(rand.NewSource(9))
	utc0 := time.FixedZone("UTC0", 0)
	for range 200_000 {
		s := fmt.Sprintf("%04d-%02d-%02dT%02d:%02d:%02d", rng.Intn(10000), 1+rng.Intn(12), 1+rng.Intn(31), rng.Intn(24), rng.Intn(60), rng.Intn(61))
		got, ok, err := parseTime(s, time.UTC)
		want, wok, werr := parseTime(s, utc0)
		if got != want || ok != wok || err != nil || werr != nil {
			t.Fatalf("%s: %d %v %v; time.Date %d %v %v", s, got, ok, err, want, wok, werr)
		}
	}
}

// TestUsage reads the GPU figures of TRES usage lists as sacct prints
// them (gres/gpumem with its unit, or in bytes under --noconvert) and
// refuses what they cannot be.
func TestUsage(t *testing.T) {
	for in, want := range map[string]usage{
		"cpu=00:52:45,energy=0,fs/disk=2789162983,gres/gpumem=21794M,gres/gpuutil=100,mem=1828196K": {100, 21794, true, true},
		"gres/gpumem=80G,gres/gpuutil=0":        {0, 80 * 1024, true, true},
		"gres/gpumem=4194304,gres/gpuutil=72.5": {72.5, 4, true, true},
		"cpu=00:21:50,mem=1828196K":             {},
		"":                                      {},
	} {
		got, err := parseUsage(in)
		if err != nil || got != want {
			t.Errorf("%q: %+v %v, want %+v", in, got, err, want)
		}
	}
	for _, in := range []string{"gres/gpuutil=high", "gres/gpumem=12Q", "gres/gpuutil=-3", "cpu"} {
		if _, err := parseUsage(in); err == nil {
			t.Errorf("%q: accepted", in)
		}
	}
}
