package main

import (
	"context"
	"fmt"
	"io"
	"os"
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
	if _, err := parse(fs, args); err != nil {
		return err
	}
	if *connFile == "" {
		return usagef("no connection file (-f FILE)")
	}
	conn, err := jupyter.ReadConnection(*connFile)
	if err != nil {
		return err
	}
	var ks jupyterSession
	k := jupyter.New(conn, &ks, jupyter.Info{Implementation: "jobframe", Version: version,
		Banner: "jobframe: Go with frame, schema, loaders, ops and plot imported"}, stderr)
	s, err := session.New(strings.NewReader(""), k.Stdout(), k.Stderr())
	if err != nil {
		return err
	}
	ks.Kernel = session.NewKernel(s)
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

// jupyterSession is the kernel's interpreter, set once the kernel's
// output streams exist to start the session on.
type jupyterSession struct{ *session.Kernel }
