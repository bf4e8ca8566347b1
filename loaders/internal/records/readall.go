package records

import (
	"io"
	"io/fs"
)

// ReadAll reads r to its end, as io.ReadAll does, into a buffer sized
// once when r says how much is left (a file's size, a reader's Len), so
// a whole document is not copied again each time the buffer doubles.
func ReadAll(r io.Reader) ([]byte, error) {
	size := -1
	switch v := r.(type) {
	case interface{ Len() int }:
		size = v.Len()
	case interface{ Stat() (fs.FileInfo, error) }:
		if st, err := v.Stat(); err == nil && st.Mode().IsRegular() {
			if off, err := seekOffset(r); err == nil && st.Size()-off < 1<<40 {
				size = int(st.Size() - off)
			}
		}
	}
	if size < 0 {
		return io.ReadAll(r)
	}
	buf := make([]byte, 0, size+1) // +1: the read that finds the end
	for {
		n, err := r.Read(buf[len(buf):cap(buf)])
		buf = buf[:len(buf)+n]
		switch {
		case err == io.EOF:
			return buf, nil
		case err != nil:
			return buf, err
		case len(buf) == cap(buf): // more than said: read the rest
			rest, err := io.ReadAll(r)
			return append(buf, rest...), err
		}
	}
}

// seekOffset is r's position, when r can say (0 otherwise).
func seekOffset(r io.Reader) (int64, error) {
	if s, ok := r.(io.Seeker); ok {
		return s.Seek(0, io.SeekCurrent)
	}
	return 0, nil
}
