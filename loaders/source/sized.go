package source

import (
	"bytes"
	"io"
)

// SizedReader is an input's reader with what is known of its size, for
// loaders that reserve their columns ahead (estimateRecords).
type SizedReader struct {
	io.Reader
	// Head holds the input's first bytes (up to 64 KiB), as the sniffers saw them.
	Head []byte
	// Size is the input's size in bytes when known (a plain file), else 0.
	Size int64
}

// InputSize returns the bytes r holds when it is an input of known size,
// else 0.
func InputSize(r io.Reader) int64 {
	if s, ok := r.(*SizedReader); ok {
		return s.Size
	}
	return 0
}

// EstimateRecords guesses how many records r holds when it is an input
// of known size: its size times the records per byte of its first 64
// KiB, counting the occurrences of key (a member every record has), plus
// a fifth (records vary in length along a file) and 64. 0 when r's size
// is not known. Columns reserved from the guess do not copy themselves
// as they grow, which leaves no old arrays behind as garbage; room
// reserved and never filled costs memory only where the runtime zeroes
// reused pages, less than a doubling's spare half.
func EstimateRecords(r io.Reader, key string) int {
	s, ok := r.(*SizedReader)
	if !ok || s.Size <= 0 || len(s.Head) == 0 {
		return 0
	}
	n := bytes.Count(s.Head, []byte(key))
	if int64(len(s.Head)) >= s.Size {
		return n
	}
	return int(float64(s.Size)*float64(n)/float64(len(s.Head))*1.2) + 64
}

// FirstLine returns the first non-blank line of b, trimmed.
func FirstLine(b []byte) []byte {
	for len(b) > 0 {
		i := bytes.IndexByte(b, '\n')
		var l []byte
		if i < 0 {
			l, b = b, nil
		} else {
			l, b = b[:i], b[i+1:]
		}
		if l = bytes.TrimSpace(l); len(l) > 0 {
			return l
		}
	}
	return nil
}

// UnknownFormatError says an input is in no format jobframe reads.
type UnknownFormatError struct{ Path, Msg string }

func (e *UnknownFormatError) Error() string { return e.Path + ": " + e.Msg }
