package lake

import (
	"strings"
	"testing"

	"github.com/jobframe/jobframe/frame"
)

// TestReservedInputColumn: a frame with a column named input (the
// lake's column for the input's name) is an error naming the frame, not
// a frame left out of the lake.
func TestReservedInputColumn(t *testing.T) {
	s := &stager{input: "a.log"}
	f := frame.New(frame.StringCol("input", []string{"x"}, nil), frame.Int64Col("task", []int64{1}, nil))
	_, err := s.plan("snakemake", "tasks", f)
	if err == nil || !strings.Contains(err.Error(), "the tasks frame of snakemake has a column named input") {
		t.Fatalf("got %v", err)
	}
}
