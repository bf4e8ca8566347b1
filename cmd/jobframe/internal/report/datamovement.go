package report

import (
	"fmt"

	"github.com/jobframe/jobframe/frame"
	"github.com/jobframe/jobframe/frame/plot"
	"github.com/jobframe/jobframe/frame/schema"
	"github.com/jobframe/jobframe/ops"
)

// mib is the number of bytes of a MB in the report (2^20, as the
// schema's _mb columns).
const mib = 1 << 20

// transferColumns are the columns of the transfers the data movement
// section reads (ops.TransferVolume, TransferFiles, CumulativeSum and
// its own facts).
var transferColumns = []string{"time", "bytes", "direction", "kind", "wall_s", "cached", "worker", "task", "file"}

// dataMovement draws the files moved between manager and workers: bytes
// in and out over time and per worker, transfer time against run time,
// cache updates and the largest files.
func (b *builder) dataMovement() Section {
	s := Section{ID: "data-movement", Title: "Data movement"}
	all, ok := b.frameOf(schema.Transfers)
	if !ok || !hasAll(all, "time", "bytes", "direction") {
		s.Reason = "no file transfers in this source (Work Queue and TaskVine log TRANSFER records)"
		return s
	}
	// the columns read: a filter copies those alone (a Work Queue log of
	// 1M tasks has 5.1M transfers, 377 MB of columns)
	all = narrow(all, transferColumns...)
	tr := all
	if all.Has("kind") {
		tr = all.Where("kind", "==", "transfer")
	}
	if err := tr.Err(); err != nil || tr.NumRows() == 0 {
		s.Reason = "no file transfers in this source's transfer records"
		return s
	}
	s.Intro = "Files sent to workers (INPUT) and brought back (OUTPUT), from the manager's transfer records; MB are 2^20 bytes."
	vol := ops.TransferVolume(tr, "direction")
	if err := vol.Err(); err != nil {
		s.Reason = failed("the transfer volume", err)
		return s
	}
	b.transferFacts(&s, vol, tr)
	b.cacheFacts(&s, all, tr)
	f := b.figure("Data moved, cumulative", "", "MB (cumulative)")
	dirs, _ := vol.Texts("direction")
	for _, d := range dirs {
		one := narrow(tr, "time", "bytes", "direction").Where("direction", "==", d)
		mb := one.WithColumn("mb", scaled(one, "bytes", 1.0/mib))
		f.Step(b.series(ops.CumulativeSum(mb, "time", "mb")), "time", "value", d)
	}
	chart(&s, f, 900, 340)
	b.perWorkerBytes(&s, tr)
	if files := ops.TransferFiles(tr); files.Err() == nil {
		files = files.WithColumn("size_mb", scaled(files, "size", 1.0/mib)).WithColumn("total_mb", scaled(files, "bytes", 1.0/mib))
		s.Tables = append(s.Tables, b.table("largest files: transfers, destinations (workers, or tasks where the log names no worker), copies sent again to a destination that had one, MB", files,
			"file", "size_mb", "transfers", "destinations", "resent", "total_mb"))
	}
	return s
}

// transferFacts adds per direction the transfers, MB, time and rate, and
// the transfer time against the attempts' run time.
func (b *builder) transferFacts(s *Section, vol, tr *frame.Frame) {
	dirs, _ := vol.Texts("direction")
	n, _, _ := vol.Int64s("transfers")
	bytes, _, _ := vol.Float64s("bytes")
	wall, _, _ := vol.Float64s("wall_s")
	var total float64
	for i, d := range dirs {
		s.Facts = append(s.Facts, countFact(d+" transfers", int(n[i])), quantity(d+" data", bytes[i]/mib, "MB", ""),
			durationFact(d+" transfer time", wall[i], ""))
		if wall[i] > 0 {
			s.Facts = append(s.Facts, quantity(d+" rate", bytes[i]/mib/wall[i], "MB/s", "data / transfer time"))
		}
		total += wall[i]
	}
	if b.durations == nil {
		return
	}
	run, valid, err := b.durations.Float64s("run_s")
	if err != nil {
		return
	}
	if r := sum(run, valid); r > 0 {
		s.Facts = append(s.Facts, quantity("transfer time against run time", percentOf(total, r), "%", "Σ transfer time / Σ attempt run time"))
	}
}

// cacheFacts adds TaskVine's cache updates and Work Queue's transfers of
// cacheable files.
func (b *builder) cacheFacts(s *Section, all, tr *frame.Frame) {
	if all.Has("kind") {
		if cu := narrow(all, "kind", "bytes").Where("kind", "==", "cache_update"); cu.Err() == nil && cu.NumRows() > 0 {
			v, valid, _ := cu.Float64s("bytes")
			s.Facts = append(s.Facts, countFact("cache updates", cu.NumRows()), quantity("data entering worker caches", sum(v, valid)/mib, "MB", "CACHE_UPDATE records"))
		}
	}
	if tr.Has("cached") {
		if c := narrow(tr, "cached").Where("cached", "==", true); c.Err() == nil && c.NumRows() > 0 {
			s.Facts = append(s.Facts, countFact("transfers of cacheable files", c.NumRows()))
			s.Notes = append(s.Notes, "A cacheable file is sent once per worker; a later task on that worker finds it in the cache, which the log does not record.")
		}
	}
}

// perWorkerBytes draws the MB moved per worker, when the records name
// the workers and there are few enough for a bar each.
func (b *builder) perWorkerBytes(s *Section, tr *frame.Frame) {
	if !tr.Has("worker") {
		return
	}
	named := narrow(tr, "worker", "bytes", "wall_s").Where("worker", "not-null", nil)
	if named.NumRows() == 0 {
		return
	}
	vol := ops.TransferVolume(named, "worker")
	if vol.Err() != nil || vol.NumRows() > maxBarWorkers {
		return
	}
	vol = vol.WithColumn("mb", scaled(vol, "bytes", 1.0/mib))
	chart(s, plot.New("Data moved per worker (both directions)", "worker", "MB").Bars(vol, "worker", "mb", ""), 900, 320)
	if named.NumRows() < tr.NumRows() {
		s.Notes = append(s.Notes, fmt.Sprintf("%d of %d transfers name no worker.", tr.NumRows()-named.NumRows(), tr.NumRows()))
	}
}

// scaled is column col of f times k, as float64 (nulls stay null).
func scaled(f *frame.Frame, col string, k float64) frame.Column {
	v, valid, err := f.Float64s(col)
	if err != nil {
		return frame.ErrCol(col, err)
	}
	out := make([]float64, len(v))
	for i, x := range v {
		out[i] = x * k
	}
	return frame.Float64Col(col, out, valid)
}
