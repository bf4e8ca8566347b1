package records

import (
	"bytes"
	"io"
	"strings"
	"testing"

	"github.com/jobframe/jobframe/loaders/source"
)

// TestMaxLine: a line longer than the bound is an error naming the
// file and line, in both line readers (EachLine and the batched one the
// streaming loaders use), and in the JSON record cutter; the bytes of the
// line are streamed, never held past the bound.
func TestMaxLine(t *testing.T) {
	long := func() io.Reader {
		return io.MultiReader(strings.NewReader("first\n"), io.LimitReader(zeros{}, source.DefaultMaxLineBytes+1<<20), strings.NewReader("\nlast\n"))
	}
	p := &source.Problems{File: "long.log"}
	err := EachLine(long(), p, func([]byte, int) error { return nil })
	if err == nil || !strings.Contains(err.Error(), "long.log:2:") || !strings.Contains(err.Error(), "a line of at most 64 MiB") {
		t.Errorf("EachLine: %v", err)
	}
	err = DecodedLinesAt(long(), &source.Problems{File: "long.log"}, 1, nil, 1, func([]byte, *struct{}) {}, func([]byte, int, *struct{}) error { return nil })
	if err == nil || !strings.Contains(err.Error(), "long.log:2:") || !strings.Contains(err.Error(), "a line of at most 64 MiB") {
		t.Errorf("DecodedLinesAt: %v", err)
	}
	obj := io.MultiReader(strings.NewReader(`{"a":"`), io.LimitReader(zeros{}, source.DefaultMaxLineBytes+1<<20), strings.NewReader(`"}`))
	if p := CutJSON(obj, func([]byte, int) bool { return true }); p == nil || p.err == nil || !strings.Contains(p.err.Error(), "a record of more than 64 MiB") {
		t.Errorf("CutJSON: %+v", p)
	}
	// a bound of its own (Options.MaxLineBytes, JOBFRAME_MAX_LINE_BYTES)
	small := &source.Problems{File: "small.log", MaxLine: 1000}
	in := "first\n" + strings.Repeat("b", 1000) + "\n" + strings.Repeat("c", 1001) + "\nlast\n"
	err = EachLine(strings.NewReader(in), small, func([]byte, int) error { return nil })
	if err == nil || !strings.Contains(err.Error(), "small.log:3:") || !strings.Contains(err.Error(), "a line of at most 1000 bytes") {
		t.Errorf("EachLine, at most 1000 bytes: %v", err)
	}
	small = &source.Problems{File: "small.log", MaxLine: 1000}
	err = DecodedLinesAt(strings.NewReader(in), small, 1, nil, 1, func([]byte, *struct{}) {}, func([]byte, int, *struct{}) error { return nil })
	if err == nil || !strings.Contains(err.Error(), "small.log:3:") || !strings.Contains(err.Error(), "a line of at most 1000 bytes") {
		t.Errorf("DecodedLinesAt, at most 1000 bytes: %v", err)
	}
	// a line just under the bound reads
	ok := io.MultiReader(io.LimitReader(zeros{}, 1<<20), strings.NewReader("\n"))
	n := 0
	if err := EachLine(ok, &source.Problems{File: "ok.log"}, func(line []byte, _ int) error { n += len(line); return nil }); err != nil || n != 1<<20 {
		t.Errorf("a 1 MiB line: %v, %d bytes", err, n)
	}
}

// zeros reads as many 'a's as asked.
type zeros struct{}

func (zeros) Read(p []byte) (int, error) {
	copy(p, bytes.Repeat([]byte{'a'}, len(p)))
	return len(p), nil
}
