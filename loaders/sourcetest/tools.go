package sourcetest

import (
	"os"
	"os/exec"
	"path/filepath"
	"testing"
)

// Need skips the test when ok is false (a tool or file it uses is
// missing: what names it, hint how to get it), or fails it when
// JOBFRAME_REQUIRE_INTEROP=1, which .ci/run sets once it has installed
// every tool.
func Need(t testing.TB, ok bool, what, hint string) {
	t.Helper()
	if ok {
		return
	}
	if os.Getenv("JOBFRAME_REQUIRE_INTEROP") == "1" {
		t.Fatalf("%s is missing and JOBFRAME_REQUIRE_INTEROP=1", what)
	}
	t.Skipf("%s is missing: %s", what, hint)
}

// Benchgen builds the benchmark's generator, ../shared/bench/gen, into
// dir and returns the bench folder and the generator's path; without
// ../shared/bench the test skips (Need).
func Benchgen(t testing.TB, dir string) (bench, gen string) {
	t.Helper()
	bench = filepath.Join(filepath.Dir(root()), "shared", "bench")
	_, err := os.Stat(filepath.Join(bench, "gen", "main.go"))
	Need(t, err == nil, "../shared/bench (the benchmark generator and baselines)", "it sits beside the repository on CI and developer machines")
	gen = filepath.Join(dir, "benchgen")
	build := exec.Command("go", "build", "-o", gen, ".")
	build.Dir = filepath.Join(bench, "gen")
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("building benchgen: %v\n%s", err, out)
	}
	return bench, gen
}
