package pickle

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/jobframe/jobframe/loaders/sourcetest"
)

func decodeFile(t *testing.T, path string) (any, error) {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return Decode(bytes.NewReader(b))
}

// The real 804280 job_metadata: Python 2 protocol 0 (shared/data/README.md).
func TestPickleJobMetadata804280(t *testing.T) {
	v, err := decodeFile(t, sourcetest.Bundled("epmt/804280/job_metadata"))
	if err != nil {
		t.Fatal(err)
	}
	m := v.(map[string]any)
	var keys []string
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	if got := strings.Join(keys, " "); got != "job_el_env job_el_exitcode job_el_reason job_el_stop_ts job_pl_env job_pl_id job_pl_start_ts job_pl_submit_ts" {
		t.Fatal(got)
	}
	if m["job_pl_id"] != "804280" || m["job_el_exitcode"] != int64(0) || m["job_el_reason"] != "none" {
		t.Fatal(m["job_pl_id"], m["job_el_exitcode"], m["job_el_reason"])
	}
	start := m["job_pl_start_ts"].(Datetime)
	if start != m["job_pl_submit_ts"].(Datetime) || start.Offset != nil {
		t.Fatal("submit and start are the same memo object, naive")
	}
	east, _ := time.LoadLocation("US/Eastern")
	if us := start.In(east).UnixMicro(); us != 1561237094020006 {
		t.Fatalf("start %d", us)
	}
	if us := m["job_el_stop_ts"].(Datetime).In(east).UnixMicro(); us != 1561240244724533 {
		t.Fatalf("stop %d", us)
	}
	env := m["job_el_env"].(map[string]any)
	if len(env) != 68 || len(m["job_pl_env"].(map[string]any)) != 68 {
		t.Fatal(len(env))
	}
	if env["SLURM_JOB_USER"] != "Jeffrey.Durachta" || env["SLURM_JOB_NAME"] != "ESM4_historical_D151_ocean_cobalt_tracers_int_19090101" {
		t.Fatal(env["SLURM_JOB_USER"], env["SLURM_JOB_NAME"])
	}
}

// Pickles CPython wrote in every protocol (testdata/pickle/make.py).
func TestPickleProtocols(t *testing.T) {
	for p := 0; p <= 5; p++ {
		v, err := decodeFile(t, filepath.Join("testdata", fmt.Sprintf("meta_p%d.pkl", p)))
		if err != nil {
			t.Fatalf("protocol %d: %v", p, err)
		}
		m := v.(map[string]any)
		sub := m["job_pl_submit_ts"].(Datetime)
		stop := m["job_el_stop_ts"].(Datetime)
		checks := []bool{
			m["job_pl_id"] == "804280",
			sub == Datetime{2019, 6, 22, 16, 58, 14, 20006, nil},
			stop.Offset != nil && *stop.Offset == -4*3600 && stop.In(time.UTC).UnixMicro() == 1561240244724533,
			m["big"] == int64(1<<40+3), m["neg"] == int64(-7), m["ratio"] == 0.25,
			fmt.Sprint(m["flags"]) == "[true false <nil>]",
			fmt.Sprint(m["pair"]) == "[a [0 255]]",
			m["job_el_env"].(map[string]any)["EPMT_JOB_TAGS"] == "exp_name:ESM4;ocn_res:0.5l75",
			m["text"] == "café ☃",
		}
		for i, ok := range checks {
			if !ok {
				t.Errorf("protocol %d: check %d failed: %#v", p, i, m)
			}
		}
	}
}

// Nothing is ever executed: other globals and opcodes are refused.
func TestPickleRefusesCode(t *testing.T) {
	_, err := decodeFile(t, filepath.Join("testdata", "evil_reduce.pkl"))
	sourcetest.MustContain(t, err, "pickle offset 13", "global posix.system is not allowed")
	_, err = decodeFile(t, filepath.Join("testdata", "evil_inst.pkl"))
	sourcetest.MustContain(t, err, "opcode 'i' (0x69) is not accepted")
	_, err = Decode(strings.NewReader("(dp0\nS'a'\n"))
	sourcetest.MustContain(t, err, "truncated")
	_, err = Decode(strings.NewReader("\x80\x09."))
	sourcetest.MustContain(t, err, "protocol 9 is not supported")
}

func FuzzDecodePickle(f *testing.F) {
	for _, p := range []string{sourcetest.Bundled("epmt/804280/job_metadata"), "testdata/meta_p0.pkl", "testdata/meta_p2.pkl", "testdata/meta_p4.pkl", "testdata/evil_reduce.pkl"} {
		if b, err := os.ReadFile(p); err == nil {
			f.Add(b)
		}
	}
	// The property: no input panics or hangs the decoder (it runs nothing
	// by construction; TestPickleRefusesCode checks the refusals).
	f.Fuzz(func(t *testing.T, in []byte) {
		Decode(bytes.NewReader(in))
	})
}
