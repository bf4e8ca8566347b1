//go:build ignore

// Command parsl (scripts/gen) writes a synthetic Parsl monitoring
// database of the current schema, for the loader's benchmarks
// (loaders/parsl/parslgen: per task a try, one in 20 a second, five
// statuses per try and two resource samples):
//
//	go run scripts/gen/parsl.go -runs 4 -tasks 250000 -o /tmp/monitoring.db   (1,000,000 tasks, about 8.6 million rows)
package main

import (
	"flag"
	"fmt"
	"os"

	"github.com/jobframe/jobframe/loaders/parsl/parslgen"
)

func main() {
	runs := flag.Int("runs", 4, "runs of the program")
	tasks := flag.Int("tasks", 250_000, "tasks per run")
	seed := flag.Uint64("seed", 1, "random seed")
	out := flag.String("o", "", "output file (must not exist)")
	flag.Parse()
	if *out == "" {
		fmt.Fprintln(os.Stderr, "usage: go run scripts/gen/parsl.go [-runs R] [-tasks N] [-seed S] -o FILE")
		os.Exit(2)
	}
	if _, err := os.Stat(*out); err == nil {
		fmt.Fprintln(os.Stderr, *out+": exists")
		os.Exit(1)
	}
	if err := parslgen.Write(*out, *runs, *tasks, *seed); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
}
