package plot

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/jobframe/jobframe/frame"
)

// BenchmarkGantt1M draws the timeline of 1M attempts on 1000 workers
// (bars by worker, then start, as ops.Gantt gives them) as a spec.
func BenchmarkGantt1M(b *testing.B) {
	benchGantt(b, frame.StringCol)
}

// BenchmarkGantt1MDict draws the bars of dictionary columns, as a
// loaded frame holds its workers and states.
func BenchmarkGantt1MDict(b *testing.B) {
	benchGantt(b, func(name string, vals []string, valid []bool) frame.Column {
		code := map[string]int32{}
		var dict []string
		codes := make([]int32, len(vals))
		for i, v := range vals {
			c, ok := code[v]
			if !ok {
				c, code[v], dict = int32(len(dict)), int32(len(dict)), append(dict, v)
			}
			codes[i] = c
		}
		return frame.DictStringCol(name, codes, valid, dict)
	})
}

func benchGantt(b *testing.B, strs func(string, []string, []bool) frame.Column) {
	const n, workers = 1_000_000, 1000
	r := rand.New(rand.NewPCG(1, 2))
	w, state := make([]string, n), make([]string, n)
	start, end := make([]int64, n), make([]int64, n)
	for i := range n {
		w[i] = fmt.Sprintf("w%04d", i*workers/n)
		start[i] = int64(i%(n/workers)) * 60_000_000
		end[i] = start[i] + r.Int64N(120_000_000)
		state[i] = []string{"success", "failed"}[min(r.IntN(50), 1)]
	}
	g := frame.New(strs("worker", w, nil), frame.MicrosCol("start", start, nil), frame.MicrosCol("end", end, nil),
		strs("state", state, nil))
	b.ReportAllocs()
	b.ResetTimer()
	for range b.N {
		if _, err := New("timeline", "", "worker").Gantt(g).Spec(); err != nil {
			b.Fatal(err)
		}
	}
}
