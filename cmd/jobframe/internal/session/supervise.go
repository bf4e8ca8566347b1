package session

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"sync"

	"github.com/jobframe/jobframe/cmd/jobframe/internal/jupyter"
)

// Supervisor is a Jupyter kernel's interpreter that runs the session in
// a worker process (jobframe kernel --worker, by Command) and starts a
// new one when that process ends. A Go program ends, whatever recovers,
// on a panic in a goroutine it started, on memory it cannot get and on
// a stack overflow; in a worker, such a cell ends the session, not the
// kernel: the runtime's message reaches the notebook on the cell's
// standard error (the worker writes to the kernel's captured
// descriptors), the cell's reply says what happened, the kernel's log
// gets a line, and the next cell runs in a new session, as IPython's
// restarter does. The kernel's own sockets, and so the connection to
// Jupyter, never depend on user code.
type Supervisor struct {
	// Command is the worker's command line: jobframe itself with
	// "kernel --worker".
	Command []string
	// Logf writes a line to the kernel's log (jupyter.Kernel.Logf), not
	// to the cells' captured streams.
	Logf func(format string, args ...any)
	// Stdout and Stderr are the workers' standard output and error: the
	// kernel's descriptors 1 and 2 (nil), which it has captured into the
	// cells' streams.
	Stdout, Stderr *os.File

	mu   sync.Mutex // guards proc, for Interrupt from another goroutine
	proc *os.Process
	enc  *json.Encoder
	dec  *json.Decoder
	reqW io.Closer
	done chan error // the worker's exit status, once
}

// NewSupervisor returns a supervisor that starts workers with command
// and logs their ends with logf.
func NewSupervisor(command []string, logf func(format string, args ...any)) *Supervisor {
	return &Supervisor{Command: command, Logf: logf}
}

// request is one call of the kernel to the worker, a JSON line on the
// worker's descriptor 3.
type request struct {
	Op     string `json:"op"` // execute, complete, inspect, is_complete
	Code   string `json:"code"`
	Cursor int    `json:"cursor,omitempty"`
}

// response is the worker's answer, a JSON line on its descriptor 4.
type response struct {
	Data    map[string]any     `json:"data,omitempty"`
	Err     *jupyter.ExecError `json:"err,omitempty"`
	Matches []string           `json:"matches,omitempty"`
	Start   int                `json:"start,omitempty"`
	Text    string             `json:"text,omitempty"`
	Found   bool               `json:"found,omitempty"`
	Status  string             `json:"status,omitempty"`
}

// start starts a worker. Its standard output and error are the kernel's
// descriptors 1 and 2 at this moment, which the kernel has captured into
// the cells' streams.
func (s *Supervisor) start() error {
	reqR, reqW, err := os.Pipe()
	if err != nil {
		return err
	}
	respR, respW, err := os.Pipe()
	if err != nil {
		reqR.Close()
		reqW.Close()
		return err
	}
	cmd := exec.Command(s.Command[0], s.Command[1:]...)
	cmd.Stdout, cmd.Stderr = os.Stdout, os.Stderr
	if s.Stdout != nil {
		cmd.Stdout = s.Stdout
	}
	if s.Stderr != nil {
		cmd.Stderr = s.Stderr
	}
	cmd.ExtraFiles = []*os.File{reqR, respW}
	endWithParent(cmd)
	err = cmd.Start()
	reqR.Close()
	respW.Close()
	if err != nil {
		reqW.Close()
		respR.Close()
		return fmt.Errorf("starting the session's process: %w", err)
	}
	done := make(chan error, 1)
	go func() {
		done <- cmd.Wait()
		respR.Close()
	}()
	s.mu.Lock()
	s.proc, s.enc, s.dec, s.reqW, s.done = cmd.Process, json.NewEncoder(reqW), json.NewDecoder(respR), reqW, done
	s.mu.Unlock()
	return nil
}

// errEnded is a call whose worker ended before it answered.
var errEnded = errors.New("the session's process ended")

// call sends r to the worker, starting one if none runs, and returns its
// answer; errEnded (wrapped, with how it ended) when the worker ends
// first, after which the next call starts a new one.
func (s *Supervisor) call(r request) (response, error) {
	if s.enc == nil {
		if err := s.start(); err != nil {
			return response{}, err
		}
	}
	var out response
	err := s.enc.Encode(r)
	if err == nil {
		err = s.dec.Decode(&out)
	}
	if err == nil {
		return out, nil
	}
	// The worker is gone (or its answer unreadable: end it).
	s.mu.Lock()
	s.proc.Kill()
	s.reqW.Close()
	done := s.done
	s.proc, s.enc, s.dec = nil, nil, nil
	s.mu.Unlock()
	how := <-done
	s.Logf("the session's process ended during %s (%v); the next request starts a new one", r.Op, how)
	return response{}, fmt.Errorf("%w (%v)", errEnded, how)
}

// Execute runs a cell in the worker.
func (s *Supervisor) Execute(code string) (map[string]any, *jupyter.ExecError) {
	r, err := s.call(request{Op: "execute", Code: code})
	if err != nil {
		text := err.Error()
		if errors.Is(err, errEnded) {
			text += ": a panic in a goroutine, memory that could not be had or a stack overflow ends a Go program " +
				"(the runtime's message is above). The next cell runs in a new session: its variables and loaded sources are gone."
		}
		return nil, &jupyter.ExecError{Name: "SessionEnded", Value: text, Traceback: []string{text}}
	}
	return r.Data, r.Err
}

// Interrupt stops the cell under way in the worker (SIGINT, which the
// worker turns into the session's interrupt).
func (s *Supervisor) Interrupt() {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.proc != nil {
		s.proc.Signal(os.Interrupt)
	}
}

// retry calls r, once more in a new worker when the first had ended (a
// question about code is no cell: it need not fail with the session).
func (s *Supervisor) retry(r request) (response, bool) {
	out, err := s.call(r)
	if errors.Is(err, errEnded) {
		out, err = s.call(r)
	}
	return out, err == nil
}

// Complete asks the worker's session for completions.
func (s *Supervisor) Complete(code string, cursor int) ([]string, int) {
	r, ok := s.retry(request{Op: "complete", Code: code, Cursor: cursor})
	if !ok {
		return nil, cursor
	}
	return r.Matches, r.Start
}

// Inspect asks the worker's session for documentation.
func (s *Supervisor) Inspect(code string, cursor int) (string, bool) {
	r, ok := s.retry(request{Op: "inspect", Code: code, Cursor: cursor})
	return r.Text, ok && r.Found
}

// IsComplete asks the worker's session whether code is a whole cell.
func (s *Supervisor) IsComplete(code string) string {
	r, ok := s.retry(request{Op: "is_complete", Code: code})
	if !ok {
		return "unknown"
	}
	return r.Status
}

// Close ends the worker, if one runs.
func (s *Supervisor) Close() {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.proc != nil {
		s.reqW.Close() // the worker ends at the end of its requests
		s.proc = nil
	}
}

// ServeWorker answers the requests of a supervisor read from in with
// k, writing the answers to out, until in ends.
func ServeWorker(in io.Reader, out io.Writer, k *Kernel) error {
	dec, enc := json.NewDecoder(in), json.NewEncoder(out)
	for {
		var r request
		if err := dec.Decode(&r); err != nil {
			if errors.Is(err, io.EOF) {
				return nil
			}
			return fmt.Errorf("kernel worker: %w", err)
		}
		var resp response
		switch r.Op {
		case "execute":
			resp.Data, resp.Err = k.Execute(r.Code)
		case "complete":
			resp.Matches, resp.Start = k.Complete(r.Code, r.Cursor)
		case "inspect":
			resp.Text, resp.Found = k.Inspect(r.Code, r.Cursor)
		case "is_complete":
			resp.Status = k.IsComplete(r.Code)
		default:
			return fmt.Errorf("kernel worker: unknown request %q", r.Op)
		}
		if err := enc.Encode(resp); err != nil {
			return fmt.Errorf("kernel worker: %w", err)
		}
	}
}
