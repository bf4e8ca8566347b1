package lakeread

import (
	"bytes"
	"testing"
	"time"

	"github.com/jobframe/jobframe/frame"
)

// TestEndColumn: From prunes by the canonical frame's end column only.
// A part of an events frame whose times all fall before From goes
// unread (time is the events' end); the same part as a tasks frame is
// read, for the tasks' end is end, which it lacks (merged with another
// source's tasks, its rows would have a null end: still going, kept).
// Nulls in the end column keep the row group too.
func TestEndColumn(t *testing.T) {
	base := time.Date(2024, 5, 1, 0, 0, 0, 0, time.UTC)
	us := []int64{base.UnixMicro(), base.Add(time.Minute).UnixMicro()}
	read := func(name string, valid []bool) int {
		var buf bytes.Buffer
		if err := frame.New(frame.MicrosCol("time", us, valid)).WriteParquet(&buf, frame.ParquetOptions{}); err != nil {
			t.Fatal(err)
		}
		w := Window{From: base.Add(time.Hour)}
		f, err := frame.ReadParquet(bytes.NewReader(buf.Bytes()), frame.ReadOptions{KeepRowGroup: w.keepRowGroup(name)})
		if err != nil {
			t.Fatal(err)
		}
		return f.NumRows()
	}
	if n := read("events", nil); n != 0 {
		t.Errorf("events ending before From: %d rows read", n)
	}
	if n := read("tasks", nil); n != 2 {
		t.Errorf("tasks without their end column: %d rows read, want 2", n)
	}
	if n := read("events", []bool{true, false}); n != 2 {
		t.Errorf("events with a null time: %d rows read, want 2", n)
	}
	if got := (Window{}).keepRowGroup("tasks"); got != nil {
		t.Error("an open window has a row-group filter")
	}
}
