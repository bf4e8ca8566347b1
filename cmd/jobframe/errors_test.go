package main

import (
	"fmt"
	"testing"

	"github.com/jobframe/jobframe/frame"
	"github.com/jobframe/jobframe/ops"
)

// TestFrameSources: an op's error about a canonical frame that lacks
// columns gets the formats whose loads have that frame, from the list
// of formats (HyperQueue journals, cctools transactions logs,
// WfCommons instances and Parsl databases have workers); other errors
// get nothing.
func TestFrameSources(t *testing.T) {
	w := frame.New(frame.MicrosCol("connected", nil, nil), frame.MicrosCol("lost", nil, nil), frame.Float64Col("cpus", nil, nil))
	err := fmt.Errorf("x.log: %w", ops.Capacity(w, "gpus").Err())
	want := " (the workers frame comes from hyperqueue, wfcommons, cctools-transactions, parsl-monitoring)"
	if got := frameSources(err); got != want {
		t.Errorf("frameSources(%v) = %q, want %q", err, got, want)
	}
	if got := frameSources(fmt.Errorf("other")); got != "" {
		t.Errorf("frameSources of another error: %q", got)
	}
}
