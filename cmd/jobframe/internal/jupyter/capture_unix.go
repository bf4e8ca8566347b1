//go:build unix

package jupyter

import (
	"bytes"
	"os"

	"golang.org/x/sys/unix"
)

// flushMark is written through a captured descriptor after each cell;
// the copier answers it once everything before it is sent.
var flushMark = []byte("\x00jobframe-kernel-flush\x00")

// captureFDs redirects the process's file descriptors 1 and 2 into the
// stdout and stderr streams of the cell under way, so that what a cell
// writes to os.Stdout or os.Stderr (and what compiled code prints)
// reaches the notebook, as ipykernel captures its file descriptors. The
// kernel's log goes to a copy of the original stderr. It returns the
// function that waits until what was written before it is sent.
func (k *Kernel) captureFDs() (flush func(), err error) {
	saved, err := unix.Dup(2)
	if err != nil {
		return nil, err
	}
	k.log.SetOutput(os.NewFile(uintptr(saved), "stderr"))
	var flushes []func()
	for fd, stream := range map[int]*Stream{1: k.Stdout(), 2: k.Stderr()} {
		r, w, err := os.Pipe()
		if err != nil {
			return nil, err
		}
		if err := unix.Dup2(int(w.Fd()), fd); err != nil {
			return nil, err
		}
		done := make(chan struct{}, 1)
		go copyStream(r, stream, done)
		out := os.NewFile(uintptr(fd), "captured")
		flushes = append(flushes, func() {
			out.Write(flushMark)
			<-done
		})
	}
	return func() {
		for _, f := range flushes {
			f()
		}
	}, nil
}

// copyStream sends what r yields to s, answering each flush mark on
// done.
func copyStream(r *os.File, s *Stream, done chan<- struct{}) {
	buf := make([]byte, 64<<10)
	var pending []byte
	for {
		n, err := r.Read(buf)
		pending = append(pending, buf[:n]...)
		for {
			i := bytes.Index(pending, flushMark)
			if i < 0 {
				break
			}
			s.Write(pending[:i])
			pending = pending[i+len(flushMark):]
			done <- struct{}{}
		}
		// send all but a tail that may be the beginning of a mark
		hold := 0
		if j := bytes.LastIndexByte(pending, 0); j >= 0 && bytes.HasPrefix(flushMark, pending[j:]) {
			hold = len(pending) - j
		}
		if len(pending) > hold {
			s.Write(pending[:len(pending)-hold])
			pending = append(pending[:0], pending[len(pending)-hold:]...)
		}
		if err != nil {
			return
		}
	}
}
