package session

import (
	"context"
	"errors"
	"os"
	"os/signal"
	"reflect"
	"strings"
	"sync"
	"time"

	"github.com/traefik/yaegi/interp"

	"github.com/jobframe/jobframe/cmd/jobframe/internal/symbols"
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
// them cannot run in the moment before the interpreter stops. Every
// other function of jobframe's packages (the ops, frame and plot
// functions) is wrapped by stopsAfter: it runs to its end, but once the
// evaluation is interrupted its caller does not go on.
func (r *running) interruptible() interp.Exports {
	exports := interp.Exports{}
	for path, syms := range symbols.Symbols {
		if !strings.HasPrefix(path, "github.com/jobframe/jobframe/") {
			continue
		}
		for name, v := range syms {
			if v.Kind() == reflect.Func {
				if exports[path] == nil {
					exports[path] = map[string]reflect.Value{}
				}
				exports[path][name] = r.stopsAfter(v)
			}
		}
	}
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
	exports["github.com/jobframe/jobframe/loaders/loaders"]["Open"] = reflect.ValueOf(open)
	exports["github.com/jobframe/jobframe/loaders/loaders"]["OpenWith"] = reflect.ValueOf(openWith)
	exports["time/time"] = map[string]reflect.Value{"Sleep": reflect.ValueOf(sleep)}
	return exports
}

// stopsAfter wraps the compiled function fn so that, when the evaluation
// that called it was interrupted while it ran, it panics with
// errInterrupted instead of returning. The interpreter gives the prompt
// back at once on Ctrl-C, leaving fn to finish in the background (a
// compiled call cannot be stopped from outside); without the panic, the
// statements after the call would still run when it returns, because
// the interpreter resets its run state at the next input.
func (r *running) stopsAfter(fn reflect.Value) reflect.Value {
	variadic := fn.Type().IsVariadic()
	return reflect.MakeFunc(fn.Type(), func(args []reflect.Value) []reflect.Value {
		ctx := r.context()
		var out []reflect.Value
		if variadic {
			out = fn.CallSlice(args)
		} else {
			out = fn.Call(args)
		}
		stopIfDone(ctx)
		return out
	})
}

// errInterrupted is the panic of an interrupted compiled call.
var errInterrupted = errors.New("interrupted")

// stopIfDone panics with errInterrupted when ctx is done.
func stopIfDone(ctx context.Context) {
	if ctx.Err() != nil {
		panic(errInterrupted)
	}
}
