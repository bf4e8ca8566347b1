package ops

import (
	"fmt"
	"math"

	"github.com/jobframe/jobframe/frame"
)

// transfersFrom names where the transfers frame comes from, for errors.
const transfersFrom = "the transfers frame of the workqueue and taskvine loaders has them (TRANSFER and CACHE_UPDATE records)"

// CumulativeSum returns the step series of the running total of column
// value over the rows of f in the order of column timeCol (bytes moved so
// far, CPU time used so far): one point per distinct time, with value =
// the sum over the rows at or before it. Rows with a null time or value
// are left out. Columns: time, value (in the unit of value).
func CumulativeSum(f *frame.Frame, timeCol, value string) *frame.Frame {
	if err := require("CumulativeSum", f, "any frame with a time and a numeric column", timeCol, value); err != nil {
		return frame.WithErr(err)
	}
	t, ok, err := f.Micros(timeCol)
	if err != nil {
		return frame.WithErr(fmt.Errorf("CumulativeSum: %w", err))
	}
	v, err := floatsOrNaN(f, value)
	if err != nil {
		return frame.WithErr(fmt.Errorf("CumulativeSum: %w", err))
	}
	changes := make([]change, 0, len(t))
	for i := range t {
		if ok[i] && !math.IsNaN(v[i]) {
			changes = append(changes, change{t[i], t[i], v[i]})
		}
	}
	return stepSeries(changes)
}

// TransferVolume sums file transfers per group of the by columns
// (direction, worker, task; none: one row for all): transfers (rows),
// bytes (summed), wall_s (summed transfer time, s) and mib_per_s =
// bytes / 2^20 / wall_s (null without transfer time), in order of first
// appearance.
func TransferVolume(transfers *frame.Frame, by ...string) *frame.Frame {
	const op = "TransferVolume"
	if err := require(op, transfers, transfersFrom, append([]string{"bytes", "wall_s"}, by...)...); err != nil {
		return frame.WithErr(err)
	}
	f := transfers
	keys := by
	if len(keys) == 0 {
		f = f.WithColumn("all", make([]string, f.NumRows()))
		keys = []string{"all"}
	}
	g := f.GroupBy(keys...).Agg(frame.Count().As("transfers"), frame.Sum("bytes").As("bytes"), frame.Sum("wall_s").As("wall_s"))
	if err := g.Err(); err != nil {
		return frame.WithErr(fmt.Errorf("%s: %w", op, err))
	}
	bytes, _ := floatsOrNaN(g, "bytes")
	wall, _ := floatsOrNaN(g, "wall_s")
	rate := make([]float64, len(bytes))
	for i := range rate {
		rate[i] = ratio(bytes[i]/(1<<20), wall[i])
	}
	g = g.WithColumn("mib_per_s", nanFloats("mib_per_s", rate))
	if len(by) == 0 {
		g = g.Drop("all")
	}
	return g
}

// TransferFiles returns one row per file moved: transfers (rows),
// destinations (distinct workers it went to; distinct tasks where the
// frame names no worker, as Work Queue's log), resent = transfers −
// destinations (copies sent again to a destination that had one: for a
// cached file, cache misses), bytes (summed) and size (the largest single
// transfer, bytes), largest size first.
func TransferFiles(transfers *frame.Frame) *frame.Frame {
	const op = "TransferFiles"
	if err := require(op, transfers, transfersFrom, "file", "bytes"); err != nil {
		return frame.WithErr(err)
	}
	dest := ""
	for _, c := range []string{"worker", "task"} {
		if transfers.Has(c) && transfers.Select(c).Where(c, "not-null", nil).NumRows() > 0 { // a copy of c alone
			dest = c
			break
		}
	}
	aggs := []frame.Aggregation{frame.Count().As("transfers")}
	if dest != "" {
		aggs = append(aggs, frame.NUnique(dest).As("destinations"))
	}
	aggs = append(aggs, frame.Sum("bytes").As("bytes"), frame.Max("bytes").As("size"))
	g := transfers.GroupBy("file").Agg(aggs...)
	if err := g.Err(); err != nil {
		return frame.WithErr(fmt.Errorf("%s: %w", op, err))
	}
	n, _, _ := g.Int64s("transfers")
	resent := make([]int64, len(n))
	valid := make([]bool, len(n))
	if dest != "" {
		d, _, _ := g.Int64s("destinations")
		for i := range n {
			resent[i], valid[i] = n[i]-d[i], true
		}
	} else {
		g = g.WithColumn("destinations", frame.Int64Col("destinations", make([]int64, len(n)), valid))
	}
	g = g.WithColumn("resent", frame.Int64Col("resent", resent, valid))
	return g.Select("file", "transfers", "destinations", "resent", "bytes", "size").Sort("-size", "file")
}
