package sourcetest

import (
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"syscall"
	"testing"

	"github.com/jobframe/jobframe/loaders/source"
)

// CachedInput returns the path of a generated benchmark input named
// name in the temporary directory, writing it with gen the first time
// (through a temporary name, so that an interrupted run leaves no half
// file behind).
func CachedInput(tb testing.TB, name string, gen func(io.Writer) error) string {
	tb.Helper()
	p := filepath.Join(os.TempDir(), name)
	if _, err := os.Stat(p); err == nil {
		return p
	}
	f, err := os.Create(p + ".tmp")
	if err != nil {
		tb.Fatal(err)
	}
	if err := gen(f); err != nil {
		tb.Fatal(err)
	}
	if err := f.Close(); err != nil {
		tb.Fatal(err)
	}
	if err := os.Rename(p+".tmp", p); err != nil {
		tb.Fatal(err)
	}
	return p
}

// HarnessInput returns the path and the size in bytes (a folder's files
// summed) of name among the inputs ../shared/bench generates, in the
// folder JOBFRAME_BENCH_DIR names (/tmp/jobframe-bench/100000 when
// unset), and skips b when it is not there.
func HarnessInput(b *testing.B, name string) (path string, size int64) {
	b.Helper()
	dir := os.Getenv("JOBFRAME_BENCH_DIR")
	if dir == "" {
		dir = "/tmp/jobframe-bench/100000"
	}
	path = filepath.Join(dir, name)
	if _, err := os.Stat(path); err != nil {
		b.Skipf("no benchmark input %s (loaders/bench_test.go says how to make them)", path)
	}
	// the input, or a file in its folder, may be a link: count what it
	// links to
	root, err := filepath.EvalSymlinks(path)
	if err == nil {
		err = filepath.WalkDir(root, func(p string, e fs.DirEntry, err error) error {
			if err != nil || e.IsDir() {
				return err
			}
			fi, err := os.Stat(p)
			if err == nil {
				size += fi.Size()
			}
			return err
		})
	}
	if err != nil {
		b.Fatal(err)
	}
	return path, size
}

// BenchLoad runs load on the file at path b.N times, reporting its bytes
// per second and the CPU time of the process per load (cpu-ms/op: on a
// shared machine, other work slows the wall time of a load more than
// its CPU time), and fails unless frame name has rows rows each time.
func BenchLoad(b *testing.B, path string, load func(io.Reader, source.Options) (*source.Dataset, error), name string, rows int) {
	st, err := os.Stat(path)
	if err != nil {
		b.Fatal(err)
	}
	b.SetBytes(st.Size())
	b.ReportAllocs()
	defer ReportCPU(b)()
	for i := 0; i < b.N; i++ {
		f, err := os.Open(path)
		if err != nil {
			b.Fatal(err)
		}
		d, err := load(f, source.Options{Name: path})
		f.Close()
		if err != nil {
			b.Fatal(err)
		}
		if n := d.Frames[name].NumRows(); n != rows {
			b.Fatalf("%d rows of %s, want %d", n, name, rows)
		}
	}
}

// ReportCPU starts counting the process's CPU time; the function it
// returns reports it per op as cpu-ms/op (defer ReportCPU(b)()): on a
// shared machine, other work slows the wall time of a load more than its
// CPU time.
func ReportCPU(b *testing.B) func() {
	cpu0 := cpuTime()
	return func() { b.ReportMetric(float64(cpuTime()-cpu0)/float64(b.N)/1e6, "cpu-ms/op") }
}

// cpuTime is the CPU time the process has used, user and system, in ns.
func cpuTime() int64 {
	var u syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &u) != nil {
		return 0
	}
	return u.Utime.Nano() + u.Stime.Nano()
}
