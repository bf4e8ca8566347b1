package jupyter

import (
	"context"
	"encoding/binary"
	"fmt"
	"net"
	"sync"
	"time"

	"github.com/go-zeromq/zmq4"
	"github.com/go-zeromq/zmq4/transport"
)

// The kernel's TCP sockets read every connection through zmtpGuard:
// go-zeromq (v0.17.0) allocates a frame's body as soon as it has read
// the frame's declared length, before any byte of it and before the
// peer has proven it holds the key, so a ZMTP greeting followed by a
// frame header declaring 2^62 bytes ended the kernel (makeslice: len out
// of range; 2^46: out of memory) for anyone who could reach the port.
// The guard follows the ZMTP 3 framing as the bytes pass (a 64-byte
// greeting, then frames and commands: a flags byte, a length of one or,
// with the LONG flag, eight bytes, the body) and fails the read that
// would hand over a length above maxFrame, which closes that connection
// alone. It is go-zeromq's own transport interface
// (zmq4.RegisterTransport), so the library is used as published.
const (
	// guardedTCP is the transport name the kernel's endpoints use for
	// the connection file's "tcp".
	guardedTCP = "jobframe-tcp"
	// maxFrame is the largest frame a peer may declare: far above any
	// Jupyter message (a cell's code, a reply, a widget's state).
	maxFrame = 64 << 20
	// maxConns bounds the connections a socket serves at once, so that
	// many peers declaring maxFrame each cannot sum to the machine's
	// memory: Jupyter's client opens one per channel.
	maxConns = 64
	// handshakeTime bounds how long a connection may take to send its
	// greeting and first command (the NULL handshake's READY), so that
	// connections that send nothing cannot hold every slot.
	handshakeTime = 10 * time.Second
	// greetingLen is the length of the ZMTP 3 greeting.
	greetingLen = 64
)

var registerOnce sync.Once

// registerGuardedTCP makes guardedTCP a zmq4 transport, once per
// process.
func registerGuardedTCP() error {
	var err error
	registerOnce.Do(func() {
		err = zmq4.RegisterTransport(guardedTCP, guardedTransport{transport.New("tcp")})
	})
	return err
}

// guardedTransport is TCP whose accepted connections are guarded.
type guardedTransport struct{ transport.Transport }

// Listen listens as TCP does, returning a listener of guarded
// connections.
func (g guardedTransport) Listen(ctx context.Context, addr string) (net.Listener, error) {
	l, err := g.Transport.Listen(ctx, addr)
	if err != nil {
		return nil, err
	}
	return &guardedListener{Listener: l, slots: make(chan struct{}, maxConns), handshake: handshakeTime}, nil
}

// guardedListener hands out guarded connections, at most maxConns open
// at once (Accept waits for one to close).
type guardedListener struct {
	net.Listener
	slots     chan struct{}
	handshake time.Duration // handshakeTime (shorter in tests)
}

// Accept waits for a free slot and a connection.
func (l *guardedListener) Accept() (net.Conn, error) {
	l.slots <- struct{}{}
	c, err := l.Listener.Accept()
	if err != nil {
		<-l.slots
		return nil, err
	}
	c.SetReadDeadline(time.Now().Add(l.handshake))
	return &guardedConn{Conn: c, release: func() { <-l.slots }}, nil
}

// guardedConn is a connection read through a zmtpGuard.
type guardedConn struct {
	net.Conn
	guard     zmtpGuard
	once      sync.Once
	release   func()
	handshook bool // the greeting and a first frame passed: no deadline since
}

// Read reads as the connection does, but fails (and closes the
// connection) instead of handing over a frame length above maxFrame.
func (c *guardedConn) Read(p []byte) (int, error) {
	n, err := c.Conn.Read(p)
	if gerr := c.guard.scan(p[:n]); gerr != nil {
		c.Close()
		return 0, gerr
	}
	if !c.handshook && c.guard.frames > 0 {
		c.handshook = true
		c.Conn.SetReadDeadline(time.Time{}) // a client may then stay idle for as long as it likes
	}
	return n, err
}

// Close closes the connection and frees its slot.
func (c *guardedConn) Close() error {
	c.once.Do(c.release)
	return c.Conn.Close()
}

// zmtpGuard follows the ZMTP 3 framing of a byte stream.
type zmtpGuard struct {
	greeting int     // greeting bytes seen
	state    int     // 0: want flags, 1: in the length, 2: in the body
	long     bool    // the frame's length has eight bytes
	lenBuf   [8]byte // the length bytes seen
	lenN     int
	body     uint64 // body bytes still to pass
	frames   int    // frames passed whole
}

// scan takes the next bytes of the stream; it returns an error at the
// first frame whose declared length is above maxFrame.
func (g *zmtpGuard) scan(b []byte) error {
	for len(b) > 0 {
		if g.greeting < greetingLen {
			k := min(greetingLen-g.greeting, len(b))
			g.greeting += k
			b = b[k:]
			continue
		}
		switch g.state {
		case 0:
			g.long = b[0]&0x02 != 0
			g.lenN, g.state = 0, 1
			b = b[1:]
		case 1:
			need := 1
			if g.long {
				need = 8
			}
			k := min(need-g.lenN, len(b))
			copy(g.lenBuf[g.lenN:], b[:k])
			g.lenN += k
			b = b[k:]
			if g.lenN < need {
				continue
			}
			size := uint64(g.lenBuf[0])
			if g.long {
				size = binary.BigEndian.Uint64(g.lenBuf[:])
			}
			if size > maxFrame {
				return fmt.Errorf("jupyter: a peer declared a ZMTP frame of %d bytes, more than the %d accepted: connection closed", size, maxFrame)
			}
			g.body, g.state = size, 2
			if size == 0 {
				g.state = 0
				g.frames++
			}
		case 2:
			k := uint64(len(b))
			if k > g.body {
				k = g.body
			}
			g.body -= k
			b = b[k:]
			if g.body == 0 {
				g.state = 0
				g.frames++
			}
		}
	}
	return nil
}
