package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"os/signal"
	"strings"

	"github.com/jobframe/jobframe/cmd/jobframe/internal/jupyter"
	"github.com/jobframe/jobframe/cmd/jobframe/internal/session"
)

func runKernel(args []string, stdout, stderr io.Writer) error {
	if len(args) > 0 && args[0] == "install" {
		return installKernel(args[1:], stdout)
	}
	fs := newFlags("kernel", "-f CONNECTION_FILE | install [--user | --prefix DIR]",
		"A Jupyter kernel running the REPL's Go session (what Jupyter starts, with the\n"+
			"connection file it wrote). 'jobframe kernel install' writes the kernelspec\n"+
			"\"jobframe (Go)\" that makes Jupyter start it.", stdout)
	connFile := fs.String("f", "", "the connection file")
	worker := fs.Bool("worker", false, "serve a kernel's session on descriptors 3 and 4 (what the kernel starts; not for users)")
	if _, err := parse(fs, args); err != nil {
		return err
	}
	if *worker {
		return runKernelWorker()
	}
	if *connFile == "" {
		return usagef("no connection file (-f FILE)")
	}
	conn, err := jupyter.ReadConnection(*connFile)
	if err != nil {
		return err
	}
	exe, err := os.Executable()
	if err != nil {
		return err
	}
	// The session runs in a worker process that the kernel starts again
	// when a cell ends it (a panic in a goroutine, memory, a stack
	// overflow): the kernel itself runs no user code.
	sup := session.NewSupervisor([]string{exe, "kernel", "--worker"}, nil)
	defer sup.Close()
	k := jupyter.New(conn, sup, jupyter.Info{Implementation: "jobframe", Version: version,
		Banner: "jobframe: Go with frame, schema, loaders, ops and plot imported"}, stderr)
	sup.Logf = k.Logf
	k.CaptureOutput()
	return k.Run(context.Background())
}

// installKernel writes the kernelspec.
func installKernel(args []string, stdout io.Writer) error {
	fs := newFlags("kernel install", "[--user | --prefix DIR] [--name NAME]",
		"Write the kernelspec that makes Jupyter start this jobframe binary as the\n"+
			"kernel \"jobframe (Go)\": for all users by default, for yours with --user,\n"+
			"or under DIR/share/jupyter/kernels with --prefix (a virtual environment's).", stdout)
	user := fs.Bool("user", false, "install for the current user")
	prefix := fs.String("prefix", "", "install under `DIR`/share/jupyter/kernels")
	name := fs.String("name", "jobframe", "the kernelspec's name")
	if _, err := parse(fs, args); err != nil {
		return err
	}
	exe, err := os.Executable()
	if err != nil {
		return err
	}
	dir, err := jupyter.KernelsDir(*user, *prefix)
	if err != nil {
		return err
	}
	folder, err := jupyter.Install(dir, *name, "jobframe (Go)", exe)
	if err != nil {
		return err
	}
	fmt.Fprintf(stdout, "installed the kernelspec %s in %s\n", *name, folder)
	return nil
}

// runKernelWorker is a kernel's worker: the session, answering the
// kernel's requests read on descriptor 3 on descriptor 4, its cells
// writing to standard output and error (the kernel's captured streams).
// SIGINT interrupts the cell under way.
func runKernelWorker() error {
	in, out := os.NewFile(3, "requests"), os.NewFile(4, "answers")
	if in == nil || out == nil {
		return usagef("--worker is started by the kernel, with descriptors 3 and 4")
	}
	s, err := session.New(strings.NewReader(""), os.Stdout, os.Stderr)
	if err != nil {
		return err
	}
	k := session.NewKernel(s)
	sig := make(chan os.Signal, 1)
	signal.Notify(sig, os.Interrupt)
	defer signal.Stop(sig)
	go func() {
		for range sig {
			k.Interrupt()
		}
	}()
	return session.ServeWorker(in, out, k)
}
