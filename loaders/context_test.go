package loaders_test

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"syscall"
	"testing"

	"github.com/jobframe/jobframe/loaders"
)

// A load stops with the context's error once its context is canceled:
// the input comes through a named pipe whose writer cancels after the
// first part, so the loader is mid-file when it happens.
func TestOpenContextCanceledMidFile(t *testing.T) {
	for _, tc := range []struct {
		path  string
		first int // bytes written before the cancel
	}{
		{"../testdata/bench/wq.log", 200 << 10},           // a Work Queue log, canceled past its head
		{"../testdata/bench/hq.jsonl", 32 << 10},          // a journal shorter than the 64 KiB head
		{"../testdata/balsam/synthetic_events.json", 100}, // one JSON document
	} {
		t.Run(filepath.Base(tc.path), func(t *testing.T) {
			data, err := os.ReadFile(tc.path)
			if err != nil {
				t.Fatal(err)
			}
			fifo := filepath.Join(t.TempDir(), filepath.Base(tc.path))
			if err := syscall.Mkfifo(fifo, 0o600); err != nil {
				t.Skipf("no named pipes here: %v", err)
			}
			ctx, cancel := context.WithCancel(context.Background())
			defer cancel()
			go func() {
				w, err := os.OpenFile(fifo, os.O_WRONLY, 0)
				if err != nil {
					cancel()
					return
				}
				defer w.Close()
				w.Write(data[:tc.first])
				cancel()
				w.Write(data[tc.first:])
			}()
			d, err := loaders.OpenContext(ctx, loaders.Options{}, fifo)
			if !errors.Is(err, context.Canceled) {
				t.Fatalf("got %v, %v; want an error wrapping context.Canceled", d, err)
			}
		})
	}
}

// Without a cancel, OpenContext loads what OpenWith loads.
func TestOpenContextUncanceled(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	d, err := loaders.OpenContext(ctx, loaders.Options{}, "../testdata/hq/synthetic_v0.26_journal.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	if n := d.Frames["tasks"].NumRows(); n != 56 {
		t.Fatalf("%d tasks, want the 56 of ExampleOpen", n)
	}
}
