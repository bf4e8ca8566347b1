package snakemake

import (
	"fmt"
	"strings"
	"testing"

	"github.com/jobframe/jobframe/loaders/source"
	"github.com/jobframe/jobframe/loaders/sourcetest"
)

// piecesInputs are three benchmark files of one load: an aggregated TSV
// whose jobs' repeats are scattered through it (a job's attempts then
// span pieces), with CRLF line ends, blank lines, a column of a later
// Snakemake that only its second half has, and bad rows; a Snakemake 8
// TSV; JSON lines whose last line lacks its newline. attempts holds
// each good row's attempt, counted here from the rows as written.
func piecesInputs(bad bool) (files map[string]string, attempts []int64) {
	var agg strings.Builder
	agg.WriteString("jobid\trule\ts\th:m:s\tmax_rss\tmax_vms\tmax_uss\tmax_pss\tio_in\tio_out\tmean_load\tcpu_time\tgpu_mem\r\n")
	seen := map[string]int64{}
	for i := range 400 {
		job := fmt.Sprint((i * 7) % 23)
		if bad && i%97 == 50 {
			fmt.Fprintf(&agg, "%s\tr%d\t1.5\t0:00:01\tlots\t1\t1\t1\t0\t0\t10\t1\tNA\r\n", job, i%5)
			continue
		}
		if i%41 == 0 {
			agg.WriteString("\r\n")
		}
		gpu := "NA"
		if i >= 200 {
			gpu = fmt.Sprint(i)
		}
		fmt.Fprintf(&agg, "%s\tr%d\t%d.25\t0:00:01\t%d\t1\t1\t1\t0\t0\t10\t1\t%s\r\n", job, i%5, i, i%13, gpu)
		seen["agg.tsv/"+job]++
		attempts = append(attempts, seen["agg.tsv/"+job])
	}
	var v8 strings.Builder
	v8.WriteString("s\th:m:s\tmax_rss\tmax_vms\tmax_uss\tmax_pss\tio_in\tio_out\tmean_load\tcpu_time\tjobid\trule_name\twildcards\tthreads\tcpu_usage\tresources\tinput_size_mb\n")
	for i := range 60 {
		fmt.Fprintf(&v8, "%d.5\t0:00:0%d\t1\t2\t3\t4\t0.5\t0.25\t99\t1.5\t7\tsort\tsample=S%d\t2\t150\t_cores=2\t{'a': 0.5}\n", i, i%10, i)
		attempts = append(attempts, int64(i+1))
	}
	var jl strings.Builder
	for i := range 30 {
		fmt.Fprintf(&jl, `{"s": %d.5, "h:m:s": "0:00:01", "max_rss": 4, "rule_name": "call", "jobid": 3}`+"\n", i)
		attempts = append(attempts, int64(i+1))
	}
	text := strings.TrimSuffix(jl.String(), "\n")
	if bad {
		text += "\n" + `{"s": 1.5, "h:m:s"` // cut off: the log is being written
	}
	return map[string]string{"b/agg.tsv": agg.String(), "b/v8.tsv": v8.String(), "b/z.jsonl": text}, attempts
}

// TestPieces: a load cut into pieces of every size, down to a line
// each, reads as the load read whole: the same frame (the attempts of
// jobs spanning pieces counted on, columns first seen late in place),
// the same warnings in the same order, the same first error.
func TestPieces(t *testing.T) {
	for _, bad := range []bool{false, true} {
		files, attempts := piecesInputs(bad)
		inputs := func() []source.Input {
			var in []source.Input
			for name, text := range files {
				in = append(in, source.Input{Name: name, R: strings.NewReader(text)})
			}
			return in
		}
		whole := func(int) int { return 1 << 40 }
		strictWhole, strictErr := loadInputs(inputs(), source.Options{}, whole)
		lenientWhole, err := loadInputs(inputs(), source.Options{Lenient: true}, whole)
		if err != nil {
			t.Fatal(err)
		}
		if bad != (strictErr != nil) {
			t.Fatalf("bad=%v: strict load: %v", bad, strictErr)
		}
		got, _, _ := lenientWhole.Frames["tasks"].Int64s("attempt")
		sourcetest.SameJSON(t, "attempts", got, attempts)
		for _, size := range []int{1, 37, 200, 1000, 5000} {
			pieces := func(int) int { return size }
			d, err := loadInputs(inputs(), source.Options{}, pieces)
			if fmt.Sprint(err) != fmt.Sprint(strictErr) {
				t.Errorf("size %d: strict: %v, want %v", size, err, strictErr)
			}
			if err == nil {
				sameLoad(t, fmt.Sprintf("size %d strict", size), d, strictWhole)
			}
			d, err = loadInputs(inputs(), source.Options{Lenient: true}, pieces)
			if err != nil {
				t.Fatal(err)
			}
			sameLoad(t, fmt.Sprintf("size %d lenient", size), d, lenientWhole)
		}
		if bad {
			sourcetest.SameJSON(t, "warnings", len(lenientWhole.Warnings), 6) // 4 bad rows, the total, the cut line
		}
	}
}

func sameLoad(t *testing.T, what string, got, want *source.Dataset) {
	t.Helper()
	g := strings.Split(sourcetest.CSV(t, got.Frames["tasks"]), "\n")
	w := strings.Split(sourcetest.CSV(t, want.Frames["tasks"]), "\n")
	for i := range max(len(g), len(w)) {
		if i >= len(g) || i >= len(w) || g[i] != w[i] {
			t.Errorf("%s: tasks differ first at CSV line %d (%d and %d lines):\n%s\nwant\n%s", what, i+1, len(g), len(w), at(g, i), at(w, i))
			break
		}
	}
	sourcetest.SameJSON(t, what+": warnings", got.Warnings, want.Warnings)
}

func at(lines []string, i int) string {
	if i < len(lines) {
		return lines[i]
	}
	return "(none)"
}

// TestNoInputs: a load of no files is an empty tasks frame, not a panic.
func TestNoInputs(t *testing.T) {
	d, err := LoadInputs(nil, source.Options{})
	if err != nil || d.Frames["tasks"].NumRows() != 0 {
		t.Errorf("%v %v", d, err)
	}
}
