package jsontext

import (
	"errors"

	"github.com/jobframe/jobframe/loaders/internal/bytesconv"
)

// ErrNotObjects is a value that is not a list of objects.
var ErrNotObjects = errors.New("not a list of JSON objects")

// StringInto reads the JSON string val into *s as encoding/json decodes
// one into a string, null leaving *s as it was; *s is a view of val
// (a copy when the text holds escapes). Any other value is ErrNotString.
func StringInto(val []byte, s *string) error {
	text, ok, err := Text(val)
	switch {
	case err != nil:
		return ErrNotString
	case ok:
		*s = bytesconv.String(text)
	}
	return nil
}

// ObjectsInto reads the JSON array of objects val into *list as
// encoding/json decodes one into a slice of structs: null makes it nil;
// elements are read into the array of the list read before (a name
// given twice), a null element keeping what is there; [] is a new empty
// list. member reads one member of an element. Any value other than a
// list of objects and nulls is ErrNotObjects.
func ObjectsInto[T any](val []byte, list *[]T, member func(elem *T, key, val []byte) error) error {
	if string(val) == "null" {
		*list = nil
		return nil
	}
	if val[0] != '[' {
		return ErrNotObjects
	}
	items := (*list)[:0]
	err := EachElement(val, func(elem []byte) error {
		if i := len(items); i < cap(items) {
			items = items[:i+1]
		} else {
			var zero T
			items = append(items, zero)
		}
		if string(elem) == "null" {
			return nil
		}
		if elem[0] != '{' {
			return ErrNotObjects
		}
		e := &items[len(items)-1]
		return EachMember(elem, func(key, val []byte) error { return member(e, key, val) })
	})
	if len(items) == 0 {
		items = []T{}
	}
	*list = items
	return err
}
