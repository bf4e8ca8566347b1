package main

import (
	"bytes"
	"testing"
	"time"

	"github.com/jobframe/jobframe/loaders"
)

func TestProgressLine(t *testing.T) {
	cases := []struct {
		read, total int64
		elapsed     time.Duration
		want        string
	}{
		{450_000_000, 1_000_000_000, 3 * time.Second, "loading [=============>                ]  45%  450.0 MB of 1.0 GB  150.0 MB/s"},
		{1_000_000_000, 1_000_000_000, 10 * time.Second, "loading [==============================] 100%  1.0 GB of 1.0 GB  100.0 MB/s"},
		{0, 2500, 0, "loading [>                             ]   0%  0 B of 2.5 kB"},
		{12_345, 0, time.Second, "loading 12.3 kB  12.3 kB/s"}, // standard input: no total
		{3_200_000_000_000, 0, 0, "loading 3.2 TB"},
	}
	for _, c := range cases {
		if got := progressLine(c.read, c.total, c.elapsed); got != c.want {
			t.Errorf("progressLine(%d, %d, %v) =\n%q, want\n%q", c.read, c.total, c.elapsed, got, c.want)
		}
	}
}

// Not a terminal: nothing is drawn, however long the load (here past
// the delay and a redraw, when a terminal would show the bar).
func TestProgressQuietWhenNotATerminal(t *testing.T) {
	if testing.Short() {
		t.Skip("waits for the progress delay")
	}
	var buf bytes.Buffer
	stop := startProgress(&buf, new(loaders.Progress))
	time.Sleep(progressDelay + 2*progressEvery)
	stop()
	if buf.Len() != 0 {
		t.Fatalf("wrote %q to a non-terminal", buf.String())
	}
}

// The loader counts every byte of its input files.
func TestProgressCountsInputBytes(t *testing.T) {
	p := new(loaders.Progress)
	const path = "../../testdata/workqueue/realrun_wq_7.17.1_transactions.log"
	if _, err := loaders.OpenWith(loaders.Options{Progress: p}, path); err != nil {
		t.Fatal(err)
	}
	// 42 581 bytes (shared/data/README.md)
	if read, total := p.Bytes(); read != 42581 || total != 42581 {
		t.Fatalf("read %d of %d, want 42581 of 42581", read, total)
	}
}
