package frame

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"sync"
	"testing"
	"time"

	"github.com/go-gota/gota/dataframe"
	"github.com/go-gota/gota/series"
)

// The benchmarks of issue #2, on 1,000,000 rows with int64, float64,
// string (100 distinct values) and timestamp columns:
//
//	go test ./frame -run '^$' -bench . -benchtime 5x
//
// BenchmarkGroupBy compares GroupBy("s").Agg(Sum, Mean, Count) with gota's
// GroupBy/Aggregation and with a hand-written Go map loop over the same
// values, in the same run.

const benchRows = 1_000_000

var benchData = sync.OnceValue(func() *Frame {
	g := lcg(7)
	ints := make([]int64, benchRows)
	floats := make([]float64, benchRows)
	strs := make([]string, benchRows)
	ts := make([]int64, benchRows)
	base := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC).UnixMicro()
	for i := range ints {
		ints[i] = int64(g.next() % 1_000_000)
		floats[i] = float64(g.next()%100000) / 8
		strs[i] = fmt.Sprintf("worker-%03d", g.next()%100)
		ts[i] = base + int64(g.next()%(86400*1_000_000))
	}
	return New(Int64Col("i", ints, nil), Float64Col("f", floats, nil), StringCol("s", strs, nil), MicrosCol("ts", ts, nil))
})

func BenchmarkGroupBy(b *testing.B) {
	f := benchData()
	strs, _, _ := f.Strings("s")
	vals, _, _ := f.Float64s("f")
	b.Run("jobframe", func(b *testing.B) {
		for i := 0; i < b.N; i++ {
			out := f.GroupBy("s").Agg(Sum("f"), Mean("f"), Count())
			if out.NumRows() != 100 {
				b.Fatal(out.NumRows(), out.Err())
			}
		}
	})
	b.Run("maploop", func(b *testing.B) {
		type acc struct {
			sum float64
			n   int64
		}
		for i := 0; i < b.N; i++ {
			m := make(map[string]*acc)
			for r, s := range strs {
				a := m[s]
				if a == nil {
					a = &acc{}
					m[s] = a
				}
				a.sum += vals[r]
				a.n++
			}
			means := make(map[string]float64, len(m))
			for k, a := range m {
				means[k] = a.sum / float64(a.n)
			}
			if len(means) != 100 {
				b.Fatal(len(means))
			}
		}
	})
	b.Run("gota", func(b *testing.B) {
		df := dataframe.New(series.New(strs, series.String, "s"), series.New(vals, series.Float, "f"))
		b.ResetTimer()
		for i := 0; i < b.N; i++ {
			out := df.GroupBy("s").Aggregation(
				[]dataframe.AggregationType{dataframe.Aggregation_SUM, dataframe.Aggregation_MEAN, dataframe.Aggregation_COUNT},
				[]string{"f", "f", "f"})
			if out.Nrow() != 100 {
				b.Fatal(out.Nrow(), out.Err)
			}
		}
	})
}

func BenchmarkSortTimestamp(b *testing.B) {
	f := benchData()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if out := f.Sort("ts"); out.NumRows() != benchRows {
			b.Fatal(out.Err())
		}
	}
}

// BenchmarkWriteParquet writes the benchmark frame with each codec
// (zstd at the CLI's level 1 and at the default 3, snappy, none).
func BenchmarkWriteParquet(b *testing.B) {
	f := benchData()
	for _, o := range []ParquetOptions{{Compression: "zstd", Level: 1}, {Compression: "zstd"}, {Compression: "snappy"}, {Compression: "none"}} {
		b.Run(fmt.Sprintf("%s-%d", o.Compression, o.Level), func(b *testing.B) {
			for i := 0; i < b.N; i++ {
				if err := f.WriteParquet(io.Discard, o); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// BenchmarkReadParquet reads the benchmark frame written as snappy
// Parquet: whole (row groups of DefaultRowGroupRows) and as a lake's
// parts of 33,000 rows each, the size at which Arrow's reader decodes
// into buffers of twice the values (the read copies such a column to
// its size: compacted).
func BenchmarkReadParquet(b *testing.B) {
	f := benchData()
	for _, rows := range []int{benchRows, 33_000} {
		var parts [][]byte
		for start := 0; start < f.NumRows(); start += rows {
			var buf bytes.Buffer
			if err := f.Slice(start, start+rows).WriteParquet(&buf, ParquetOptions{Compression: "snappy"}); err != nil {
				b.Fatal(err)
			}
			parts = append(parts, buf.Bytes())
		}
		b.Run(fmt.Sprintf("files-of-%d", rows), func(b *testing.B) {
			b.ReportAllocs()
			for i := 0; i < b.N; i++ {
				for _, p := range parts {
					if _, err := ReadParquet(bytes.NewReader(p), ReadOptions{}); err != nil {
						b.Fatal(err)
					}
				}
			}
		})
	}
}

// BenchmarkWriteCSVSmall writes a frame of 5 rows, as the loaders'
// stream tests do thousands of times per input (sourcetest.Rows).
func BenchmarkWriteCSVSmall(b *testing.B) {
	f := mixed(5)
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		if err := f.WriteCSV(io.Discard); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkWriteIPC(b *testing.B) {
	f := benchData()
	var buf bytes.Buffer
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		buf.Reset() // a real copy: io.Discard would let arrow skip the bytes
		if err := f.WriteIPC(&buf, IPCOptions{}); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkWhereDict(b *testing.B) {
	f := benchData()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if out := f.Where("s", "==", "worker-042"); out.NumRows() == 0 {
			b.Fatal(out.Err())
		}
	}
}

// BenchmarkWhereKeepsAll filters on a column without nulls: every row
// kept (a report's "end not-null" of a log whose attempts all ended).
func BenchmarkWhereKeepsAll(b *testing.B) {
	f := benchData()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if out := f.Where("s", "not-null", nil); out.NumRows() != f.NumRows() {
			b.Fatal(out.Err())
		}
	}
}

// BenchmarkGroupByNumber groups the benchmark rows by an int64 column of
// about 632,000 distinct values and a float64 one of 100,000, coded by
// codeTable.
func BenchmarkGroupByNumber(b *testing.B) {
	f := benchData()
	for _, key := range []string{"i", "f"} {
		b.Run(key, func(b *testing.B) {
			b.ReportAllocs()
			for i := 0; i < b.N; i++ {
				if out := f.GroupBy(key).Agg(Count()); out.Err() != nil {
					b.Fatal(out.Err())
				}
			}
		})
	}
}

// timesFrame is n rows of start and end times (end 0 to 120 s after
// start, a fiftieth null), a state and a worker, as a tasks frame has.
func timesFrame(n int) *Frame {
	start, end := make([]int64, n), make([]int64, n)
	valid := make([]bool, n)
	state := make([]string, n)
	for i := range n {
		start[i] = 1_785_000_000_000_000 + int64(i)*1000
		end[i] = start[i] + int64(i*7919%120_000_000)
		valid[i] = i%50 != 0
		state[i] = []string{"success", "failed", "lost"}[i%3]
	}
	return New(Column{name: "start", arr: newTimestamp(start, nil)}, Column{name: "end", arr: newTimestamp(end, valid)},
		StringCol("state", state, nil))
}

// The derived column on a million rows: run_s = (end − start) in
// seconds, by an expression and by a closure per row (what the REPL had).
func BenchmarkExprDurationColumn(b *testing.B) {
	f := timesFrame(1_000_000)
	e := Col("end").Sub(Col("start")).Seconds().As("run_s")
	b.ReportAllocs()
	b.ResetTimer()
	for range b.N {
		if out := f.With(e); out.Err() != nil {
			b.Fatal(out.Err())
		}
	}
}

func BenchmarkClosureDurationColumn(b *testing.B) {
	f := timesFrame(1_000_000)
	b.ReportAllocs()
	b.ResetTimer()
	for range b.N {
		out := f.WithColumnFunc("run_s", Float64, func(r Row) any {
			if r.IsNull("end") {
				return nil
			}
			return float64(r.Micros("end")-r.Micros("start")) / 1e6
		})
		if out.Err() != nil {
			b.Fatal(out.Err())
		}
	}
}

// The filter: rows that ran over a minute and failed.
func BenchmarkExprFilter(b *testing.B) {
	f := timesFrame(1_000_000)
	e := Col("end").Sub(Col("start")).Gt(time.Minute).And(Col("state").Eq("failed"))
	b.ReportAllocs()
	b.ResetTimer()
	for range b.N {
		if out := f.Keep(e); out.Err() != nil {
			b.Fatal(out.Err())
		}
	}
}

func BenchmarkQueryFilter(b *testing.B) {
	f := timesFrame(1_000_000)
	b.ReportAllocs()
	b.ResetTimer()
	for range b.N {
		if out := f.Query(`end - start > time.Minute && state == "failed"`); out.Err() != nil {
			b.Fatal(out.Err())
		}
	}
}

// groupFrame10M is 10,000,000 rows of a worker (200 values), a run time
// in seconds and a memory peak in MB, as a large tasks frame has.
var groupFrame10M = sync.OnceValue(func() *Frame {
	const n = 10_000_000
	g := lcg(11)
	workers := make([]string, 200)
	for k := range workers {
		workers[k] = fmt.Sprintf("worker-%03d", k)
	}
	w, run, mem := make([]string, n), make([]float64, n), make([]int64, n)
	for i := range n {
		w[i] = workers[g.next()%200]
		run[i] = float64(g.next()%3_600_000) / 1000
		mem[i] = int64(g.next() % 64_000)
	}
	return New(StringCol("worker", w, nil), Float64Col("run_s", run, nil), Int64Col("mem_mb", mem, nil))
})

// The group-by: three aggregations as expressions on 10M rows
// (testdata/interop/groupby.mjs times DuckDB's SQL on the same rows,
// written by JOBFRAME_GROUPBY_PARQUET=FILE).
func BenchmarkGroupByExprs10M(b *testing.B) {
	f := groupFrame10M()
	if out := os.Getenv("JOBFRAME_GROUPBY_PARQUET"); out != "" {
		if err := f.WriteParquetFile(out, ParquetOptions{Compression: "snappy"}); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportAllocs()
	b.ResetTimer()
	for range b.N {
		out := f.GroupBy("worker").Agg(Col("run_s").Sum(), Col("run_s").Mean(), Col("mem_mb").Max())
		if out.NumRows() != 200 {
			b.Fatal(out.NumRows(), out.Err())
		}
	}
}

// benchDict is the benchmark frame with its worker names ("s") as a
// dictionary column "w", as loaded logs hold them.
var benchDict = sync.OnceValue(func() *Frame {
	f := benchData()
	strs, _, _ := f.Strings("s")
	codes := make([]int32, len(strs))
	var dict []string
	seen := map[string]int32{}
	for i, s := range strs {
		c, ok := seen[s]
		if !ok {
			c = int32(len(dict))
			seen[s] = c
			dict = append(dict, s)
		}
		codes[i] = c
	}
	return f.WithColumn("w", DictStringCol("w", codes, nil, dict))
})

// BenchmarkSortKeys sorts by a dictionary and a timestamp (a timeline's
// worker and start), and by a dictionary and an int64 then the
// timestamp (a task's keys); then rows already in order of a worker and
// start (ops.Lanes on ops.Gantt's bars).
func BenchmarkSortKeys(b *testing.B) {
	f := benchDict()
	sorted := f.Sort("w", "ts")
	for _, c := range []struct {
		name string
		f    *Frame
		keys []string
	}{{"w,ts", f, []string{"w", "ts"}}, {"w,i,ts", f, []string{"w", "i", "ts"}}, {"w,ts sorted", sorted, []string{"w", "ts"}}} {
		b.Run(c.name, func(b *testing.B) {
			for i := 0; i < b.N; i++ {
				if idx, err := c.f.SortIndex(c.keys...); err != nil || len(idx) != benchRows {
					b.Fatal(err)
				}
			}
		})
	}
}

// BenchmarkGroupByKeys groups by two keys (about 630,000 groups), on
// rows in random order and on the same rows in key order (a frame just
// sorted by them).
func BenchmarkGroupByKeys(b *testing.B) {
	f := benchDict()
	sorted := f.Sort("w", "i")
	for name, fr := range map[string]*Frame{"random": f, "sorted": sorted} {
		b.Run(name, func(b *testing.B) {
			for i := 0; i < b.N; i++ {
				if g := fr.GroupBy("w", "i"); g.NumGroups() < 500_000 {
					b.Fatal(g.NumGroups(), g.err)
				}
			}
		})
	}
}

// BenchmarkStringsDict reads a dictionary column's values (a timeline's
// worker names, say) as Go strings.
func BenchmarkStringsDict(b *testing.B) {
	f := benchDict()
	for i := 0; i < b.N; i++ {
		if s, _, err := f.Strings("w"); err != nil || len(s) != benchRows {
			b.Fatal(err)
		}
	}
}

// BenchmarkNUnique counts the distinct f (1M rows, up to 100,000
// values) of each of the 100 groups of s, and of each group of i (about
// 632k groups of a row or a few), as TransferFiles counts each file's
// destinations.
func BenchmarkNUnique(b *testing.B) {
	f := benchData()
	for _, by := range []string{"s", "i"} {
		g := f.GroupBy(by)
		b.Run("by_"+by, func(b *testing.B) {
			for range b.N {
				if out := g.Agg(NUnique("f").As("n")); out.Err() != nil {
					b.Fatal(out.Err())
				}
			}
		})
	}
}
