package session

import (
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/jobframe/jobframe/cmd/jobframe/internal/symbols"
)

// TestStopsAfter: a compiled call that returns after its evaluation was
// interrupted panics with errInterrupted, so that nothing after it runs;
// one that returns in an evaluation still under way returns its results,
// variadic arguments included.
func TestStopsAfter(t *testing.T) {
	r := &running{}
	release := make(chan struct{})
	slow := r.stopsAfter(reflect.ValueOf(func(xs ...int) int { <-release; return len(xs) })).Interface().(func(...int) int)

	_, end := r.start()
	close(release)
	if n := slow(1, 2, 3); n != 3 {
		t.Errorf("slow(1, 2, 3) = %d, want 3", n)
	}
	end()

	release = make(chan struct{})
	slow = r.stopsAfter(reflect.ValueOf(func(xs ...int) int { <-release; return len(xs) })).Interface().(func(...int) int)
	_, end = r.start()
	defer end()
	panicked := make(chan any, 1)
	go func() {
		defer func() { panicked <- recover() }()
		slow(1)
		t.Error("the statement after an interrupted call ran")
	}()
	time.Sleep(10 * time.Millisecond)
	r.interrupt()
	close(release)
	if p := <-panicked; p != errInterrupted {
		t.Errorf("panic %v, want errInterrupted", p)
	}
}

// TestInterruptibleCoversJobframe: every function of jobframe's packages
// reaches the session wrapped, and Open, OpenWith and time.Sleep by their
// context-aware replacements.
func TestInterruptibleCoversJobframe(t *testing.T) {
	ex := (&running{}).interruptible()
	n := 0
	for path, syms := range symbols.Symbols {
		if !strings.HasPrefix(path, "github.com/jobframe/jobframe/") {
			continue
		}
		for name, v := range syms {
			if v.Kind() != reflect.Func {
				continue
			}
			w, ok := ex[path][name]
			if !ok || w.Pointer() == v.Pointer() || w.Type() != v.Type() {
				t.Errorf("%s.%s is not wrapped with its own type", path, name)
			}
			n++
		}
	}
	if n < 100 {
		t.Errorf("%d functions wrapped, want the ops, frame and plot functions (over 100)", n)
	}
	if _, ok := ex["time/time"]["Sleep"]; !ok {
		t.Error("time.Sleep is not replaced")
	}
}
