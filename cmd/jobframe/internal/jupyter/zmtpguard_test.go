package jupyter

import (
	"bytes"
	"context"
	"encoding/binary"
	"errors"
	"net"
	"strings"
	"testing"
	"time"

	"github.com/go-zeromq/zmq4"
)

// greeting is a ZMTP 3.0 greeting with the NULL mechanism.
func greeting() []byte {
	g := make([]byte, greetingLen)
	g[0], g[9], g[10], g[11] = 0xff, 0x7f, 3, 0
	copy(g[12:], "NULL")
	return g
}

// TestHostilePeers: a peer that opens a TCP connection to a kernel
// socket without the key and declares a frame of 2^62 or 2^46 bytes (a
// command, as in the NULL handshake, or a message frame) is cut off
// without the kernel allocating it, and the socket then serves a real
// zmq4 peer (go-zeromq's own DEALER) as before.
func TestHostilePeers(t *testing.T) {
	if err := registerGuardedTCP(); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	router := zmq4.NewRouter(ctx)
	defer router.Close()
	if err := router.Listen(guardedTCP + "://127.0.0.1:0"); err != nil {
		t.Fatal(err)
	}
	addr := router.Addr().String()
	for _, hdr := range [][]byte{
		append([]byte{0x06}, be(1<<62)...), // LONG command
		append([]byte{0x02}, be(1<<46)...), // LONG message frame
	} {
		c, err := net.Dial("tcp", addr)
		if err != nil {
			t.Fatal(err)
		}
		c.Write(append(greeting(), hdr...))
		c.SetReadDeadline(time.Now().Add(5 * time.Second))
		buf := make([]byte, 256)
		for { // the kernel's greeting, then the end of the connection
			if _, err := c.Read(buf); err != nil {
				break
			}
		}
		c.Close()
	}
	dealer := zmq4.NewDealer(ctx, zmq4.WithID(zmq4.SocketIdentity("peer")))
	defer dealer.Close()
	if err := dealer.Dial("tcp://" + addr); err != nil {
		t.Fatal(err)
	}
	if err := dealer.Send(zmq4.NewMsgString("hello")); err != nil {
		t.Fatal(err)
	}
	m, err := router.Recv()
	if err != nil || len(m.Frames) != 2 || string(m.Frames[1]) != "hello" {
		t.Fatalf("after the hostile peers: %v %q", err, m.Frames)
	}
}

// be is v as eight big-endian bytes.
func be(v uint64) []byte {
	b := make([]byte, 8)
	binary.BigEndian.PutUint64(b, v)
	return b
}

// TestGuardScan: the guard passes frames up to maxFrame, split across
// reads anywhere, and refuses the first longer one.
func TestGuardScan(t *testing.T) {
	var stream bytes.Buffer
	stream.Write(greeting())
	stream.Write([]byte{0x04, 5})
	stream.WriteString("READY")
	stream.Write(append([]byte{0x02}, be(maxFrame)...))
	stream.Write(make([]byte, 10)) // the start of a maxFrame body
	s := stream.Bytes()
	for cut := range len(s) {
		var g zmtpGuard
		if err := g.scan(s[:cut]); err != nil {
			t.Fatalf("cut at %d: %v", cut, err)
		}
		if err := g.scan(s[cut:]); err != nil {
			t.Fatalf("cut at %d: %v", cut, err)
		}
	}
	var g zmtpGuard
	err := g.scan(append(greeting(), append([]byte{0x06}, be(maxFrame+1)...)...))
	if err == nil || !strings.Contains(err.Error(), "more than") {
		t.Fatalf("a frame above the limit: %v", err)
	}
}

// FuzzZMTPGuard: on any byte stream, split anywhere, the guard neither
// panics nor lets a frame length above maxFrame pass, and it reads the
// stream alike whole or in two reads.
func FuzzZMTPGuard(f *testing.F) {
	f.Add(append(greeting(), 0x04, 5, 'R', 'E', 'A', 'D', 'Y'), 3)
	f.Add(append(greeting(), append([]byte{0x06}, be(1<<62)...)...), 70)
	f.Fuzz(func(t *testing.T, b []byte, cut int) {
		var whole, split zmtpGuard
		errWhole := whole.scan(b)
		cut = min(max(cut, 0), len(b))
		errSplit := split.scan(b[:cut])
		if errSplit == nil {
			errSplit = split.scan(b[cut:])
		}
		if (errWhole == nil) != (errSplit == nil) {
			t.Fatalf("whole %v, split at %d %v", errWhole, cut, errSplit)
		}
		if errWhole == nil && whole.state == 2 && whole.body > maxFrame {
			t.Fatalf("a body of %d bytes passed", whole.body)
		}
	})
}

// TestIdlePeersLoseTheirSlots: peers that connect and send nothing hold
// a socket's slots only for the handshake time, then are closed and
// their slots freed; a peer that sent its greeting and READY keeps its
// connection, idle, past that time.
func TestIdlePeersLoseTheirSlots(t *testing.T) {
	raw, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	l := &guardedListener{Listener: raw, slots: make(chan struct{}, 2), handshake: 200 * time.Millisecond}
	defer l.Close()
	go func() { // the socket's side, as zmq4 serves a connection: read until an error, then close
		for {
			c, err := l.Accept()
			if err != nil {
				return
			}
			go func() {
				buf := make([]byte, 64)
				for {
					if _, err := c.Read(buf); err != nil {
						c.Close()
						return
					}
				}
			}()
		}
	}()
	dial := func() net.Conn {
		c, err := net.Dial("tcp", l.Addr().String())
		if err != nil {
			t.Fatal(err)
		}
		return c
	}
	closed := func(c net.Conn, within time.Duration) bool {
		c.SetReadDeadline(time.Now().Add(within))
		_, err := c.Read(make([]byte, 8))
		var ne net.Error
		return err != nil && !(errors.As(err, &ne) && ne.Timeout())
	}
	for round := 0; round < 2; round++ { // twice: the first pair's slots were freed
		a, b := dial(), dial()
		if !closed(a, 5*time.Second) || !closed(b, 5*time.Second) {
			t.Fatalf("round %d: idle peers kept their connections past the handshake time", round)
		}
		a.Close()
		b.Close()
	}
	c := dial()
	defer c.Close()
	c.Write(append(greeting(), append([]byte{0x04, 5}, "READY"...)...))
	time.Sleep(500 * time.Millisecond)
	if closed(c, 100*time.Millisecond) {
		t.Error("a peer that completed its handshake was closed while idle")
	}
}
