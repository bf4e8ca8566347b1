package main

import (
	"fmt"
	"io"
	"runtime/debug"
)

// version is the release version; "devel" in builds from a checkout.
const version = "0.1.0-devel"

func runVersion(args []string, stdout, stderr io.Writer) error {
	fs := newFlags("version", "", "Print the jobframe version and the Go version it was built with.", stdout)
	if _, err := parse(fs, args); err != nil {
		return err
	}
	goVersion := "unknown"
	if bi, ok := debug.ReadBuildInfo(); ok {
		goVersion = bi.GoVersion
	}
	fmt.Fprintf(stdout, "jobframe %s (%s)\n", version, goVersion)
	return nil
}
