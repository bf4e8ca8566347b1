//go:build ignore

// Command htcondor (scripts/gen) writes a synthetic HTCondor job event
// log for the loader's benchmarks (loaders/htcondor/htcgen: five or
// six events of HTCondor 23's shape per job; one in 20 evicted once,
// one in 50 held and aborted):
//
//	go run scripts/gen/htcondor.go -jobs 200000 -o /tmp/job.log   (about 1,000,000 events)
package main

import (
	"flag"
	"fmt"
	"os"

	"github.com/jobframe/jobframe/loaders/htcondor/htcgen"
)

func main() {
	jobs := flag.Int("jobs", 200_000, "jobs to write (five or six events each)")
	seed := flag.Uint64("seed", 1, "random seed")
	out := flag.String("o", "", "output file")
	flag.Parse()
	if *out == "" {
		fmt.Fprintln(os.Stderr, "usage: go run scripts/gen/htcondor.go [-jobs N] [-seed S] -o FILE")
		os.Exit(2)
	}
	f, err := os.Create(*out)
	if err == nil {
		err = htcgen.Write(f, *jobs, *seed)
		if cerr := f.Close(); err == nil {
			err = cerr
		}
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
}
