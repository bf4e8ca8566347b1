package jupyter

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log"
	"os"
	"os/signal"
	"runtime"
	"strconv"
	"sync"
	"time"

	"github.com/go-zeromq/zmq4"
)

// Interpreter runs a kernel's cells and answers its questions. The
// kernel calls Execute, Complete, Inspect and IsComplete from one
// goroutine, one at a time; Interrupt from another, while Execute runs.
type Interpreter interface {
	// Execute runs code. Its output goes to the kernel's Stdout and
	// Stderr writers while it runs; it returns the display of the cell's
	// value (MIME type → data; nil for none), or the error that stopped
	// it.
	Execute(code string) (map[string]any, *ExecError)
	// Interrupt stops the Execute under way, if any.
	Interrupt()
	// Complete returns the texts that may replace code[start:cursor].
	Complete(code string, cursor int) (matches []string, start int)
	// Inspect returns the documentation of what is at the cursor.
	Inspect(code string, cursor int) (text string, found bool)
	// IsComplete returns "complete", "incomplete" or "invalid".
	IsComplete(code string) string
}

// ExecError is a cell's error as the protocol reports it.
type ExecError struct {
	Name, Value string
	Traceback   []string
}

// Info describes the kernel in kernel_info replies.
type Info struct {
	Implementation, Version, Banner string
}

// Kernel is a running kernel.
type Kernel struct {
	conn    Connection
	key     []byte
	session string
	info    Info
	interp  Interpreter
	log     *log.Logger

	iopubMu sync.Mutex
	iopub   zmq4.Socket

	parentMu sync.Mutex
	parent   *Message // the execute_request under way, for the streams

	count   int    // execution count
	capture bool   // redirect file descriptors 1 and 2 into the streams
	flush   func() // waits until the captured output of the cell is sent
}

// Logf writes a line to the kernel's log: its standard error as it was
// before CaptureOutput took descriptor 2 for the cells' streams.
func (k *Kernel) Logf(format string, args ...any) { k.log.Printf(format, args...) }

// CaptureOutput makes Run redirect the process's file descriptors 1 and
// 2 into the cells' streams (what a kernel process does; not for a kernel
// inside another program, such as a benchmark).
func (k *Kernel) CaptureOutput() { k.capture = true }

// New returns a kernel for the connection, running cells with interp.
// Lines about dropped messages go to logw.
func New(conn Connection, interp Interpreter, info Info, logw io.Writer) *Kernel {
	return &Kernel{conn: conn, key: []byte(conn.Key), session: newID(), info: info, interp: interp,
		log: log.New(logw, "jobframe kernel: ", 0)}
}

// Run listens on the connection's sockets and serves until a
// shutdown_request or ctx ends. SIGINT interrupts the cell under way.
func (k *Kernel) Run(ctx context.Context) error {
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	if err := registerGuardedTCP(); err != nil {
		return fmt.Errorf("the guarded tcp transport: %w", err)
	}
	shell := zmq4.NewRouter(ctx)
	control := zmq4.NewRouter(ctx)
	stdin := zmq4.NewRouter(ctx)
	k.iopub = zmq4.NewPub(ctx)
	hb := zmq4.NewRep(ctx)
	socks := []struct {
		s    zmq4.Socket
		port int
	}{{shell, k.conn.ShellPort}, {control, k.conn.ControlPort}, {stdin, k.conn.StdinPort},
		{k.iopub, k.conn.IOPubPort}, {hb, k.conn.HBPort}}
	for _, s := range socks {
		defer s.s.Close()
		if err := s.s.Listen(k.conn.endpoint(s.port)); err != nil {
			return fmt.Errorf("listen on %s: %w", k.conn.endpoint(s.port), err)
		}
	}
	k.flush = func() {}
	if k.capture {
		flush, err := k.captureFDs()
		if err != nil {
			return fmt.Errorf("capturing the output: %w", err)
		}
		k.flush = flush
	}
	go k.watchParent(ctx, cancel)
	sig := make(chan os.Signal, 1)
	signal.Notify(sig, os.Interrupt)
	defer signal.Stop(sig)
	go func() {
		for {
			select {
			case <-sig:
				k.interp.Interrupt()
			case <-ctx.Done():
				return
			}
		}
	}()
	go k.heartbeat(hb)
	go k.serve(ctx, control, cancel)
	go k.serve(ctx, shell, cancel)
	<-ctx.Done()
	return nil
}

// watchParent ends the kernel when the process that started it (Jupyter's
// JPY_PARENT_PID) is gone, so that no kernel outlives its notebook.
func (k *Kernel) watchParent(ctx context.Context, stop func()) {
	ppid, err := strconv.Atoi(os.Getenv("JPY_PARENT_PID"))
	if err != nil || ppid <= 1 {
		return
	}
	t := time.NewTicker(time.Second)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-t.C:
			if os.Getppid() != ppid {
				k.log.Printf("the parent process %d is gone: stopping", ppid)
				stop()
				return
			}
		}
	}
}

// heartbeat echoes what it receives.
func (k *Kernel) heartbeat(hb zmq4.Socket) {
	for {
		m, err := hb.Recv()
		if err != nil {
			return
		}
		if hb.Send(m) != nil {
			return
		}
	}
}

// serve handles the messages of one ROUTER socket (shell or control)
// in order; a shutdown_request ends the kernel.
func (k *Kernel) serve(ctx context.Context, sock zmq4.Socket, shutdown func()) {
	for ctx.Err() == nil {
		raw, err := sock.Recv()
		if err != nil {
			if ctx.Err() == nil && !errors.Is(err, context.Canceled) {
				k.log.Printf("receive: %v", err)
				time.Sleep(10 * time.Millisecond) // a broken socket must not spin
			}
			continue
		}
		m, err := decode(raw.Frames, k.key)
		if err != nil {
			k.log.Printf("message dropped: %v", err)
			continue
		}
		if k.handle(sock, m) {
			shutdown()
			return
		}
	}
}

// handle answers one request; it reports whether the kernel should stop.
func (k *Kernel) handle(sock zmq4.Socket, m *Message) (stop bool) {
	k.publish(m, "status", map[string]string{"execution_state": "busy"})
	defer k.publish(m, "status", map[string]string{"execution_state": "idle"})
	switch m.Header.MsgType {
	case "kernel_info_request":
		k.reply(sock, m, "kernel_info_reply", k.kernelInfo())
	case "execute_request":
		k.execute(sock, m)
	case "complete_request":
		k.complete(sock, m)
	case "inspect_request":
		k.inspect(sock, m)
	case "is_complete_request":
		var req struct {
			Code string `json:"code"`
		}
		json.Unmarshal(m.Content, &req)
		status := k.interp.IsComplete(req.Code)
		rep := map[string]any{"status": status}
		if status == "incomplete" {
			rep["indent"] = ""
		}
		k.reply(sock, m, "is_complete_reply", rep)
	case "interrupt_request":
		k.interp.Interrupt()
		k.reply(sock, m, "interrupt_reply", map[string]any{"status": "ok"})
	case "shutdown_request":
		var req struct {
			Restart bool `json:"restart"`
		}
		json.Unmarshal(m.Content, &req)
		k.interp.Interrupt()
		k.reply(sock, m, "shutdown_reply", map[string]any{"status": "ok", "restart": req.Restart})
		return true
	case "history_request":
		k.reply(sock, m, "history_reply", map[string]any{"status": "ok", "history": []any{}})
	case "comm_info_request":
		k.reply(sock, m, "comm_info_reply", map[string]any{"status": "ok", "comms": map[string]any{}})
	default:
		k.log.Printf("ignored a message of unknown type %q", m.Header.MsgType)
	}
	return false
}

// kernelInfo is the content of kernel_info_reply.
func (k *Kernel) kernelInfo() map[string]any {
	return map[string]any{
		"status":                 "ok",
		"protocol_version":       protocolVersion,
		"implementation":         k.info.Implementation,
		"implementation_version": k.info.Version,
		"banner":                 k.info.Banner,
		"help_links":             []any{},
		"language_info": map[string]any{
			"name": "go", "version": runtime.Version(), "mimetype": "text/x-go",
			"file_extension": ".go", "pygments_lexer": "go", "codemirror_mode": "go",
		},
	}
}

// reply sends a reply to request m on sock.
func (k *Kernel) reply(sock zmq4.Socket, m *Message, msgType string, content any) {
	frames, err := encode(k.key, k.session, m.Identities, m, msgType, content)
	if err != nil {
		k.log.Printf("%s: %v", msgType, err)
		return
	}
	if err := sock.SendMulti(zmq4.NewMsgFrom(frames...)); err != nil {
		k.log.Printf("send %s: %v", msgType, err)
	}
}

// publish sends a message on IOPub, as a child of parent.
func (k *Kernel) publish(parent *Message, msgType string, content any) {
	frames, err := encode(k.key, k.session, [][]byte{[]byte("kernel." + k.session + "." + msgType)}, parent, msgType, content)
	if err != nil {
		k.log.Printf("%s: %v", msgType, err)
		return
	}
	k.iopubMu.Lock()
	defer k.iopubMu.Unlock()
	if err := k.iopub.SendMulti(zmq4.NewMsgFrom(frames...)); err != nil {
		k.log.Printf("publish %s: %v", msgType, err)
	}
}
