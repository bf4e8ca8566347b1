package epmt

import (
	"bytes"
	"math/rand/v2"
	"os"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/jobframe/jobframe/loaders/internal/bytesconv"
	"github.com/jobframe/jobframe/loaders/sourcetest"
)

// integerField is what splitPlain calls an integer: an optional '-' and 1
// to 18 digits.
var integerField = regexp.MustCompile(`^-?[0-9]{1,18}$`)

// checkSplit compares splitPlain with strings.Split and strconv on line.
func checkSplit(t *testing.T, line string) {
	t.Helper()
	var l csvLine
	splitPlain([]byte(line), &l)
	want := strings.Split(line, ",")
	if len(l.spans) != len(want) || len(l.ints) != len(want) || len(l.isInt) != len(want) {
		t.Fatalf("%q: %d fields, want %d", line, len(l.spans), len(want))
	}
	for k, f := range want {
		sp := l.spans[k]
		if got := line[sp.From:sp.To]; got != f {
			t.Fatalf("%q: field %d is %q, want %q", line, k, got, f)
		}
		ok := integerField.MatchString(f)
		var v int64
		if ok {
			v, _ = strconv.ParseInt(f, 10, 64)
		}
		if l.isInt[k] != ok || l.ints[k] != v {
			t.Fatalf("%q: field %d (%q) is %d (integer %v), want %d (%v)", line, k, f, l.ints[k], l.isInt[k], v, ok)
		}
	}
}

// Fields of every length around the eight-byte word, at every offset in
// it, of digits, signs and other bytes; and random lines of them.
func TestSplitPlain(t *testing.T) {
	for _, line := range []string{
		"", ",", ",,", "0", "-", "-0", "1,22,333,4444,55555,666666,7777777,88888888,999999999",
		"123456789012345678,1234567890123456789,-123456789012345678", "0000000,00000000,0000001",
		"12a4567,1234567a,a,/usr/bin/test,0 = 0,-12,1-2,--1,+1, 1", "\x80\xff,9\x80,12345\xb9",
		"op:dmput;op_instance:1;op_sequence:1,pp075,dmput,/usr/local/bin/dmput,-r /archive/fms/history/18540101.nc.tar,0,28585,0,28584,28574,28569,1,28585,1561237094311431,1561237094455996,93985,33994,2667,1043,0,0,24,11,3,0,1199392604160",
	} {
		checkSplit(t, line)
	}
	// every byte at every place of a field the word holds
	for b := range 256 {
		if b == '"' || b == '\\' {
			continue
		}
		for p := range 7 {
			field := []byte("1234567")
			field[p] = byte(b)
			checkSplit(t, string(field)+",8")
		}
	}
	pieces := []string{"0", "7", "42", "-", "-5", "123456", "9876543", "12345678", "123456789", "1561237094311431", "12345678901234567", "-r /archive", "x", "/a/b", "1.5", "", "\xc3\xa9", ":", "9:"}
	r := rand.New(rand.NewPCG(1, 2))
	for range 20000 {
		var b strings.Builder
		for k := range r.IntN(12) {
			if k > 0 {
				b.WriteByte(',')
			}
			for range r.IntN(3) {
				b.WriteString(pieces[r.IntN(len(pieces))])
			}
		}
		checkSplit(t, b.String())
	}
}

func FuzzSplitPlain(f *testing.F) {
	for _, s := range []string{"1,22,333", "-1,1234567,12345678,", "a,\xff9,0"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, line string) {
		if strings.ContainsAny(line, "\"\\") {
			return // such lines go through the state machine
		}
		checkSplit(t, line)
	})
}

// BenchmarkSplitPlain splits the lines of the real papiex file of job
// 804280 (../shared/data) with the word-at-a-time fast path and a byte at
// a time.
func BenchmarkSplitPlain(b *testing.B) {
	text, err := os.ReadFile(sourcetest.Shared(b, "epmt/804280/pp075-collated-papiex-804280-0.PARTIAL-first435of6039procs.csv"))
	if err != nil {
		b.Fatal(err)
	}
	var lines [][]byte
	for _, l := range bytes.Split(text, []byte("\n"))[1:] {
		if len(l) > 0 && !bytes.ContainsAny(l, "\"\\") {
			lines = append(lines, l)
		}
	}
	size := 0
	for _, l := range lines {
		size += len(l)
	}
	b.Run("swar", func(b *testing.B) {
		b.SetBytes(int64(size))
		var l csvLine
		for range b.N {
			for _, s := range lines {
				l.spans, l.ints, l.isInt = l.spans[:0], l.ints[:0], l.isInt[:0]
				splitPlain(s, &l)
			}
		}
	})
	b.Run("bytes", func(b *testing.B) {
		b.SetBytes(int64(size))
		var l csvLine
		for range b.N {
			for _, s := range lines {
				l.spans, l.ints, l.isInt = l.spans[:0], l.ints[:0], l.isInt[:0]
				for i := 0; ; {
					end, v, ok := splitField(s, i)
					l.add(i, end, v, ok)
					if end == len(s) {
						break
					}
					i = end + 1
				}
			}
		}
	})
}

// add appends one field of the line: its place, value and whether it is
// an integer (BenchmarkSplitPlain's byte-at-a-time split).
func (l *csvLine) add(from, to int, v int64, ok bool) {
	l.spans = append(l.spans, bytesconv.Span{From: int32(from), To: int32(to)})
	l.ints = append(l.ints, v)
	l.isInt = append(l.isInt, ok)
}

// csvStateMachine, which copies a field's plain bytes as one run, gives
// what the machine gives with every byte through its states, for records
// whole or cut, with quotes, escapes and line ends anywhere.
func FuzzCSVStateMachine(f *testing.F) {
	for _, s := range []string{"a,b,c\n", `"x, y",z` + "\n", `a\,b,"q""q",\` + "\n", `"open` + "\n", "a,\"b\"c,d\r\n", "x\\"} {
		f.Add([]byte(s), false)
		f.Add([]byte(s), true)
	}
	f.Fuzz(func(t *testing.T, b []byte, atEOF bool) {
		var sc1, sc2 csvScratch
		got, ok1 := csvStateMachine(b, atEOF, &sc1)
		var want []string
		ok2 := parseCSVRecord(b, atEOF, &sc2, false)
		if ok2 {
			want = sc2.cutFields()
		}
		if ok1 != ok2 || !slices.Equal(got, want) {
			t.Fatalf("%q: %q %v, want %q %v", b, got, ok1, want, ok2)
		}
	})
}
