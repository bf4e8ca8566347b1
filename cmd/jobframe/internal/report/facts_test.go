package report

import (
	"encoding/json"
	"math"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/jobframe/jobframe/loaders"
)

// factScripts are, for each golden report (testdata/json), the script
// of testdata/facts that recomputes its summary facts from the raw
// files with pandas and no jobframe code.
var factScripts = map[string]string{
	"hyperqueue":     "facts/hyperqueue.py",
	"workqueue":      "facts/workqueue.py",
	"workqueue-perf": "facts/workqueue-perf.py",
	"taskvine":       "facts/taskvine.py",
	"balsam":         "facts/balsam.py",
	"epmt":           "facts/epmt.py",
	"slurm":          "facts/slurm.py",
	"slurm-jobs":     "facts/slurm.py",
	"nextflow":       "facts/nextflow.py",
	"wfcommons":      "facts/wfcommons.py",
	"pbs":            "facts/pbs.py",
	"lsf":            "facts/lsf.py",
	"htcondor":       "facts/htcondor.py",
	"flux":           "facts/flux.py",
	"snakemake":      "facts/snakemake.py",
	"cromwell":       "facts/cromwell.py",
	"parsl":          "facts/parsl.py",
	"snakemake-log":  "facts/snakemake-log.py",
	"snakemake-logs": "facts/snakemake-log.py",
}

// moreFactSources are the other real files of the bundled formats, each
// reported in the test and checked by its format's script like the
// goldens: every public Slurm dump, WfCommons instance and Nextflow
// trace in testdata.
var moreFactSources = map[string][]string{
	"slurm-2019-11-21":      {"slurm/tdhock_sacct-2019-11-21.txt"},
	"slurm-pending":         {"slurm/tdhock_sacct-PENDING.txt"},
	"slurm-job":             {"slurm/tdhock_sacct-job13936577.txt"},
	"slurm-manyfields":      {"slurm/tdhock_sacct-manyfields.txt"},
	"slurm-multitype":       {"slurm/tdhock_sacct-multitype.txt"},
	"slurm-allcols":         {"slurm/tdhock_sacct-allcols.txt"},
	"pbs-vsc":               {"pbs/gjbex_vsc-tools-lib_20160601"},
	"lsf-xdmod":             {"lsf/ubccr_xdmod_accounting-logs.log"},
	"htcondor-reader":       {"htcondor/htcondor_test_event_reader.log"},
	"htcondor-test":         {"htcondor/htcondor_htcondor_test_condor.log"},
	"flux-contextual":       {"flux/flux-framework_flux-core_flux-jobs_contextual_info_input.jsonl"},
	"snakemake-tsv":         {"snakemake/snakemake_snakemake_test.benchmark_shell.txt"},
	"snakemake-jsonl":       {"snakemake/snakemake_snakemake_test.benchmark_shell.jsonl"},
	"cromwell-getzmwcounts": {"cromwell/broadinstitute_cromshell_GetZmwCounts.metadata.json"},
	"snakemake-logs":        {"snakemake/run-here/2026-11-28T042021.455478.snakemake.log", "snakemake/run-here/2026-11-28T042053.265699.snakemake.log", "snakemake/run-here/2026-11-28T042057.690728.snakemake.log"},
	"parsl-2019":            {"parsl/Parsl_parsl_monitoring_2019-02-18.db"},
	"parsl-pr3248":          {"parsl/Parsl_parsl_pr3248_runinfo_monitoring.db"},
	"parsl-all":             {"parsl/Parsl_parsl_monitoring_2019-02-18.db", "parsl/Parsl_parsl_pr3248_runinfo_monitoring.db", "parsl/run-here/parsl_2025.03.03_threads_2runs_monitoring.db"},
	"wfcommons-1000genome":  {"wfcommons/1000genome-chameleon-2ch-100k-001.json"},
	"wfcommons-bacass":      {"wfcommons/bacass-dirt02-001.json"},
	"wfcommons-blast1.4":    {"wfcommons/blast-chameleon-small-001_schema1.4.json"},
	"wfcommons-epigenomics": {"wfcommons/epigenomics-chameleon-hep-1seq-100k-001.json"},
	"wfcommons-helloworld":  {"wfcommons/helloworld-forkjoin-10-chameleon.json"},
	"wfcommons-srasearch":   {"wfcommons/srasearch-chameleon-10a-001.json"},
	"nextflow-jianhong":     {"nextflow/jianhong_chipseq_execution_trace.txt"},
	"nextflow-nfcore":       {"nextflow/wfcommons_nfcore_trace.txt"},
}

// TestSummariesAgainstScripts: for every golden report and every other
// real file of its format (moreFactSources), every fact the format's
// script computes equals the report's summary fact of that name, or for
// a key "section/fact" that section's fact (counts exactly, times and
// sums to 1e-6 relative: the scripts read times as float seconds), and
// the script computes every numeric summary fact but the derived shares.
// The goldens are read from testdata/json (TestReportJSONGoldens pins
// them to Build); the other files are built here.
func TestSummariesAgainstScripts(t *testing.T) {
	names := make([]string, 0, len(factScripts)+len(moreFactSources))
	for n := range factScripts {
		names = append(names, n)
	}
	for n := range moreFactSources {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, name := range names {
		t.Run(name, func(t *testing.T) {
			rel, golden := jsonSources[name], true
			if more, ok := moreFactSources[name]; ok {
				rel, golden = more, false
			}
			script := factScripts[name]
			if script == "" {
				script = "facts/" + strings.SplitN(name, "-", 2)[0] + ".py"
			}
			var args []string
			for _, r := range rel {
				args = append(args, testdata(r))
			}
			var want map[string]float64
			if err := json.Unmarshal([]byte(python(t, script, args...)), &want); err != nil {
				t.Fatal(err)
			}
			doc := reportOf(t, name, golden, args)
			checkScriptFacts(t, name, doc, want)
		})
	}
}

// reportOf is the golden report of name, or the report of paths built
// now.
func reportOf(t *testing.T, name string, golden bool, paths []string) *Document {
	t.Helper()
	if !golden {
		d, err := loaders.OpenWith(loaders.Options{Lenient: true}, paths...)
		if err != nil {
			t.Fatal(err)
		}
		return Build(d, Options{})
	}
	b, err := os.ReadFile(filepath.Join("testdata", "json", name+".json"))
	if err != nil {
		t.Fatal(err)
	}
	var doc Document
	if err := json.Unmarshal(b, &doc); err != nil {
		t.Fatal(err)
	}
	return &doc
}

// checkScriptFacts checks the facts a script computed (want) against the
// report's.
func checkScriptFacts(t *testing.T, name string, doc *Document, want map[string]float64) {
	t.Helper()
	got, other := map[string]float64{}, map[string]float64{}
	for i, sec := range doc.Sections {
		for _, f := range sec.Facts {
			switch {
			case f.Value == nil:
			case i == 0:
				got[f.Name] = *f.Value
			default:
				other[sec.ID+"/"+f.Name] = *f.Value
			}
		}
	}
	for k, w := range want {
		if g, ok := other[k]; ok {
			got[k] = g // a fact of another section the script names
		} else if strings.Contains(k, "/") {
			t.Errorf("%s: the script computes %s = %v, the report has no such fact", name, k, w)
			delete(want, k)
		}
	}
	for k, w := range want {
		g, ok := got[k]
		switch {
		case !ok:
			t.Errorf("%s: the script computes %s = %v, the report has no such fact", name, k, w)
		case math.Abs(g-w) > 1e-6*math.Max(1, math.Abs(w)):
			t.Errorf("%s: %s = %v in the report, %v by the script", name, k, g, w)
		}
	}
	for k := range got {
		if _, ok := want[k]; !ok && !derivedFact[k] {
			t.Errorf("%s: the report's %s = %v is not checked by the script", name, k, got[k])
		}
	}
}

// derivedFact are the summary facts computed from others, and the
// warnings of a load (the loader's, not the data's).
var derivedFact = map[string]bool{"badput share of run time": true, "warnings": true}
