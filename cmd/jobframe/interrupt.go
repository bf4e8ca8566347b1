package main

import (
	"context"
	"errors"
	"os"
	"os/signal"
	"reflect"
	"sync"
	"time"

	"github.com/traefik/yaegi/interp"

	"github.com/jobframe/jobframe/loaders"
)

// running is the context of the evaluation under way in a session, so
// that Ctrl-C (SIGINT) can cancel it. The interpreter stops interpreted
// code at its next step; the compiled calls that block for long (loads,
// time.Sleep) are given the context through the session's own symbols
// (see interruptible), so they return within a read or at once.
type running struct {
	mu     sync.Mutex
	ctx    context.Context
	cancel context.CancelFunc
}

// start begins an evaluation and returns its context and the function
// that ends it.
func (r *running) start() (context.Context, func()) {
	ctx, cancel := context.WithCancel(context.Background())
	r.mu.Lock()
	r.ctx, r.cancel = ctx, cancel
	r.mu.Unlock()
	return ctx, func() {
		cancel()
		r.mu.Lock()
		r.ctx, r.cancel = nil, nil
		r.mu.Unlock()
	}
}

// context returns the context of the evaluation under way, or
// context.Background between evaluations.
func (r *running) context() context.Context {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.ctx == nil {
		return context.Background()
	}
	return r.ctx
}

// interrupt cancels the evaluation under way, if any; it reports whether
// there was one.
func (r *running) interrupt() bool {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.cancel == nil {
		return false
	}
	r.cancel()
	return true
}

// onSIGINT makes SIGINT interrupt the evaluation under way instead of
// ending the process, until the returned function is called. At the
// prompt the terminal is in raw mode and Ctrl-C reaches readline as a
// key, not as a signal.
func (r *running) onSIGINT() (stop func()) {
	ch := make(chan os.Signal, 1)
	signal.Notify(ch, os.Interrupt)
	done := make(chan struct{})
	go func() {
		for {
			select {
			case <-ch:
				r.interrupt()
			case <-done:
				return
			}
		}
	}()
	return func() {
		signal.Stop(ch)
		close(done)
	}
}

// interruptible returns the session's replacements for compiled
// functions that can block for long, each honouring the context of the
// evaluation that calls it: loaders.Open and OpenWith (the load stops
// within a read) and time.Sleep. Once interrupted they panic with
// errInterrupted rather than return, so that the interpreted code after
// them cannot run in the moment before the interpreter stops.
func (r *running) interruptible() interp.Exports {
	openWith := func(o loaders.Options, paths ...string) (*loaders.Dataset, error) {
		ctx := r.context()
		d, err := loaders.OpenContext(ctx, o, paths...)
		stopIfDone(ctx)
		return d, err
	}
	open := func(paths ...string) (*loaders.Dataset, error) { return openWith(loaders.Options{}, paths...) }
	sleep := func(d time.Duration) {
		ctx := r.context()
		t := time.NewTimer(d)
		defer t.Stop()
		select {
		case <-t.C:
		case <-ctx.Done():
		}
		stopIfDone(ctx)
	}
	return interp.Exports{
		"github.com/jobframe/jobframe/loaders/loaders": {
			"Open":     reflect.ValueOf(open),
			"OpenWith": reflect.ValueOf(openWith),
		},
		"time/time": {"Sleep": reflect.ValueOf(sleep)},
	}
}

// errInterrupted is the panic of an interrupted compiled call.
var errInterrupted = errors.New("interrupted")

// stopIfDone panics with errInterrupted when ctx is done.
func stopIfDone(ctx context.Context) {
	if ctx.Err() != nil {
		panic(errInterrupted)
	}
}
