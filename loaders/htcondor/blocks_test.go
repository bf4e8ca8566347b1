package htcondor

import (
	"bytes"
	"errors"
	"strings"
	"testing"

	"github.com/jobframe/jobframe/loaders/htcondor/htcgen"
	"github.com/jobframe/jobframe/loaders/source"
	"github.com/jobframe/jobframe/loaders/sourcetest"
)

// TestBlocks: a log read in blocks of 1 KB (hundreds of blocks, parsed
// on every core) gives the frames and warnings of one block, strict and
// lenient; a bad event far into the log is the error at its line, the
// first one when there are two, whichever block parsed first.
func TestBlocks(t *testing.T) {
	var log bytes.Buffer
	if err := htcgen.Write(&log, 300, 7); err != nil {
		t.Fatal(err)
	}
	text := log.String()
	load := func(s string, o source.Options, size int) (*source.Dataset, error) {
		o.Name = "x.log"
		return loadBlocks(strings.NewReader(s), o, size)
	}
	whole, err := load(text, source.Options{}, 1<<30)
	if err != nil {
		t.Fatal(err)
	}
	small, err := load(text, source.Options{}, 1<<10)
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"jobs", "tasks", "placements", "events"} {
		sourcetest.SameJSON(t, name, sourcetest.Rows(t, small.Frames[name]), sourcetest.Rows(t, whole.Frames[name]))
	}
	// two bad events: an unknown event number, far apart
	lines := strings.Split(text, "\n")
	bad := []int{}
	for i, l := range lines {
		if strings.HasPrefix(l, "001 (") && (len(bad) == 0 && i > len(lines)/3 || len(bad) == 1 && i > 2*len(lines)/3) {
			lines[i] = "099" + l[3:]
			bad = append(bad, i+1)
		}
	}
	broken := strings.Join(lines, "\n")
	for _, size := range []int{1 << 10, 1 << 30} {
		_, err := load(broken, source.Options{}, size)
		var pe *source.ParseError
		if !errors.As(err, &pe) || pe.Line != bad[0] {
			t.Fatalf("blocks of %d: got %v, want the error at line %d", size, err, bad[0])
		}
	}
	a, err1 := load(broken, source.Options{Lenient: true}, 1<<10)
	b, err2 := load(broken, source.Options{Lenient: true}, 1<<30)
	if err1 != nil || err2 != nil {
		t.Fatal(err1, err2)
	}
	sourcetest.SameJSON(t, "lenient warnings", a.Warnings, b.Warnings)
	if len(a.Warnings) != 3 || a.Warnings[0].Line != bad[0] || a.Warnings[1].Line != bad[1] {
		t.Fatalf("warnings %v, want lines %v and the total", a.Warnings, bad)
	}
}
