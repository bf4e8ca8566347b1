package hyperqueue

// How an attempt's resources are shared among its workers.

import (
	"strings"
)

// estimatedShares gives attempt a, whose request is unknown (a graph job,
// a journal without the submit, or a variant index out of range), HQ's
// default of 1 CPU on each of its workers, flagged as estimated.
func (h *loader) estimatedShares(a *attemptState, workers []int64) {
	a.estimated = true
	a.reqCPUs = 1
	a.reqNodes = int64(len(workers))
	for _, w := range workers {
		h.addShare(a, len(workers), workerShare{worker: w, cpus: 1, open: true})
	}
}

// nodeShares gives a multi-node attempt a the whole of each of its
// workers, whatever its cpus entry says.
func (h *loader) nodeShares(a *attemptState, workers []int64, nodes int64) {
	a.reqNodes = nodes
	a.policy = h.words.Code("nodes")
	for _, w := range workers {
		wk := h.wmap[w]
		s := workerShare{worker: w, open: true}
		if wk != nil {
			s.cpus, s.gpus, s.memMB = wk.cpus, wk.gpus, wk.memMB
		}
		a.reqCPUs += s.cpus
		a.reqGPUs += s.gpus
		a.reqMem += s.memMB
		h.addShare(a, len(workers), s)
	}
}

// requestShares gives a single-node attempt a what its request asks for
// ("All": every unit of that resource on the worker it started on).
func (h *loader) requestShares(a *attemptState, workers []int64, req *request) {
	a.reqNodes = 1
	var root int64
	if len(workers) > 0 {
		root = workers[0]
	}
	for _, r := range req.Resources {
		amt := r.Policy.amount
		if r.Policy.name == "All" {
			amt = 0
			if wk := h.wmap[root]; wk != nil {
				amt = wk.amounts[r.Resource]
			}
		}
		switch {
		case r.Resource == "cpus":
			a.reqCPUs += amt
			a.policy = h.words.Code(r.Policy.name)
		case r.Resource == "mem":
			a.reqMem += amt
		case r.Resource == "gpus" || strings.HasPrefix(r.Resource, "gpus/"):
			a.reqGPUs += amt
		}
	}
	for _, w := range workers {
		h.addShare(a, len(workers), workerShare{worker: w, cpus: a.reqCPUs, gpus: a.reqGPUs, memMB: a.reqMem, open: true})
	}
}

// addShare records attempt a's share s of one of its n workers; an
// attempt on one worker keeps just the id (see attemptState).
func (h *loader) addShare(a *attemptState, n int, s workerShare) {
	if n == 1 {
		a.worker, a.hasWorker = s.worker, true
		return
	}
	if a.multi == 0 {
		h.multi = append(h.multi, make([]workerShare, 0, n))
		a.multi = int32(len(h.multi))
	}
	h.multi[a.multi-1] = append(h.multi[a.multi-1], s)
}
