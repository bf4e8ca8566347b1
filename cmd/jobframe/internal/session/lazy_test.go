package session

import (
	"context"
	"fmt"
	"io"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/jobframe/jobframe/loaders"
	"github.com/jobframe/jobframe/loaders/sourcetest"
)

// TestLazy: a lazy source's variables exist from the start but nothing
// loads until an input names one; then only what it names loads (a
// frame alone, the dataset whole for d), once, and the values are those
// of the eager load. A load is interruptible and leaves the session
// usable.
func TestLazy(t *testing.T) {
	path := sourcetest.Bundled("hq/synthetic_v0.26_journal.jsonl")
	want, err := loaders.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	var loads []string
	src := &LazySource{Name: "hq", Frames: want.Names(), Load: func(ctx context.Context, frames []string) (*loaders.Dataset, error) {
		loads = append(loads, fmt.Sprint(frames))
		return loaders.OpenContext(ctx, loaders.Options{Frames: frames}, path)
	}}
	var out strings.Builder
	s, err := New(strings.NewReader(""), &out, io.Discard)
	if err != nil {
		t.Fatal(err)
	}
	s.AddLazy(0, src)
	if !strings.Contains(out.String(), "d = hq: a lake of allocations, events, jobs, perf, placements, tasks, workers, each loaded on first use") {
		t.Errorf("announced: %q", out.String())
	}
	value := func(src string) string {
		t.Helper()
		o := s.evaluate("", src, src, false, false)
		if o.errKind != "" {
			t.Fatalf("%s: %s: %s", src, o.errKind, o.errText)
		}
		return fmt.Sprint(o.value)
	}
	value("x := 1 + 2")
	if len(loads) != 0 {
		t.Fatalf("an input naming no lazy variable loaded %v", loads)
	}
	if got, w := value("tasks.NumRows()"), fmt.Sprint(want.Frames["tasks"].NumRows()); got != w {
		t.Errorf("tasks.NumRows() = %s, want %s", got, w)
	}
	if got, w := value("workers.NumRows() + tasks.NumRows()"), fmt.Sprint(want.Frames["workers"].NumRows()+want.Frames["tasks"].NumRows()); got != w {
		t.Errorf("workers + tasks rows = %s, want %s", got, w)
	}
	if got, w := value("d.Names()"), fmt.Sprint(want.Names()); got != w {
		t.Errorf("d.Names() = %s, want %s", got, w)
	}
	value("events.NumRows()") // loaded with d
	if w := []string{"[tasks]", "[workers]", "[]"}; !slices.Equal(loads, w) {
		t.Errorf("loads %q, want %q", loads, w)
	}

	// an interrupted load: the input stops, the variable stays lazy, and
	// the next input loads it
	s2, err := New(strings.NewReader(""), io.Discard, io.Discard)
	if err != nil {
		t.Fatal(err)
	}
	blocked := true
	s2.AddLazy(0, &LazySource{Name: "slow", Frames: []string{"tasks"}, Load: func(ctx context.Context, frames []string) (*loaders.Dataset, error) {
		if blocked {
			<-ctx.Done()
			return nil, fmt.Errorf("loading: %w", ctx.Err())
		}
		return want, nil
	}})
	go func() {
		for !s2.run.interrupt() {
			time.Sleep(time.Millisecond)
		}
	}()
	if o := s2.evaluate("", "tasks.NumRows()", "", false, false); o.errKind != "interrupted" {
		t.Fatalf("an interrupted load: %q %q", o.errKind, o.errText)
	}
	blocked = false
	if o := s2.evaluate("", "tasks.NumRows()", "", false, false); o.errKind != "" || fmt.Sprint(o.value) != fmt.Sprint(want.Frames["tasks"].NumRows()) {
		t.Fatalf("after the interrupt: %q %q %v", o.errKind, o.errText, o.value)
	}
}
