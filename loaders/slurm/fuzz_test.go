package slurm

import (
	"os"
	"strings"
	"testing"

	"github.com/jobframe/jobframe/frame/schema"
	"github.com/jobframe/jobframe/loaders/source"
	"github.com/jobframe/jobframe/loaders/sourcetest"
)

func FuzzLoadSlurm(f *testing.F) {
	for _, name := range []string{"slurmsim_sacct_simple.log", "slurmsim_sacct_dump2110.log", "tdhock_sacct-allcols.txt"} {
		if b, err := os.ReadFile(sourcetest.Bundled("slurm/" + name)); err == nil {
			f.Add(string(b))
		}
	}
	f.Add("JobID|JobName|State|NodeList|ReqMem|ExitCode|AllocTRES\n1_[1-3]|a|b|PENDING|None assigned|4000Mc|0:0|\n1_2.0|x|COMPLETED|cn[1-2]|2Gn|1:0|cpu=2,mem=1G\n")
	f.Add("JobID|JobName|State|SubmitLine|Elapsed\n100|x|COMPLETED|sbatch --wrap='sort a\n | uniq -c\n | head'|00:00:07\n101|y|FAILED|y|00:00:01\n")
	// a load that keeps few columns skips storing the other fields: it
	// reads what the whole load reads, and gives the columns it keeps
	few := source.Options{Columns: map[string][]string{schema.Tasks: {"job", "start?", "ave_cpu_s?"}, schema.Jobs: {"job", "user?"}}}
	f.Fuzz(func(t *testing.T, in string) {
		sourcetest.Contract(t, in, func(s string, o source.Options) (*source.Dataset, error) { return Load(strings.NewReader(s), o) })
		whole, errWhole := few.Project(Load(strings.NewReader(in), source.Options{}))
		some, errSome := few.Project(Load(strings.NewReader(in), few))
		if (errWhole == nil) != (errSome == nil) || errWhole != nil && errWhole.Error() != errSome.Error() {
			t.Fatalf("whole: %v; keeping few columns: %v", errWhole, errSome)
		}
		if errWhole != nil {
			return
		}
		for name, f := range whole.Frames {
			if g, w := sourcetest.CSV(t, some.Frames[name]), sourcetest.CSV(t, f); g != w {
				t.Fatalf("the %s frame keeping few columns:\n%.300s\nwhole:\n%.300s", name, g, w)
			}
		}
	})
}
