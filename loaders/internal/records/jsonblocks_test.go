package records

import (
	"fmt"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/jobframe/jobframe/loaders/internal/jsontext"
	"github.com/jobframe/jobframe/loaders/source"
)

// blockRec is the decoded record of the block-cutting tests: the raw id.
type blockRec struct {
	id  string
	bad error
}

func decodeBlockRecAt(buf []byte, i int, v *blockRec) (int, error) {
	return jsontext.ScanMembers(buf, i, 0, func(k, val []byte) error {
		if string(k) == "id" {
			v.id = string(val)
		}
		return nil
	})
}

func decodeBlockRec(rec []byte, v *blockRec) {
	if err := jsontext.WholeObject(rec, func(i int) (int, error) { return decodeBlockRecAt(rec, i, v) }); err != nil {
		v.bad = err
	}
}

// cutBothWays loads in with the sequential cutter and with blocks of
// size bytes, strict and lenient, and fails when the records, lines,
// warnings or errors differ. It returns the sequential load's outcome.
func cutBothWays(t *testing.T, in string, size int) string {
	t.Helper()
	run := func(blocks, lenient bool) string {
		p := &source.Problems{File: "f", Lenient: lenient}
		var out []string
		apply := func(rec []byte, line int, v *blockRec) error {
			out = append(out, fmt.Sprintf("%d:%s=%s", line, rec, v.id))
			if v.bad != nil {
				return p.Bad(line, "", string(rec), "a record", v.bad)
			}
			return nil
		}
		var err error
		if blocks {
			err = decodedJSONBlocks(strings.NewReader(in), size, p, 2, decodeBlockRec, decodeBlockRecAt, apply)
		} else {
			err = decodedJSONStream(strings.NewReader(in), 1, cutStart, true, p, 1, decodeBlockRec, apply)
		}
		return fmt.Sprintf("records %q\nerror %v\nwarnings %v", out, err, p.Finish())
	}
	var got string
	for _, lenient := range []bool{false, true} {
		want, have := run(false, lenient), run(true, lenient)
		if want != have {
			t.Fatalf("%q, blocks of %d, lenient %v:\nsequential %s\nblocks     %s", in, size, lenient, want, have)
		}
		if !lenient {
			got = want
		}
	}
	return got
}

// TestJSONBlocksAsSequential checks that cutting in blocks gives what the
// sequential cutter gives, with block ends everywhere: one record a line
// (the fast path), and every shape that falls back to the sequential
// cutter part way (pretty-printed records, malformed and truncated
// records, pages, a missing comma, text after the array, long lines).
func TestJSONBlocksAsSequential(t *testing.T) {
	var lines, array, pretty strings.Builder
	array.WriteString("[\n")
	pretty.WriteString("[\n")
	for i := 1; i <= 40; i++ {
		fmt.Fprintf(&lines, "{\"id\": %d, \"data\": {\"x\": \"a}]\\\"b\"}}\n", i)
		sep := ","
		if i == 40 {
			sep = ""
		}
		fmt.Fprintf(&array, "{\"id\":%d,\"s\":\"%s\"}%s\n", i, strings.Repeat("z", i%7), sep)
		fmt.Fprintf(&pretty, "  {\n    \"id\": %d\n  }%s\n", i, sep)
	}
	array.WriteString("]\n")
	pretty.WriteString("]")
	cases := []string{
		lines.String(), array.String(), pretty.String(),
		"", "   \n\n", "[]", "[\n]\n", "[\n", "[\n{\"id\":1},\n", "[\n{\"id\":1}\n", "[\n{\"id\":1}\n]\nx",
		"[\n{\"id\":1}\n{\"id\":2}\n]\n",             // a missing comma
		"[\n{\"id\":1},\n]\n",                        // a trailing comma: ']' cut as a record
		"[\n{\"id\":1}\n,{\"id\":2}\n,{\"id\":3}]\n", // commas first
		"[{\"id\":1},{\"id\":2},\n{\"id\":3}]",
		"[\n1,\n\"x\",\n{\"id\":2}\n]",
		"{\"id\":1}\n{\"id\":2}{\"id\":3}\n\n{\n \"id\": 4\n}\n",
		"{\"id\":1}\n{\"count\": 2, \"results\": [\n{\"id\": 2},\n {\"id\": 3}\n]}\n{\"id\": 4}",
		"{\"id\":1,\"data\":{\"results\":[1]}}\n{\"id\":2}\n",
		"{\"id\":1}\n{\"id\":2,\"x\":tru}\n{\"id\":3}\n",
		"{\"id\":1}\n{\"id\":2,\"x\":\"a\nb\"}\n{\"id\":3}\n",
		"{\"id\":1}\n{\"id\":2,\n",
		"{\"id\":1}\n{\"id\":" + strings.Repeat("9", 3000) + "}\n{\"id\":3}\n",
		"[\n{\"id\":1},\n{\"id\":2,\"x\":[}\n,\n{\"id\":3}]\n",
		// records cut short in the middle, one not starting its line
		"{\"id\":1}\n{\"id\":2,\"x\":\"ab\n{\"id\":3}\n{\"id\":4}\n",
		"[\n{\"id\":1},\n{\"id\":2,\"x\":[1\n{\"id\":3},\n{\"id\":4}\n]\n",
		"{\"id\":1} {\"id\":2,\"x\":\"a\n{\"id\":3}\n",
	}
	for _, in := range cases {
		for _, size := range []int{1, 2, 3, 5, 8, 13, 40, 100, 1 << 16} {
			cutBothWays(t, in, size)
		}
	}
	// the regular shapes are cut by the blocks' decoders alone; a
	// pretty-printed file falls back at its first record that crosses a
	// block's end (its first block holds two whole records)
	for _, c := range []struct {
		in        string
		seq, fast int
	}{{array.String(), 0, 40}, {lines.String(), 0, 40}, {pretty.String(), 38, 2}} {
		var seq, fast atomic.Int64
		decode := func(rec []byte, v *blockRec) { seq.Add(1); decodeBlockRec(rec, v) }
		decodeAt := func(buf []byte, i int, v *blockRec) (int, error) {
			end, err := decodeBlockRecAt(buf, i, v)
			if err == nil {
				fast.Add(1)
			}
			return end, err
		}
		n := 0
		err := decodedJSONBlocks(strings.NewReader(c.in), 64, &source.Problems{File: "f"}, 2, decode, decodeAt, func(rec []byte, line int, v *blockRec) error {
			n++
			return nil
		})
		if err != nil || n != 40 || int(seq.Load()) != c.seq || int(fast.Load()) < c.fast {
			t.Errorf("%.20q: %d records (%v), %d cut sequentially, %d in blocks; want %d and at least %d", c.in, n, err, seq.Load(), fast.Load(), c.seq, c.fast)
		}
	}
}

// FuzzJSONBlocks checks cutting in blocks of any size against the
// sequential cutter on any input.
func FuzzJSONBlocks(f *testing.F) {
	for _, s := range []string{"[\n{\"id\":1},\n{\"id\":2}\n]\n", "{\"id\":1}\n{\"id\":2}\n", "[\n  {\n  \"id\": 1\n  }\n]", "{\"count\":1,\"results\":[{\"id\":1}]}\n{\"id\":2}"} {
		f.Add(s, uint8(3))
	}
	f.Fuzz(func(t *testing.T, in string, size uint8) {
		cutBothWays(t, in, int(size)%64+1)
	})
}
