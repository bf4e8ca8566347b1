package isotime

import (
	"testing"
	"time"
)

// TestParse: what Parse reads is what time.Parse reads, in UTC, in a
// zone with daylight saving time and with Z; what it declines is not
// that form or not a date.
func TestParse(t *testing.T) {
	chicago, err := time.LoadLocation("America/Chicago")
	if err != nil {
		t.Skip(err)
	}
	layouts := []string{"2006-01-02 15:04:05.999999999", "2006-01-02T15:04:05.999999999", "2006-01-02T15:04:05.999999999Z"}
	for _, loc := range []*time.Location{time.UTC, chicago} {
		for _, s := range []string{"2024-03-06 14:47:39.851309", "2024-03-10 03:30:00", "2019-02-18 10:28:47.5",
			"2024-11-03T01:30:00.000001", "2000-02-29 23:59:59.999999", "2019-08-09T20:16:41.150Z", "2022-03-10T13:24:54.123456789Z"} {
			var want time.Time
			for _, l := range layouts {
				in := loc
				if s[len(s)-1] == 'Z' {
					in = time.UTC
				}
				if w, err := time.ParseInLocation(l, s, in); err == nil {
					want = w
					break
				}
			}
			got, ok := Parse(s, loc)
			if !ok || got != want.UnixMicro() {
				t.Errorf("%s in %s: %d, %v; want %d", s, loc, got, ok, want.UnixMicro())
			}
		}
	}
	for _, s := range []string{"2024-04-31 00:00:00", "2024-03-06 14:47:39.", "2024-03-06 14:47:39.1234567890", "1550507327.5411866",
		"2024-03-06 24:00:00", "2024-03-06 14:47:39+01:00", "2024-3-6 14:47:39", "", "Z"} {
		if _, ok := Parse(s, time.UTC); ok {
			t.Errorf("%q read", s)
		}
	}
}
