package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"reflect"

	"github.com/jobframe/jobframe/cmd/jobframe/internal/session"
	"github.com/jobframe/jobframe/loaders"
)

func runREPL(args []string, stdout, stderr io.Writer) error {
	fs := newFlags("repl", "[SOURCE...] [--lenient]",
		"An interactive Go session (yaegi) with jobframe's packages imported and the\n"+
			"SOURCEs loaded (a lake's frames when an input first names them). Reads statements without prompts when standard input is not a\n"+
			"terminal, so 'jobframe repl < session.go' works. Type :help inside.", stdout)
	lenient := fs.Bool("lenient", false, "skip bad records (listed as warnings) instead of failing at the first")
	history := fs.String("history", defaultHistory(), "the history file (\"\" for none)")
	sources, err := parse(fs, args)
	if err != nil {
		return err
	}
	s, err := session.New(os.Stdin, stdout, stderr)
	if err != nil {
		return err
	}
	binds := map[string]reflect.Value{}
	for k, src := range sources {
		frames, lake, err := loaders.LakeFrames(src)
		if err != nil {
			return err
		}
		if lake { // read on first use: the manifest names the frames
			s.AddLazy(k, &session.LazySource{Name: src, Frames: frames, Load: lazyLoad(src, *lenient, stderr)})
			continue
		}
		d, err := loadWarn([]string{src}, *lenient, stderr)
		if err != nil {
			return err
		}
		s.AddDataset(k, src, d, binds)
	}
	if len(binds) > 0 {
		// One binding for all sources: the interpreter imports it once.
		if err := s.Bind(binds); err != nil {
			return err
		}
	}
	if f, ok := os.Stdin.Stat(); ok == nil && f.Mode()&os.ModeCharDevice != 0 {
		return s.Interactive(*history)
	}
	return s.Batch(os.Stdin)
}

// lazyLoad loads frames of src (nil: all) under ctx, its warnings on
// stderr.
func lazyLoad(src string, lenient bool, stderr io.Writer) func(ctx context.Context, frames []string) (*loaders.Dataset, error) {
	return func(ctx context.Context, frames []string) (*loaders.Dataset, error) {
		d, err := loadContext(ctx, []string{src}, loaders.Options{Lenient: lenient, Frames: frames}, stderr)
		if err != nil {
			return nil, err
		}
		for _, w := range d.Warnings {
			fmt.Fprintf(stderr, "warning: %s\n", w)
		}
		return d, nil
	}
}

func defaultHistory() string {
	if h := os.Getenv("JOBFRAME_HISTORY"); h != "" {
		return h
	}
	if home, err := os.UserHomeDir(); err == nil {
		return filepath.Join(home, ".jobframe_history")
	}
	return ""
}
