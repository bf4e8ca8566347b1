package pbs

import (
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/jobframe/jobframe/loaders/source"
)

// load reads log (records joined by newlines) strictly.
func load(t *testing.T, log string) *source.Dataset {
	t.Helper()
	d, err := Load(strings.NewReader(log+"\n"), source.Options{Name: "acct"})
	if err != nil {
		t.Fatal(err)
	}
	return d
}

// runs prints the tasks frame's rows as "job attempt state raw_state
// worker req_cpus".
func runs(t *testing.T, d *source.Dataset) string {
	t.Helper()
	f := d.Frames["tasks"]
	job, _, _ := f.Strings("job")
	att, _, _ := f.Int64s("attempt")
	st, _, _ := f.Strings("state")
	raw, _, _ := f.Strings("raw_state")
	w, wok, _ := f.Strings("worker")
	cpus, cok, _ := f.Float64s("req_cpus")
	var b strings.Builder
	for i := range job {
		worker, n := "-", "-"
		if wok == nil || wok[i] {
			worker = w[i]
		}
		if cok == nil || cok[i] {
			n = fmt.Sprint(cpus[i])
		}
		fmt.Fprintf(&b, "%s %d %s %q %s %s\n", job[i], att[i], st[i], raw[i], worker, n)
	}
	return b.String()
}

// TestRunStates: each way a run ends, as the package documentation
// words it, on records written as PBS Professional and Torque write
// them.
func TestRunStates(t *testing.T) {
	const day = "06/01/2016 00:00:0"
	for _, c := range []struct{ name, log, want string }{
		{"success and failure",
			day + "1;S;1.s;start=1464739201 exec_host=n1/0-3\n" + day + "2;E;1.s;start=1464739201 end=1464739202 exec_host=n1/0-3 Exit_status=0\n" +
				day + "3;E;2.s;start=1464739201 end=1464739203 exec_host=n2/0+n3/0*4 Exit_status=3",
			"1.s 1 success \"exit 0\" n1 4\n2.s 1 failed \"exit 3\" n2 5\n"},
		{"killed by a signal",
			day + "1;E;3.s;start=1464739201 end=1464739202 exec_host=n1/0 Exit_status=271",
			"3.s 1 failed \"exit 271 (signal 15)\" n1 1\n"},
		{"deleted while running",
			day + "1;S;4.s;start=1464739201 exec_host=n1/0\n" + day + "2;D;4.s;requestor=me@host\n" + day + "3;E;4.s;start=1464739201 end=1464739203 exec_host=n1/0 Exit_status=271",
			"4.s 1 canceled \"deleted, exit 271 (signal 15)\" n1 1\n"},
		{"rerun, then ended",
			day + "1;S;5.s;start=1464739201 exec_host=n1/0\n" + day + "2;R;5.s;\n" + day + "3;S;5.s;start=1464739203 exec_host=n2/0\n" +
				day + "4;E;5.s;start=1464739203 end=1464739204 exec_host=n2/0 Exit_status=0",
			"5.s 1 lost \"rerun\" n1 1\n5.s 2 success \"exit 0\" n2 1\n"},
		{"still running", day + "1;S;6.s;start=1464739201 exec_host=n1/0-1", "6.s 1 running \"running\" n1 2\n"},
		{"PBS Professional's limits",
			day + "1;E;7.s;start=1464739201 end=1464739202 exec_vnode=(n1:ncpus=1) exec_host=n1/0 run_count=2 Exit_status=-29\n" +
				day + "2;E;8.s;start=1464739201 end=1464739202 exec_vnode=(n1:ncpus=1) exec_host=n1/0 run_count=1 Exit_status=-27\n" +
				day + "3;E;9.s;start=1464739201 end=1464739202 exec_vnode=(n1:ncpus=1) exec_host=n1/0 run_count=1 Exit_status=-11",
			"7.s 2 timeout \"exit -29\" n1 1\n8.s 1 exhausted \"exit -27\" n1 1\n9.s 1 lost \"exit -11\" n1 1\n"},
		{"Torque's limits",
			day + "1;E;10.s;start=1464739201 end=1464739202 exec_host=n1/0 Exit_status=-11\n" +
				day + "2;E;11.s;start=1464739201 end=1464739202 exec_host=n1/0 Exit_status=-10\n" +
				day + "3;E;12.s;start=1464739201 end=1464739202 exec_host=n1/0 Exit_status=-29",
			"10.s 1 timeout \"exit -11\" n1 1\n11.s 1 exhausted \"exit -10\" n1 1\n12.s 1 lost \"exit -29\" n1 1\n"},
		{"aborted by the server",
			day + "1;S;13.s;start=1464739201 exec_host=n1/0\n" + day + "2;A;13.s;",
			"13.s 1 lost \"aborted\" n1 1\n"},
		{"never ran: no run", day + "1;Q;14.s;queue=q\n" + day + "2;D;14.s;requestor=me\n" + day + "3;E;14.s;start=0 end=1464739203 Exit_status=0", ""},
	} {
		t.Run(c.name, func(t *testing.T) {
			if got := runs(t, load(t, c.log)); got != c.want {
				t.Errorf("got\n%swant\n%s", got, c.want)
			}
		})
	}
}

// TestJobStatus: the jobs frame's status of a job never run, queued,
// deleted while queued, or ended without running.
func TestJobStatus(t *testing.T) {
	d := load(t, "06/01/2016 00:00:01;Q;1.s;queue=q\n06/01/2016 00:00:01;Q;2.s;queue=q\n06/01/2016 00:00:02;D;2.s;requestor=me\n"+
		"06/01/2016 00:00:03;E;3.s;start=0 end=1464739203 Exit_status=0")
	st, _, _ := d.Frames["jobs"].Strings("state")
	status, _, _ := d.Frames["jobs"].Strings("status")
	if got := fmt.Sprint(st, status); got != "[queued deleted ended without running] [waiting canceled canceled]" {
		t.Errorf("got %s", got)
	}
}

// TestValues: quoted values, Torque's unquoted -L requests, sizes in
// every unit, durations in every form, array ids.
func TestValues(t *testing.T) {
	d := load(t, `06/01/2016 00:00:01;E;7[3].srv;user=u account="my project" jobname='say "hi" there' Resource_Request_2.0=-L tasks=1:lprocs=28 -L tasks=2 session=5 `+
		`start=1464739201 end=1464739261 exec_host=n1/0*2 Exit_status=0 resources_used.mem=2gb resources_used.vmem=12.5M resources_used.cput=1:00:00:01 resources_used.walltime=61 Resource_List.select=2:ncpus=4:ngpus=1+1:ncpus=2`)
	j := d.Frames["jobs"]
	get := func(col string) string {
		v, _, err := j.Strings(col)
		if err != nil {
			f, _, _ := j.Float64s(col)
			if f == nil {
				n, _, _ := j.Int64s(col)
				return fmt.Sprint(n[0])
			}
			return fmt.Sprint(f[0])
		}
		return v[0]
	}
	for col, want := range map[string]string{
		"account": "my project", "name": `say "hi" there`, "resource_request_2_0": "-L tasks=1:lprocs=28 -L tasks=2", "session": "5",
		"mem_mb": "2048", "vmem_mb": "12.5", "cpu_time_s": "86401", "wall_time_s": "61", "req_cpus": "2", "req_gpus": "2",
		"array_job": "7[].srv", "array_task": "3",
	} {
		if got := get(col); got != want {
			t.Errorf("%s = %q, want %q", col, got, want)
		}
	}
}

// TestBadRecords: strict loads stop at the first bad record naming its
// line and field; lenient loads skip and count.
func TestBadRecords(t *testing.T) {
	good := "06/01/2016 00:00:01;Q;1.s;queue=q\n"
	for _, c := range []struct{ name, line, want string }{
		{"unknown type", "06/01/2016 00:00:02;X;1.s;queue=q", `acct:2: field type: got "X", want a record type of PBS or Torque`},
		{"bad date", "06/31/2016 00:00:02;Q;1.s;queue=q", `acct:2: field date: got "06/31/2016 00:00:02"`},
		{"three fields", "06/01/2016 00:00:02;Q;1.s", `acct:2: got "06/01/2016 00:00:02;Q;1.s", want a record date;type;id;attributes`},
		{"size unit", "06/01/2016 00:00:02;E;1.s;start=1 resources_used.mem=5xb", `acct:2: field resources_used.mem: got "5xb", want a size (unknown size unit`},
		{"duration", "06/01/2016 00:00:02;E;1.s;resources_used.walltime=1:xx", `acct:2: field resources_used.walltime: got "1:xx", want a duration`},
		{"epoch", "06/01/2016 00:00:02;E;1.s;start=-5", `acct:2: field start: got "-5", want seconds since 1970`},
		{"exec_host", "06/01/2016 00:00:02;S;1.s;exec_host=n1", `acct:2: field exec_host: got "n1", want the hosts and slots`},
		{"open quote", `06/01/2016 00:00:02;E;1.s;account="abc`, `acct:2: field account: got "\"abc", want a value closed by its quote`},
		{"word first", "06/01/2016 00:00:02;E;1.s;abc def=1", `acct:2: got "abc", want attributes key=value`},
	} {
		t.Run(c.name, func(t *testing.T) {
			log := good + c.line + "\n" + good
			_, err := Load(strings.NewReader(log), source.Options{Name: "acct"})
			var pe *source.ParseError
			if err == nil || !errors.As(err, &pe) || !strings.HasPrefix(err.Error(), c.want) {
				t.Fatalf("error %v, want one starting %s", err, c.want)
			}
			d, err := Load(strings.NewReader(log), source.Options{Name: "acct", Lenient: true})
			if err != nil {
				t.Fatal(err)
			}
			if n := d.Frames["events"].NumRows(); n != 2 || len(d.Warnings) != 2 {
				t.Errorf("lenient: %d records kept, warnings %v; want 2 and the record and the total", n, d.Warnings)
			}
		})
	}
}

// TestDaemonLog: a server log, whose lines start as an accounting
// log's do, is named as such.
func TestDaemonLog(t *testing.T) {
	_, err := Load(strings.NewReader("06/01/2016 00:00:45;0100;PBS_Server.1234;Job;1.s;enqueuing into q\n"), source.Options{Name: "server_logs/20160601"})
	if err == nil || !errors.Is(err, source.ErrBadHeader) || !strings.Contains(err.Error(), "daemon log") {
		t.Fatalf("error %v, want one naming a daemon log", err)
	}
	if !sniff([]byte("06/01/2016 00:00:45;0100;PBS_Server.1234;Job;1.s;enqueuing\n")) {
		t.Error("sniff refuses a server log: it would not reach Load's message")
	}
}
