package frame

import (
	"bytes"
	"regexp"
	"strings"
	"testing"
	"time"
)

func FuzzReadCSV(f *testing.F) {
	var b bytes.Buffer
	mixed(20).WriteCSV(&b)
	f.Add(b.String())
	b.Reset()
	edge().WriteCSV(&b)
	f.Add(b.String())
	f.Add("a,b\n\"x\"\"y\",\n,\"\"\n")
	f.Add("t\n2026-08-04T09:00:00.123456789+01:00\n")
	f.Fuzz(func(t *testing.T, in string) {
		g, err := ReadCSV(strings.NewReader(in), CSVOptions{})
		if err != nil {
			return
		}
		// What we read, we write and read back identically (strings stay
		// strings: inference could otherwise differ on re-read).
		types := map[string]Type{}
		for i, n := range g.Names() {
			types[n] = g.Types()[i]
		}
		var out bytes.Buffer
		if err := g.WriteCSV(&out); err != nil {
			t.Fatal(err)
		}
		h, err := ReadCSV(&out, CSVOptions{Types: types})
		if err != nil {
			t.Fatalf("re-read: %v\ninput %q\nwritten %q", err, in, out.String())
		}
		assertSameFrame(t, h, g)
	})
}

// rfc3339 is the strict layout; offsets are limited to RFC 3339's
// time-hour (00-23) and time-minute (00-59), which time.Parse does not check
// (it reads "+00:60" as one hour).
var rfc3339 = regexp.MustCompile(`^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d{1,9})?(Z|[+-]([01]\d|2[0-3]):[0-5]\d)$`)

func FuzzParseMicros(f *testing.F) {
	for _, s := range []string{"2026-08-04T09:00:00Z", "2026-08-04T09:00:04.512Z", "2021-03-10T12:00:01.123456+00:00", "1969-12-31T23:59:59.999999-05:30", "2024-02-29 00:00:00.5Z"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		us, err := ParseMicros(s)
		ref, rerr := time.Parse(time.RFC3339Nano, s)
		// time.Parse is laxer than RFC 3339 (one-digit hours, say), so it is
		// an oracle only for inputs of the strict layout.
		if rerr == nil && rfc3339.MatchString(s) && ref.Year() >= 0 && ref.UTC().Year() >= 0 && ref.UTC().Year() <= 9999 {
			if err != nil {
				t.Fatalf("ParseMicros(%q) failed: %v; time.Parse accepts it", s, err)
			}
			if ref.UnixMicro() != us && ref.Year() > 0 && ref.Year() < 10000 {
				t.Fatalf("ParseMicros(%q) = %d, time.Parse gives %d", s, us, ref.UnixMicro())
			}
		}
		if err == nil {
			if _, err := ParseMicros(FormatMicros(us)); err != nil {
				t.Fatalf("cannot re-parse %q", FormatMicros(us))
			}
		}
	})
}

func FuzzParseTags(f *testing.F) {
	for _, s := range []string{"op:hsmget;op_instance:1;op_sequence:1", " a : b ; flag ;; ", "url:http://x", ""} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		tags, _ := ParseTags(s)
		canon := FormatTags(tags)
		again, bad := ParseTags(canon)
		// Keys or values holding ";" or ":" cannot round-trip; the parser
		// never produces them, so re-parsing the canonical text is exact.
		if len(bad) > 0 || FormatTags(again) != canon {
			t.Fatalf("%q -> %q -> %q (bad %v)", s, canon, FormatTags(again), bad)
		}
	})
}

func FuzzReadParquet(f *testing.F) {
	var b bytes.Buffer
	mixed(30).WriteParquet(&b, ParquetOptions{RowGroupRows: 10})
	f.Add(b.Bytes())
	f.Fuzz(func(t *testing.T, in []byte) {
		g, err := ReadParquet(bytes.NewReader(in), ReadOptions{Name: "fuzz"})
		if err == nil && g.Err() != nil {
			t.Fatal("nil error with an errored frame")
		}
		// the footer's statistics, as a lake's reader asks for them
		k := 0
		g, err = ReadParquet(bytes.NewReader(in), ReadOptions{Name: "fuzz", KeepRowGroup: func(rg RowGroup) bool {
			for _, c := range rg.Names() {
				if lo, hi, ok := rg.TimeSpan(c); ok && (lo > hi || !rg.IsTime(c)) {
					t.Fatalf("column %s: TimeSpan %d..%d of a column that is not a time or out of order", c, lo, hi)
				}
				rg.TimeRange(c)
			}
			k++
			return k%2 == 1
		}})
		if err == nil && g.Err() != nil {
			t.Fatal("nil error with an errored frame (some row groups kept)")
		}
	})
}

func FuzzReadIPC(f *testing.F) {
	var b bytes.Buffer
	mixed(30).WriteIPC(&b, IPCOptions{})
	f.Add(b.Bytes())
	b.Reset()
	mixed(30).WriteIPC(&b, IPCOptions{Compression: "zstd"})
	f.Add(b.Bytes())
	f.Fuzz(func(t *testing.T, in []byte) {
		g, err := ReadIPC(bytes.NewReader(in), ReadOptions{Name: "fuzz"})
		if err == nil && g.Err() != nil {
			t.Fatal("nil error with an errored frame")
		}
	})
}
