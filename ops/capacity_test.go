package ops

import (
	"errors"
	"slices"
	"testing"

	"github.com/jobframe/jobframe/frame"
)

func TestCapacityHyperQueue(t *testing.T) {
	d := load(t, bundled("hq/synthetic_v0.26_journal.jsonl"))
	c := Capacity(frameOf(t, d, "workers"), "cpus")
	// Workers 1 (16 cpus), 2 (8) and 3 (4) connect; 3 is lost at 09:01:50.377;
	// the server stop removes 1 and 2 in one record.
	if got, want := column(t, c, "time"), "2026-08-04T09:00:04.512000Z 2026-08-04T09:00:05.087000Z 2026-08-04T09:01:09.841000Z 2026-08-04T09:01:50.377000Z 2026-08-04T09:07:54.890000Z"; got != want {
		t.Errorf("times\n got %s\nwant %s", got, want)
	}
	if got, want := column(t, c, "value"), "16.0 24.0 28.0 24.0 0.0"; got != want {
		t.Errorf("values %s, want %s", got, want)
	}
	u := Utilization(Busy(frameOf(t, d, "placements"), "cpus"), c)
	if u.Err() != nil {
		t.Fatal(u.Err())
	}
	// The busy maximum 28 (docs/semantics.md#busy-cpus) is reached while all three
	// workers (28 cpus) are connected: utilization 1.
	row := u.Where("busy", "==", 28.0).Head(1)
	if got := column(t, row, "capacity") + " " + column(t, row, "utilization"); got != "28.0 1.0" {
		t.Errorf("at the busy peak: capacity utilization = %s", got)
	}
	// Before the first task starts, nothing is busy.
	if got := column(t, u.Head(2), "utilization"); got != "0.0 0.0" {
		t.Errorf("first utilizations %s", got)
	}
}

func TestUtilizationMerge(t *testing.T) {
	busy := frame.New(frame.MicrosCol("time", []int64{10, 20, 20, 30}, nil), frame.Float64Col("value", []float64{1, 3, 2, 0}, nil))
	capa := frame.New(frame.MicrosCol("time", []int64{0, 20, 40}, nil), frame.Float64Col("value", []float64{4, 8, 0}, nil))
	u := Utilization(busy, capa)
	for col, want := range map[string]string{
		"time":        "1970-01-01T00:00:00.000000Z 1970-01-01T00:00:00.000010Z 1970-01-01T00:00:00.000020Z 1970-01-01T00:00:00.000030Z 1970-01-01T00:00:00.000040Z",
		"busy":        "0.0 1.0 2.0 0.0 0.0",
		"capacity":    "4.0 4.0 8.0 8.0 0.0",
		"utilization": "0.0 0.25 0.25 0.0 null",
	} {
		if got := column(t, u, col); got != want {
			t.Errorf("%s: got %s, want %s", col, got, want)
		}
	}
}

func TestAllocatedNodesBalsam(t *testing.T) {
	d := load(t, bundled("balsam"))
	s := AllocatedNodes(frameOf(t, d, "allocations"))
	if s.Err() != nil {
		t.Fatal(s.Err())
	}
	// BatchJob 1: 4 nodes 12:05-12:33; BatchJob 2: 8 nodes 12:20-13:20.
	if got, want := column(t, s, "time"), "2021-03-10T12:05:00.000000Z 2021-03-10T12:20:00.000000Z 2021-03-10T12:33:00.000000Z 2021-03-10T13:20:00.000000Z"; got != want {
		t.Errorf("times %s", got)
	}
	if got, want := column(t, s, "value"), "4.0 12.0 8.0 0.0"; got != want {
		t.Errorf("values %s, want %s", got, want)
	}
}

func TestCapacityEmptyAndMissing(t *testing.T) {
	w := frame.New(frame.MicrosCol("connected", nil, nil), frame.MicrosCol("lost", nil, nil), frame.Float64Col("cpus", nil, nil))
	if c := Capacity(w, "cpus"); c.Err() != nil || c.NumRows() != 0 {
		t.Errorf("empty: %v rows, %v", c.NumRows(), c.Err())
	}
	err := Capacity(w, "gpus").Err()
	if err == nil || err.Error() != "Capacity: the frame lacks column(s) gpus; the workers frame has them" {
		t.Errorf("missing column: %v", err)
	}
	var mc *MissingColumnsError
	if !errors.As(err, &mc) || mc.Frame != "workers" || !slices.Equal(mc.Missing, []string{"gpus"}) {
		t.Errorf("missing column: %#v, want a *MissingColumnsError of the workers frame", err)
	}
}
