package records

import (
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"sync/atomic"
	"testing"
	"testing/iotest"

	"github.com/jobframe/jobframe/loaders/source"
)

// DecodedLines and DecodedBatches see the same lines, numbers, errors
// and truncation warnings as EachLine, across batch boundaries, long
// lines, CRLF, a truncated last line, a failing reader and readers that
// give a byte or half of what is asked at a time.
func TestDecodedLinesMatchesEachLine(t *testing.T) {
	var b strings.Builder
	for i := 1; i <= 9000; i++ {
		switch {
		case i == 5000:
			b.WriteString(strings.Repeat("x", 200<<10) + "\n") // longer than bufio's buffer
		case i == 7000:
			b.WriteString(strings.Repeat("y", 700<<10) + "\n") // longer than a batch's buffer
		case i >= 7500 && i < 8000:
			b.WriteString(strings.Repeat("z", 300+i%7) + "\n") // lines that fill a batch by its bytes
		case i%97 == 0:
			b.WriteString("\r\n")
		default:
			fmt.Fprintf(&b, "line %d\r\n", i)
		}
	}
	whole := b.String()
	inputs := map[string]func() io.Reader{
		"complete":  func() io.Reader { return strings.NewReader(whole) },
		"truncated": func() io.Reader { return strings.NewReader(whole + "bad tail") },
		"read error": func() io.Reader {
			return io.MultiReader(strings.NewReader(whole[:len(whole)/2]), iotest.ErrReader(errors.New("disk gone")))
		},
		"bytes one at a time": func() io.Reader { return iotest.OneByteReader(strings.NewReader(whole + "bad tail")) },
		"halves, EOF with data": func() io.Reader {
			return iotest.HalfReader(iotest.DataErrReader(strings.NewReader(whole + "bad tail")))
		},
	}
	// apply rejects lines starting with "bad"; in the truncated input that
	// is the last line, which becomes a truncation warning.
	check := func(line []byte, n int) error {
		if strings.HasPrefix(string(line), "bad") {
			return fmt.Errorf("bad line %d", n)
		}
		return nil
	}
	for name, in := range inputs {
		t.Run(name, func(t *testing.T) {
			var want, got []string
			p1 := source.Problems{File: "f"}
			err1 := EachLine(in(), &p1, func(line []byte, n int) error {
				want = append(want, fmt.Sprintf("%d:%d:%.20s", n, len(line), line))
				return check(line, n)
			})
			p2 := source.Problems{File: "f"}
			err2 := DecodedLines(in(), &p2, 1, 2, func(line []byte, v *int) { *v = len(line) },
				func(line []byte, n int, v *int) error {
					if *v != len(line) {
						t.Fatalf("line %d decoded as %d bytes, is %d", n, *v, len(line))
					}
					got = append(got, fmt.Sprintf("%d:%d:%.20s", n, len(line), line))
					return check(line, n)
				})
			if fmt.Sprint(err1) != fmt.Sprint(err2) {
				t.Fatalf("errors differ: EachLine %v, DecodedLines %v", err1, err2)
			}
			if strings.Join(want, "\n") != strings.Join(got, "\n") {
				t.Fatalf("lines differ: EachLine %d lines, DecodedLines %d", len(want), len(got))
			}
			if fmt.Sprint(p1.Warnings) != fmt.Sprint(p2.Warnings) {
				t.Fatalf("warnings differ:\n%v\n%v", p1.Warnings, p2.Warnings)
			}
			// DecodedBatches, numbering from 11 (as after ten lines read
			// apart): decode sees each batch on a worker, apply the
			// same batches in order
			var batched []string
			p3 := source.Problems{File: "f"}
			err3 := DecodedBatches(in(), &p3, 11, 2, func(l *Lines) []int {
				sizes := make([]int, l.Len())
				for i := range sizes {
					sizes[i] = len(l.Line(i))
				}
				return sizes
			}, func(l *Lines, sizes []int) error {
				for i := 0; i < l.Len(); i++ {
					line, n := l.Line(i), l.Number(i)-10
					if sizes[i] != len(line) {
						t.Fatalf("line %d decoded as %d bytes, is %d", n, sizes[i], len(line))
					}
					batched = append(batched, fmt.Sprintf("%d:%d:%.20s", n, len(line), line))
					if err := check(line, n); err != nil {
						return err
					}
				}
				return nil
			})
			// its messages name the lines by their numbers in the file
			unshift := func(s string) string {
				return regexp.MustCompile(`f:(\d+):`).ReplaceAllStringFunc(s, func(m string) string {
					n, _ := strconv.Atoi(m[2 : len(m)-1])
					return fmt.Sprintf("f:%d:", n-10)
				})
			}
			if fmt.Sprint(err1) != unshift(fmt.Sprint(err3)) {
				t.Fatalf("errors differ: EachLine %v, DecodedBatches %v", err1, err3)
			}
			if strings.Join(want, "\n") != strings.Join(batched, "\n") {
				t.Fatalf("lines differ: EachLine %d lines, DecodedBatches %d", len(want), len(batched))
			}
			if w1, w3 := fmt.Sprint(p1.Warnings), unshift(fmt.Sprint(p3.Warnings)); w1 != w3 {
				t.Fatalf("warnings differ:\n%v\n%v", w1, w3)
			}
		})
	}
	// An error from apply stops the load at once.
	p := source.Problems{File: "f"}
	seen := 0
	err := DecodedLines(strings.NewReader(whole), &p, 1, 2, func([]byte, *int) {}, func(line []byte, n int, _ *int) error {
		seen++
		if n == 4500 {
			return errors.New("stop")
		}
		return nil
	})
	if err == nil || err.Error() != "stop" || seen != 4500 {
		t.Fatalf("err %v after %d lines", err, seen)
	}
}

// TestReadAll reads whole inputs of each kind: a file read from its
// middle, a reader that says its length, and one that does not.
func TestReadAll(t *testing.T) {
	want := strings.Repeat("0123456789", 10000)
	p := filepath.Join(t.TempDir(), "in")
	if err := os.WriteFile(p, []byte("head"+want), 0o644); err != nil {
		t.Fatal(err)
	}
	f, err := os.Open(p)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if _, err := f.Seek(4, io.SeekStart); err != nil {
		t.Fatal(err)
	}
	for _, r := range []io.Reader{f, strings.NewReader(want), io.MultiReader(strings.NewReader(want[:7]), strings.NewReader(want[7:]))} {
		got, err := ReadAll(r)
		if err != nil || string(got) != want {
			t.Errorf("%T: %d bytes, %v; want %d", r, len(got), err, len(want))
		}
	}
}

// lenShort says less is left than there is: ReadAll still reads it all.
type lenShort struct{ *strings.Reader }

func (r lenShort) Len() int { return 3 }

func TestReadAllPastItsLength(t *testing.T) {
	want := strings.Repeat("x", 5000)
	if got, err := ReadAll(lenShort{strings.NewReader(want)}); err != nil || string(got) != want {
		t.Errorf("%d bytes, %v; want %d", len(got), err, len(want))
	}
}

// DecodedLinesAfterAt hands decode the line before, decoded, within a
// batch, and nil for the first line of each batch; each worker's decode
// is its own and sees its lines in input order.
func TestDecodedLinesAfter(t *testing.T) {
	const lines, workers = 50000, 3
	var b strings.Builder
	for i := 1; i <= lines; i++ {
		fmt.Fprintf(&b, "%d\n", i)
	}
	type dec struct{ n, prev, worker, before int }
	firsts := 0
	var made atomic.Int32
	seen := make([]int, workers+1) // the last line applied of each worker's decode
	err := DecodedLinesAfterAt(strings.NewReader(b.String()), &source.Problems{File: "f"}, 1, nil, workers,
		func() func(line []byte, v, prev *dec) {
			worker, last := int(made.Add(1)), 0 // this decode's own state
			return func(line []byte, v, prev *dec) {
				v.n, _ = strconv.Atoi(string(line))
				v.worker, v.before, last = worker, last, v.n
				v.prev = 0
				if prev != nil {
					v.prev = prev.n
				}
			}
		},
		func(line []byte, n int, v *dec) error {
			switch {
			case v.n != n:
				return fmt.Errorf("line %d decoded as %d", n, v.n)
			case v.worker < 1 || v.worker > workers:
				return fmt.Errorf("line %d decoded by decode %d of %d", n, v.worker, workers)
			case v.before != seen[v.worker]:
				return fmt.Errorf("line %d: its decode saw line %d last, not line %d", n, v.before, seen[v.worker])
			case v.prev == 0:
				firsts++
			case v.prev != n-1:
				return fmt.Errorf("line %d saw line %d before it", n, v.prev)
			}
			seen[v.worker] = n
			return nil
		})
	if err != nil {
		t.Fatal(err)
	}
	if want := (lines + batchLines - 1) / batchLines; firsts != want {
		t.Errorf("%d lines without the line before, want %d (one per batch)", firsts, want)
	}
	// one decode per worker goroutine that took a batch: under load a
	// goroutine may take none (CI once made 2 of 3), never two
	if m := made.Load(); m < 1 || m > workers {
		t.Errorf("%d decodes made, want one per worker that took a batch (at most %d)", m, workers)
	}
}

// The position DecodedLinesAt keeps is, at each line, the offset just
// past its line end in the input, and says whether it had one.
func TestDecodedLinesPosition(t *testing.T) {
	var b strings.Builder
	for i := 1; i <= 5000; i++ {
		switch {
		case i%10 == 0:
			b.WriteString("\r\n")
		case i == 3000:
			b.WriteString(strings.Repeat("w", 400<<10) + "\n")
		default:
			fmt.Fprintf(&b, "%s %d\n", strings.Repeat("v", i%300), i)
		}
	}
	b.WriteString("last")
	in := b.String()
	var ends []int // offset past each line's end
	for i := 0; i < len(in); i++ {
		if in[i] == '\n' {
			ends = append(ends, i+1)
		}
	}
	ends = append(ends, len(in))
	const from = 100 // as if resumed at byte 100
	var pos Position
	pos.StartAt(from, int64(len(in)))
	p := source.Problems{File: "f"}
	seen := 0
	err := DecodedLinesAt(iotest.HalfReader(strings.NewReader(in)), &p, 1, &pos, 2, func([]byte, *int) {}, func(line []byte, n int, _ *int) error {
		if want := int64(from + ends[n-1]); pos.After != want {
			t.Fatalf("line %d: position %d, want %d", n, pos.After, want)
		}
		if last := n == len(ends); pos.Ended == last {
			t.Fatalf("line %d: Ended %v", n, pos.Ended)
		}
		seen++
		return nil
	})
	if err != nil || seen != len(ends) {
		t.Fatalf("%d lines of %d, err %v", seen, len(ends), err)
	}
}
