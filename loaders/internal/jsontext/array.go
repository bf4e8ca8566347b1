package jsontext

import (
	"fmt"
	"iter"
	"runtime"
	"sync"

	"github.com/jobframe/jobframe/loaders/internal/spread"
)

// Array is a JSON array of T decoded in two steps: a document's decoder
// (encoding/json or goccy/go-json) keeps the array's text, and Decode
// reads its elements on every core. An array that is most of a document
// (a workflow's tasks, a timeline's processes) would otherwise be read
// on the one goroutine that decodes the rest.
type Array[T any] struct {
	Raw []byte // the array as written (nil: absent or null)
	// Elems, when not nil, are Raw's elements, split as the document
	// was read (SplitDecode): Decode then does not split Raw again.
	Elems [][]byte
	// chunks hold the decoded elements in order (All): one slice after
	// Decode, one per batch after SplitDecode, which thus copies no
	// element into one slice (a million tasks of 300 bytes each).
	chunks [][]T
	n      int
}

// Len is the number of decoded elements.
func (a *Array[T]) Len() int { return a.n }

// All yields the decoded elements in order, each with its index; the
// pointers stay valid as long as a does.
func (a *Array[T]) All() iter.Seq2[int, *T] {
	return func(yield func(int, *T) bool) {
		i := 0
		for _, c := range a.chunks {
			for k := range c {
				if !yield(i, &c[k]) {
					return
				}
				i++
			}
		}
	}
}

// Items returns a copy of the decoded elements in one slice.
func (a *Array[T]) Items() []T {
	out := make([]T, 0, a.n)
	for _, c := range a.chunks {
		out = append(out, c...)
	}
	return out
}

// UnmarshalJSON keeps the array's text for Decode. Both decoders hand
// over bytes that are not written again (encoding/json a slice of the
// document, goccy/go-json a copy), so no copy is made.
func (a *Array[T]) UnmarshalJSON(b []byte) error {
	a.Elems, a.chunks, a.n = nil, nil, 0 // of a list read before, if any
	if string(b) == "null" {
		a.Raw = nil
		return nil
	}
	a.Raw = b
	return nil
}

// ElementError is an element that did not decode: its index (-1: the
// array itself is not one), its text and the decoder's error, whose
// offset, if it has one, is within Elem.
type ElementError struct {
	Index int
	Elem  []byte
	Err   error
}

func (e *ElementError) Error() string { return fmt.Sprintf("element %d: %v", e.Index, e.Err) }
func (e *ElementError) Unwrap() error { return e.Err }

// minPerWorker is the fewest elements worth a goroutine of their own.
const minPerWorker = 256

// Decode reads the kept array's elements (All), splitting the elements
// between GOMAXPROCS goroutines, each with a decoder of its own from
// newDecoder (a decoder reads one element into a zero T). The first
// element in order that does not decode is the error.
func (a *Array[T]) Decode(newDecoder func() func(elem []byte, v *T) error) error {
	if a.Raw == nil {
		return nil
	}
	elems := a.Elems
	if elems == nil {
		var err error
		if elems, err = SplitArray(a.Raw); err != nil {
			return &ElementError{Index: -1, Elem: a.Raw, Err: err}
		}
	}
	items := make([]T, len(elems))
	a.chunks, a.n = [][]T{items}, len(items)
	errs := make([]*ElementError, spread.Count(len(elems), minPerWorker))
	spread.Ranges(len(elems), minPerWorker, func(w, lo, hi int) {
		decode := newDecoder()
		for i := lo; i < hi; i++ {
			if err := decode(elems[i], &items[i]); err != nil {
				errs[w] = &ElementError{Index: i, Elem: elems[i], Err: err}
				return
			}
		}
	})
	for _, e := range errs {
		if e != nil {
			return e
		}
	}
	return nil
}

// SplitArray returns the elements of the JSON array b, checking its
// syntax: its brackets, each element, and a comma between elements.
// Its errors are *SyntaxError, with offsets in b.
func SplitArray(b []byte) ([][]byte, error) {
	i := SkipWS(b, 0)
	if i >= len(b) || b[i] != '[' {
		return nil, jsonErr(i, "a list")
	}
	elems, end, err := splitArrayAt(b, i, 0)
	if err != nil {
		return nil, err
	}
	return elems, arrayEnd(b, end)
}

// splitArrayAt checks the array that starts at b[i] ('[', at nesting
// depth) and returns its elements (empty, not nil, for []) and the
// offset just past it; the elements are slices of b.
func splitArrayAt(b []byte, i, depth int) ([][]byte, int, error) {
	elems := [][]byte{}
	end, err := scanElements(b, i, depth, func(elem []byte) { elems = append(elems, elem) })
	if err != nil {
		return nil, end, err
	}
	return elems, end, nil
}

// scanElements checks the array that starts at b[i] ('[', at nesting
// depth), calling each with every element in order, and returns the
// offset just past it.
func scanElements(b []byte, i, depth int, each func(elem []byte)) (int, error) {
	return elementsWith(b, i, depth, ScanValue, each)
}

// elementsWith is scanElements with value finding each element's end
// (ScanValue, or cutValue for elements checked elsewhere).
func elementsWith(b []byte, i, depth int, value func(b []byte, i, depth int) (int, error), each func(elem []byte)) (int, error) {
	if depth >= MaxDepth {
		return i, jsonErr(i, "less nesting")
	}
	i = SkipWS(b, i+1)
	if i < len(b) && b[i] == ']' {
		return i + 1, nil
	}
	for {
		end, err := value(b, i, depth+1)
		if err != nil {
			return end, err
		}
		each(b[i:end])
		i = SkipWS(b, end)
		switch {
		case i < len(b) && b[i] == ',':
			i = SkipWS(b, i+1)
		case i < len(b) && b[i] == ']':
			return i + 1, nil
		default:
			return i, jsonErr(i, "',' or ']'")
		}
	}
}

// SplitDecode checks the array that starts at b[i] ('[', at nesting
// depth) and decodes its elements as Decode does, but while it scans:
// every minPerWorker elements go to GOMAXPROCS decoding goroutines, so
// the split, on the calling goroutine, overlaps the decoding. It sets
// Raw, Elems and the decoded elements and returns the offset just past
// the array. err is a syntax error (a is then unchanged); bad is the
// first element in order that did not decode (the elements are then
// incomplete).
func (a *Array[T]) SplitDecode(b []byte, i, depth int, newDecoder func() func(elem []byte, v *T) error) (end int, bad *ElementError, err error) {
	return a.splitDecode(b, i, depth, newDecoder, ScanValue)
}

// CutDecode is SplitDecode for an element decoder that checks each
// element whole (its syntax, as ScanValue would): the calling goroutine
// then only cuts the array at its commas, following strings and nesting
// (cutValue), and checks what lies between the elements. An element that
// is not valid JSON is a bad element (or the array a syntax error) as
// before; a valid array is cut where SplitDecode cuts it.
func (a *Array[T]) CutDecode(b []byte, i, depth int, newDecoder func() func(elem []byte, v *T) error) (end int, bad *ElementError, err error) {
	return a.splitDecode(b, i, depth, newDecoder, func(b []byte, i, _ int) (int, error) { return cutValue(b, i) })
}

// splitDecode is SplitDecode with value finding each element's end.
func (a *Array[T]) splitDecode(b []byte, i, depth int, newDecoder func() func(elem []byte, v *T) error, value func(b []byte, i, depth int) (int, error)) (end int, bad *ElementError, err error) {
	type chunk struct {
		first int
		elems [][]byte
		items []T
		bad   *ElementError
	}
	var chunks []*chunk
	todo := make(chan *chunk, 64)
	var wg sync.WaitGroup
	for range runtime.GOMAXPROCS(0) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			var decode func([]byte, *T) error
			for c := range todo {
				if decode == nil {
					decode = newDecoder()
				}
				c.items = make([]T, len(c.elems))
				for k, elem := range c.elems {
					if err := decode(elem, &c.items[k]); err != nil {
						c.bad = &ElementError{Index: c.first + k, Elem: elem, Err: err}
						break
					}
				}
			}
		}()
	}
	elems, sent := [][]byte{}, 0
	send := func() {
		c := &chunk{first: sent, elems: elems[sent:len(elems):len(elems)]}
		chunks = append(chunks, c)
		todo <- c
		sent = len(elems)
	}
	end, err = elementsWith(b, i, depth, value, func(elem []byte) {
		if elems = append(elems, elem); len(elems)-sent == minPerWorker {
			send()
		}
	})
	if err == nil && sent < len(elems) {
		send()
	}
	close(todo)
	wg.Wait()
	if err != nil {
		return end, nil, err
	}
	a.Raw, a.Elems, a.chunks, a.n = b[i:end], elems, make([][]T, len(chunks)), len(elems)
	for k, c := range chunks {
		a.chunks[k] = c.items
		if bad == nil {
			bad = c.bad
		}
	}
	return end, bad, nil
}

// arrayEnd checks that only white space follows the array's end at i.
func arrayEnd(b []byte, i int) error {
	if i = SkipWS(b, i); i < len(b) {
		return jsonErr(i, "the end of the list")
	}
	return nil
}

// OffsetIn returns where sub starts in doc, when sub is a slice of doc
// (as the values encoding/json hands to an UnmarshalJSON are).
func OffsetIn(doc, sub []byte) (int, bool) {
	at := cap(doc) - cap(sub)
	if len(sub) == 0 || at < 0 || at+len(sub) > len(doc) || &doc[at] != &sub[0] {
		return 0, false
	}
	return at, true
}

// cutValue returns the offset just past the value that starts at b[i]
// when it is valid JSON, following only its strings (ScanStringEsc) and
// the nesting of its brackets; a value that is not valid JSON gives some
// offset past i, or an error, and its decoder's check finds what is
// wrong. A scalar other than a string runs to the next comma, bracket,
// brace or white space.
func cutValue(b []byte, i int) (int, error) {
	if i >= len(b) {
		return i, jsonErr(i, "a value")
	}
	switch b[i] {
	case '"':
		end, _, err := ScanStringEsc(b, i)
		return end, err
	case '{', '[':
		depth := 0
		for i < len(b) {
			switch b[i] {
			case '"':
				end, _, err := ScanStringEsc(b, i)
				if err != nil {
					return end, err
				}
				i = end
				continue
			case '{', '[':
				depth++
			case '}', ']':
				if depth--; depth == 0 {
					return i + 1, nil
				}
			}
			i++
		}
		return i, jsonErr(i, "the end of the value")
	}
	j := i
	for j < len(b) && !valueEnds[b[j]] {
		j++
	}
	if j == i {
		return i, jsonErr(i, "a value")
	}
	return j, nil
}

// valueEnds marks the bytes that end a number or a literal.
var valueEnds = func() (t [256]bool) {
	for _, c := range []byte(",]}[{\" \t\r\n") {
		t[c] = true
	}
	return t
}()
