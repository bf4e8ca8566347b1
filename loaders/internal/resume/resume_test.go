package resume

import (
	"errors"
	"strings"
	"testing"

	"github.com/jobframe/jobframe/loaders/internal/records"
	"github.com/jobframe/jobframe/loaders/source"
)

// loader is a state as a loader keeps one: its problems, its options'
// key, what it has read.
type loader struct {
	p     source.Problems
	key   string
	tasks []int64
	saver Saver `snap:"-"`
}

// TestSaveRestore: a state saved after line 3 restores into a load of
// another input name and mode, which keeps its own name and mode and
// renames the warnings restored; one saved under another key, or
// damaged, is refused with ErrResume.
func TestSaveRestore(t *testing.T) {
	old := &loader{p: source.Problems{File: "old.log", Lenient: true}, key: "frames=[]", tasks: []int64{7, 8}}
	old.p.Note(2, "task", "x", "a warning")
	c, err := old.saver.Save(old, old.p.File, 3, 120)
	if err != nil {
		t.Fatal(err)
	}
	if c.Line != 3 || c.Offset != 120 {
		t.Fatalf("checkpoint at line %d, byte %d; want 3, 120", c.Line, c.Offset)
	}
	again, err := old.saver.Save(old, old.p.File, 3, 120) // the codec kept
	if err != nil || string(again.State) != string(c.State) {
		t.Fatalf("a second save differs: %v", err)
	}

	now := &loader{p: source.Problems{File: "new.log"}, key: "frames=[]"}
	if err := Restore(c, now, &now.p, &now.key); err != nil {
		t.Fatal(err)
	}
	if now.p.File != "new.log" || now.p.Lenient || len(now.p.Warnings) != 1 || now.p.Warnings[0].File != "new.log" || now.p.Warnings[0].Line != 2 {
		t.Errorf("problems after restore: %+v", now.p)
	}
	if len(now.tasks) != 2 || now.tasks[1] != 8 {
		t.Errorf("tasks %v, want [7 8]", now.tasks)
	}

	other := &loader{p: source.Problems{File: "new.log"}, key: "frames=[tasks]"}
	if err := Restore(c, other, &other.p, &other.key); !errors.Is(err, source.ErrResume) || !strings.Contains(err.Error(), "frames=[tasks]") {
		t.Errorf("another key: %v, want ErrResume naming it", err)
	}
	bad := *c
	bad.State = append([]byte(nil), c.State...)
	bad.State[len(bad.State)/2] ^= 1
	if err := Restore(&bad, &loader{}, &now.p, &now.key); !errors.Is(err, source.ErrResume) {
		t.Errorf("a damaged state: %v, want ErrResume", err)
	}
}

// TestStart: without a checkpoint a load reads from line 1 at byte 0;
// with one, from the line after it at its offset, once restore has run,
// and restore's error stops it.
func TestStart(t *testing.T) {
	var pos records.Position
	first, err := Start(nil, strings.NewReader("x\n"), &pos, func(*source.Checkpoint) error { t.Fatal("restore called"); return nil })
	if err != nil || first != 1 || pos.After != 0 {
		t.Errorf("no checkpoint: line %d, byte %d, %v", first, pos.After, err)
	}
	restored := false
	first, err = Start(&source.Checkpoint{Line: 4, Offset: 50}, strings.NewReader("y\n"), &pos, func(*source.Checkpoint) error { restored = true; return nil })
	if err != nil || !restored || first != 5 || pos.After != 50 {
		t.Errorf("checkpoint after line 4 at byte 50: line %d, byte %d, restored %v, %v", first, pos.After, restored, err)
	}
	want := errors.New("no")
	if _, err := Start(&source.Checkpoint{Line: 1}, strings.NewReader(""), &pos, func(*source.Checkpoint) error { return want }); err != want {
		t.Errorf("restore's error: %v", err)
	}
}
