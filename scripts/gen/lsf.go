//go:build ignore

// Command lsf (scripts/gen) writes a synthetic LSF accounting log,
// lsb.acct, for the loader's benchmarks (loaders/lsf/lsfgen: a
// JOB_FINISH record of LSF 10.1's shape per job, two for one job in
// 100, requeued):
//
//	go run scripts/gen/lsf.go -jobs 990000 -o /tmp/lsb.acct   (about 1,000,000 records)
package main

import (
	"flag"
	"fmt"
	"os"

	"github.com/jobframe/jobframe/loaders/lsf/lsfgen"
)

func main() {
	jobs := flag.Int("jobs", 990_000, "jobs to write (a record each, two for one in 100)")
	seed := flag.Uint64("seed", 1, "random seed")
	out := flag.String("o", "", "output file")
	flag.Parse()
	if *out == "" {
		fmt.Fprintln(os.Stderr, "usage: go run scripts/gen/lsf.go [-jobs N] [-seed S] -o FILE")
		os.Exit(2)
	}
	f, err := os.Create(*out)
	if err == nil {
		err = lsfgen.Write(f, *jobs, *seed)
		if cerr := f.Close(); err == nil {
			err = cerr
		}
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
}
