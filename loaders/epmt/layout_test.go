package epmt

import (
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"reflect"
	"strings"
	"testing"
	"testing/iotest"

	"github.com/jobframe/jobframe/loaders/source"
	"github.com/jobframe/jobframe/loaders/sourcetest"
)

// papiexRead is everything readPapiexCSVPacked returns and reports, in a
// form reflect.DeepEqual compares.
type papiexRead struct {
	Procs              []papiexProc
	Strs               [][nStrFields]string
	Tags               []string
	Rows               papiexRows
	Metrics, Skipped   []string
	Err                string
	Warnings, Skipped2 any
}

func readPapiex(in string, lenient, pack bool, need func(string) bool) papiexRead {
	p := &source.Problems{File: "f.csv", Lenient: lenient}
	text := newPapiexText([nStrFields]bool{true, true, true, true, true})
	procs, rows, metrics, skipped, err := readPapiexCSVPacked(strings.NewReader(in), p, text, need, pack)
	var out papiexRead
	for _, pr := range procs {
		c := *pr
		c.str = nil
		out.Procs = append(out.Procs, c)
		var strs [nStrFields]string
		if pr.str != nil {
			strs = *pr.str
		}
		out.Strs = append(out.Strs, strs)
	}
	out.Tags = text.tags
	if rows != nil {
		out.Rows = *rows
	}
	out.Metrics, out.Skipped = metrics, skipped
	if err != nil {
		out.Err = err.Error()
	}
	out.Warnings, out.Skipped2 = p.Warnings, p.Skipped
	return out
}

// comparePacked fails when packing the usual rows on the decode
// goroutines changes what the papiex CSV reader returns, for all metrics
// kept and for a few, strict and lenient.
func comparePacked(t *testing.T, in string) {
	t.Helper()
	few := func(m string) bool { return m == "usertime" || m == "systemtime" || m == "rdtsc_duration" }
	all := func(string) bool { return true }
	for _, need := range []func(string) bool{all, few} {
		for _, lenient := range []bool{false, true} {
			a, b := readPapiex(in, lenient, true, need), readPapiex(in, lenient, false, need)
			if !reflect.DeepEqual(a, b) {
				t.Fatalf("lenient %v: packed and field-by-field reads differ on\n%.2000s\npacked: %.3000v\nfield by field: %.3000v", lenient, in, a, b)
			}
		}
	}
}

// mutatePapiex returns in with a few lines changed the ways bad or odd
// papiex files differ from the usual: a field emptied or replaced by
// text, a sign, a number too long for atoiFast, a quote or a backslash;
// a field dropped or added; a pid emptied (a thread row); lines dropped,
// repeated or blank.
func mutatePapiex(r *rand.Rand, in string) string {
	lines := strings.Split(in, "\n")
	odd := []string{"", "x", "+4", "-7", "12345678901234567890", "1234567890123456789", `"5"`, `a\,b`, "1.5", " 3", "0"}
	for range 1 + r.IntN(4) {
		i := r.IntN(len(lines))
		fields := strings.Split(lines[i], ",")
		switch r.IntN(6) {
		case 0, 1, 2:
			fields[r.IntN(len(fields))] = odd[r.IntN(len(odd))]
		case 3:
			k := r.IntN(len(fields))
			fields = append(fields[:k], fields[k+1:]...)
		case 4:
			fields = append(fields, "9")
		case 5:
			lines = append(lines[:i], append([]string{lines[r.IntN(len(lines))]}, lines[i:]...)...)
			continue
		}
		lines[i] = strings.Join(fields, ",")
	}
	if r.IntN(4) == 0 {
		i := 1 + r.IntN(len(lines)-1)
		lines = append(lines[:i], lines[i+1:]...)
	}
	return strings.Join(lines, "\n")
}

// TestPapiexPackedSameAsFieldByField: the bundled papiex CSV files, and
// 300 mutations of each of their first 60 lines, read the same with the
// usual rows packed on the decode goroutines as field by field.
func TestPapiexPackedSameAsFieldByField(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	for _, rel := range []string{
		"epmt/615503/pp053-papiex-615503-0.csv",
		"epmt/615503/pp053-papiex-615503-1.csv",
		"epmt/804280/pp075-collated-papiex-804280-0.PARTIAL-first435of6039procs.csv",
		"bench/pp075-collated-papiex-804280-0.csv",
	} {
		b, err := os.ReadFile(sourcetest.Bundled(rel))
		if err != nil {
			t.Fatal(err)
		}
		comparePacked(t, string(b))
		lines := strings.SplitAfter(string(b), "\n")
		head := strings.Join(lines[:min(60, len(lines))], "")
		for k := range 300 {
			t.Run(fmt.Sprintf("%s/%d", rel, k), func(t *testing.T) { comparePacked(t, mutatePapiex(r, head)) })
		}
	}
}

// Reading the header ahead loses nothing: a reader that gives a byte at a
// time reads as a whole one does, and a read error in the header or
// after it is reported, not taken for the end of the file.
func TestPeekPapiexLayoutReader(t *testing.T) {
	b, err := os.ReadFile(sourcetest.Bundled("epmt/615503/pp053-papiex-615503-0.csv"))
	if err != nil {
		t.Fatal(err)
	}
	need := func(string) bool { return true }
	lay, r := peekPapiexLayout(iotest.OneByteReader(strings.NewReader(string(b))), need)
	if lay == nil || len(lay.header) < 10 || lay.header[0] != "tags" {
		t.Fatalf("layout %+v", lay)
	}
	if got, err := io.ReadAll(r); err != nil || string(got) != string(b) {
		t.Fatalf("read back %d bytes (%v), want %d", len(got), err, len(b))
	}
	gone := errors.New("disk gone")
	for _, cut := range []int{5, len(b) / 2} {
		in := io.MultiReader(strings.NewReader(string(b[:cut])), iotest.ErrReader(gone))
		_, _, _, _, err := readPapiexCSV(in, &source.Problems{File: "f.csv"}, newPapiexText([nStrFields]bool{}), need)
		if !errors.Is(err, gone) {
			t.Fatalf("cut at %d: error %v, want %v", cut, err, gone)
		}
	}
	// a header with a quote is laid out when the reader reaches it
	if lay, _ := peekPapiexLayout(strings.NewReader("\"tags\",pid,numtids,start,end\n"), need); lay != nil {
		t.Fatalf("quoted header laid out ahead: %+v", lay)
	}
}

// FuzzPapiexPacked holds the packed read of papiex CSV rows to the
// field-by-field one.
func FuzzPapiexPacked(f *testing.F) {
	b, _ := os.ReadFile(sourcetest.Bundled("epmt/615503/pp053-papiex-615503-0.csv"))
	lines := strings.SplitAfter(string(b), "\n")
	for i := 1; i < len(lines); i += 4 {
		f.Add(lines[0] + strings.Join(lines[i:min(i+4, len(lines))], ""))
	}
	b, _ = os.ReadFile(sourcetest.Bundled("epmt/804280/pp075-collated-papiex-804280-0.PARTIAL-first435of6039procs.csv"))
	f.Add(string(b[:6000]))
	f.Fuzz(func(t *testing.T, in string) { comparePacked(t, in) })
}
