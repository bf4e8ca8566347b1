package loaders

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/jobframe/jobframe/frame"
	"github.com/jobframe/jobframe/loaders/source"
	"github.com/jobframe/jobframe/loaders/sourcetest"
)

// TestByteOrderMark: a UTF-8 byte-order mark before the first line (as
// Windows tools write one) is skipped: the file is recognised and loads
// to the same frames, row for row, as without it, in strict mode.
func TestByteOrderMark(t *testing.T) {
	for _, rel := range []string{
		"hq/synthetic_v0.26_journal.jsonl",
		"workqueue/realrun_wq_7.17.1_transactions.log",
		"slurm/tdhock_sacct-manyfields.txt",
		"nextflow/openproblems_2021-03_trace.txt",
		"wfcommons/bacass-dirt02-001.json",
		"pbs/gjbex_vsc-tools-lib_20160601",
		"lsf/ubccr_xdmod_accounting-logs.log",
		"htcondor/htcondor_job_core_macros_sched.log",
		"flux/flux-framework_flux-core_flux-jobs_returncode_input.jsonl",
		"flux/flux-framework_flux-core_dump-0.46.0_job_eventlog.jsonl",
	} {
		t.Run(rel, func(t *testing.T) {
			src, err := os.ReadFile(sourcetest.Bundled(rel))
			if err != nil {
				t.Fatal(err)
			}
			dir := t.TempDir()
			plain, marked := filepath.Join(dir, "a", filepath.Base(rel)), filepath.Join(dir, "b", filepath.Base(rel))
			for path, b := range map[string][]byte{plain: src, marked: append([]byte{0xEF, 0xBB, 0xBF}, src...)} {
				if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
					t.Fatal(err)
				}
				if err := os.WriteFile(path, b, 0o644); err != nil {
					t.Fatal(err)
				}
			}
			want, err := OpenWith(source.Options{}, plain)
			if err != nil {
				t.Fatal(err)
			}
			got, err := OpenWith(source.Options{}, marked)
			if err != nil {
				t.Fatalf("with a byte-order mark: %v", err)
			}
			for name, f := range want.Frames {
				g := got.Frames[name]
				if g == nil || !equalRows(t, g, f) {
					t.Errorf("frame %s differs with a byte-order mark", name)
				}
			}
		})
	}
}

// equalRows reports whether two frames hold the same rows.
func equalRows(t *testing.T, a, b *frame.Frame) bool {
	ra, rb := sourcetest.Rows(t, a), sourcetest.Rows(t, b)
	if len(ra) != len(rb) {
		return false
	}
	for i := range ra {
		if ra[i] != rb[i] {
			return false
		}
	}
	return true
}
