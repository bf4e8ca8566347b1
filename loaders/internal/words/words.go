package words

import "strings"

// Table numbers the words the loaders' per-task state keeps (Work
// Queue categories and result words, HyperQueue states, policies and
// failure reasons), so that a task or attempt holds a 4-byte code instead
// of a string (and, holding no pointer, is not scanned by the garbage
// collector): code 0 is "".
type Table struct {
	codes  map[string]int32
	words  []string
	recent [8]Code // the words last looked up
	next   int     // where the next goes in recent
}

// Code is a word's code in a Table, with the word, for the table's
// cache of recent words.
type Code struct {
	w string
	c int32
}

// Code returns the code of w, adding it if new.
func (x *Table) Code(w string) int32 {
	if w == "" {
		return 0
	}
	// the few words met over and over (states, event types) skip the map
	for i := range x.recent {
		if r := &x.recent[i]; r.w == w && r.c != 0 {
			return r.c
		}
	}
	c, ok := x.codes[w]
	if !ok {
		c = x.add(w)
	}
	x.recent[x.next%len(x.recent)] = Code{x.words[c], c}
	x.next++
	return c
}

// add numbers a new word.
func (x *Table) add(w string) int32 {
	if x.codes == nil {
		x.codes, x.words = map[string]int32{}, []string{""}
	}
	w = strings.Clone(w)
	c := int32(len(x.words))
	x.words = append(x.words, w)
	x.codes[w] = c
	return c
}

// Text returns the word of code.
func (x *Table) Text(code int32) string {
	if code == 0 {
		return ""
	}
	return x.words[code]
}
