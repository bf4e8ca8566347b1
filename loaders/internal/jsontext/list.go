package jsontext

import "errors"

// ErrNotList is a value that is not a JSON list where one goes.
var ErrNotList = errors.New("not a JSON list")

// ListAt reads the list at b[i] (at depth) into *list as encoding/json
// decodes one into a fresh slice, each element with elem (a null
// element is the zero value): null makes it nil, [] a new empty list; a
// value that is not a list is ErrNotList. It is the list reader of the
// hand decoders (Cromwell's calls, Flux's job-list records).
func ListAt[T any](b []byte, i, depth int, list *[]T, elem func(b []byte, i int, v *T) (int, error)) (int, error) {
	if i < len(b) && b[i] == 'n' {
		*list = nil
		return ScanValue(b, i, depth)
	}
	if i >= len(b) || b[i] != '[' {
		return i, ErrNotList
	}
	out := []T{}
	i = SkipWS(b, i+1)
	if i < len(b) && b[i] == ']' {
		*list = out
		return i + 1, nil
	}
	for {
		out = append(out, *new(T))
		var end int
		var err error
		if i < len(b) && b[i] == 'n' {
			end, err = ScanValue(b, i, depth+1)
		} else {
			end, err = elem(b, i, &out[len(out)-1])
		}
		if err != nil {
			return end, err
		}
		next, more, err := NextElement(b, end)
		if err != nil {
			return next, err
		}
		if !more {
			*list = out
			return next, nil
		}
		i = next
	}
}
