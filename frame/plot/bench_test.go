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
	g := frame.New(frame.StringCol("worker", w, nil), frame.MicrosCol("start", start, nil), frame.MicrosCol("end", end, nil),
		frame.StringCol("state", state, nil))
	b.ResetTimer()
	for range b.N {
		if _, err := New("timeline", "", "worker").Gantt(g).Spec(); err != nil {
			b.Fatal(err)
		}
	}
}
