package hyperqueue

import (
	"io"

	"github.com/jobframe/jobframe/frame/schema"
	"github.com/jobframe/jobframe/loaders/source"
)

// A whole load keeps the attempts in start order, the order of the tasks
// and placements frames' rows. The attempts at the head of that order
// that have all ended need nothing more from the journal: every
// spillEvery lines their rows go into the frames' columns and the
// attempts themselves are forgotten, so that a load holds columns, not
// attempts (about 145 bytes each), for all but the attempts started
// since the oldest still open. The task index keeps, for a forgotten
// attempt, a closed attempt of the same number (h.closed): a later
// start of the task counts on from it, as it would from the attempt.

// spillEvery is the number of lines between two spills.
const spillEvery = 1 << 16

// rowBuilders makes the builders of the tasks and placements frames the
// load wants, and notes r's size when it is known (reserve).
func (h *loader) rowBuilders(r io.Reader) {
	h.inputSize = source.InputSize(r)
	if h.want == nil || h.want[schema.Tasks] {
		h.taskOut = newTaskRows(h.keepsOf(schema.Tasks))
	}
	if h.want == nil || h.want[schema.Placements] {
		h.placeOut = newPlacementRows(h.keepsOf(schema.Placements))
	}
}

// room sizes the tasks' and placements' columns, when the rows of the
// attempts done are about to be added and would not fit, for the rows of
// the whole input at the rate so far, once a few MB of it are read: the
// first time at that rate (early in a journal the submissions make it
// high: 11.6M rows guessed at 14 MB of the 10M-task journal), later, when
// the rows outrun the guess, a twentieth more; at the input's end (last),
// the rows there are. Columns that double as they grow leave their old
// arrays as garbage and up to half their room unused, more than the
// attempts a spill frees; a guess a tenth over, as before, left 13% of
// the 10M-task journal's tasks and placements unused (230 MB).
func (h *loader) room(done []*attemptState, last bool) {
	if h.inputSize <= 0 || h.bytesRead < 4<<20 {
		return
	}
	scale := float64(h.inputSize) / float64(h.bytesRead)
	switch {
	case last:
		scale = 1
	case h.reserved:
		scale *= 1.05
	}
	h.reserved = true
	if t := h.taskOut; t != nil && t.n+len(done) > h.taskRoom {
		h.taskRoom = max(int(float64(t.n+len(h.attempts))*scale), t.n+len(done))
		t.s.Reserve(h.taskRoom - t.n)
	}
	if p := h.placeOut; p != nil {
		if shares := h.placements(done); p.n+shares > h.placeRoom {
			h.placeRoom = max(int(float64(p.n+h.placements(h.attempts))*scale), p.n+shares)
			p.s.Reserve(h.placeRoom - p.n)
		}
	}
}

// placements counts the placements of attempts.
func (h *loader) placements(attempts []*attemptState) int {
	n := 0
	for _, a := range attempts {
		n += h.nShares(a)
	}
	return n
}

// spill moves the ended attempts at the head of h.attempts into the
// frames' columns and forgets them.
func (h *loader) spill() {
	h.sinceSpill = 0
	k := 0
	for k < len(h.attempts) && !h.attempts[k].open {
		k++
	}
	if k == 0 {
		return
	}
	done := h.attempts[:k]
	h.room(done, false)
	if h.taskOut != nil {
		h.taskOut.add(h, done)
	}
	if h.placeOut != nil {
		h.placeOut.add(h, done)
	}
	for _, a := range done {
		h.byTask.replace(a.key, a, h.closedAttempt(a.attempt))
		if a.multi != 0 {
			h.multi[a.multi-1] = nil
		}
	}
	clear(done) // the slice's array no longer holds them
	h.attempts = h.attempts[k:]
}

// closedAttempt returns the closed attempt number n that stands in the
// task index for forgotten ones.
func (h *loader) closedAttempt(n int64) *attemptState {
	for int64(len(h.closed)) <= n {
		h.closed = append(h.closed, &attemptState{attempt: int64(len(h.closed))})
	}
	return h.closed[n]
}
