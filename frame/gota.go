package frame

import (
	"fmt"
	"math"
	"strconv"

	"github.com/go-gota/gota/dataframe"
	"github.com/go-gota/gota/series"
)

// The gota bridge. gota (github.com/go-gota/gota) has four series types,
// String, Int (Go int), Float and Bool, and one missing-value marker, NaN.
// The conversion rules are exact; whatever cannot be represented is an
// error, never a silent NaN:
//
//	frame int64      <-> gota Int     (an int64 beyond Go int on a 32-bit
//	                                   platform is an error)
//	frame float64    <-> gota Float   (a NaN value is an error, because
//	                                   gota could not tell it from null)
//	frame bool       <-> gota Bool
//	frame string     <-> gota String  (the value "NaN" is an error: gota
//	                                   reads it as missing)
//	frame timestamp   -> gota String of RFC 3339 UTC with microseconds
//	                     (GotaTimesAsRFC3339, the default) or gota Int of µs
//	                     since the epoch (GotaTimesAsMicros); FromGota turns
//	                     the columns named in GotaOptions.TimeColumns back
//	                     into timestamps
//	null             <-> gota NaN (missing)

// GotaTimes says how timestamps are represented in gota.
type GotaTimes int

// The two timestamp representations in gota.
const (
	GotaTimesAsRFC3339 GotaTimes = iota
	GotaTimesAsMicros
)

// GotaOptions control the gota bridge.
type GotaOptions struct {
	// Times chooses the representation of timestamp columns.
	Times GotaTimes
	// TimeColumns names the gota columns FromGota converts to timestamps
	// (from RFC 3339 strings or µs integers).
	TimeColumns []string
}

// Gota returns the frame as a gota DataFrame, by the rules above.
func (f *Frame) Gota(o GotaOptions) (dataframe.DataFrame, error) {
	if f.err != nil {
		return dataframe.DataFrame{}, f.err
	}
	ss := make([]series.Series, len(f.cols))
	for c, a := range f.cols {
		name := f.names[c]
		vals := make([]interface{}, a.Len())
		var st series.Type
		t := typeOf(a.DataType())
		for i := range vals {
			if a.IsNull(i) {
				continue // nil -> NaN in every gota type
			}
			v := valueAt(a, i)
			switch t {
			case Int64:
				x := v.(int64)
				if strconv.IntSize == 32 && (x > math.MaxInt32 || x < math.MinInt32) {
					return dataframe.DataFrame{}, fmt.Errorf("Gota: column %q row %d: %d does not fit gota's int", name, i, x)
				}
				vals[i] = int(x)
			case Float64:
				if math.IsNaN(v.(float64)) {
					return dataframe.DataFrame{}, fmt.Errorf("Gota: column %q row %d: NaN would become missing in gota (replace it or make it null first)", name, i)
				}
				vals[i] = v
			case String:
				if v.(string) == "NaN" {
					return dataframe.DataFrame{}, fmt.Errorf("Gota: column %q row %d: the string \"NaN\" would become missing in gota", name, i)
				}
				vals[i] = v
			case Time:
				us := int64Values(a)[i]
				if o.Times == GotaTimesAsMicros {
					vals[i] = int(us)
				} else {
					vals[i] = FormatMicros(us)
				}
			default:
				vals[i] = v
			}
		}
		switch t {
		case Int64:
			st = series.Int
		case Float64:
			st = series.Float
		case Bool:
			st = series.Bool
		case String:
			st = series.String
		case Time:
			st = series.String
			if o.Times == GotaTimesAsMicros {
				st = series.Int
			}
		}
		ss[c] = series.New(vals, st, name)
		if ss[c].Err != nil {
			return dataframe.DataFrame{}, fmt.Errorf("Gota: column %q: %w", name, ss[c].Err)
		}
	}
	df := dataframe.New(ss...)
	return df, df.Err
}

// FromGota returns a frame holding a gota DataFrame, by the rules above:
// gota NaN becomes null; the columns in o.TimeColumns become timestamps.
func FromGota(df dataframe.DataFrame, o GotaOptions) *Frame {
	if df.Err != nil {
		return WithErr(fmt.Errorf("FromGota: %w", df.Err))
	}
	isTime := map[string]bool{}
	for _, n := range o.TimeColumns {
		isTime[n] = true
	}
	names := df.Names()
	for _, n := range o.TimeColumns {
		found := false
		for _, m := range names {
			found = found || m == n
		}
		if !found {
			return Errorf("FromGota: TimeColumns names %q, which the DataFrame lacks", n)
		}
	}
	cols := make([]Column, len(names))
	for c, name := range names {
		s := df.Col(name)
		n := s.Len()
		valid := make([]bool, n)
		for i := 0; i < n; i++ {
			valid[i] = !s.Elem(i).IsNA()
		}
		switch {
		case isTime[name]:
			us := make([]int64, n)
			for i := 0; i < n; i++ {
				if !valid[i] {
					continue
				}
				e := s.Elem(i)
				if s.Type() == series.Int {
					v, err := e.Int()
					if err != nil {
						return Errorf("FromGota: column %q row %d: %v", name, i, err)
					}
					us[i] = int64(v)
				} else {
					v, err := ParseMicros(e.String())
					if err != nil {
						return Errorf("FromGota: column %q row %d: %q is not an RFC 3339 time: %v", name, i, e.String(), err)
					}
					us[i] = v
				}
			}
			cols[c] = MicrosCol(name, us, valid)
		case s.Type() == series.Int:
			v := make([]int64, n)
			for i := 0; i < n; i++ {
				if valid[i] {
					x, err := s.Elem(i).Int()
					if err != nil {
						return Errorf("FromGota: column %q row %d: %v", name, i, err)
					}
					v[i] = int64(x)
				}
			}
			cols[c] = Int64Col(name, v, valid)
		case s.Type() == series.Float:
			v := make([]float64, n)
			for i := 0; i < n; i++ {
				if valid[i] {
					v[i] = s.Elem(i).Float()
				}
			}
			cols[c] = Float64Col(name, v, valid)
		case s.Type() == series.Bool:
			v := make([]bool, n)
			for i := 0; i < n; i++ {
				if valid[i] {
					x, err := s.Elem(i).Bool()
					if err != nil {
						return Errorf("FromGota: column %q row %d: %v", name, i, err)
					}
					v[i] = x
				}
			}
			cols[c] = BoolCol(name, v, valid)
		default:
			v := make([]string, n)
			for i := 0; i < n; i++ {
				if valid[i] {
					v[i] = s.Elem(i).String()
				}
			}
			cols[c] = StringCol(name, v, valid)
		}
	}
	return New(cols...)
}
