package pbs

import (
	"unsafe"

	"github.com/jobframe/jobframe/loaders/internal/words"
)

// A record's texts are views of one copy of its line (decode), so a
// job that kept them as they are would keep its Q, S and E lines alive
// whole: a log's size in memory, most of it attributes no frame reads.
// What jobs and runs keep past their record is copied instead: the
// words that repeat (users, groups, queues, hosts, attribute names,
// resource requests) interned, the others (job names, exec_host and
// exec_vnode lists, attribute values) into shared blocks of text.

// textBlock is the size of the blocks kept texts are copied into.
const textBlock = 64 << 10

// texts holds the copies of the texts jobs and runs keep.
type texts struct {
	words words.Table
	block []byte // the current block: its free room is its capacity past its length
	// keys are the attribute names of the last record, interned: the
	// records of a log name theirs mostly in the same order
	keys []string
}

// key returns the name of a record's i-th other attribute interned.
func (t *texts) key(i int, k string) string {
	if i < len(t.keys) && t.keys[i] == k {
		return t.keys[i]
	}
	w := t.word(k)
	if i < len(t.keys) {
		t.keys[i] = w
	} else if i == len(t.keys) {
		t.keys = append(t.keys, w)
	}
	return w
}

// word returns w interned.
func (t *texts) word(w string) string { return t.words.Text(t.words.Code(w)) }

// copied returns a copy of s in the current block (a block of its own
// when it is larger than a block's tenth).
func (t *texts) copied(s string) string {
	if s == "" {
		return ""
	}
	if len(s) > textBlock/10 {
		return string([]byte(s))
	}
	if cap(t.block)-len(t.block) < len(s) {
		t.block = make([]byte, 0, textBlock)
	}
	at := len(t.block)
	t.block = append(t.block, s...)
	return unsafe.String(&t.block[at], len(s))
}

// str returns v with its text interned (word) or copied.
func (t *texts) str(v str, intern bool) str {
	switch {
	case !v.ok:
	case intern:
		v.v = t.word(v.v)
	default:
		v.v = t.copied(v.v)
	}
	return v
}
