package lake

import (
	"testing"

	"github.com/jobframe/jobframe/frame"
	"github.com/jobframe/jobframe/loaders/source"
)

// TestFingerprint: a batch's fingerprint follows its values, not their
// layout: text as a dictionary or as plain strings hashes alike, while
// another value, a null for an empty string, another row order, a
// renamed column or frame each change it.
func TestFingerprint(t *testing.T) {
	batch := func(frameName string, text frame.Column, ids []int64) *source.Dataset {
		f := frame.New(text, frame.Int64Col("id", ids, nil))
		return &source.Dataset{Frames: map[string]*frame.Frame{frameName: f}}
	}
	plain := batch("tasks", frame.StringCol("state", []string{"done", "", "failed"}, []bool{true, true, true}), []int64{1, 2, 3})
	dict := batch("tasks", frame.DictStringCol("state", []int32{1, 2, 0}, nil, []string{"failed", "done", ""}), []int64{1, 2, 3})
	if fingerprint(plain) != fingerprint(dict) {
		t.Errorf("plain and dictionary text of the same values differ: %s %s", fingerprint(plain), fingerprint(dict))
	}
	for name, other := range map[string]*source.Dataset{
		"a value":      batch("tasks", frame.StringCol("state", []string{"done", "", "failed"}, []bool{true, true, true}), []int64{1, 2, 4}),
		"a null":       batch("tasks", frame.StringCol("state", []string{"done", "", "failed"}, []bool{true, false, true}), []int64{1, 2, 3}),
		"the order":    batch("tasks", frame.StringCol("state", []string{"", "done", "failed"}, []bool{true, true, true}), []int64{2, 1, 3}),
		"a column":     batch("tasks", frame.StringCol("raw_state", []string{"done", "", "failed"}, []bool{true, true, true}), []int64{1, 2, 3}),
		"a frame name": batch("events", frame.StringCol("state", []string{"done", "", "failed"}, []bool{true, true, true}), []int64{1, 2, 3}),
	} {
		if fingerprint(other) == fingerprint(plain) {
			t.Errorf("changing %s leaves the fingerprint as it was", name)
		}
	}
}
