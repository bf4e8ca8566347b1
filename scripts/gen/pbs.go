//go:build ignore

// Command pbs (scripts/gen) writes a synthetic PBS accounting log for the loader's
// benchmarks (loaders/pbs/pbsgen: Q, S and E records of each job, half
// as Torque writes them, half as PBS Professional does):
//
//	go run scripts/gen/pbs.go -jobs 333334 -o /tmp/20160601   (about 1,000,000 records)
package main

import (
	"flag"
	"fmt"
	"os"

	"github.com/jobframe/jobframe/loaders/pbs/pbsgen"
)

func main() {
	jobs := flag.Int("jobs", 333_334, "jobs to write (three records each, a few more for reruns and deletions)")
	seed := flag.Uint64("seed", 1, "random seed")
	out := flag.String("o", "", "output file")
	flag.Parse()
	if *out == "" {
		fmt.Fprintln(os.Stderr, "usage: go run scripts/gen/pbs.go [-jobs N] [-seed S] -o FILE")
		os.Exit(2)
	}
	f, err := os.Create(*out)
	if err == nil {
		err = pbsgen.Write(f, *jobs, *seed)
		if cerr := f.Close(); err == nil {
			err = cerr
		}
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
}
