package snakemake

import (
	"math"
	"os"
	"strconv"
	"testing"

	"github.com/jobframe/jobframe/loaders/source"
	"github.com/jobframe/jobframe/loaders/sourcetest"
)

// TestFacts loads each bundled benchmark file and checks the figures
// shared/data's figures.py computed from the raw files with Python's
// standard library (testdata/snakemake/expected.json): the rows, the
// distinct (jobid, rule) pairs, the largest mean_load and max_rss, the
// sums of cpu_time and s.
func TestFacts(t *testing.T) {
	type figures struct {
		Rows    int     `json:"rows"`
		Jobs    int     `json:"distinct_job_rule"`
		MaxLoad float64 `json:"max_mean_load"`
		MaxRSS  float64 `json:"max_rss_mb"`
		CPU     float64 `json:"sum_cpu_time"`
		Wall    float64 `json:"sum_wall_seconds"`
	}
	sourcetest.Expected(t, "snakemake", 3, func(t *testing.T, name, path string, w figures) {
		fh, err := os.Open(path)
		if err != nil {
			t.Fatal(err)
		}
		defer fh.Close()
		d, err := Load(fh, source.Options{Name: name})
		if err != nil {
			t.Fatal(err)
		}
		tasks := d.Frames["tasks"]
		task, taskOK, _ := tasks.Int64s("task")
		rule, _, _ := tasks.Strings("category")
		load, _, _ := tasks.Float64s("mean_load_pct")
		rss, _, _ := tasks.Float64s("mem_mb")
		cpu, _, _ := tasks.Float64s("cpu_time_s")
		wall, _, _ := tasks.Float64s("wall_time_s")
		pairs := map[string]bool{}
		var maxLoad, maxRSS, sumCPU, sumWall float64
		for i := range task {
			id := "NA"
			if taskOK[i] {
				id = strconv.FormatInt(task[i], 10)
			}
			pairs[id+"/"+rule[i]] = true
			maxLoad, maxRSS = math.Max(maxLoad, load[i]), math.Max(maxRSS, rss[i])
			sumCPU, sumWall = sumCPU+cpu[i], sumWall+wall[i]
		}
		sourcetest.SameJSON(t, "rows, jobs", []int{tasks.NumRows(), len(pairs)}, []int{w.Rows, w.Jobs})
		sourcetest.SameJSON(t, "largest mean load and max_rss", []float64{maxLoad, maxRSS}, []float64{w.MaxLoad, w.MaxRSS})
		sourcetest.SameJSON(t, "sums of cpu_time and s (to 1e-9)", []float64{math.Round(sumCPU * 1e9), math.Round(sumWall * 1e9)},
			[]float64{math.Round(w.CPU * 1e9), math.Round(w.Wall * 1e9)})
	})
}
