package main

import (
	"context"
	"fmt"
	"io"
	"net"
	"os"
	"os/signal"
	"slices"
	"syscall"
	"time"

	"github.com/jobframe/jobframe/cmd/jobframe/internal/report"
	"github.com/jobframe/jobframe/cmd/jobframe/internal/watch"
	"github.com/jobframe/jobframe/loaders"
)

func runWatch(args []string, stdout, stderr io.Writer) error {
	fs := newFlags("watch", "SOURCE... [--addr 127.0.0.1:8080] [--interval 1s] [--title TEXT] [--carbon-intensity G] [--lenient] [--public]",
		"Serve the report of sources that are still being written on a local address,\n"+
			"and keep it up to date as they grow: open the address in a browser and the page\n"+
			"follows the logs without reloading (Server-Sent Events). A live section on top\n"+
			"says what runs now (attempts per worker), the newest failures and when the\n"+
			"logs last changed. A log that grows, is truncated or replaced (rotated), and a\n"+
			"new file in a watched folder are noticed at each poll (--interval): a grown\n"+
			"HyperQueue journal or Work Queue/TaskVine log is read on from its last\n"+
			"checkpoint, other changed sources again. In strict mode a bad record stops the updates, the page\n"+
			"saying where, until the sources change again; --lenient skips and counts it.\n"+
			"The page loads nothing from the network. It listens on 127.0.0.1 only, unless\n"+
			"--public is given with another --addr. Ctrl-C stops it.", stdout)
	addr := fs.String("addr", "127.0.0.1:8080", "the address to listen on (host:port; port 0 picks a free one)")
	public := fs.Bool("public", false, "allow an --addr other than a loopback one: anyone who can reach it can read the report")
	interval := fs.Duration("interval", time.Second, "the time between two looks at the sources")
	title := fs.String("title", "", "the page title (default \"jobframe report: SOURCE\")")
	lenient := fs.Bool("lenient", false, "skip bad records (counted on the page) instead of stopping the updates at the first")
	carbon := fs.Float64("carbon-intensity", report.DefaultCarbonIntensity, "the grid's carbon intensity for the carbon footprint, gCO2e/kWh")
	sources, err := parse(fs, args)
	if err != nil {
		return err
	}
	if len(sources) == 0 {
		return usagef("no SOURCE given")
	}
	if slices.Contains(sources, "-") {
		return usagef("standard input cannot be watched: name the log's file")
	}
	if *interval < 100*time.Millisecond {
		return usagef("--interval %v: want 100ms or more", *interval)
	}
	if !(*carbon > 0 && *carbon < 1e4) {
		return usagef("--carbon-intensity %v: want gCO2e/kWh, above 0", *carbon)
	}
	loopback, err := isLoopback(*addr)
	if err != nil {
		return usagef("--addr %s: %v", *addr, err)
	}
	if !loopback && !*public {
		return usagef("--addr %s is not a loopback address: the report would be readable by anyone who can reach it; add --public to serve it there", *addr)
	}
	limits, err := limits()
	if err != nil {
		return err
	}
	o := loaders.Options{Lenient: *lenient, TimeZone: timeZone(), Limits: limits}
	l, err := net.Listen("tcp", *addr)
	if err != nil {
		return fmt.Errorf("watch: %w", err)
	}
	defer l.Close()
	if !loopback {
		fmt.Fprintf(stderr, "warning: serving on %s, not a loopback address: anyone who can reach it can read the report\n", l.Addr())
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	w := watch.New(sources, watch.Options{
		Load:     o,
		Report:   report.Options{Title: *title, CarbonIntensity: *carbon},
		Interval: *interval,
		Logf:     func(format string, args ...any) { fmt.Fprintf(stderr, "watch: "+format+"\n", args...) },
	})
	fmt.Fprintf(stderr, "watching %d sources: open http://%s/ (Ctrl-C stops)\n", len(sources), l.Addr())
	return w.Run(ctx, l)
}

// isLoopback reports whether addr (host:port) names a loopback address;
// a host name must resolve to loopback addresses only.
func isLoopback(addr string) (bool, error) {
	host, _, err := net.SplitHostPort(addr)
	if err != nil {
		return false, err
	}
	if host == "" {
		return false, nil // every interface
	}
	if ip := net.ParseIP(host); ip != nil {
		return ip.IsLoopback(), nil
	}
	ips, err := net.LookupIP(host)
	if err != nil {
		return false, err
	}
	for _, ip := range ips {
		if !ip.IsLoopback() {
			return false, nil
		}
	}
	return len(ips) > 0, nil
}
