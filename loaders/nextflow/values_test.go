package nextflow

import (
	"fmt"
	"strconv"
	"testing"
	"time"
)

// TestValues reads each kind of value in both of Nextflow's forms; the
// figures are worked by hand from MemoryUnit and Duration's rules
// (1024-based, rounded to the byte; each component rounded to the ms).
func TestValues(t *testing.T) {
	show := func(v any, ok bool, err error) string {
		if err != nil {
			return "error"
		}
		if !ok {
			return "null"
		}
		return fmt.Sprint(v)
	}
	ny, err := time.LoadLocation("America/New_York")
	if err != nil {
		t.Skip("no time zone data:", err)
	}
	for _, c := range []struct{ kind, in, want string }{
		{"duration", "5m 18s", "318"},
		{"duration", "13.9s", "13.9"},
		{"duration", "366ms", "0.366"},
		{"duration", "1d 2h 3m 4s", "93784"},
		{"duration", "60000", "60"},
		{"duration", "2hours", "7200"},
		{"duration", "-", "null"},
		{"duration", "1 fortnight", "error"},
		{"duration", "s", "error"},
		{"memory", "218.2 MB", "228799283"},
		{"memory", "1016 B", "1016"},
		{"memory", "4.9 GB", "5261334938"},
		{"memory", "12K", "12288"},
		{"memory", "0", "0"},
		{"memory", "1073741824", "1073741824"},
		{"memory", "9 ZB", "error"},
		{"memory", "3 QB", "error"},
		{"memory", "MB", "error"},
		{"mib", "218.2 MB", "218.2"},
		{"mib", "4.9 GB", "5017.6"},
		{"mib", "1073741824", "1024"},
		{"mib", "3 QB", "error"},
		{"percent", "97.8%", "97.8"},
		{"percent", "150.0", "150"},
		{"percent", "x%", "error"},
		{"int", "-", "null"},
		{"int", "137", "137"},
		{"int", "1.5", "error"},
		{"date", "2021-03-04 21:06:07.625", "2021-03-04T21:06:07.625Z"},
		{"date", "1614891967625", "2021-03-04T21:06:07.625Z"},
		{"date", "2021-13-04 21:06:07.625", "error"},
		{"date", "2021-03-04T21:06:07", "error"},
		{"date-ny", "2021-03-04 16:06:07.625", "2021-03-04T21:06:07.625Z"},
	} {
		var got string
		switch c.kind {
		case "duration":
			got = show(parseDuration(c.in))
		case "memory":
			got = show(parseMemory(c.in))
		case "mib":
			got = show(parseMiB(c.in))
		case "percent":
			got = show(parsePercent(c.in))
		case "int":
			got = show(parseInt(c.in))
		case "date", "date-ny":
			loc := time.UTC
			if c.kind == "date-ny" {
				loc = ny
			}
			us, ok, err := parseDate(c.in, loc)
			got = show(time.UnixMicro(us).UTC().Format("2006-01-02T15:04:05.999Z"), ok, err)
		}
		if got != c.want {
			t.Errorf("%s %q = %s, want %s", c.kind, c.in, got, c.want)
		}
	}
}

// TestJSONOfLiteral: the colour calls of old pages read as null, \' as
// ', and anything else that is not JSON is an error.
func TestJSONOfLiteral(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{`[{"a": 1, "color":c1(0)}] tail`, `[{"a": 1, "color":null}]`},
		{`{"l": "it\'s \/ x", "b": true}`, `{"l": "it's \/ x", "b": true}`},
		{`[1, [2, {"x": null}]]`, `[1, [2, {"x": null}]]`},
		{`[{"a": c1(0}]`, "error"},
		{`[{"a": undefined}]`, "error"},
		{`[{"a": "open]`, "error"},
		{`[1, 2`, "error"},
		{`x`, "error"},
	} {
		js, _, err := jsonOfLiteral([]byte(c.in))
		got := string(js)
		if err != nil {
			got = "error"
		}
		if got != c.want {
			t.Errorf("%s: got %s, want %s", c.in, got, c.want)
		}
	}
}

// FuzzDecimal: the fast decimal reader agrees with strconv.ParseFloat.
func FuzzDecimal(f *testing.F) {
	for _, s := range []string{"218.2", "0.1", "97.8", "123456789012.345", "1.", ".5", "1e3", "-2"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		got, err1 := decimal(s)
		want, err2 := strconv.ParseFloat(s, 64)
		if (err1 == nil) != (err2 == nil) || err1 == nil && got != want && !(got != got && want != want) {
			t.Errorf("decimal(%q) = %v, %v; ParseFloat: %v, %v", s, got, err1, want, err2)
		}
	})
}
