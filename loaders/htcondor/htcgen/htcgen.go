// Package htcgen writes synthetic HTCondor job event logs for
// benchmarks, in the style of ../shared/bench's generators:
// deterministic for a seed, events shaped as HTCondor 23 writes them
// (ISO dates, the slot's resources in the execute event, image size
// updates, the partitionable resources table).
package htcgen

import (
	"bufio"
	"fmt"
	"io"
	"math/rand/v2"
	"time"
)

// Write writes the events of jobs jobs to w, five or six each: submit,
// execute, one or two image size updates and a termination; one job in
// 20 evicted once and run again, one in 50 held and aborted.
func Write(w io.Writer, jobs int, seed uint64) error {
	bw := bufio.NewWriterSize(w, 1<<20)
	rng := rand.New(rand.NewPCG(seed, 0xc0d0))
	base := time.Date(2025, 4, 28, 0, 0, 0, 0, time.UTC)
	stamp := func(s int64) string { return base.Add(time.Duration(s) * time.Second).Format("2006-01-02 15:04:05") }
	for i := range jobs {
		id := fmt.Sprintf("(%d.%03d.000)", 5000+i/100, i%100)
		t := int64(i) * 7 * 86400 / int64(max(jobs, 1))
		host := fmt.Sprintf("e%04d.chtc.wisc.edu", rng.IntN(3000))
		fmt.Fprintf(bw, "000 %s %s Job submitted from host: <128.104.100.43:9618?addrs=128.104.100.43-9618&alias=ap40.uw.osg-htc.org>\n    DAG Node: node_%d\n...\n", id, stamp(t), rng.IntN(200))
		t += int64(rng.IntN(600))
		if i%50 == 7 {
			fmt.Fprintf(bw, "012 %s %s Job was held.\n\tExcessive memory usage\n\tCode 34 Subcode 0\n...\n009 %s %s Job was aborted by the user.\n\tvia condor_rm (by user alice)\n...\n", id, stamp(t), id, stamp(t+60))
			continue
		}
		cpus, mem := 1+rng.IntN(8), 1024*(1+rng.IntN(16))
		execute := func() {
			fmt.Fprintf(bw, "001 %s %s Job executing on host: <128.105.69.202:35973?addrs=128.105.69.202-35973&alias=%s&noUDP>\n        SlotName: slot1_%d@%s\n        Cpus = %d\n        Disk = 1049643\n        GPUs = 0\n        Memory = %d\n...\n",
				id, stamp(t), host, rng.IntN(32), host, cpus, mem)
		}
		execute()
		if i%20 == 3 {
			t += int64(rng.IntN(3600))
			fmt.Fprintf(bw, "004 %s %s Job was evicted.\n\t(0) Job was not checkpointed.\n\t\tUsr 0 00:10:00, Sys 0 00:00:05  -  Run Remote Usage\n\t\tUsr 0 00:00:00, Sys 0 00:00:00  -  Run Local Usage\n\t0  -  Run Bytes Sent By Job\n\t0  -  Run Bytes Received By Job\n...\n", id, stamp(t))
			t += 30
			execute()
		}
		run := int64(1 + rng.IntN(7200))
		used := rng.IntN(mem)
		fmt.Fprintf(bw, "006 %s %s Image size of job updated: %d\n    %d  -  MemoryUsage of job (MB)\n    %d  -  ResidentSetSize of job (KB)\n...\n", id, stamp(t+run/2), used*1024, used, used*1024)
		exit := 0
		if i%9 == 4 {
			exit = 1
		}
		fmt.Fprintf(bw, `005 %s %s Job terminated.
        (1) Normal termination (return value %d)
                Usr 0 %s, Sys 0 00:00:01  -  Run Remote Usage
                Usr 0 00:00:00, Sys 0 00:00:00  -  Run Local Usage
                Usr 0 %s, Sys 0 00:00:01  -  Total Remote Usage
                Usr 0 00:00:00, Sys 0 00:00:00  -  Total Local Usage
        %d  -  Run Bytes Sent By Job
        %d  -  Run Bytes Received By Job
        %d  -  Total Bytes Sent By Job
        %d  -  Total Bytes Received By Job
        Partitionable Resources :    Usage  Request Allocated
           Cpus                 :        0 %8d  %8d
           Disk (KB)            : %8d  1048576   1049858
           GPUs                 :                           0
           Memory (MB)          : %8d %8d  %8d

        Job terminated of its own accord at %sZ with exit-code %d.
...
`, id, stamp(t+run), exit, clock(run*int64(cpus)/2), clock(run*int64(cpus)/2), rng.IntN(1<<20), rng.IntN(1<<20), rng.IntN(1<<20), rng.IntN(1<<20),
			cpus, cpus, rng.IntN(1<<20), used, mem, mem, base.Add(time.Duration(t+run)*time.Second).Format("2006-01-02T15:04:05"), exit)
	}
	return bw.Flush()
}

// clock writes seconds as HH:MM:SS (hours past 24 kept in HH, as a
// day count of 0 leaves them).
func clock(s int64) string { return fmt.Sprintf("%02d:%02d:%02d", s/3600%24, s/60%60, s%60) }
