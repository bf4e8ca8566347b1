// Package pbsgen writes synthetic PBS accounting logs for benchmarks, in
// the style of ../shared/bench's generators: deterministic for a seed,
// records shaped as Torque and PBS Professional write them (the bundled
// logs of testdata/pbs), one day's dates.
package pbsgen

import (
	"bufio"
	"fmt"
	"io"
	"math/rand/v2"
	"time"
)

// Write writes the Q, S and E records of jobs jobs (three records each;
// one job in 50 deleted while queued, one in 100 rerun once), as a log
// of the day of 1 June 2016 would hold them, to w. Half the jobs are
// written as Torque writes them, half as PBS Professional does
// (exec_vnode, select, run_count, a quoted account).
func Write(w io.Writer, jobs int, seed uint64) error {
	bw := bufio.NewWriterSize(w, 1<<20)
	rng := rand.New(rand.NewPCG(seed, 0x5eed))
	const day = 1464739200 // 2016-06-01T00:00:00Z
	users := 200
	for i := range jobs {
		t := day + int64(i)*86400/int64(max(jobs, 1))
		id := fmt.Sprintf("%d.pbs01.cluster.example.org", 20_000_000+i)
		user := fmt.Sprintf("user%03d", rng.IntN(users))
		nodes := 1 + rng.IntN(4)
		ppn := []int{1, 8, 16, 20, 28}[rng.IntN(5)]
		queue := []string{"q1h", "q24h", "q72h", "qlong"}[rng.IntN(4)]
		pro := i%2 == 1
		date := stamp(t)
		common := fmt.Sprintf("user=%s group=grp%02d jobname=job_%d.sh queue=%s ctime=%d qtime=%d etime=%d", user, rng.IntN(30), rng.IntN(5000), queue, t, t, t)
		if pro {
			common = fmt.Sprintf(`user=%s group=grp%02d account="proj %d" project=_pbs_project_default jobname=job_%d.sh queue=%s ctime=%d qtime=%d etime=%d`,
				user, rng.IntN(30), rng.IntN(40), rng.IntN(5000), queue, t, t, t)
		}
		fmt.Fprintf(bw, "%s;Q;%s;queue=%s\n", date, id, queue)
		if i%50 == 7 {
			fmt.Fprintf(bw, "%s;D;%s;requestor=%s@login1\n", stamp(t+30), id, user)
			fmt.Fprintf(bw, "%s;E;%s;%s start=0 end=%d Exit_status=271\n", stamp(t+30), id, common, t+30)
			continue
		}
		start := t + int64(rng.IntN(600))
		hosts, vnode := execHost(rng, nodes, ppn, pro)
		req := fmt.Sprintf("Resource_List.mem=%dgb Resource_List.nodect=%d Resource_List.nodes=%d:ppn=%d Resource_List.walltime=72:00:00", nodes*ppn*2, nodes, nodes, ppn)
		if pro {
			req = fmt.Sprintf("Resource_List.mem=%dgb Resource_List.ncpus=%d Resource_List.nodect=%d Resource_List.place=scatter Resource_List.select=%d:ncpus=%d Resource_List.walltime=72:00:00",
				nodes*ppn*2, nodes*ppn, nodes, nodes, ppn)
		}
		sattrs := fmt.Sprintf("%s start=%d exec_host=%s", common, start, hosts)
		if pro {
			sattrs += " exec_vnode=" + vnode
		}
		fmt.Fprintf(bw, "%s;S;%s;%s %s\n", stamp(start), id, sattrs, req)
		if i%100 == 3 {
			fmt.Fprintf(bw, "%s;R;%s;\n", stamp(start+60), id)
			start += 120
			fmt.Fprintf(bw, "%s;S;%s;%s %s\n", stamp(start), id, sattrs, req)
		}
		wall := 30 + rng.IntN(20000)
		exit := 0
		if rng.IntN(10) == 0 {
			exit = []int{1, 2, 127, 271, -11}[rng.IntN(5)]
		}
		used := fmt.Sprintf("resources_used.cput=%s resources_used.mem=%dkb resources_used.vmem=%dkb resources_used.walltime=%s",
			hms(wall*rng.IntN(ppn*nodes+1)), 1000+rng.IntN(50_000_000), 2000+rng.IntN(90_000_000), hms(wall))
		tail := fmt.Sprintf("session=%d total_execution_slots=%d unique_node_count=%d end=%d Exit_status=%d %s", 1000+rng.IntN(90000), nodes*ppn, nodes, start+int64(wall), exit, used)
		if pro {
			tail = fmt.Sprintf("session=%d end=%d Exit_status=%d %s resources_used.ncpus=%d resources_used.cpupercent=%d run_count=1",
				1000+rng.IntN(90000), start+int64(wall), exit, used, nodes*ppn, rng.IntN(100*ppn))
		}
		fmt.Fprintf(bw, "%s;E;%s;%s %s %s\n", stamp(start+int64(wall)), id, sattrs, req, tail)
	}
	return bw.Flush()
}

// execHost writes the hosts of a run: Torque's host/0-N, PBS
// Professional's host/0*N and its exec_vnode.
func execHost(rng *rand.Rand, nodes, ppn int, pro bool) (hosts, vnode string) {
	for k := range nodes {
		h := fmt.Sprintf("r%di%dn%d", rng.IntN(10), rng.IntN(4), rng.IntN(30))
		if k > 0 {
			hosts += "+"
			vnode += "+"
		}
		if pro {
			hosts += fmt.Sprintf("%s/0*%d", h, ppn)
			vnode += fmt.Sprintf("(%s:ncpus=%d:mem=%dkb)", h, ppn, ppn*2<<20)
		} else {
			hosts += fmt.Sprintf("%s/0-%d", h, ppn-1)
		}
	}
	return hosts, vnode
}

// stamp writes epoch seconds t as a record's date, in UTC.
func stamp(t int64) string { return time.Unix(t, 0).UTC().Format("01/02/2006 15:04:05") }

// hms writes s seconds as HH:MM:SS.
func hms(s int) string { return fmt.Sprintf("%02d:%02d:%02d", s/3600, s/60%60, s%60) }
