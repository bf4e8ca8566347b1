package lake

import (
	"fmt"
	"testing"

	"github.com/jobframe/jobframe/frame"
	"github.com/jobframe/jobframe/loaders/source"
)

// TestFingerprint: the same rows built alike hash alike, while another
// value, a null for an empty string, another row order, a renamed column
// or frame, or text held as a dictionary rather than plain strings each
// change the fingerprint.
func TestFingerprint(t *testing.T) {
	batch := func(frameName string, text frame.Column, ids []int64) *source.Dataset {
		f := frame.New(text, frame.Int64Col("id", ids, nil))
		return &source.Dataset{Frames: map[string]*frame.Frame{frameName: f}}
	}
	plain := batch("tasks", frame.StringCol("state", []string{"done", "", "failed"}, []bool{true, true, true}), []int64{1, 2, 3})
	again := batch("tasks", frame.StringCol("state", []string{"done", "", "failed"}, []bool{true, true, true}), []int64{1, 2, 3})
	if fingerprint(plain) != fingerprint(again) {
		t.Errorf("the same batch twice: %s %s", fingerprint(plain), fingerprint(again))
	}
	for name, other := range map[string]*source.Dataset{
		"a value":      batch("tasks", frame.StringCol("state", []string{"done", "", "failed"}, []bool{true, true, true}), []int64{1, 2, 4}),
		"a null":       batch("tasks", frame.StringCol("state", []string{"done", "", "failed"}, []bool{true, false, true}), []int64{1, 2, 3}),
		"the order":    batch("tasks", frame.StringCol("state", []string{"", "done", "failed"}, []bool{true, true, true}), []int64{2, 1, 3}),
		"a column":     batch("tasks", frame.StringCol("raw_state", []string{"done", "", "failed"}, []bool{true, true, true}), []int64{1, 2, 3}),
		"a frame name": batch("events", frame.StringCol("state", []string{"done", "", "failed"}, []bool{true, true, true}), []int64{1, 2, 3}),
		"the layout":   batch("tasks", frame.DictStringCol("state", []int32{1, 2, 0}, nil, []string{"failed", "done", ""}), []int64{1, 2, 3}),
	} {
		if fingerprint(other) == fingerprint(plain) {
			t.Errorf("changing %s leaves the fingerprint as it was", name)
		}
	}
}

// BenchmarkFingerprint hashes a batch of 131,072 rows: a text column of
// ~20-byte values, a dictionary column and three numbers (about 7 MB of
// Arrow buffers).
func BenchmarkFingerprint(b *testing.B) {
	const n = 1 << 17
	text := make([]string, n)
	codes := make([]int32, n)
	ids, times := make([]int64, n), make([]int64, n)
	cpu := make([]float64, n)
	for i := range n {
		text[i] = fmt.Sprintf("task-%d/output-%05d", i%977, i)
		codes[i] = int32(i % 5)
		ids[i], times[i], cpu[i] = int64(i), 1_700_000_000_000_000+int64(i)*1013, float64(i%100)/7
	}
	f := frame.New(frame.StringCol("path", text, nil), frame.DictStringCol("state", codes, nil, []string{"a", "b", "c", "d", "e"}),
		frame.Int64Col("id", ids, nil), frame.Int64Col("time", times, nil), frame.Float64Col("cpu", cpu, nil))
	batch := &source.Dataset{Frames: map[string]*frame.Frame{"tasks": f}}
	b.ResetTimer()
	for range b.N {
		fingerprint(batch)
	}
}
