package main

import (
	"bytes"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/creack/pty"

	"github.com/jobframe/jobframe/loaders"
)

// ptySession drives "jobframe ARGS..." on a pseudo-terminal, as a person
// at a terminal would.
type ptySession struct {
	t    *testing.T
	tty  *os.File
	cmd  *exec.Cmd
	mu   sync.Mutex
	out  bytes.Buffer // everything the program wrote
	seen int          // how much of out expect has consumed
	done chan struct{}
}

func startPTY(t *testing.T, home string, args ...string) *ptySession {
	t.Helper()
	cmd := exec.Command(os.Args[0], args...)
	cmd.Env = append(os.Environ(), "JOBFRAME_TEST_AS_MAIN=1", "HOME="+home, "TERM=xterm")
	tty, err := pty.StartWithSize(cmd, &pty.Winsize{Rows: 40, Cols: 120})
	if err != nil {
		t.Fatal(err)
	}
	s := &ptySession{t: t, tty: tty, cmd: cmd, done: make(chan struct{})}
	go func() {
		defer close(s.done)
		buf := make([]byte, 4096)
		for {
			n, err := tty.Read(buf)
			s.mu.Lock()
			s.out.Write(buf[:n])
			s.mu.Unlock()
			if err != nil {
				return
			}
		}
	}()
	t.Cleanup(func() {
		cmd.Process.Kill()
		tty.Close()
	})
	return s
}

// ansi matches the terminal control sequences readline writes.
var ansi = regexp.MustCompile(`\x1b\[[0-9;?]*[A-Za-z]`)

// expect waits until the output after what earlier expects consumed
// matches re (control sequences removed), and consumes through the
// match.
func (s *ptySession) expect(re string) string {
	s.t.Helper()
	rx := regexp.MustCompile(re)
	deadline := time.Now().Add(20 * time.Second)
	for time.Now().Before(deadline) {
		s.mu.Lock()
		raw := s.out.String()[s.seen:]
		s.mu.Unlock()
		clean := ansi.ReplaceAllString(raw, "")
		if loc := rx.FindStringIndex(clean); loc != nil {
			// consume the raw text up to the end of the match: find the
			// shortest raw prefix whose cleaned form contains the match
			for i := 0; i <= len(raw); i++ {
				if rx.MatchString(ansi.ReplaceAllString(raw[:i], "")) {
					s.mu.Lock()
					s.seen += i
					s.mu.Unlock()
					break
				}
			}
			return clean[loc[0]:loc[1]]
		}
		time.Sleep(20 * time.Millisecond)
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	s.t.Fatalf("no %q in the output:\n%s", re, ansi.ReplaceAllString(s.out.String()[s.seen:], ""))
	return ""
}

func (s *ptySession) send(text string) {
	s.t.Helper()
	if _, err := io.WriteString(s.tty, text); err != nil {
		s.t.Fatal(err)
	}
}

// wait waits for the program to exit.
func (s *ptySession) wait() {
	s.t.Helper()
	select {
	case <-s.done:
	case <-time.After(20 * time.Second):
		s.t.Fatal("the program did not exit")
	}
	s.cmd.Wait()
}

// A REPL session at a terminal: prompts, an expression's value, a frame
// as a table, a multi-line function with the continuation prompt, an
// error and a panic that leave the session alive, tab completion of a
// package member, of a column name and by static type, "expr?", Ctrl-C
// abandoning an input and stopping a running one, and a history file
// with one entry per complete statement.
func TestREPLOnATerminal(t *testing.T) {
	if testing.Short() {
		t.Skip("starts a process on a pseudo-terminal")
	}
	home := t.TempDir()
	s := startPTY(t, home, "repl", "../../testdata/hq/synthetic_v0.26_journal.jsonl")
	s.expect(`d = \.\./\.\./testdata/hq/synthetic_v0\.26_journal\.jsonl: allocations 1, events 133`)
	s.expect(`jf> `)

	s.send("x := 40\r")
	s.expect(`jf> `)
	s.send("x + 2\r")
	s.expect(`\r?\n42\r?\n`)

	s.send("tasks.Head(2).Select(\"task\", \"state\")\r")
	s.expect(`task\s+state`)
	s.expect(`\[2 rows x 2 columns\]`)
	// A frame wider than the terminal (120 columns) shows its first and
	// last columns around "...", each line within the width.
	s.send("tasks.Head(2)\r")
	wide := s.expect(`(?s)run\s.*\[2 rows x 26 columns\]`)
	if !strings.Contains(wide, "  ...  ") {
		t.Errorf("a 26-column frame on 120 columns shows no \"...\" column:\n%s", wide)
	}
	for _, line := range strings.Split(wide, "\n") {
		if n := len([]rune(strings.TrimRight(line, "\r"))); n > 120 {
			t.Errorf("a line of %d characters on a terminal of 120: %q", n, line)
		}
	}

	s.send("func double(v int) int {\r")
	s.expect(`\.\.\. `)
	s.send("return 2 * v\r")
	s.expect(`\.\.\. `)
	s.send("}\r")
	s.expect(`jf> `)
	s.send("double(x)\r")
	s.expect(`\r?\n80\r?\n`)

	s.send("nosuchname\r")
	s.expect(`undefined: nosuchname`)
	s.send("var xs []int\r")
	s.expect(`jf> `)
	s.send("xs[5]\r")
	s.expect(`panic: .*index out of range`)
	s.expect(`jf> `)
	s.send("x\r")
	s.expect(`\r?\n40\r?\n`) // still the same session

	// Tab completes a package member ...
	s.send("ops.TasksPerW\t")
	s.expect(`ops\.TasksPerWorker`)
	s.send("(placements, workers).Select(\"count\")\r")
	s.expect(`36`)
	// ... and a column name inside a string.
	s.send("tasks.Select(\"raw_st\t")
	s.expect(`raw_state`)
	s.send("\").NumCols()\r")
	s.expect(`\r?\n1\r?\n`)

	// ... and by static type: a method of a frame, a member of the
	// standard library, a method after a chain of calls.
	s.send("tasks.Wh\t")
	s.expect(`tasks\.Where`)
	s.send("(\"state\", \"==\", \"failed\").NumR\t")
	s.expect(`NumRows`)
	s.send("()\r")
	s.expect(`\r?\n3\r?\n`)
	s.send("strings.ToUpp\t")
	s.expect(`strings\.ToUpper`)
	s.send("(\"ok\")\r")
	s.expect(`\r?\nOK\r?\n`)
	// expr? documents it.
	s.send("tasks.Where?\r")
	s.expect(`Where returns the rows whose column col satisfies op against value`)
	s.expect(`jf> `)

	// Ctrl-C abandons an unfinished statement.
	s.send("func broken() {\r")
	s.expect(`\.\.\. `)
	s.send("\x03")
	s.expect(`jf> `)
	s.send("x - 1\r")
	s.expect(`\r?\n39\r?\n`)

	// Ctrl-C stops a running loop, and a sleep in compiled code; the
	// session keeps its variables.
	s.send("n := 0\r")
	s.expect(`jf> `)
	s.send("for { n++ }\r")
	time.Sleep(300 * time.Millisecond)
	s.send("\x03")
	s.expect(`interrupted\r?\n`)
	s.expect(`jf> `)
	s.send("n > 0\r")
	s.expect(`\r?\ntrue\r?\n`)
	s.send("time.Sleep(time.Hour); x = 1\r")
	time.Sleep(300 * time.Millisecond)
	s.send("\x03")
	s.expect(`interrupted\r?\n`)
	s.expect(`jf> `)
	s.send("x\r")
	s.expect(`\r?\n40\r?\n`)
	s.expect(`jf> `)

	s.send("\x04") // Ctrl-D
	s.wait()

	hist, err := os.ReadFile(filepath.Join(home, ".jobframe_history"))
	if err != nil {
		t.Fatal(err)
	}
	// The function is one entry (one line, still Go); the abandoned input
	// is none.
	want := []string{"x := 40", "x + 2", `tasks.Head(2).Select("task", "state")`, "tasks.Head(2)",
		"func double(v int) int { return 2 * v; }", "double(x)", "nosuchname", "var xs []int", "xs[5]", "x",
		`ops.TasksPerWorker(placements, workers).Select("count")`, `tasks.Select("raw_state").NumCols()`,
		`tasks.Where("state", "==", "failed").NumRows()`, `strings.ToUpper("ok")`, "tasks.Where?", "x - 1",
		"n := 0", "for { n++ }", "n > 0", "time.Sleep(time.Hour); x = 1", "x"}
	if got := strings.Split(strings.TrimRight(string(hist), "\n"), "\n"); strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Fatalf("history:\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}

	// A new session recalls the function with the arrow keys, and it runs.
	s = startPTY(t, home, "repl")
	s.expect(`jf> `)
	for i := 0; i < 17; i++ { // the entries from the last up to the function
		s.send("\x1b[A") // up
	}
	s.expect(`func double\(v int\) int \{ return 2 \* v; \}`)
	s.send("\r")
	s.expect(`jf> `)
	s.send("double(21)\r")
	s.expect(`\r?\n42\r?\n`)
	s.expect(`jf> `) // Ctrl-D before the prompt would reach no line editor
	s.send("\x04")
	s.wait()
}

// On a terminal, a load that takes longer than a second shows a progress
// bar, erased when the load ends.
func TestProgressOnATerminal(t *testing.T) {
	if testing.Short() {
		t.Skip("waits for the progress delay")
	}
	ptmx, tty, err := pty.Open()
	if err != nil {
		t.Fatal(err)
	}
	defer ptmx.Close()
	defer tty.Close()
	var mu sync.Mutex
	var out bytes.Buffer
	go func() {
		buf := make([]byte, 4096)
		for {
			n, err := ptmx.Read(buf)
			mu.Lock()
			out.Write(buf[:n])
			mu.Unlock()
			if err != nil {
				return
			}
		}
	}()
	p := new(loaders.Progress)
	const path = "../../testdata/workqueue/realrun_wq_7.17.1_transactions.log"
	stop := startProgress(tty, p)
	if _, err := loaders.OpenWith(loaders.Options{Progress: p}, path); err != nil {
		t.Fatal(err)
	}
	time.Sleep(progressDelay + 3*progressEvery)
	stop()
	// Wait for what the terminal received to include the erase.
	var text string
	for deadline := time.Now().Add(10 * time.Second); time.Now().Before(deadline); time.Sleep(20 * time.Millisecond) {
		mu.Lock()
		text = out.String()
		mu.Unlock()
		if strings.HasSuffix(text, "\r\x1b[K") {
			break
		}
	}
	if !strings.Contains(text, "loading [==============================] 100%  42.6 kB of 42.6 kB") {
		t.Errorf("no full bar in %q", text)
	}
	if !strings.HasSuffix(text, "\r\x1b[K") {
		t.Errorf("the bar is not erased at the end: %q", text)
	}
}
