package main

import (
	"context"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/jobframe/jobframe/loaders/sourcetest"
)

// The kernel against Jupyter's own client library (Debian's
// python3-jupyter-client): kernelspec, kernel_info, execute with streams,
// frames as HTML and figures as PNG, complete, inspect, is_complete,
// compile errors and panics, interrupts by message and by SIGINT, a
// badly signed message dropped, shutdown. The kernelspec is the one
// "jobframe kernel install --prefix" writes; the kernel it starts is this
// test binary acting as jobframe (JOBFRAME_TEST_AS_MAIN, inherited).
func TestKernelWithJupyterClient(t *testing.T) {
	if testing.Short() {
		t.Skip("starts Jupyter's client and the kernel")
	}
	prefix := installKernelspec(t, "jupyter_client, zmq", "python3-jupyter-client")
	dataDir := filepath.Join(prefix, "share", "jupyter")
	spec, err := os.ReadFile(filepath.Join(dataDir, "kernels", "jobframe", "kernel.json"))
	if err != nil {
		t.Fatal(err)
	}
	var ks struct {
		Argv []string `json:"argv"`
	}
	if err := json.Unmarshal(spec, &ks); err != nil || len(ks.Argv) != 4 || ks.Argv[1] != "kernel" || ks.Argv[3] != "{connection_file}" {
		t.Fatalf("kernel.json: %s (%v)", spec, err)
	}
	testdata, err := filepath.Abs("../../testdata")
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, python, "testdata/jupyter/kernel_client.py", dataDir, testdata, filepath.Join(prefix, "kernel.log"))
	cmd.Env = append(os.Environ(), "JOBFRAME_TEST_AS_MAIN=1", "JUPYTER_RUNTIME_DIR="+filepath.Join(prefix, "runtime"))
	out, err := cmd.CombinedOutput()
	t.Logf("%s", out)
	if err != nil {
		t.Fatalf("the client's checks failed: %v", err)
	}
}

// python is the Python with Debian's Jupyter packages.
const python = "/usr/bin/python3"

// installKernelspec skips the test unless python imports modules (from
// Debian's package pkg), required when JOBFRAME_REQUIRE_INTEROP=1, then
// installs the kernelspec with "jobframe kernel install --prefix" into a
// temporary folder and returns that prefix.
func installKernelspec(t *testing.T, modules, pkg string) string {
	t.Helper()
	sourcetest.Need(t, exec.Command(python, "-c", "import "+modules).Run() == nil, "Debian's "+pkg, "apt-get install "+pkg)
	prefix := t.TempDir()
	var stdout, stderr strings.Builder
	if err := runKernel([]string{"install", "--prefix", prefix}, &stdout, &stderr); err != nil {
		t.Fatal(err)
	}
	return prefix
}

// A kernel started with a connection file it cannot read exits 1 with
// one line that names the file.
func TestKernelBadConnectionFile(t *testing.T) {
	var stdout, stderr strings.Builder
	err := runKernel([]string{"-f", "no/such/connection.json"}, &stdout, &stderr)
	if err == nil || !strings.Contains(err.Error(), "no/such/connection.json") || strings.Contains(err.Error(), "\n") {
		t.Fatalf("got %v", err)
	}
	bad := filepath.Join(t.TempDir(), "c.json")
	os.WriteFile(bad, []byte(`{"ip": "127.0.0.1", "shell_port": 0}`), 0o600)
	err = runKernel([]string{"-f", bad}, &stdout, &stderr)
	if err == nil || !strings.Contains(err.Error(), "is not a port") {
		t.Fatalf("got %v", err)
	}
}

// The notebooks of scripts/notebooks run top to bottom in the jobframe
// kernel under nbclient, Jupyter's own executor (Debian's
// python3-nbclient): every cell succeeds, the figures they print are the
// seed scripts' verified ones, every plot cell shows a drawn PNG.
func TestNotebooks(t *testing.T) {
	if testing.Short() {
		t.Skip("starts Jupyter's executor and the kernel")
	}
	prefix := installKernelspec(t, "nbclient, nbformat, jupyter_client", "python3-nbclient")
	notebooks, err := filepath.Abs("../../scripts/notebooks")
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, python, "testdata/jupyter/run_notebooks.py", notebooks)
	cmd.Env = append(os.Environ(), "JOBFRAME_TEST_AS_MAIN=1",
		"JUPYTER_PATH="+filepath.Join(prefix, "share", "jupyter"), "JUPYTER_RUNTIME_DIR="+filepath.Join(prefix, "runtime"))
	out, err := cmd.CombinedOutput()
	t.Logf("%s", out)
	if err != nil {
		t.Fatalf("the notebooks failed: %v", err)
	}
}
