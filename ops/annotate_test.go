package ops

import (
	"strings"
	"testing"
)

// EPMT's annotate_job and tag_job merge rule (docs/semantics.md#annotations) on the
// jobs frame of job 804280 (which has six job tags and no annotations).
func TestAnnotateAndTagJob(t *testing.T) {
	jobs := frameOf(t, load(t, bundled("epmt/804280")), "jobs")
	steps := []struct {
		text    string
		replace bool
		want    string
	}{
		{"status:checked;good", false, "good:1;status:checked"}, // a bare word is "1"
		{"status:rerun", false, "good:1;status:rerun"},          // merge overwrites
		{"note:x", true, "note:x"},                              // replace drops the rest
		{"", true, ""},                                          // remove_job_annotations
	}
	f := jobs
	for _, s := range steps {
		f = Annotate(f, "804280", s.text, s.replace)
		if got := column(t, f, "annotations"); got != s.want {
			t.Fatalf("Annotate(%q, replace %v): %q, want %q", s.text, s.replace, got, s.want)
		}
	}
	if err := Annotate(jobs, "1", "a:b", false).Err(); err == nil || !strings.Contains(err.Error(), `no job "1"`) {
		t.Fatal(err)
	}
	if err := Annotate(jobs, "804280", "a:b:c", false).Err(); err == nil || !strings.Contains(err.Error(), `cannot read "a:b:c"`) {
		t.Fatal(err)
	}

	tagged := TagJob(jobs, "804280", "exp_name:rerun;reviewer:jd", false)
	if got := column(t, tagged, "tag.exp_name") + " " + column(t, tagged, "tag.reviewer") + " " + column(t, tagged, "tag.atm_res"); got != "rerun jd c96l49" {
		t.Fatal(got)
	}
	if got := column(t, TagJob(jobs, "804280", "only:one", true), "tags"); got != "only:one" {
		t.Fatal(got)
	}
	if TagJob(jobs, "804280", "only:one", true).Has("tag.atm_res") {
		t.Fatal("replaced tags keep an old tag column")
	}
}
