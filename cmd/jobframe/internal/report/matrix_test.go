package report

import (
	"math"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/jobframe/jobframe/frame"
	"github.com/jobframe/jobframe/loaders"
	"github.com/jobframe/jobframe/ops"
)

// matrixSources are every bundled sample of every format, alone, and all
// nine formats in one load.
var matrixSources = map[string][]string{
	"hyperqueue":        {"hq/synthetic_v0.26_journal.jsonl"},
	"workqueue":         {"workqueue/realrun_wq_7.17.1_transactions.log"},
	"workqueue+perf":    {"workqueue/realrun_wq_7.17.1_transactions.log", "workqueue/realrun_wq_7.17.1_performance.log"},
	"workqueue-perf":    {"workqueue/realrun_wq_7.17.1_performance.log"},
	"taskvine":          {"taskvine/realrun_vine_7.17.1_transactions.log"},
	"taskvine-test":     {"taskvine/cctools-test_2025-04-25_transactions.log"},
	"taskvine-graph":    {"taskvine/realrun_vine_7.17.1_taskgraph.txt", "taskvine/realrun_vine_7.17.1_transactions.log"},
	"taskvine-series":   {"taskvine/time-series"},
	"balsam":            {"balsam"},
	"epmt":              {"epmt/804280"},
	"epmt-615503":       {"epmt/615503"},
	"epmt-12340":        {"epmt/12340"},
	"slurm-multistep":   {"slurm/tdhock_sacct-multistep.txt"},
	"slurm-allcols":     {"slurm/tdhock_sacct-allcols.txt"},
	"slurm-job":         {"slurm/tdhock_sacct-job13936577.txt"},
	"slurm-dump":        {"slurm/slurmsim_sacct_dump2110.log"},
	"slurm-simple":      {"slurm/slurmsim_sacct_simple.log"},
	"slurm-submitline":  {"slurm/slurmsim_sacct_submitline_multiline.log"},
	"slurm-allocations": {"slurm/allocations_sacct.txt"},
	"slurm-quoted":      {"slurm/tdhock_sacct-2019-11-21.txt"},
	"slurm-timeout":     {"slurm/tdhock_sacct-manyfields.txt"},
	"slurm-pending":     {"slurm/tdhock_sacct-PENDING.txt"},
	"slurm-gpu-energy":  {"slurm/gpu_energy_sacct.txt"},
	"slurm-json": {"slurm/json/mila-iqia_SARC_slurm_21_8_8.json", "slurm/json/mila-iqia_SARC_slurm_23_2_6.json",
		"slurm/json/mila-iqia_clockwork_sacct_1.json", "slurm/json/rackslab_Slurm-web_slurmdb_24.05_v0.0.41_job-completed.json",
		"slurm/json/rackslab_Slurm-web_slurmdb_25.11_v0.0.44_job-gpus-multi-nodes.json"},
	"pbs-days":                 {"pbs/days/20160612", "pbs/days/20160613"},
	"pbs-vsc":                  {"pbs/gjbex_vsc-tools-lib_20160601"},
	"pbs-xdmod":                {"pbs/ubccr_xdmod_accounting-logs.log"},
	"pbs-allocations":          {"pbs/allocations_acct.log"},
	"lsf-production":           {"lsf/aws-samples_hpc-cost-simulator_lsb.acct.hostFactor-not-a-float"},
	"lsf-xdmod":                {"lsf/ubccr_xdmod_accounting-logs.log"},
	"htcondor-macros":          {"htcondor/htcondor_job_core_macros_sched.log"},
	"htcondor-reader":          {"htcondor/htcondor_test_event_reader.log"},
	"htcondor-test":            {"htcondor/htcondor_htcondor_test_condor.log"},
	"htcondor-bindings":        {"htcondor/htcondor_htcondor_python_bindings_test_log.txt"},
	"flux-jobs":                {"flux/flux-framework_flux-core_flux-jobs_returncode_input.jsonl"},
	"flux-contextual":          {"flux/flux-framework_flux-core_flux-jobs_contextual_info_input.jsonl"},
	"flux-eventlog":            {"flux/flux-framework_flux-core_dump-0.46.0_job_eventlog.jsonl"},
	"flux-exec":                {"flux/flux-framework_flux-core_dump-0.46.0_exec_eventlog.jsonl"},
	"snakemake-aggregated":     {"snakemake/snakemake_snakemake_benchmark_aggregated_2023.tsv"},
	"snakemake-tsv":            {"snakemake/snakemake_snakemake_test.benchmark_shell.txt"},
	"snakemake-jsonl":          {"snakemake/snakemake_snakemake_test.benchmark_shell.jsonl"},
	"cromwell-scatter":         {"cromwell/broadinstitute_cromshell_GetZmwCounts.metadata.json"},
	"cromwell-failed":          {"cromwell/broadinstitute_cromshell_failed_helloworld_metadata.json"},
	"parsl-2019":               {"parsl/Parsl_parsl_monitoring_2019-02-18.db"},
	"snakemake-logs":           {"snakemake/run-here/2026-11-28T042021.455478.snakemake.log", "snakemake/run-here/2026-11-28T042053.265699.snakemake.log", "snakemake/run-here/2026-11-28T042057.690728.snakemake.log"},
	"snakemake-log+benchmarks": {"snakemake/run-here/2026-11-28T042021.455478.snakemake.log", "snakemake/run-here/bench"},
	"parsl-pr3248":             {"parsl/Parsl_parsl_pr3248_runinfo_monitoring.db"},
	"parsl-run-here":           {"parsl/run-here/parsl_2025.03.03_threads_2runs_monitoring.db"},
	"the newer workflow systems": {"parsl/Parsl_parsl_pr3248_runinfo_monitoring.db", "parsl/run-here/parsl_2025.03.03_threads_2runs_monitoring.db",
		"cromwell/broadinstitute_cromshell_GetZmwCounts.metadata.json", "snakemake/snakemake_snakemake_test.benchmark_shell.txt",
		"flux/flux-framework_flux-core_flux-jobs_returncode_input.jsonl"},
	"batch systems": {"slurm/tdhock_sacct-allcols.txt", "slurm/json/mila-iqia_clockwork_sacct_1.json",
		"pbs/days/20160612", "pbs/days/20160613", "pbs/allocations_acct.log", "lsf/ubccr_xdmod_accounting-logs.log",
		"htcondor/htcondor_job_core_macros_sched.log", "flux/flux-framework_flux-core_flux-jobs_returncode_input.jsonl"},
	"nextflow-trace":     {"nextflow/openproblems_2021-03_trace.txt"},
	"nextflow-timeline":  {"nextflow/openproblems_2021-03_timeline.html"},
	"nextflow-both":      {"nextflow/jianhong_chipseq_execution_trace.txt", "nextflow/jianhong_chipseq_execution_timeline.html"},
	"nextflow-nfcore":    {"nextflow/wfcommons_nfcore_trace.txt"},
	"wfcommons-blast":    {"wfcommons/blast-chameleon-small-001.json"},
	"wfcommons-blast1.4": {"wfcommons/blast-chameleon-small-001_schema1.4.json"},
	"wfcommons-bacass":   {"wfcommons/bacass-dirt02-001.json"},
	"wfcommons-sra":      {"wfcommons/srasearch-chameleon-10a-001.json"},
	"all nine formats": {"hq/synthetic_v0.26_journal.jsonl", "workqueue/realrun_wq_7.17.1_transactions.log",
		"taskvine/realrun_vine_7.17.1_transactions.log", "balsam", "epmt/804280", "slurm/tdhock_sacct-allcols.txt",
		"nextflow/openproblems_2021-03_trace.txt", "wfcommons/blast-chameleon-small-001.json", "taskvine/time-series"},
}

// reasons are every reason a section may give for showing no data: what
// the source lacks, in the user's words. Nothing else may stand there.
var reasons = []*regexp.Regexp{
	regexp.MustCompile(`^no manager performance log in this source \(Work Queue and TaskVine write one\)$`),
	regexp.MustCompile(`^no file transfers in this source \(Work Queue and TaskVine log TRANSFER records\)$`),
	regexp.MustCompile(`^no dependencies between tasks in this source \(WfCommons instances, TaskVine task graphs and Parsl since its 2019 schema record them\)$`),
	regexp.MustCompile(`^no worker records in this source( \([^()]+\))?(, nor Balsam events and batch jobs, nor a performance log with cores: nothing to set the use against)?$`),
	regexp.MustCompile(`^no measured resources with their requests in this source \(Work Queue, TaskVine, Slurm, Nextflow and WfCommons record them\), nor hardware samples of the workers \(HyperQueue journals with worker overviews\)$`),
	regexp.MustCompile(`^no measured resources in this source \(the resource monitor reports them for Work Queue and TaskVine\)$`),
	regexp.MustCompile(`^no task attempts( with (end times|start and end times|run times))? in this source$`),
	regexp.MustCompile(`^this source records no task states \(([^()]+)\)$`),
	regexp.MustCompile(`^no attempt ended in this source$`),
	regexp.MustCompile(`^no attempt has ended in this source \([a-z_]+ \d+(, [a-z_]+ \d+)*\)$`),
	regexp.MustCompile(`^no attempt has both a start and an end \(nor a submission and a start\): no run or wait time to draw$`),
	regexp.MustCompile(`^no attempt has a start time in this source( \([^()]+\))?$`),
	regexp.MustCompile(`^no attempt started on a worker in this source$`),
	regexp.MustCompile(`^the task attempts of this source do not say how many CPUs they held \([^()]+\): nothing to set against the workers' CPUs$`),
	regexp.MustCompile(`^the workers of this source have no connection times \(a WfCommons instance lists its machines, not when they joined and left\): nothing to set the use against over time$`),
	regexp.MustCompile(`^\d+ (successful )?attempts?: at least 4 are needed to compare$`),
	regexp.MustCompile(`^fewer than 4 jobs and \d+ operations: at least 4 are needed to compare$`),
	regexp.MustCompile(`^no tagged process in this source: there are no operations to cost$`),
	regexp.MustCompile(`^no failures: every attempt that ended succeeded$`),
	regexp.MustCompile(`^no failures: no job failed of \d+ jobs? \(the source has no steps or attempts\)$`),
	regexp.MustCompile(`^no job reached JOB_FINISHED in this source$`),
	regexp.MustCompile(`^the task graph of job "[^"]+" has a cycle through task \d+: a critical path needs a graph without cycles$`),
	regexp.MustCompile(`^no GPUs held or requested and no GPU samples in this source \(Slurm's AllocTRES gres/gpu, PBS's ngpus, HTCondor's GPUs, HyperQueue's gpus resources and worker samples record them\)$`),
	regexp.MustCompile(`^no attempts with their run time and cores in this source: nothing to measure or estimate energy from$`),
	regexp.MustCompile(`^no ended (attempt|job)s with their run time and cores: nothing to estimate energy from$`),
}

// internalText marks text of the code, not of the data, that must never
// reach a page: an op's error, a Go runtime message, a format verb gone
// wrong.
var internalText = regexp.MustCompile(`could not compute|could not draw|lacks column|unknown column|internal error|runtime error|%!|<nil>|panic`)

// TestSectionMatrix builds the report of every bundled sample and of all
// nine formats at once: each section shows data (a fact, a chart or a
// table) or gives one of the reasons above, and no text of any section
// is an internal error. Its facts agree across sections (identities).
func TestSectionMatrix(t *testing.T) {
	for name, rel := range matrixSources {
		t.Run(name, func(t *testing.T) {
			var paths []string
			for _, r := range rel {
				paths = append(paths, testdata(r))
			}
			d, err := loaders.OpenWith(loaders.Options{Lenient: true}, paths...)
			if err != nil {
				t.Fatal(err)
			}
			doc := Build(d, Options{})
			for _, s := range doc.Sections {
				checkSection(t, s)
			}
			checkIdentities(t, doc)
		})
	}
}

// checkSection checks one section: data or a known reason, and no
// internal text anywhere in it.
func checkSection(t *testing.T, s Section) {
	t.Helper()
	texts := append([]string{s.Reason, s.Intro}, s.Notes...)
	for _, f := range s.Facts {
		texts = append(texts, f.Name, f.Text)
	}
	for _, tb := range s.Tables {
		texts = append(texts, tb.Caption)
		for _, r := range tb.Rows {
			texts = append(texts, r...)
		}
	}
	for _, x := range texts {
		if internalText.MatchString(x) {
			t.Errorf("section %s shows internal text: %q", s.ID, x)
		}
	}
	hasData := len(s.Facts)+len(s.Charts)+len(s.Tables) > 0 ||
		(s.ID == "warnings" && s.Intro == "None: every record was read.")
	switch {
	case s.Reason == "" && !hasData:
		t.Errorf("section %s shows nothing and says not why", s.ID)
	case s.Reason != "" && hasData:
		t.Errorf("section %s has data and the reason %q", s.ID, s.Reason)
	case s.Reason != "":
		known := false
		for _, r := range reasons {
			known = known || r.MatchString(s.Reason)
		}
		if !known {
			t.Errorf("section %s: reason %q is not in the list of reasons", s.ID, s.Reason)
		}
	}
}

// checkIdentities checks that the facts of one report agree: the
// summary's failures are the rows counted in the failures table, its
// successes the successful attempts the throughput section counts, no
// section counts more attempts ended than the summary has attempts, nor
// more jobs ended than it has jobs.
func checkIdentities(t *testing.T, doc *Document) {
	t.Helper()
	facts := map[string]float64{}
	var failureRows float64
	failureTable := false
	for _, s := range doc.Sections {
		for _, f := range s.Facts {
			if f.Value != nil {
				facts[s.ID+"/"+f.Name] = *f.Value
			}
		}
		if s.ID == "failures" {
			for _, tb := range s.Tables {
				if tb.Caption != "failed attempts" {
					continue // the jobs' own states (Slurm) are not attempts
				}
				failureTable = true
				col := -1
				for i, h := range tb.Head {
					if h == "count" {
						col = i
					}
				}
				for _, r := range tb.Rows {
					n, err := strconv.ParseFloat(strings.TrimSpace(r[col]), 64)
					if err != nil {
						t.Fatalf("failures table: count %q", r[col])
					}
					failureRows += n
				}
				if tb.More > 0 {
					t.Skip("failures table cut")
				}
			}
		}
	}
	if f, ok := facts["summary/failures"]; ok && (failureTable || f > 0) && f != failureRows {
		t.Errorf("summary says %v failures, the failures table counts %v", f, failureRows)
	}
	if ok, has := facts["throughput/succeeded"]; has {
		if s, undated := facts["summary/successes"], facts["throughput/successes without an end time"]; s != ok+undated {
			t.Errorf("summary says %v successes, throughput %v and %v without an end time", s, ok, undated)
		}
	}
	if e, has := facts["throughput/attempts ended"]; has && e > facts["summary/attempts"] {
		t.Errorf("throughput counts %v attempts ended, the summary %v attempts", e, facts["summary/attempts"])
	}
	if e, has := facts["throughput/jobs ended"]; has && (e > facts["summary/jobs"] || facts["throughput/jobs completed"] > e) {
		t.Errorf("%v jobs, %v ended, %v completed", facts["summary/jobs"], e, facts["throughput/jobs completed"])
	}
	if tasks, has := facts["summary/tasks"]; has {
		if never := facts["summary/tasks never started"]; tasks < never {
			t.Errorf("%v tasks, %v never started", tasks, never)
		}
	}
}

// TestAttemptsAreStarts: an attempt is one start of a task; a task
// canceled before it started has none. Three tasks, worked by hand: task
// 1 succeeded, task 2 failed, task 3 was canceled while waiting. The
// summary counts 2 attempts, 1 failure (the failures table's one row)
// and 1 task never started, and says which state it ended in.
func TestAttemptsAreStarts(t *testing.T) {
	us := func(s int64) int64 { return 1_700_000_000_000_000 + s*1e6 }
	tasks := frame.New(
		frame.StringCol("job", []string{"1", "1", "1"}, nil),
		frame.Int64Col("task", []int64{1, 2, 3}, nil),
		frame.Int64Col("attempt", []int64{1, 1, 1}, nil),
		frame.MicrosCol("submit", []int64{us(0), us(0), us(0)}, nil),
		frame.MicrosCol("start", []int64{us(1), us(2), 0}, []bool{true, true, false}),
		frame.MicrosCol("end", []int64{us(5), us(6), us(3)}, nil),
		frame.StringCol("state", []string{"success", "failed", "canceled"}, nil),
	)
	d := &loaders.Dataset{Source: "test", Frames: map[string]*frame.Frame{"tasks": tasks}}
	doc := Build(d, Options{})
	facts := map[string]string{}
	for _, s := range doc.Sections {
		for _, f := range s.Facts {
			facts[s.ID+"/"+f.Name] = f.Text
		}
		checkSection(t, s)
	}
	for k, want := range map[string]string{
		"summary/tasks":               "3",
		"summary/attempts":            "2",
		"summary/failures":            "1 (attempts ended in another state)",
		"summary/tasks never started": "1 (canceled 1: no attempt)",
	} {
		if facts[k] != want {
			t.Errorf("%s = %q, want %q", k, facts[k], want)
		}
	}
	checkIdentities(t, doc)
}

// TestSlurmJobFailures: a Slurm job's own end state is in the failures
// section beside its steps' (testdata/slurm/figures.py: the manyfields
// job is TIMEOUT while its batch step is CANCELLED and its extern step
// COMPLETED; the 2019-11-21 dump has two OUT_OF_MEMORY jobs).
func TestSlurmJobFailures(t *testing.T) {
	for _, c := range []struct {
		file string
		jobs float64
	}{{"slurm/tdhock_sacct-manyfields.txt", 1}, {"slurm/tdhock_sacct-2019-11-21.txt", 2}} {
		f, _ := reportFacts(t, testdata(c.file))
		if f["failures/failed jobs"] != c.jobs {
			t.Errorf("%s: %v failed jobs, want %v", c.file, f["failures/failed jobs"], c.jobs)
		}
	}
}

// TestSlurmJobsWithoutSteps reports a dump of jobs alone (sacct -X):
// slurmsim_sacct_simple with job 3 FAILED and job 4 still running. By
// hand from its Submit, Start and End: jobs ended 3 (1, 2, 3), completed
// 2; run times 84805, 12688 and 2009 s, median 12688; queue waits 0, 0,
// 3 and 3 s (job 4 started), median 1.5; one failed job, in a table.
func TestSlurmJobsWithoutSteps(t *testing.T) {
	b, err := os.ReadFile(testdata("slurm/slurmsim_sacct_simple.log"))
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(string(b), "\n")
	lines[3] = strings.Replace(lines[3], "|0:0|COMPLETED|", "|1:0|FAILED|", 1)
	lines[4] = strings.Replace(strings.Replace(lines[4], "2021-12-10T14:56:54", "Unknown", 1), "|COMPLETED|", "|RUNNING|", 1)
	path := filepath.Join(t.TempDir(), "jobs.txt")
	if err := os.WriteFile(path, []byte(strings.Join(lines, "\n")), 0o644); err != nil {
		t.Fatal(err)
	}
	f, d := reportFacts(t, path)
	want := map[string]float64{
		"throughput/jobs ended": 3, "throughput/jobs completed": 2,
		"durations/median job run time": 12688, "durations/median job queue wait": 1.5,
		"failures/failed jobs": 1,
	}
	for k, w := range want {
		if f[k] != w {
			t.Errorf("%s = %v, want %v", k, f[k], w)
		}
	}
	doc := Build(d, Options{})
	for _, s := range doc.Sections {
		if s.ID == "failures" && (len(s.Tables) != 1 || len(s.Tables[0].Rows) != 1 || s.Tables[0].Rows[0][0] != "FAILED") {
			t.Errorf("failures: %+v", s)
		}
	}
}

// TestHoursAgree: the summary's CPU-hours of ended attempts and the
// utilization section's CPU-hours allocated are one quantity counted two
// ways (Σ run time × CPUs per ended attempt and library instance; the
// area under the CPUs in use). On every bundled sample with both they
// are equal when no attempt or library instance was still running at
// the end of its log, and the first is smaller when some were.
func TestHoursAgree(t *testing.T) {
	checked := 0
	for name, rel := range matrixSources {
		var paths []string
		for _, r := range rel {
			paths = append(paths, testdata(r))
		}
		f, d := reportFacts(t, paths...)
		ended, ok1 := f["summary/CPU-hours of ended attempts"]
		area, ok2 := f["utilization/CPU-hours allocated"]
		if !ok1 || !ok2 {
			continue
		}
		checked++
		running := 0
		if tasks, ok := d.Frames["tasks"]; ok && tasks.Has("end") && tasks.Has("start") {
			running = tasks.Where("start", "not-null", nil).Where("end", "null", nil).NumRows()
		}
		switch {
		case running == 0 && math.Abs(ended-area) > 1e-9*math.Max(1, area):
			t.Errorf("%s: CPU-hours of ended attempts %v, CPU-hours allocated %v: want equal, nothing was running", name, ended, area)
		case running > 0 && ended > area*(1+1e-9):
			t.Errorf("%s: CPU-hours of ended attempts %v above CPU-hours allocated %v", name, ended, area)
		}
	}
	t.Logf("%d samples checked", checked)
	if checked < 4 {
		t.Errorf("%d samples have both figures, want at least 4", checked)
	}
}

// TestRetriedAgainstRetries: the failures section's count of tasks of
// more than one attempt (retried) is ops.Retries's, on every matrix
// source with attempts and on all of them loaded together.
func TestRetriedAgainstRetries(t *testing.T) {
	var all []string
	checked, some := 0, 0
	check := func(name string, paths []string) {
		d, err := loaders.OpenWith(loaders.Options{Lenient: true}, paths...)
		if err != nil {
			t.Fatal(err)
		}
		tasks, ok := d.Frames["tasks"]
		if !ok || !hasAll(tasks, "task", "attempt", "state") {
			return
		}
		tasks = startedRows(tasks)
		r := ops.Retries(tasks)
		if err := r.Err(); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		want := r.Where("attempts", ">", 1).NumRows()
		if got := retried(tasks); got != want {
			t.Errorf("%s: %d tasks retried, ops.Retries says %d", name, got, want)
		}
		checked++
		if want > 0 {
			some++
		}
	}
	for name, rel := range matrixSources {
		var paths []string
		for _, r := range rel {
			paths = append(paths, testdata(r))
		}
		for _, p := range paths {
			if !slices.Contains(all, p) {
				all = append(all, p)
			}
		}
		check(name, paths)
	}
	check("all", all)
	if checked < 5 || some == 0 {
		t.Fatalf("%d sources with attempts, %d with retries: the test tests too little", checked, some)
	}
}
