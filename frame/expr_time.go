package frame

import (
	"fmt"
	"time"
)

// Time: durations in seconds, the parts of a time (UTC), truncation to
// a period. A Time minus a Time is a duration; add a time.Duration to a
// Time to offset it (Col("start").Add(time.Hour)).

// Seconds is a duration in seconds, a float64 (float64(Δµs)/1e6, as
// Python's timedelta.total_seconds()); a number is kept as it is.
func (e Expr) Seconds() Expr {
	if b, ok := e.n.(binNode); ok && b.op == "-" && e.err == nil {
		// (end − start) in seconds in one pass, without the duration
		// column between
		return Expr{n: secondsOfDiff{b}, alias: e.alias}
	}
	return unary("seconds", e, secondsOf)
}

// secondsOf is Seconds of an evaluated value.
func secondsOf(v vec) (vec, error) {
	switch v.kind {
	case vDur:
		return vec{kind: vFloat, n: v.n, valid: v.valid, f: seconds(v.i)}, nil
	case vNull, vFloat:
		return v, nil
	case vInt:
		return vec{kind: vFloat, n: v.n, valid: v.valid, f: v.floats()}, nil
	}
	return vec{}, fmt.Errorf("Seconds of %s values (want a duration: a time minus a time)", v.kind)
}

// timePart applies part to every valid time of v.
func timePart(name string, e Expr, kind vkind, part func(t time.Time) int64) Expr {
	return unary(name, e, func(v vec) (vec, error) {
		if v.kind == vNull {
			return v, nil
		}
		if v.kind != vTime {
			return vec{}, fmt.Errorf("%s of %s values (want a time)", name, v.kind)
		}
		out := vec{kind: kind, n: v.n, valid: v.valid, i: make([]int64, len(v.i))}
		for r, us := range v.i {
			if v.valid == nil || v.valid[r] {
				out.i[r] = part(time.UnixMicro(us).UTC())
			}
		}
		return out, nil
	})
}

// Year is the year of a time (UTC).
func (e Expr) Year() Expr {
	return timePart("year", e, vInt, func(t time.Time) int64 { return int64(t.Year()) })
}

// Month is the month of a time, 1 to 12 (UTC).
func (e Expr) Month() Expr {
	return timePart("month", e, vInt, func(t time.Time) int64 { return int64(t.Month()) })
}

// Day is the day of the month of a time, 1 to 31 (UTC).
func (e Expr) Day() Expr {
	return timePart("day", e, vInt, func(t time.Time) int64 { return int64(t.Day()) })
}

// Hour is the hour of a time, 0 to 23 (UTC).
func (e Expr) Hour() Expr {
	return timePart("hour", e, vInt, func(t time.Time) int64 { return int64(t.Hour()) })
}

// Minute is the minute of a time, 0 to 59 (UTC).
func (e Expr) Minute() Expr {
	return timePart("minute", e, vInt, func(t time.Time) int64 { return int64(t.Minute()) })
}

// Weekday is the day of the week of a time as Go numbers it: 0 for
// Sunday to 6 for Saturday (UTC; pandas' dayofweek is 0 for Monday).
func (e Expr) Weekday() Expr {
	return timePart("weekday", e, vInt, func(t time.Time) int64 { return int64(t.Weekday()) })
}

// Date is a time's day: midnight UTC of it.
func (e Expr) Date() Expr {
	return timePart("date", e, vTime, func(t time.Time) int64 {
		y, m, d := t.Date()
		return time.Date(y, m, d, 0, 0, 0, 0, time.UTC).UnixMicro()
	})
}

// Truncate is a time rounded down to a multiple of d since the Unix
// epoch (UTC), as time.Time.Truncate: Truncate(time.Hour) is the hour a
// time falls in. d must be at least a microsecond.
func (e Expr) Truncate(d time.Duration) Expr {
	step := d.Microseconds()
	return unary("truncate", e, func(v vec) (vec, error) {
		if step <= 0 {
			return vec{}, fmt.Errorf("Truncate to %v (want a period of a microsecond or more)", d)
		}
		if v.kind == vNull {
			return v, nil
		}
		if v.kind != vTime && v.kind != vDur {
			return vec{}, fmt.Errorf("Truncate of %s values (want a time or a duration)", v.kind)
		}
		out := vec{kind: v.kind, n: v.n, valid: v.valid, i: make([]int64, len(v.i))}
		for r, us := range v.i {
			q := us / step
			if us%step != 0 && us < 0 {
				q-- // down, before the epoch too
			}
			out.i[r] = q * step
		}
		return out, nil
	})
}

// secondsOfDiff is Seconds of a − b: for two times, float64(Δµs)/1e6
// computed at once; otherwise the difference, then Seconds.
type secondsOfDiff struct{ d binNode }

func (s secondsOfDiff) String() string { return "seconds" + s.d.String() }

func (s secondsOfDiff) eval(f *Frame) (vec, error) {
	a, err := s.d.a.eval(f)
	if err != nil {
		return vec{}, err
	}
	b, err := s.d.b.eval(f)
	if err != nil {
		return vec{}, err
	}
	if a.kind != vTime || b.kind != vTime || a.scalar || b.scalar {
		// the difference of what is evaluated, then its seconds
		rows := a.n
		if a.scalar {
			rows = b.n
		}
		d, err := applyBinary("-", a, b, rows)
		if err != nil {
			return vec{}, fmt.Errorf("%s - %s: %w", s.d.a, s.d.b, err)
		}
		d.scalar = a.scalar && b.scalar
		out, err := secondsOf(d)
		if err != nil {
			return vec{}, fmt.Errorf("%s: %w", s, err)
		}
		out.scalar = d.scalar
		return out, nil
	}
	out := vec{kind: vFloat, n: a.n, valid: andValid(a.valid, b.valid, a.n), f: make([]float64, a.n)}
	for r := range out.f {
		out.f[r] = float64(a.i[r]-b.i[r]) / 1e6
	}
	return out, nil
}
