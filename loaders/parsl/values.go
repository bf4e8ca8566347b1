package parsl

import (
	"errors"
	"fmt"
	"math"
	"strconv"
	"strings"
	"time"

	"github.com/jobframe/jobframe/loaders/internal/isotime"
)

// Values of the monitoring tables, as SQLite stores them. The 2019
// schema declares every column TEXT, so its numbers and epoch times are
// text; later schemas store numbers as numbers and times as the text
// SQLAlchemy writes for a DateTime ("2024-03-06 14:47:39.851309"),
// Parsl's local time without a zone. Python's None, written by str()
// into the 2019 text columns, is a null.

var errNotNumber = errors.New("not a number")

// text returns v as text; ok is false for NULL.
func text(v any) (string, bool) {
	switch x := v.(type) {
	case nil:
		return "", false
	case string:
		return x, true
	case []byte:
		return string(x), true
	case int64:
		return strconv.FormatInt(x, 10), true
	case float64:
		return strconv.FormatFloat(x, 'g', -1, 64), true
	}
	return fmt.Sprint(v), true
}

// isNone reports whether s is a null written as text.
func isNone(s string) bool { return s == "" || s == "None" }

// number returns v as a float64; ok is false for NULL or None.
func number(v any) (float64, bool, error) {
	switch x := v.(type) {
	case nil:
		return 0, false, nil
	case int64:
		return float64(x), true, nil
	case float64:
		return x, !math.IsNaN(x), nil
	}
	s, _ := text(v)
	s = strings.TrimSpace(s)
	if isNone(s) {
		return 0, false, nil
	}
	f, err := strconv.ParseFloat(s, 64)
	if err != nil || math.IsInf(f, 0) {
		return 0, false, errNotNumber
	}
	return f, !math.IsNaN(f), nil
}

// integer returns v as an int64: an integer, or a whole number written
// as a real or as text.
func integer(v any) (int64, bool, error) {
	if x, ok := v.(int64); ok {
		return x, true, nil
	}
	f, ok, err := number(v)
	if err != nil || !ok {
		return 0, ok, err
	}
	if f != math.Trunc(f) || math.Abs(f) > 1<<53 {
		return 0, false, errors.New("not a whole number")
	}
	return int64(f), true, nil
}

// flag returns v as a bool: SQLAlchemy's Boolean is 0 or 1.
func flag(v any) (bool, bool, error) {
	n, ok, err := integer(v)
	if err != nil || !ok {
		return false, ok, err
	}
	if n != 0 && n != 1 {
		return false, false, errors.New("not 0 or 1")
	}
	return n == 1, true, nil
}

// timeLayouts are the layouts of times written as text: SQLAlchemy's
// DateTime, Python's str() of a datetime, ISO 8601 with a T.
var timeLayouts = []string{"2006-01-02 15:04:05.999999999", "2006-01-02T15:04:05.999999999"}

// moment returns v as µs since the Unix epoch: a number (or numeric
// text) is seconds since the epoch (the 2019 schema's time.time()); a
// date and time without a zone is read in loc; naive reports that.
func moment(v any, loc *time.Location) (us int64, ok, naive bool, err error) {
	switch x := v.(type) {
	case int64, float64:
		f, ok, _ := number(x)
		return epoch(f, ok)
	}
	s, ok := text(v)
	s = strings.TrimSpace(s)
	if !ok || isNone(s) {
		return 0, false, false, nil
	}
	if us, ok := isotime.Parse(s, loc); ok { // SQLAlchemy's DateTime, nearly every time
		return us, true, !strings.HasSuffix(s, "Z"), nil
	}
	if f, err := strconv.ParseFloat(s, 64); err == nil {
		return epoch(f, true)
	}
	for _, l := range timeLayouts {
		if t, err := time.ParseInLocation(l, s, loc); err == nil {
			return t.UnixMicro(), true, true, nil
		}
	}
	if t, err := time.Parse(time.RFC3339Nano, s); err == nil {
		return t.UnixMicro(), true, false, nil
	}
	return 0, false, false, errors.New("not a time")
}

// epoch is seconds since the epoch in µs, for times between 1970 and
// 2200.
func epoch(f float64, ok bool) (int64, bool, bool, error) {
	if !ok {
		return 0, false, false, nil
	}
	if f < 0 || f > 7258118400 || math.IsNaN(f) {
		return 0, false, false, errors.New("seconds since the epoch out of range")
	}
	return int64(math.Round(f * 1e6)), true, false, nil
}
