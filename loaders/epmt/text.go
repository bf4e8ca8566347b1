package epmt

import (
	"strings"

	"github.com/jobframe/jobframe/loaders/internal/arena"
)

// papiexText keeps the text fields of papiex processes, shared by the
// data files of one job: tags by id (the procs frame parses each distinct
// tag string once, by id, without hashing it again); hostname, exename
// and path interned (a few distinct values each); args copied; and any
// field no column keeps, not at all. The fields arrive as views of the
// reader's buffer.
type papiexText struct {
	keep   [nStrFields]bool
	tagIDs map[string]int32
	tags   []string // by id
	pool   map[string]string
	// the last value of each field: consecutive processes mostly share
	// their tags and host, and often exename and path
	last   [nStrFields]string
	lastID int32
	strs   arena.Arena[[nStrFields]string] // the processes' kept text fields
}

func newPapiexText(keep [nStrFields]bool) *papiexText {
	return &papiexText{keep: keep, tagIDs: map[string]int32{}, pool: map[string]string{}}
}

// wants reports whether set keeps anything of field k (tags are always
// read: the procs frame's tags and tag.* columns come from them), so that
// a field it would drop is not even looked at.
func (t *papiexText) wants(k int) bool { return k == sTags || t.keep[k] }

// set stores field k of pr, given as s (a view, valid during the call).
func (t *papiexText) set(pr *papiexProc, k int, s string) {
	switch {
	case k == sTags:
		if len(t.tags) > 0 && s == t.last[k] {
			pr.tagID = t.lastID
			return
		}
		id, ok := t.tagIDs[s]
		if !ok {
			id = int32(len(t.tags))
			s = strings.Clone(s)
			t.tags = append(t.tags, s)
			t.tagIDs[s] = id
		}
		pr.tagID, t.last[k], t.lastID = id, t.tags[id], id
	case !t.keep[k] || s == "":
		return
	}
	if pr.str == nil { // a process's text fields only when one is kept
		pr.str = t.strs.Alloc()
	}
	switch {
	case k == sArgs:
		pr.str[k] = strings.Clone(s)
	case s == t.last[k]:
		pr.str[k] = t.last[k]
	default:
		v, ok := t.pool[s]
		if !ok {
			v = strings.Clone(s)
			t.pool[v] = v
		}
		pr.str[k], t.last[k] = v, v
	}
}

// forget drops the kept text fields of the processes set so far (their
// rows are built); tags and interned values stay.
func (t *papiexText) forget() { t.strs = arena.Arena[[nStrFields]string]{} }

// tag returns pr's tags as written.
func (t *papiexText) tag(pr *papiexProc) string { return t.tags[pr.tagID] }
