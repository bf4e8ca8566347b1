package loaders

import (
	"slices"
	"strings"
	"testing"

	"github.com/jobframe/jobframe/frame/schema"
	"github.com/jobframe/jobframe/loaders/source"
	"github.com/jobframe/jobframe/loaders/sourcetest"
)

// TestSources: Options.Sources keeps the logs of the systems named, as
// if only they had been named: a format of other systems is not read (a
// Balsam folder), a format of several whose log turns out to be of
// another (cctools: a Work Queue log when taskvine is asked) is dropped
// once read; one warning counts and names what was left out.
func TestSources(t *testing.T) {
	hq, wq := sourcetest.Bundled("hq/synthetic_v0.26_journal.jsonl"), sourcetest.Bundled("workqueue/realrun_wq_7.17.1_transactions.log")
	vine, balsam := sourcetest.Bundled("taskvine/realrun_vine_7.17.1_transactions.log"), sourcetest.Bundled("balsam")
	slurm := sourcetest.Bundled("slurm/tdhock_sacct-allcols.txt")
	d, err := OpenWith(source.Options{Sources: []string{"hyperqueue", "slurm", "taskvine"}}, hq, wq, balsam, vine, slurm)
	if err != nil {
		t.Fatal(err)
	}
	if d.Source != "hyperqueue+slurm+taskvine" {
		t.Fatalf("source %s", d.Source)
	}
	// the attempts of each, as TestEverySourceInOneDataset counts them
	if got := sourcetest.Counts(t, sourcetest.Frame(t, d, schema.Tasks), "source"); got != "hyperqueue:56 slurm:2 taskvine:20" {
		t.Fatalf("tasks by source: %s", got)
	}
	want, err := Open(hq, vine, slurm)
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range want.Names() {
		if g, w := sourcetest.Rows(t, d.Frames[name]), sourcetest.Rows(t, want.Frames[name]); !slices.Equal(g, w) {
			t.Errorf("%s: %d rows, %d when only those logs are named, or other values", name, len(g), len(w))
		}
	}
	i := slices.IndexFunc(d.Warnings, func(w source.Warning) bool { return strings.HasPrefix(w.Msg, "not read:") })
	if i < 0 || d.Warnings[i].Msg != "not read: 2 input(s) of other sources than hyperqueue, slurm, taskvine" ||
		d.Warnings[i].File != balsam+"/synthetic_batchjobs.json, "+wq {
		t.Errorf("warnings: %v", d.Warnings)
	}
	if _, err := OpenWith(source.Options{Sources: []string{"pbs"}}, hq, wq); err == nil || !strings.Contains(err.Error(), "no input of pbs among") {
		t.Errorf("no input of the source: %v", err)
	}
	if _, err := OpenWith(source.Options{Sources: []string{"hq"}}, hq); err == nil || !strings.Contains(err.Error(), `source "hq": no format reads it (the sources: `) ||
		!strings.Contains(err.Error(), "hyperqueue") {
		t.Errorf("an unknown source: %v", err)
	}
}
