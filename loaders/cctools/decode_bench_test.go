package cctools

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"testing"
)

// BenchmarkDecodeResult decodes RETRIEVED records as a Work Queue log
// writes them (ns/op is per line): 28 measured resources, their values
// changing from line to line and their keys and units not.
func BenchmarkDecodeResult(b *testing.B) {
	lines := make([][]byte, 1024)
	for i := range lines {
		lines[i] = fmt.Appendf(nil, `1718100452190062 28904 TASK %d RETRIEVED SUCCESS  0  {} {"wq_output_time":[0.0%d,"s"],"wq_input_time":[0.000345,"s"],"wq_output_size":[56.00128841400146,"MB"],"wq_input_size":[0.000213623046875,"MB"],"start":[1718100446.892269,"s"],"end":[1718100452.090636,"s"],"wall_time":[5.198367,"s"],"cpu_time":[3.357597,"s"],"memory":[%d,"MB"],"virtual_memory":[615,"MB"],"swap_memory":[0,"MB"],"disk":[282,"MB"],"bytes_read":[51,"MB"],"bytes_written":[56,"MB"],"bytes_received":[0,"MB"],"bytes_sent":[0,"MB"],"bandwidth":[0,"Mbps"],"gpus":[0,"gpus"],"cores":[0.646,"cores"],"cores_avg":[0.646,"cores"],"machine_cpus":[64,"cores"],"machine_load":[22,"procs"],"context_switches":[4128,"switches"],"max_concurrent_processes":[3,"procs"],"total_processes":[1,"procs"],"total_files":[20,"files"],"fs_nodes":[0,"nodes"],"workers":[0,"workers"]}`, i, i, 500+i)
	}
	l := benchDecode(b, lines, false)
	if len(l.res) != 28 || l.bad[1] {
		b.Fatalf("decoded %d resources, bad %v", len(l.res), l.bad)
	}
}

// BenchmarkDecodeTransfer decodes TRANSFER records (half of a Work
// Queue log's lines; ns/op is per line).
func BenchmarkDecodeTransfer(b *testing.B) {
	lines := make([][]byte, 1024)
	for i := range lines {
		lines[i] = fmt.Appendf(nil, `17181004463574%02d 28904 TRANSFER INPUT %d 1 0.%d 0.007960 cctools-monitor`, i%100, i, 838448+i)
	}
	if l := benchDecode(b, lines, false); !l.xfer.ok {
		b.Fatalf("%s: not decoded", lines[(b.N-1)%len(lines)])
	}
}

// BenchmarkDecodeLog decodes 16 MiB of lines from the middle of the
// generated Work Queue log of ../shared/bench (JOBFRAME_BENCH_DIR, as the
// loaders' benchmarks), one decoder, each line after the one before as
// the pipeline gives them: the decode goroutine's work without the
// pipeline around it (ns/op is per line).
func BenchmarkDecodeLog(b *testing.B) {
	dir := os.Getenv("JOBFRAME_BENCH_DIR")
	if dir == "" {
		dir = "/tmp/jobframe-bench/100000"
	}
	f, err := os.Open(filepath.Join(dir, "wq.log"))
	if err != nil {
		b.Skipf("no benchmark input: %v", err)
	}
	defer f.Close()
	st, err := f.Stat()
	if err != nil {
		b.Fatal(err)
	}
	buf := make([]byte, 16<<20)
	n, err := f.ReadAt(buf, st.Size()/2)
	if err != nil && err != io.EOF {
		b.Fatal(err)
	}
	text := buf[:n]
	text = text[bytes.IndexByte(text, '\n')+1 : bytes.LastIndexByte(text, '\n')] // whole lines
	benchDecode(b, bytes.Split(text, []byte("\n")), true)
}

// benchDecode decodes lines in turn on one decoder, b.N lines in all
// (ns/op is per line; MB/s counts their mean length); with after, each
// after the one before, as the pipeline decodes a batch. It returns the
// last line decoded.
func benchDecode(b *testing.B, lines [][]byte, after bool) *txnLine {
	size := 0
	for _, l := range lines {
		size += len(l)
	}
	d := newLineDecoder()
	vals := make([]txnLine, 2)
	b.SetBytes(int64(size / len(lines)))
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		l, prev := &vals[i%2], &vals[(i+1)%2]
		if !after || i%len(lines) == 0 {
			prev = nil
		}
		d.decode(lines[i%len(lines)], l, prev)
	}
	return &vals[(b.N-1)%2]
}
