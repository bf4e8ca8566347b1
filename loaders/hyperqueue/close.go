package hyperqueue

import "strconv"

// Attempts closed by their task's end, by the end of the journal and
// by a worker's loss; a worker's hardware samples.

func (h *loader) closeAttempt(a *attemptState, t int64, n int, state, raw, reason string) {
	code := h.words.Code(state)
	a.open, a.end, a.endLine, a.state, a.rawState, a.reason = false, t, n, code, h.words.Code(raw), h.words.Code(reason)
	shares := h.shares(a)
	for i := range shares {
		if s := &shares[i]; s.open {
			s.open, s.end, s.endLine, s.state = false, t, n, code
		}
	}
}

func (h *loader) finish(key taskKey, t int64, n int, state, raw, reason string) {
	if a := h.byTask.get(key); a != nil && a.open {
		h.closeAttempt(a, t, n, state, raw, reason)
	}
}

func (h *loader) closeAll(t int64, n int, state, raw string) {
	for _, a := range h.attempts {
		if a.open {
			h.closeAttempt(a, t, n, state, raw, "")
		}
	}
	h.wopen.clear()
}

func (h *loader) workerLost(id int64, reason string, t int64, n int) {
	if w := h.wmap[id]; w != nil {
		w.lost, w.lostOK, w.reason, w.lostLine = t, true, reason, n
	} else {
		h.p.Note(n, "event.id", strconv.FormatInt(id, 10), "a worker lost that never connected in this journal (it has no row in the workers frame)")
	}
	var roots []*attemptState
	var open []*attemptState
	if o := h.wopen.get(id); o != nil {
		open = o.list
	}
	for _, a := range open {
		if !a.open {
			continue
		}
		for i := range h.nShares(a) {
			if s := h.share(a, i); s.worker != id || !s.open {
				continue
			}
			if i == 0 {
				roots = append(roots, a)
			} else { // a non-root worker of a multi-node task leaves it
				s := &h.shares(a)[i]
				s.open, s.end, s.endLine, s.state = false, t, n, h.words.Code("lost")
			}
		}
	}
	for _, a := range roots {
		h.closeAttempt(a, t, n, "lost", "worker-lost", reason)
	}
	h.wopen.drop(id)
}

func (h *loader) overview(id int64, s *hwState, t int64, n int) {
	p := &h.perf
	p.time.Add(t)
	p.line.Add(int64(n))
	p.worker.Add(itoa(id))
	if s.CPU != nil && len(s.CPU.PerCore) > 0 {
		sum := 0.0
		for _, v := range s.CPU.PerCore {
			sum += v
		}
		p.cpuPct.Add(sum / float64(len(s.CPU.PerCore)))
		p.cores.Add(int64(len(s.CPU.PerCore)))
	} else {
		p.cpuPct.Null()
		p.cores.Null()
	}
	if s.Memory != nil {
		p.memTotal.Add(int64(s.Memory.Total))
		p.memFree.Add(int64(s.Memory.Free))
		p.memUsed.Add(int64(s.Memory.Total - s.Memory.Free))
	} else {
		p.memTotal.Null()
		p.memFree.Null()
		p.memUsed.Null()
	}
	if s.Net != nil {
		p.rx.Add(int64(s.Net.RxBytes))
		p.tx.Add(int64(s.Net.TxBytes))
	} else {
		p.rx.Null()
		p.tx.Null()
	}
	var gpus []float64
	var gmem []float64
	for _, g := range []*gpuState{s.Nvidia, s.AMD} {
		if g != nil {
			for _, x := range g.GPUs {
				gpus = append(gpus, x.ProcessorUsage)
				gmem = append(gmem, x.MemUsage)
			}
		}
	}
	p.gpus.Add(int64(len(gpus)))
	if len(gpus) > 0 {
		p.gpuPct.Add(mean(gpus))
		p.gpuMemPct.Add(mean(gmem))
	} else {
		p.gpuPct.Null()
		p.gpuMemPct.Null()
	}
}

func mean(v []float64) float64 {
	s := 0.0
	for _, x := range v {
		s += x
	}
	return s / float64(len(v))
}
