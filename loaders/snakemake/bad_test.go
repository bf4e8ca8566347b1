package snakemake

import (
	"errors"
	"strings"
	"testing"

	"github.com/jobframe/jobframe/loaders/source"
	"github.com/jobframe/jobframe/loaders/sourcetest"
)

const header = "s\th:m:s\tmax_rss\tmax_vms\tmax_uss\tmax_pss\tio_in\tio_out\tmean_load\tcpu_time\n"

// TestRows: the oldest header (no cpu_time), NA, Snakemake 8's
// dictionary of input sizes, a column of a later version kept as text,
// and the repeats of one job as its attempts.
func TestRows(t *testing.T) {
	in := "s\th:m:s\tmax_rss\tmax_vms\tmax_uss\tmax_pss\tio_in\tio_out\tmean_load\tinput_size_mb\tgpu_mem\n" +
		"1.5\t0:00:01\tNA\t10.0\t1\t2\t0\t0\t50\t{'a.fa': 0.5, 'b.fa': 1.25}\t300\n" +
		"2.5\t0:00:02\t4.5\t10.0\t1\t2\t0\t0\t50\t{}\tNA\n"
	d, err := Load(strings.NewReader(in), source.Options{Name: "benchmarks/bwa/A.tsv"})
	if err != nil {
		t.Fatal(err)
	}
	tasks := d.Frames["tasks"]
	attempts, _, _ := tasks.Int64s("attempt")
	rss, rssOK, _ := tasks.Float64s("mem_mb")
	input, _, _ := tasks.Float64s("input_size_mb")
	extra, extraOK, _ := tasks.Strings("snakemake_gpu_mem")
	sourcetest.SameJSON(t, "rows", []any{attempts, rss[1], rssOK[0], input, extra[0], extraOK[1]},
		[]any{[]int64{1, 2}, 4.5, false, []float64{1.75, 0}, "300", false})
}

// TestBadRows: a value that is no number and a row short of a field name
// their line (and column); a header without s is refused whole.
func TestBadRows(t *testing.T) {
	good := "1.5\t0:00:01\t4\t10\t1\t2\t0\t0\t50\t1.2\n"
	for _, c := range []struct{ name, row, field string }{
		{"not a number", "1.5\t0:00:01\tlots\t10\t1\t2\t0\t0\t50\t1.2\n", "max_rss"},
		{"negative", "1.5\t0:00:01\t4\t10\t1\t2\t0\t0\t50\t-1\n", "cpu_time"},
		{"a field short", "1.5\t0:00:01\t4\t10\t1\t2\t0\t0\t50\n", ""},
	} {
		t.Run(c.name, func(t *testing.T) {
			_, err := Load(strings.NewReader(header+good+c.row+good), source.Options{Name: "b.tsv"})
			var pe *source.ParseError
			if !errors.As(err, &pe) || pe.Line != 3 || pe.Field != c.field {
				t.Fatalf("%v, want line 3 field %q", err, c.field)
			}
			d, err := Load(strings.NewReader(header+good+c.row+good), source.Options{Name: "b.tsv", Lenient: true})
			if err != nil || d.Frames["tasks"].NumRows() != 2 {
				t.Errorf("lenient: %v", err)
			}
		})
	}
	_, err := Load(strings.NewReader("h:m:s\tmax_rss\n0:00:01\t4\n"), source.Options{Name: "b.tsv"})
	if !errors.Is(err, source.ErrBadHeader) || !strings.Contains(err.Error(), "lacks s") {
		t.Errorf("%v, want the header refused for lacking s", err)
	}
	_, err = Load(strings.NewReader(`{"h:m:s": "0:00:01", "max_rss": 4}`+"\n"), source.Options{Name: "b.jsonl"})
	var pe *source.ParseError
	if !errors.As(err, &pe) || pe.Line != 1 || pe.Field != "s" {
		t.Errorf("JSON line without s: %v", err)
	}
}
