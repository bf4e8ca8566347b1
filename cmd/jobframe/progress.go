package main

import (
	"fmt"
	"io"
	"os"
	"strings"
	"time"

	"github.com/chzyer/readline"

	"github.com/jobframe/jobframe/loaders"
)

// progressDelay is how long a load runs before its progress bar appears;
// progressEvery is how often the bar is redrawn.
const (
	progressDelay = time.Second
	progressEvery = 200 * time.Millisecond
)

// isTerminal reports whether w is a terminal.
func isTerminal(w io.Writer) bool {
	f, ok := w.(*os.File)
	return ok && readline.IsTerminal(int(f.Fd()))
}

// startProgress shows a progress bar of p on w, when w is a terminal and
// the load lasts longer than progressDelay; the returned stop ends it and
// erases the bar. Elsewhere (a pipe, a file, a test) it shows nothing.
func startProgress(w io.Writer, p *loaders.Progress) (stop func()) {
	if !isTerminal(w) {
		return func() {}
	}
	done := make(chan struct{})
	finished := make(chan struct{})
	go func() {
		defer close(finished)
		start := time.Now()
		delay := time.NewTimer(progressDelay)
		defer delay.Stop()
		select {
		case <-done:
			return
		case <-delay.C:
		}
		tick := time.NewTicker(progressEvery)
		defer tick.Stop()
		for {
			read, total := p.Bytes()
			fmt.Fprint(w, "\r"+progressLine(read, total, time.Since(start))+"\x1b[K")
			select {
			case <-done:
				fmt.Fprint(w, "\r\x1b[K")
				return
			case <-tick.C:
			}
		}
	}()
	return func() {
		close(done)
		<-finished
	}
}

// progressLine renders "loading [=====>     ]  45%  1.1 GB of 2.5 GB  52 MB/s"
// (without a total: the bytes and the rate).
func progressLine(read, total int64, elapsed time.Duration) string {
	rate := ""
	if s := elapsed.Seconds(); s > 0 {
		rate = "  " + humanBytes(int64(float64(read)/s)) + "/s"
	}
	if total <= 0 {
		return "loading " + humanBytes(read) + rate
	}
	frac := float64(read) / float64(total)
	if frac > 1 {
		frac = 1
	}
	const width = 30
	n := int(frac * width)
	bar := strings.Repeat("=", n)
	if n < width {
		bar += ">" + strings.Repeat(" ", width-n-1)
	}
	return fmt.Sprintf("loading [%s] %3.0f%%  %s of %s%s", bar, 100*frac, humanBytes(read), humanBytes(total), rate)
}

// humanBytes prints a byte count in B, kB, MB, GB or TB (powers of 1000).
func humanBytes(n int64) string {
	v := float64(n)
	for _, u := range []string{"B", "kB", "MB", "GB"} {
		if v < 1000 {
			if u == "B" {
				return fmt.Sprintf("%d B", n)
			}
			return fmt.Sprintf("%.1f %s", v, u)
		}
		v /= 1000
	}
	return fmt.Sprintf("%.1f TB", v)
}
