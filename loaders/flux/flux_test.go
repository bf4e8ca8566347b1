package flux

import (
	"errors"
	"os"
	"strconv"
	"strings"
	"testing"

	"github.com/jobframe/jobframe/frame/schema"
	"github.com/jobframe/jobframe/loaders/source"
	"github.com/jobframe/jobframe/loaders/sourcetest"
)

func returncode(t *testing.T) string {
	t.Helper()
	b, err := os.ReadFile(sourcetest.Bundled("flux/flux-framework_flux-core_flux-jobs_returncode_input.jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// TestJobRecords: flux-core's returncode records as lines and as flux
// jobs --json's document give the same frames: exit 42 from wait status
// 10752, signal 15 from 15, the job canceled before it ran without a
// run, the running one running, four ranks on one host.
func TestJobRecords(t *testing.T) {
	lines := returncode(t)
	doc := "{\"jobs\": [\n" + strings.ReplaceAll(strings.TrimSpace(lines), "\n", ",\n") + "\n]}\n"
	for _, in := range []string{lines, doc} {
		d, err := LoadJobs(strings.NewReader(in), source.Options{Name: "jobs.json"})
		if err != nil {
			t.Fatal(err)
		}
		jobs := d.Frames["jobs"]
		status, _, _ := jobs.Strings("status")
		exit, _, _ := jobs.Int64s("exit_code")
		signal, _, _ := jobs.Int64s("signal")
		f58, _, _ := jobs.Strings("job_f58")
		// flux-core's t/flux-jobs/tests/returncode/output: what
		// flux jobs -o {returncode:h} prints for these records
		rc, rcOK, _ := jobs.Int64s("returncode")
		shown := make([]string, len(rc))
		for i := range rc {
			shown[i] = "-"
			if rcOK[i] {
				shown[i] = strconv.FormatInt(rc[i], 10)
			}
		}
		check(t, "returncode as flux jobs shows it", shown, []string{"-", "-15", "-128", "42", "1", "0"})
		check(t, "status", status, []string{schema.Running, schema.Success, schema.Canceled, schema.Failed, schema.Failed, schema.Success})
		check(t, "exit, signal", []any{exit[3], exit[4], signal[1]}, []any{int64(42), int64(1), int64(15)})
		check(t, "F58 form", strings.HasPrefix(f58[1], "ƒ") && len(f58[1]) > 3, true)
		if n := d.Frames["tasks"].NumRows(); n != 5 {
			t.Errorf("%d runs, want 5 (the canceled job never ran)", n)
		}
		p := d.Frames["placements"]
		workers, _, _ := p.Strings("worker")
		ranks, _, _ := p.Int64s("rank")
		check(t, "placements of the running job", []any{workers[:4], ranks[:4]}, []any{[]string{"asp", "asp", "asp", "asp"}, []int64{0, 1, 2, 3}})
	}
}

// TestBadJobRecords: strict mode stops at the first bad record naming
// its line (and its place in a document) and field.
func TestBadJobRecords(t *testing.T) {
	good := `{"id": 1, "t_submit": 1607972281.7, "state": 8}` + "\n"
	for _, c := range []struct{ name, rec, field string }{
		{"unknown state", `{"id": 2, "t_submit": 1607972281.7, "state": 3}`, "state"},
		{"unknown result", `{"id": 2, "t_submit": 1607972281.7, "state": 64, "result": 16}`, "result"},
		{"wrong type", `{"id": 2, "t_submit": "yesterday"}`, "t_submit"},
		{"no id", `{"t_submit": 1607972281.7}`, "id"},
		{"cleanup before run", `{"id": 2, "t_submit": 1, "t_run": 5, "t_cleanup": 4}`, "t_cleanup"},
		{"negative count", `{"id": 2, "t_submit": 1, "ntasks": -4}`, "ntasks"},
		{"bad node list", `{"id": 2, "t_submit": 1, "t_run": 2, "nodelist": "node[4-1]"}`, "nodelist"},
		{"bad ranks", `{"id": 2, "t_submit": 1, "t_run": 2, "ranks": "[0-x]"}`, "ranks"},
		{"integer as 1.0", `{"id": 2, "t_submit": 1, "ntasks": 1.0}`, "ntasks"},
		{"null id", `{"id": null, "t_submit": 1}`, "id"},
		{"not JSON", `{"id": 2,`, ""},
	} {
		t.Run(c.name, func(t *testing.T) {
			_, err := LoadJobs(strings.NewReader(good+c.rec+"\n"+good), source.Options{Name: "jobs.jsonl"})
			var pe *source.ParseError
			if !errors.As(err, &pe) || pe.Line != 2 || pe.Field != c.field {
				t.Fatalf("lines: %v, want line 2 field %q", err, c.field)
			}
			doc := "{\"jobs\": [\n" + strings.TrimSpace(good) + ",\n" + c.rec + "\n]}"
			if c.name == "not JSON" {
				return
			}
			_, err = LoadJobs(strings.NewReader(doc), source.Options{Name: "jobs.json"})
			if !errors.As(err, &pe) || pe.Line != 3 || pe.Field != "jobs[1]."+c.field {
				t.Fatalf("document: %v, want line 3 field jobs[1].%s", err, c.field)
			}
			d, err := LoadJobs(strings.NewReader(good+c.rec+"\n"+good), source.Options{Name: "jobs.jsonl", Lenient: true})
			if err != nil || d.Frames["events"].NumRows() != 2 {
				t.Errorf("lenient: %v", err)
			}
		})
	}
}

// TestEventlogExceptions: a job canceled while pending is canceled and
// never ran; one whose time limit ran out is a timeout; an unknown event
// is a bad record.
func TestEventlogExceptions(t *testing.T) {
	pending := `{"timestamp":1.5e9,"name":"submit","context":{"userid":1,"urgency":16,"flags":0,"version":1}}
{"timestamp":1500000001,"name":"exception","context":{"type":"cancel","severity":0,"note":"by user","userid":1}}
{"timestamp":1500000002,"name":"clean"}
`
	d, err := LoadEventlog(strings.NewReader(pending), source.Options{Name: "job/0000/003d/6700/0000/eventlog"})
	if err != nil {
		t.Fatal(err)
	}
	ids, _, _ := d.Frames["jobs"].Strings("job")
	status, _, _ := d.Frames["jobs"].Strings("status")
	check(t, "canceled while pending", []any{ids, status, d.Frames["tasks"].NumRows()}, []any{[]string{"263721058304"}, []string{schema.Canceled}, 0})

	timeout := `{"timestamp":1500000000,"name":"submit","context":{"userid":1,"urgency":16}}
{"timestamp":1500000001,"name":"start"}
{"timestamp":1500000061,"name":"exception","context":{"type":"timeout","severity":0,"note":"resource allocation expired"}}
{"timestamp":1500000062,"name":"finish","context":{"status":36352}}
`
	d, err = LoadEventlog(strings.NewReader(timeout), source.Options{Name: "ƒ2ARxLQf.jsonl"})
	if err != nil {
		t.Fatal(err)
	}
	states, _, _ := d.Frames["tasks"].Strings("state")
	exit, _, _ := d.Frames["tasks"].Int64s("exit_code")
	ids, _, _ = d.Frames["tasks"].Strings("job")
	check(t, "timeout", []any{states, exit, ids}, []any{[]string{schema.Timeout}, []int64{142}, []string{"ƒ2ARxLQf"}})

	for _, bad := range []struct{ line, field string }{
		{`{"timestamp":1500000003,"name":"teleport"}`, "name"},
		{`{"timestamp":"noon","name":"clean"}`, "timestamp"},
		{`{"timestamp":1500000003,"name":"finish","context":{"status":"ok"}}`, "context.status"},
		{`{"timestamp":1500000003,"name":"clean","context":[1]}`, "context"},
	} {
		_, err := LoadEventlog(strings.NewReader(timeout+bad.line+"\n"), source.Options{Name: "x.jsonl"})
		var pe *source.ParseError
		if !errors.As(err, &pe) || pe.Line != 5 || pe.Field != bad.field {
			t.Errorf("%s: %v, want line 5 field %s", bad.line, err, bad.field)
		}
	}
}

// TestF58: the ids flux-core's contextual_info test names in its
// dependencies.
func TestF58(t *testing.T) {
	check(t, "F58", []string{F58(54391734272), F58(0)}, []string{"ƒ2RsQrcw", "ƒ1"})
}
