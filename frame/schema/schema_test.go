package schema

import (
	"flag"
	"os"
	"strings"
	"testing"

	"github.com/jobframe/jobframe/frame"
)

func TestResource(t *testing.T) {
	for in, want := range map[string]string{"cpus": "cpus", "cores": "cpus", "Cores": "cpus", "cpu": "cpus", "memory": "mem_mb",
		"mem_mb": "mem_mb", "disk": "disk_mb", "gpus": "gpus", "node": "nodes", "nodes": "nodes"} {
		if got, err := Resource(in); err != nil || got != want {
			t.Errorf("Resource(%q) = %q, %v; want %q", in, got, err, want)
		}
	}
	_, err := Resource("bandwidth")
	if err == nil || !strings.Contains(err.Error(), `unknown resource "bandwidth": want one of cpus, gpus, mem_mb, disk_mb, nodes`) {
		t.Fatal(err)
	}
}

func TestCheck(t *testing.T) {
	good := frame.New(frame.StringCol("job", []string{"1"}, nil), frame.Int64Col("task", []int64{3}, nil),
		frame.StringCol("state", []string{Success}, nil), frame.Float64Col("my_extra", []float64{1}, nil))
	if err := Check(Tasks, good); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		name string
		f    *frame.Frame
		want string
	}{
		{Tasks, frame.New(frame.Int64Col("job", []int64{1}, nil)), "the tasks frame's column job is int64, want string"},
		{Tasks, frame.New(frame.StringCol("state", []string{"done"}, nil)), `row 0 has state "done", which is not in the vocabulary`},
		{Jobs, frame.New(frame.Int64Col("tag.x", []int64{1}, nil)), "tag column tag.x is int64, want string"},
		{"nodes", good, `"nodes" is not a canonical frame`},
	} {
		if err := Check(c.name, c.f); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("Check(%s): %v, want %q", c.name, err, c.want)
		}
	}
	for _, f := range Frames() {
		seen := map[string]bool{}
		for _, c := range f.Columns {
			if seen[c.Name] || (c.Type == frame.Invalid && c.Name != "id") {
				t.Errorf("%s: column %s repeated or untyped", f.Name, c.Name)
			}
			seen[c.Name] = true
		}
	}
}

var update = flag.Bool("update", false, "rewrite docs/schema.md")

// TestSchemaDoc: docs/schema.md is what Markdown renders.
func TestSchemaDoc(t *testing.T) {
	const path = "../../docs/schema.md"
	if *update {
		if err := os.WriteFile(path, []byte(Markdown()), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if string(b) != Markdown() {
		t.Fatalf("%s is stale: go test ./frame/schema -update rewrites it", path)
	}
}
