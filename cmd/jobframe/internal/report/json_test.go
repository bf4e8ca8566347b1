package report

import (
	"bytes"
	"encoding/json"
	"flag"
	"os"
	"path/filepath"
	"testing"

	"github.com/jobframe/jobframe/loaders"
)

var update = flag.Bool("update", false, "rewrite the JSON goldens in testdata/json")

// jsonSources are the bundled samples whose report JSON is kept as a
// golden: one per format.
var jsonSources = map[string][]string{
	"hyperqueue":     {"hq/synthetic_v0.26_journal.jsonl"},
	"workqueue":      {"workqueue/realrun_wq_7.17.1_transactions.log"},
	"workqueue-perf": {"workqueue/realrun_wq_7.17.1_performance.log"},
	"taskvine":       {"taskvine/realrun_vine_7.17.1_transactions.log"},
	"balsam":         {"balsam"},
	"epmt":           {"epmt/804280"},
	"slurm":          {"slurm/tdhock_sacct-multistep.txt"},
	"slurm-jobs":     {"slurm/slurmsim_sacct_simple.log"},
	"slurm-json": {"slurm/json/rackslab_Slurm-web_slurmdb_24.05_v0.0.41_job-completed.json",
		"slurm/json/rackslab_Slurm-web_slurmdb_25.11_v0.0.44_job-gpus-multi-nodes.json"},
	"pbs":           {"pbs/days/20160612", "pbs/days/20160613"},
	"lsf":           {"lsf/aws-samples_hpc-cost-simulator_lsb.acct.hostFactor-not-a-float"},
	"htcondor":      {"htcondor/htcondor_job_core_macros_sched.log"},
	"flux":          {"flux/flux-framework_flux-core_flux-jobs_returncode_input.jsonl"},
	"snakemake":     {"snakemake/snakemake_snakemake_benchmark_aggregated_2023.tsv"},
	"cromwell":      {"cromwell/broadinstitute_cromshell_failed_helloworld_metadata.json"},
	"parsl":         {"parsl/run-here/parsl_2025.03.03_threads_2runs_monitoring.db"},
	"snakemake-log": {"snakemake/run-here/2026-11-28T042021.455478.snakemake.log"},
	"nextflow":      {"nextflow/openproblems_2021-03_trace.txt"},
	"wfcommons":     {"wfcommons/blast-chameleon-small-001.json"},
}

// TestReportJSONGoldens: `report --json` of every bundled format, byte
// for byte (go test -run TestReportJSONGoldens -update rewrites them).
// The figures in them that matter are asserted against independent
// computations in report_test.go; the golden pins the rest (which
// facts, series and tables, their units and shown text) against
// unnoticed change, and every document must decode into Document
// again.
func TestReportJSONGoldens(t *testing.T) {
	for name, rel := range jsonSources {
		t.Run(name, func(t *testing.T) {
			var paths []string
			for _, r := range rel {
				paths = append(paths, testdata(r))
			}
			d, err := loaders.OpenWith(loaders.Options{Lenient: true}, paths...)
			if err != nil {
				t.Fatal(err)
			}
			var buf bytes.Buffer
			if err := Encode(&buf, Build(d, Options{})); err != nil {
				t.Fatal(err)
			}
			var back Document
			if err := json.Unmarshal(buf.Bytes(), &back); err != nil || back.Schema != SchemaVersion || len(back.Sections) < 12 {
				t.Fatalf("the document does not decode into a report: %v (%d sections)", err, len(back.Sections))
			}
			golden := filepath.Join("testdata", "json", name+".json")
			if *update {
				if err := os.MkdirAll(filepath.Dir(golden), 0o755); err != nil {
					t.Fatal(err)
				}
				if err := os.WriteFile(golden, buf.Bytes(), 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			want, err := os.ReadFile(golden)
			if err != nil {
				t.Fatalf("%v (go test -run TestReportJSONGoldens -update writes it)", err)
			}
			if !bytes.Equal(buf.Bytes(), want) {
				t.Errorf("report JSON of %s differs from %s (rerun with -update after checking the change)", rel, golden)
			}
		})
	}
}
