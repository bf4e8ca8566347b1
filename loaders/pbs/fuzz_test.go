package pbs

import (
	"os"
	"strings"
	"testing"

	"github.com/jobframe/jobframe/frame/schema"
	"github.com/jobframe/jobframe/loaders/source"
	"github.com/jobframe/jobframe/loaders/sourcetest"
)

// FuzzLoadPBS: any log loads or fails with an error (the loaders'
// contract: no panic, errors name the input), from the small bundled
// logs and records of every type and value form.
func FuzzLoadPBS(f *testing.F) {
	for _, p := range []string{"pbs/ubccr_xdmod_accounting-logs.log", "pbs/days/20160613"} {
		if b, err := os.ReadFile(sourcetest.Bundled(p)); err == nil {
			f.Add(string(b))
		}
	}
	f.Add("06/01/2016 00:00:01;S;5[2].s;start=1464739201 exec_host=n1/0-3+n2/0*2,4 account=\"a b\" Resource_List.select=2:ncpus=4:ngpus=1\n" +
		"06/01/2016 00:00:02;R;5[2].s;\n06/01/2016 00:00:03;A;5[2].s;\n06/01/2016 00:00:04;D;5[2].s;requestor=x\n" +
		"06/01/2016 00:00:05;E;5[2].s;start=1464739201 end=1 Exit_status=-29 run_count=3 resources_used.mem=1.5gw resources_used.walltime=1:2:3:4\n" +
		"06/01/2016 00:00:06;Y;R12.s;Resource_Request_2.0=-L tasks=1\n")
	f.Fuzz(func(t *testing.T, in string) {
		load := func(s string, o source.Options) (*source.Dataset, error) { return Load(strings.NewReader(s), o) }
		sourcetest.Contract(t, in, load)
		// building only some columns gives the whole load's, selected
		sourcetest.Projects(t, in, load, map[string][]string{schema.Jobs: {"job", "session", "exec_vnode", "runs", "requestor"},
			schema.Tasks: {"task", "worker", "exec_host"}, schema.Events: {"time", "record"}, schema.Allocations: {"id", "wait_s"},
			schema.Placements: {"worker", "cpus"}})
		// the records asked for their span alone are counted and spanned,
		// and nothing else changes
		for _, lenient := range []bool{false, true} {
			sourcetest.SkimsEvents(t, in, load, source.Options{Lenient: lenient})
		}
	})
}
