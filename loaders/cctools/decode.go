package cctools

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/jobframe/jobframe/loaders/internal/bytesconv"
)

// The part of reading a transaction log that needs no shared state:
// splitting a line into fields, its time, and for TASK records (nearly
// every line of a log) the resource objects at its end. It runs on the
// decode goroutines of records.DecodedLines, so that the loader's own goroutine
// is left with the state machine (txn.go).

// txnLine is one transaction-log line as a decode goroutine leaves it. Its
// strings are views of the pipeline's batch, valid while the line is
// applied; its slices are reused from batch to batch.
type txnLine struct {
	// blank or a comment: the loader reads no more of it unless it is a
	// comment (which may name TaskVine's records)
	skip   bool
	fields []string // split on runs of spaces, at most maxFields
	us     int64    // fields[0], when usOK
	usOK   bool
	pidOK  bool           // fields[1], the manager's pid, is an integer
	kind   recordKind     // fields[2]'s record kind, for TASK and TRANSFER
	xfer   transferRecord // a TRANSFER's numbers, when xfer.ok
	// TASK records only: the resource objects at the end of the line,
	// each parsed (entries res[ends[i-1]:ends[i]] of tail[i], their keys
	// and units numbered in the decoding goroutine's table, whose names
	// are names) or not a resource object (bad[i]: malformed, or a key
	// twice)
	tail  []string
	res   []resource
	ends  []int
	bad   []bool
	names []string
	dec   *lineDecoder // the decoder whose table numbered res; only compared
	// bit i (i < 64): tail[i] is the text of the line before's tail[i],
	// decoded as that was (a DONE repeats its RETRIEVED's objects)
	repeats uint64
	// shapes[i]: the serial of dec's shape (objectShape) that numbered
	// object i, which has its keys and units in its order; 0 when none
	shapes [2]uint32
}

// recordKind tells the records the decoders read further from the others.
// Most of a Work Queue log's lines are TRANSFER records (five a task),
// and a WQ load waits on the loader's goroutine: the decoders read all
// it needs of them (and whether a line is blank, and its pid), so that
// the loader reads none of their text, which another core has in its
// cache.
type recordKind uint8

const (
	kindOther recordKind = iota
	kindTask
	kindTransfer
)

// transferRecord is what a TRANSFER INPUT|OUTPUT <task> <cache flag> <MB> <s>
// <name> record gives in numbers; ok says they all parsed.
type transferRecord struct {
	task     int64
	mb, secs float64
	ok       bool
}

// resources returns the parsed entries of the i'th object of l.tail,
// numbered in l.dec's table.
func (l *txnLine) resources(i int) []resource {
	from := 0
	if i > 0 {
		from = l.ends[i-1]
	}
	return l.res[from:l.ends[i]]
}

// maxFields is the most fields a record is split into; a TRANSFER's file
// name (its last field) may hold spaces and is rejoined from the rest.
const maxFields = 16

// reusable marks txnLine as a value decodeCcLine overwrites whole: its
// batches are recycled without clearing (see pipeline).
func (l *txnLine) Reusable() {}

// lineDecoder decodes lines on one decode goroutine. Its own table
// numbers the keys and units of the resource objects it parses, so that
// the loader's goroutine only translates those numbers into its table
// (translate), which costs an array lookup where numbering a name by its
// text costs a comparison or a hash: that was a fifth of the loader's
// goroutine, the one a Work Queue load waits on.
type lineDecoder struct {
	syms *symbols
	raw  []rawResource // reused from object to object
	// the last shapes numbered at each of a line's first two object
	// places, the newest first. At the first, a running task's
	// allocation and a result's empty limits alternate, and now and
	// then come a queued task's request and a result's limits.
	shapes [2][shapesKept]objectShape
	serial uint32 // the last serial given to a shape
}

// newLineDecoder returns a decoder with an empty table.
func newLineDecoder() *lineDecoder { return &lineDecoder{syms: newSymbols()} }

// newDecode returns the decode function of a new decoder: what each
// decode goroutine of records.DecodedLinesAfterAt calls once.
func newDecode() func(raw []byte, l, prev *txnLine) { return newLineDecoder().decode }

// decode fills l from one line of a transaction log; prev is the line
// before as decoded (by d), or nil. A resource object whose text is the
// one at the same place on the line before is not parsed again.
func (d *lineDecoder) decode(raw []byte, l, prev *txnLine) {
	line := bytesconv.String(raw)
	l.skip = blankOrComment(line)
	var at int
	l.fields, at = appendFields(l.fields[:0], line, 0, 3, false)
	l.us, l.usOK, l.pidOK, l.kind, l.xfer = 0, false, false, kindOther, transferRecord{}
	l.tail, l.bad = l.tail[:0], l.bad[:0]
	l.res, l.ends, l.repeats, l.shapes = l.res[:0], l.ends[:0], 0, [2]uint32{}
	l.names, l.dec = nil, d
	if len(l.fields) < 3 {
		return
	}
	l.us, l.usOK = bytesconv.Atoi(l.fields[0])
	_, err := parseInt(l.fields[1])
	l.pidOK = err == nil
	// the resource objects of a TASK record, one field (they are read
	// apart, by jsonTail)
	l.fields, _ = appendFields(l.fields, line, at, maxFields, l.fields[2] == "TASK")
	switch l.fields[2] {
	case "TASK":
		l.kind = kindTask
	case "TRANSFER":
		l.kind = kindTransfer
		l.xfer = decodeTransfer(l.fields[3:])
		return
	default:
		return
	}
	l.tail = jsonTail(l.tail, line)
	for i, s := range l.tail {
		if i < 64 && prev != nil && i < len(prev.tail) && prev.tail[i] == s {
			l.res = append(l.res, prev.resources(i)...)
			l.ends = append(l.ends, len(l.res))
			l.bad = append(l.bad, prev.bad[i])
			l.repeats |= 1 << i
			if i < len(l.shapes) {
				l.shapes[i] = prev.shapes[i]
			}
			continue
		}
		var serial uint32
		l.res, serial, err = d.object(i, s, l.res)
		if i < len(l.shapes) {
			l.shapes[i] = serial
		}
		l.ends = append(l.ends, len(l.res))
		l.bad = append(l.bad, err != nil)
	}
	// the table's names so far: the loader's goroutine reads those of
	// this line's numbers, which this goroutine never writes again
	l.names = d.syms.names
}

// blankOrComment reports whether line is blank or a comment: whether
// strings.TrimSpace(line) is empty or starts with '#', read from the
// start only (a record starts with a digit).
func blankOrComment(line string) bool {
	for i := 0; i < len(line); i++ {
		switch c := line[i]; {
		case c == ' ' || c == '\t' || c == '\n' || c == '\v' || c == '\f' || c == '\r':
		case c == '#':
			return true
		case c >= utf8.RuneSelf: // perhaps a Unicode space
			t := strings.TrimLeftFunc(line[i:], unicode.IsSpace)
			return t == "" || t[0] == '#'
		default:
			return false
		}
	}
	return true
}

// decodeTransfer parses the numbers of a TRANSFER record's fields args
// (after its kind).
func decodeTransfer(args []string) transferRecord {
	if len(args) < 6 {
		return transferRecord{}
	}
	tid, err1 := parseInt(args[1])
	mb, err2 := parseFloat(args[3])
	secs, err3 := parseFloat(args[4])
	return transferRecord{task: tid, mb: mb, secs: secs, ok: err1 == nil && err2 == nil && err3 == nil}
}

// object appends the entries of obj, the i'th object of a line, to out
// with their keys and units numbered; serial is as number's. An object
// written as one of the last shapes at its place were (every
// RETRIEVED record's measured resources) has only its values read.
func (d *lineDecoder) object(i int, obj string, out []resource) (_ []resource, serial uint32, err error) {
	if i < len(d.shapes) {
		for k := range d.shapes[i] {
			if sh := &d.shapes[i][k]; sh.serial != 0 {
				if more, ok := sh.parse(obj, out); ok {
					return more, sh.serial, nil
				}
			}
		}
	}
	if d.raw, err = parseRawResources(obj, d.raw[:0]); err != nil {
		return out, 0, err
	}
	return d.number(i, obj, out)
}

// shapesKept is how many shapes a decoder keeps at each object place.
const shapesKept = 4

// number appends the entries of d.raw, parsed from the i'th object obj
// of a line, to out with their keys and units numbered; a key given
// twice is an error. An object with the keys and units of one of the
// last shapes numbered at its place (measured resources: 28 entries, the
// same in every record of a log) takes their numbers, and needs no test
// for a repeated key, which that one passed. serial names the shape the
// object has at place i < 2 (0 at other places).
func (d *lineDecoder) number(i int, obj string, out []resource) (_ []resource, serial uint32, err error) {
	if i >= len(d.shapes) {
		out, err = internResources(obj, d.raw, d.syms, out)
		return out, 0, err
	}
	shapes := &d.shapes[i]
	for k := range shapes {
		if sh := &shapes[k]; sh.matches(obj, d.raw) {
			for j, r := range d.raw {
				out = append(out, resource{key: sh.ids[2*j], unit: sh.ids[2*j+1], value: r.value})
			}
			return out, sh.serial, nil
		}
	}
	n0 := len(out)
	if out, err = internResources(obj, d.raw, d.syms, out); err != nil {
		return out, 0, err
	}
	// the oldest makes way, and its slices are reused
	oldest := shapes[len(shapes)-1]
	copy(shapes[1:], shapes[:len(shapes)-1])
	shapes[0] = oldest
	d.serial++
	shapes[0].set(d.syms, out[n0:], d.serial)
	return out, d.serial, nil
}

// objectShape is the keys and units of an object, in order: their names
// and their numbers, a key's before its unit; serial tells it from the
// other shapes of its decoder (never 0). text is the object's text
// around its values, written without spaces as cctools writes it, cut
// at cuts: before value j text[cuts[2j]:cuts[2j+1]], `{"key":[`
// (`,"key":[` after the first), after it text[cuts[2j+1]:cuts[2j+2]],
// `,"unit"]` (`]` without a unit).
type objectShape struct {
	names  []string
	ids    []sym
	text   string
	cuts   []int32
	buf    []byte // text's bytes as set writes them
	serial uint32
}

// parse appends the entries of obj to out, numbered, when obj is written
// as sh's text is, which leaves its values to read; ok is false
// otherwise, with out as it was. It accepts no text that
// parseRawResources would read otherwise.
func (sh *objectShape) parse(obj string, out []resource) (_ []resource, ok bool) {
	if len(sh.ids) == 0 {
		return out, obj == "{}"
	}
	n0, i, text, cuts := len(out), 0, sh.text, sh.cuts
	for j := 0; j < len(sh.ids); j += 2 {
		pre := text[cuts[j]:cuts[j+1]]
		if len(obj)-i < len(pre) || obj[i:i+len(pre)] != pre {
			return out[:n0], false
		}
		i += len(pre)
		k := i
		for k < len(obj) && obj[k] != ',' && obj[k] != ']' {
			k++
		}
		v, err := parseFloat(obj[i:k]) // a space in it fails here
		if err != nil {
			return out[:n0], false
		}
		suf := text[cuts[j+1]:cuts[j+2]]
		if len(obj)-k < len(suf) || obj[k:k+len(suf)] != suf {
			return out[:n0], false
		}
		i = k + len(suf)
		out = append(out, resource{key: sh.ids[j], unit: sh.ids[j+1], value: v})
	}
	if obj[i:] != "}" {
		return out[:n0], false
	}
	return out, true
}

// matches reports whether the entries raw of object obj have sh's keys
// and units, in sh's order.
func (sh *objectShape) matches(obj string, raw []rawResource) bool {
	if 2*len(raw) != len(sh.names) {
		return false
	}
	for j, r := range raw {
		if r.key.Of(obj) != sh.names[2*j] || r.unit.Of(obj) != sh.names[2*j+1] {
			return false
		}
	}
	return true
}

// set makes sh the shape of the numbered entries rs, with serial.
func (sh *objectShape) set(syms *symbols, rs []resource, serial uint32) {
	sh.names, sh.ids, sh.serial = sh.names[:0], sh.ids[:0], serial
	sh.buf, sh.cuts = sh.buf[:0], append(sh.cuts[:0], 0)
	for j, r := range rs {
		key, unit := syms.name(r.key), syms.name(r.unit)
		sh.names = append(sh.names, key, unit)
		sh.ids = append(sh.ids, r.key, r.unit)
		if j == 0 {
			sh.buf = append(sh.buf, '{')
		} else {
			sh.buf = append(sh.buf, ',')
		}
		sh.buf = append(append(append(sh.buf, '"'), key...), `":[`...)
		sh.cuts = append(sh.cuts, int32(len(sh.buf)))
		if unit != "" {
			sh.buf = append(append(append(sh.buf, `,"`...), unit...), '"')
		}
		sh.buf = append(sh.buf, ']')
		sh.cuts = append(sh.cuts, int32(len(sh.buf)))
	}
	sh.text = string(sh.buf)
}

// fields splits s on runs of spaces into at most max fields.
func fields(out []string, s string, max int) []string {
	out, _ = appendFields(out[:0], s, 0, max, false)
	return out
}

// appendFields appends the fields of s from i on to out, up to max in
// all, and returns where it stopped. With brace, a field that starts with
// '{' (a record's resource objects) is the last: it takes the rest of s,
// trailing spaces dropped, without a scan of its text for spaces.
func appendFields(out []string, s string, i, max int, brace bool) ([]string, int) {
	for i < len(s) && len(out) < max {
		for i < len(s) && s[i] == ' ' {
			i++
		}
		if i >= len(s) {
			break
		}
		if brace && s[i] == '{' {
			out = append(out, strings.TrimRight(s[i:], " "))
			return out, len(s)
		}
		j := i + 1 // fields are short: a loop beats IndexByte's call
		for j < len(s) && s[j] != ' ' {
			j++
		}
		out = append(out, s[i:j])
		i = j
	}
	return out, i
}

// jsonTail returns the resource objects at the end of a record: the
// text from the first '{', split between objects.
func jsonTail(out []string, s string) []string {
	out = out[:0]
	i := strings.IndexByte(s, '{')
	if i < 0 {
		return out
	}
	rest := s[i:]
	for len(rest) > 0 {
		rest = strings.TrimLeft(rest, " ")
		if rest == "" {
			break
		}
		if rest[0] != '{' {
			out = append(out, rest) // let the parser reject it
			break
		}
		k := objectEnd(rest)
		if k < 0 {
			out = append(out, rest)
			break
		}
		out = append(out, rest[:k+1])
		rest = rest[k+1:]
	}
	return out
}

// objectEnd returns the index of the '}' that closes the '{' at s[0]
// (braces counted, strings not: resource objects hold no braces in their
// strings), or -1. A flat object, the usual case, is found by two scans
// for a byte.
func objectEnd(s string) int {
	depth, k := 1, 1
	for {
		c := strings.IndexByte(s[k:], '}')
		if c < 0 {
			return -1
		}
		if o := strings.IndexByte(s[k:k+c], '{'); o >= 0 {
			depth++
			k += o + 1
			continue
		}
		depth--
		if depth == 0 {
			return k + c
		}
		k += c + 1
	}
}
