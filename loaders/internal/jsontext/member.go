package jsontext

import (
	"bytes"

	"github.com/jobframe/jobframe/loaders/internal/bytesconv"
)

// MemberIndex returns the index in names of the struct field that
// encoding/json would decode the member named key into: the exact name,
// else one equal ignoring ASCII case; -1 for none. ok is false for a
// key beyond ASCII that names no field exactly: encoding/json folds
// such keys in ways ASCII does not (ſ to s, K to k), and a hand decoder
// leaves them to it.
func MemberIndex(names []string, key []byte) (m int, ok bool) {
	for i, n := range names {
		if string(key) == n {
			return i, true
		}
	}
	if !bytesconv.IsASCII(key) {
		return -1, false
	}
	for i, n := range names {
		if bytes.EqualFold(key, []byte(n)) {
			return i, true
		}
	}
	return -1, true
}
