package cromwell

import (
	"strings"
	"unicode/utf8"

	"github.com/jobframe/jobframe/loaders/internal/bytesconv"
	"github.com/jobframe/jobframe/loaders/internal/jsontext"
)

// The calls are nearly all of a large workflow's metadata (a scatter of
// 20,000 shards). The general path (decode.go) decodes the document
// with goccy/go-json, by reflection, on one core. scanMetadata makes one
// pass instead: it checks the document and, as it meets a call's list
// of entries, cuts it and hands the entries to the decoding goroutines,
// which read each by hand as they check it (callDecoder,
// jsontext.Array.CutDecode); the rest of the document, the calls cut
// out, is decoded as before.

// callList is a list of call entries met by the scan.
type callList struct {
	name    string
	null    bool
	entries jsontext.Array[call]
}

// metadataScan is the walk of one document.
type metadataScan struct {
	doc        []byte
	start, end int // the calls object's text in doc
	lists      []callList
	seen       bool // a calls member was met
}

// scanMetadata reads doc in one scan (see above); it returns nil for
// anything it does not read exactly as the general path would: a top
// member's name not in ASCII (it may fold to "calls"), calls given
// twice or not an object, a call named twice, a list that is not a list,
// an entry the hand decoder leaves (subworkflows, type errors), text
// outside the calls that is not UTF-8, bad syntax. The general path
// then reads the document, or says what is wrong with it.
func scanMetadata(doc []byte) *metadata {
	s := &metadataScan{doc: doc, start: -1}
	if jsontext.WholeObject(doc, func(i int) (int, error) {
		return jsontext.ScanMembersWith(doc, i, 0, s.member)
	}) != nil {
		return nil
	}
	rest := doc
	if s.start >= 0 {
		rest = make([]byte, 0, len(doc)-(s.end-s.start)+2)
		rest = append(append(append(rest, doc[:s.start]...), "{}"...), doc[s.end:]...)
	}
	if !utf8.Valid(rest) {
		// goccy/go-json keeps a bad byte of a string where encoding/json
		// makes it U+FFFD: the general path reads such a document, and
		// the load's text check judges its values
		return nil
	}
	md := new(metadata)
	if jsontext.UnmarshalScanned(rest, md) != nil { // scanned above
		return nil // the general path reads it, or says what is wrong
	}
	if s.start >= 0 && md.Calls == nil {
		return nil // "calls" was not an object after all
	}
	for _, l := range s.lists {
		md.Calls[l.name] = nil
		if !l.null {
			md.Calls[l.name] = l.entries.Items()
		}
	}
	return md
}

// member walks one member of the top object: calls is cut into its
// lists, the others are checked.
func (s *metadataScan) member(key []byte, i int) (int, error) {
	switch {
	case strings.EqualFold(bytesconv.String(key), "calls"):
		if s.seen {
			return i, errOffPath
		}
		s.seen = true
		if i < len(s.doc) && s.doc[i] == 'n' {
			return jsontext.ScanValue(s.doc, i, 1) // null: no calls, as the general path reads it
		}
		if i >= len(s.doc) || s.doc[i] != '{' {
			return i, errOffPath
		}
		names := map[string]bool{}
		end, err := jsontext.ScanMembersWith(s.doc, i, 1, func(name []byte, i int) (int, error) {
			if names[string(name)] || !utf8.Valid(name) { // encoding/json makes each bad byte U+FFFD
				return i, errOffPath
			}
			names[string(name)] = true
			return s.list(string(name), i)
		})
		s.start, s.end = i, end
		return end, err
	case !bytesconv.IsASCII(key):
		return i, errOffPath
	}
	return jsontext.ScanValue(s.doc, i, 1)
}

// list cuts the list of entries of call name at doc[i] and decodes them
// on every core.
func (s *metadataScan) list(name string, i int) (int, error) {
	if i < len(s.doc) && s.doc[i] == 'n' {
		end, err := jsontext.ScanValue(s.doc, i, 2)
		s.lists = append(s.lists, callList{name: name, null: true})
		return end, err
	}
	if i >= len(s.doc) || s.doc[i] != '[' {
		return i, errOffPath
	}
	l := callList{name: name}
	end, bad, err := l.entries.CutDecode(s.doc, i, 2, func() func([]byte, *call) error { return new(callDecoder).decode })
	if err == nil && bad != nil {
		err = errOffPath
	}
	s.lists = append(s.lists, l)
	return end, err
}
