package session

import (
	"os"
	"os/signal"
	"strings"
	"testing"
	"time"
)

// TestMain lets this test binary be a supervisor's worker: with
// JOBFRAME_SESSION_WORKER=1 it serves a session on descriptors 3 and 4,
// as "jobframe kernel --worker" does.
func TestMain(m *testing.M) {
	if os.Getenv("JOBFRAME_SESSION_WORKER") == "1" {
		s, err := New(strings.NewReader(""), os.Stdout, os.Stderr)
		if err != nil {
			os.Exit(1)
		}
		k := NewKernel(s)
		sig := make(chan os.Signal, 1)
		signal.Notify(sig, os.Interrupt)
		go func() {
			for range sig {
				k.Interrupt()
			}
		}()
		if err := ServeWorker(os.NewFile(3, "requests"), os.NewFile(4, "answers"), k); err != nil {
			os.Exit(1)
		}
		os.Exit(0)
	}
	os.Exit(m.Run())
}

// TestSupervisorOutlivesItsSessions: cells run in the worker and keep
// their variables; a cell that ends the Go program (a goroutine's panic)
// ends the session with a SessionEnded error and one log line, the next
// cell runs in a new session, questions about code are answered by a new
// worker without an error, and an interrupt reaches the cell.
func TestSupervisorOutlivesItsSessions(t *testing.T) {
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	t.Setenv("JOBFRAME_SESSION_WORKER", "1")
	var logged []string
	sup := NewSupervisor([]string{exe}, func(f string, a ...any) { logged = append(logged, f) })
	defer sup.Close()
	out, err := os.Create(t.TempDir() + "/worker.out")
	if err != nil {
		t.Fatal(err)
	}
	sup.Stdout, sup.Stderr = out, out
	text := func(data map[string]any) string { s, _ := data["text/plain"].(string); return s }

	if _, e := sup.Execute("x := 40"); e != nil {
		t.Fatal(e)
	}
	if data, e := sup.Execute("x + 2"); e != nil || text(data) != "42" {
		t.Fatalf("x + 2: %v %v", data, e)
	}
	_, e := sup.Execute("go func() { panic(\"boom\") }()\ntime.Sleep(5 * time.Second)")
	if e == nil || e.Name != "SessionEnded" || !strings.Contains(e.Value, "exit status 2") {
		t.Fatalf("a goroutine's panic: %+v", e)
	}
	if len(logged) != 1 {
		t.Errorf("log lines %q, want one", logged)
	}
	if b, _ := os.ReadFile(out.Name()); !strings.Contains(string(b), "panic: boom") {
		t.Errorf("the worker's output lacks the runtime's message: %.300s", b)
	}
	if _, e := sup.Execute("x"); e == nil || !strings.Contains(e.Value, "undefined: x") {
		t.Errorf("x in the new session: %+v", e)
	}
	if data, e := sup.Execute("1 + 1"); e != nil || text(data) != "2" {
		t.Errorf("1 + 1 in the new session: %v %v", data, e)
	}

	// A worker that ended between cells: a question is answered anyway.
	sup.mu.Lock()
	sup.proc.Kill()
	sup.mu.Unlock()
	time.Sleep(100 * time.Millisecond)
	if m, _ := sup.Complete("strings.ToUp", 12); len(m) == 0 || m[0] != "ToUpper" {
		t.Errorf("completion after the worker ended: %q", m)
	}

	done := make(chan struct{})
	go func() {
		time.Sleep(300 * time.Millisecond)
		sup.Interrupt()
		close(done)
	}()
	start := time.Now()
	_, e = sup.Execute("n := 0\nfor { n++ }")
	<-done
	if e == nil || e.Name != "interrupted" || time.Since(start) > 10*time.Second {
		t.Errorf("interrupt: %+v after %v", e, time.Since(start))
	}
}
