package frame

import (
	"math"
	"testing"

	"github.com/go-gota/gota/series"
)

func TestGotaRoundTrip(t *testing.T) {
	f := mixed(300)
	for _, mode := range []GotaTimes{GotaTimesAsRFC3339, GotaTimesAsMicros} {
		df, err := f.Gota(GotaOptions{Times: mode})
		if err != nil {
			t.Fatal(err)
		}
		if df.Nrow() != 300 || df.Ncol() != 7 {
			t.Fatal(df.Dims())
		}
		// int64 beyond 2^53 survives in gota's Int (Go int is 64-bit here)
		if v, _ := df.Col("big").Elem(1).Int(); int64(v) != 4611686018427387557 {
			t.Fatalf("big %d", v)
		}
		if !df.Col("x").Elem(3).IsNA() || df.Col("x").Elem(0).IsNA() {
			t.Fatal("null float should be NaN in gota")
		}
		want := series.String
		if mode == GotaTimesAsMicros {
			want = series.Int
		}
		if df.Col("ts").Type() != want {
			t.Fatalf("ts is %s in gota", df.Col("ts").Type())
		}
		back := FromGota(df, GotaOptions{TimeColumns: []string{"ts"}})
		assertSameFrame(t, back, f)
	}
}

func TestGotaRefusesLossyValues(t *testing.T) {
	_, err := New(Float64Col("v", []float64{1, math.NaN()}, nil)).Gota(GotaOptions{})
	mustErr(t, err, `column "v" row 1: NaN would become missing`)
	_, err = New(StringCol("s", []string{"NaN"}, nil)).Gota(GotaOptions{})
	mustErr(t, err, `the string "NaN" would become missing`)
	df, _ := New(StringCol("t", []string{"not a time"}, nil)).Gota(GotaOptions{})
	mustErr(t, FromGota(df, GotaOptions{TimeColumns: []string{"t"}}).Err(), `"not a time" is not an RFC 3339 time`)
	mustErr(t, FromGota(df, GotaOptions{TimeColumns: []string{"zz"}}).Err(), `TimeColumns names "zz"`)
}
