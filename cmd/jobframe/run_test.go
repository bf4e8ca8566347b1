package main

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"
)

// The exit status of a script is os.Exit's argument, 2 for a panic (as
// go run reports them), 1 for a compile error.
func TestRunExitStatus(t *testing.T) {
	dir := t.TempDir()
	for name, c := range map[string]struct {
		src  string
		want int
	}{
		"exit":  {"package main\nimport \"os\"\nfunc main() { os.Exit(4) }\n", 4},
		"ok":    {"package main\nfunc main() {}\n", 0},
		"panic": {"package main\nfunc main() { panic(\"boom\") }\n", 2},
		"bad":   {"package main\nfunc main() { x := }\n", 1},
	} {
		path := filepath.Join(dir, name+".go")
		if err := os.WriteFile(path, []byte(c.src), 0o644); err != nil {
			t.Fatal(err)
		}
		var out, errb bytes.Buffer
		if got := run([]string{"run", path}, &out, &errb); got != c.want {
			t.Errorf("%s: exit %d, want %d (stderr %q)", name, got, c.want, errb.String())
		}
	}
}
