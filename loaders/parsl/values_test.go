package parsl

import (
	"testing"
	"time"
)

// TestSQLTime: SQLAlchemy's text read without time.Parse gives what
// time.Parse gives, in UTC and in a zone with daylight saving time, and
// declines what is not that form.
func TestSQLTime(t *testing.T) {
	chicago, err := time.LoadLocation("America/Chicago")
	if err != nil {
		t.Skip(err)
	}
	for _, loc := range []*time.Location{time.UTC, chicago} {
		for _, s := range []string{"2024-03-06 14:47:39.851309", "2024-03-10 03:30:00", "2019-02-18 10:28:47.5", "2024-11-03T01:30:00.000001", "2000-02-29 23:59:59.999999"} {
			want, err := time.ParseInLocation("2006-01-02 15:04:05.999999", s, loc)
			if err != nil {
				want, err = time.ParseInLocation("2006-01-02T15:04:05.999999", s, loc)
			}
			if err != nil {
				t.Fatal(err)
			}
			got, ok := sqlTime(s, loc)
			if !ok || got != want.UnixMicro() {
				t.Errorf("%s in %s: %d, %v; want %d", s, loc, got, ok, want.UnixMicro())
			}
		}
	}
	for _, s := range []string{"2024-04-31 00:00:00", "2024-03-06 14:47:39.", "2024-03-06 14:47:39.1234567", "1550507327.5411866", "2024-03-06 24:00:00", "2024-03-06 14:47:39+01:00"} {
		if _, ok := sqlTime(s, time.UTC); ok {
			t.Errorf("%q read", s)
		}
	}
}
