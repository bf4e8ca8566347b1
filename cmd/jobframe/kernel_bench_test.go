package main

import (
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/go-zeromq/zmq4"

	"github.com/jobframe/jobframe/cmd/jobframe/internal/jupyter"
	"github.com/jobframe/jobframe/cmd/jobframe/internal/session"
)

// freePorts returns n TCP ports free on the loopback.
func freePorts(b *testing.B, n int) []int {
	var ports []int
	for i := 0; i < n; i++ {
		l, err := net.Listen("tcp", "127.0.0.1:0")
		if err != nil {
			b.Fatal(err)
		}
		defer l.Close()
		ports = append(ports, l.Addr().(*net.TCPAddr).Port)
	}
	return ports
}

// The round trip of a cell "1+1" through the kernel: a signed
// execute_request on the shell socket to its execute_reply, over
// loopback TCP with a ZeroMQ DEALER as Jupyter's clients use (issue #20:
// under 50 ms).
func BenchmarkKernelRoundTrip(b *testing.B) {
	p := freePorts(b, 5)
	conn := jupyter.Connection{Transport: "tcp", IP: "127.0.0.1", ShellPort: p[0], IOPubPort: p[1], StdinPort: p[2],
		ControlPort: p[3], HBPort: p[4], Key: "bench-key", SignatureScheme: "hmac-sha256"}
	// The kernel as jobframe runs it: the session in a worker process
	// (this test binary acting as jobframe), behind the supervisor.
	exe, err := os.Executable()
	if err != nil {
		b.Fatal(err)
	}
	b.Setenv("JOBFRAME_TEST_AS_MAIN", "1")
	sup := session.NewSupervisor([]string{exe, "kernel", "--worker"}, func(string, ...any) {})
	defer sup.Close()
	k := jupyter.New(conn, sup, jupyter.Info{Implementation: "jobframe"}, io.Discard)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	go k.Run(ctx)
	time.Sleep(200 * time.Millisecond) // the sockets listen
	shell := zmq4.NewDealer(ctx, zmq4.WithID(zmq4.SocketIdentity("bench")))
	defer shell.Close()
	if err := shell.Dial(fmt.Sprintf("tcp://127.0.0.1:%d", p[0])); err != nil {
		b.Fatal(err)
	}
	send := func(i int) {
		header, _ := json.Marshal(map[string]string{"msg_id": fmt.Sprint("m", i), "session": "bench", "username": "b",
			"date": time.Now().UTC().Format(time.RFC3339), "msg_type": "execute_request", "version": "5.3"})
		content, _ := json.Marshal(map[string]any{"code": "1+1", "silent": false})
		parts := [][]byte{header, []byte("{}"), []byte("{}"), content}
		mac := hmac.New(sha256.New, []byte(conn.Key))
		for _, part := range parts {
			mac.Write(part)
		}
		frames := append([][]byte{[]byte("<IDS|MSG>"), []byte(hex.EncodeToString(mac.Sum(nil)))}, parts...)
		if err := shell.SendMulti(zmq4.NewMsgFrom(frames...)); err != nil {
			b.Fatal(err)
		}
	}
	recv := func() {
		m, err := shell.Recv()
		if err != nil {
			b.Fatal(err)
		}
		if !strings.Contains(string(m.Frames[len(m.Frames)-1]), `"status":"ok"`) {
			b.Fatalf("reply %s", m.Frames[len(m.Frames)-1])
		}
	}
	send(-1) // the first cell warms the interpreter
	recv()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		send(i)
		recv()
	}
}
