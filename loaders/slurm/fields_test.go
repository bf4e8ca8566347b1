package slurm

import "testing"

func TestColumnNames(t *testing.T) {
	for name, want := range map[string]string{
		"AllocCPUS": "alloc_cpus", "MaxRSSNode": "max_rss_node", "CPUTimeRAW": "cpu_time_raw",
		"TRESUsageInAve": "tres_usage_in_ave", "ReqCPUFreqMin": "req_cpu_freq_min", "DBIndex": "db_index",
		"WCKeyID": "wc_key_id", "UID": "uid", "MaxRSS": "max_rss_mb", "Elapsed": "elapsed_s",
		"CPUTime": "alloc_cpu_s", "NCPUS": "ncpus", "JobIDRaw": "job_id_raw", "QOSRAW": "qos_raw",
		"TotalCPU": "total_cpu_s", "ReqMem": "req_mem_mb", "AllocTRES": "alloc_tres",
	} {
		if got := specOf(name).col; got != want {
			t.Errorf("%s: got %q, want %q", name, got, want)
		}
	}
}
