// Package lsfgen writes synthetic LSF accounting logs (lsb.acct) for
// benchmarks, in the style of ../shared/bench's generators:
// deterministic for a seed, JOB_FINISH records shaped as LSF 10.1
// writes them (the bundled logs of testdata/lsf), a week of times.
package lsfgen

import (
	"bufio"
	"fmt"
	"io"
	"math/rand/v2"
	"strings"
)

// Write writes jobs JOB_FINISH records to w: one job in 10 an element
// of an array, one in 20 killed at its run limit, one in 50 out of
// memory, one in 40 killed while pending, one in 100 requeued (two
// records), with 1 to 64 slots on 1 to 4 hosts, listed a host per slot
// or, for one job in 3, as N*host.
func Write(w io.Writer, jobs int, seed uint64) error {
	bw := bufio.NewWriterSize(w, 1<<20)
	rng := rand.New(rand.NewPCG(seed, 0x15f))
	const week = 1700000000
	var hosts strings.Builder
	for i := range jobs {
		submit := week + int64(i)*7*86400/int64(max(jobs, 1))
		start := submit + int64(rng.IntN(3600))
		run := int64(1 + rng.IntN(7200))
		nHosts, per := 1+rng.IntN(4), []int{1, 2, 8, 16}[rng.IntN(4)]
		slots := nHosts * per
		short := i%3 == 0
		hosts.Reset()
		listed := 0
		for h := range nHosts {
			host := fmt.Sprintf("node%04d.cluster.example.org", rng.IntN(2000)+h)
			if short {
				fmt.Fprintf(&hosts, ` "%d*%s"`, per, host)
				listed++
				continue
			}
			for range per {
				fmt.Fprintf(&hosts, ` "%s"`, host)
				listed++
			}
		}
		jStatus, exitStatus, exitInfo := 64, 0, 0
		switch {
		case i%20 == 3:
			jStatus, exitStatus, exitInfo = 32, 140<<8, 5
		case i%50 == 11:
			jStatus, exitStatus, exitInfo = 32, 9, 16
		case i%40 == 17:
			jStatus, exitStatus, exitInfo, start, listed = 32, 0, 14, 0, 0
			hosts.Reset()
		case i%7 == 5:
			jStatus, exitStatus = 32, 1<<8
		}
		idx := 0
		if i%10 == 1 {
			idx = 1 + rng.IntN(500)
		}
		if i%100 == 42 {
			writeJob(bw, rng, i, idx, submit, start, run, slots, listed, hosts.String(), 32, 0, 11)
			start += run + 60
		}
		writeJob(bw, rng, i, idx, submit, start, run, slots, listed, hosts.String(), jStatus, exitStatus, exitInfo)
	}
	return bw.Flush()
}

// writeJob writes one JOB_FINISH record.
func writeJob(w *bufio.Writer, rng *rand.Rand, i, idx int, submit, start, run int64, slots, listed int, hosts string, jStatus, exitStatus, exitInfo int) {
	end := submit + 30
	if start > 0 {
		end = start + run
	}
	user := fmt.Sprintf("user%03d", rng.IntN(200))
	queue := []string{"normal", "short", "long", "gpu"}[rng.IntN(4)]
	utime, stime := float64(run)*float64(slots)*rng.Float64(), float64(run)*0.01*rng.Float64()
	mem := 1024 * (1 + rng.IntN(64000))
	fmt.Fprintf(w, `"JOB_FINISH" "10.108" %d %d %d 33554434 %d %d 0 0 %d "%s" "%s" "span[ptile=%d]" "" "" "login1.cluster.example.org" "/home/%s/run%d" "" "/dev/null" "%%J.%%I.err" "%d.%d" 0 %d%s %d 100.0 "job_%d" `,
		end, 1_000_000+i, 20000+rng.IntN(200), slots, submit, start, user, queue, slots, user, rng.IntN(100), submit, 1_000_000+i, listed, hosts, jStatus, rng.IntN(5000))
	fmt.Fprintf(w, `"#!/bin/sh;#BSUB -n %d;#BSUB -R ""span[ptile=%d]"";#BSUB -W 2:00;./sim --case %d" %.6f %.6f %d 0 -1 0 0 %d 4 0 %d %d -1 0 0 0 %d %d -1 "" "proj%02d" %d %d "" "" %d %d %d "" "" "" "" 0 "" %d "" -1 "" "" "" "" -1 "" "" 6224 "" %d "" "" 2 1110 "default" 1041 "jfincache" 0 `,
		slots, slots, rng.IntN(1_000_000), utime, stime, mem+512, rng.IntN(1_000_000), rng.IntN(100_000), rng.IntN(10_000), rng.IntN(1000), rng.IntN(40), rng.IntN(40), exitStatus, slots, idx, mem, 2*mem, exitInfo, start)
	fmt.Fprintf(w, `7200 0 %d "select[type == any] order[r15s:pg] span[ptile=%d]" "" -1 "" -1 0 "" 0 0 "" %d "/home/%s" 0 "" 0.000000 0.00 0.00 0.00 0.00 0 -1 0 0 0 0 1 "schedulingOverhead" "%.2f"`+"\n",
		mem/2, slots, end-start, user, float64(rng.IntN(5000)))
}
