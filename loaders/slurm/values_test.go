package slurm

import (
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
