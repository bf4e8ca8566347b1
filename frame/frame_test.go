package frame

import (
	"sync"
	"testing"
	"time"
)

func TestNewChecksShape(t *testing.T) {
	mustErr(t, New(Int64Col("a", []int64{1}, nil), Int64Col("b", []int64{1, 2}, nil)).Err(), `"b" has 2 rows`, `"a" has 1`)
	mustErr(t, New(Int64Col("a", []int64{1}, nil), Int64Col("a", []int64{2}, nil)).Err(), `duplicate column name "a"`)
	mustErr(t, New(Int64Col("a", []int64{1, 2}, []bool{true})).Err(), "2 values but 1 validity flags")
}

func TestDictStringColChecksCodes(t *testing.T) {
	dict := []string{"a", "b"}
	mustErr(t, New(DictStringCol("s", []int32{0, 2}, nil, dict)).Err(), "row 1: code 2 outside a dictionary of 2")
	mustErr(t, New(DictStringCol("s", []int32{-1, 0}, nil, dict)).Err(), "row 0: code -1 outside a dictionary of 2")
	mustErr(t, New(DictStringCol("s", []int32{1, 5}, []bool{true, true}, dict)).Err(), "row 1: code 5")
	// a null row's code is never read: any value passes
	f := New(DictStringCol("s", []int32{1, 7, -3}, []bool{true, false, false}, dict))
	if f.Err() != nil {
		t.Fatal(f.Err())
	}
	if v, ok, _ := f.Strings("s"); v[0] != "b" || !ok[0] || ok[1] || ok[2] {
		t.Fatalf("got %q %v", v, ok)
	}
	// an empty dictionary holds only null rows
	if f := New(DictStringCol("s", []int32{0}, []bool{false}, nil)); f.Err() != nil {
		t.Fatal(f.Err())
	}
	mustErr(t, New(DictStringCol("s", []int32{0}, nil, nil)).Err(), "row 0: code 0 outside a dictionary of 0")
}

func TestUnknownColumnListsNames(t *testing.T) {
	f := small(t)
	_, _, err := f.Int64s("nope")
	mustErr(t, err, `unknown column "nope"`, "available: cat, job, mem, ok, t")
	mustErr(t, f.Select("job", "zzz").Err(), `Select: unknown column "zzz"`, "available:")
	mustErr(t, f.Sort("zzz").Err(), "Sort", `"zzz"`)
}

func TestTypeMismatchNamesBothTypes(t *testing.T) {
	f := small(t)
	_, _, err := f.Int64s("cat")
	mustErr(t, err, `column "cat" is string, not int64`)
	mustErr(t, f.GroupBy("job").Agg(Sum("cat")).Err(), `column "cat" is string`, "needs int64 or float64")
	mustErr(t, f.Where("job", "==", "x").Err(), `value x (string) does not fit a column of type int64`)
	mustErr(t, f.Filter(func(r Row) bool { return r.Str("job") == "" }).Err(), `Row.Str: column "job" is int64, not string`)
	other := New(StringCol("job", []string{"1"}, nil))
	mustErr(t, f.Join(other, "inner", "job").Err(), `key "job" is int64 on the left and string on the right`)
	mustErr(t, Concat(f, other).Err(), `column "job" is int64 in an earlier frame and string in frame 1`)
}

func TestErrorsPropagateThroughChains(t *testing.T) {
	f := small(t)
	out := f.Select("nope").Where("job", "==", 1).Sort("job").Head(2)
	mustErr(t, out.Err(), `unknown column "nope"`)
	if out.String() == "" {
		t.Fatal("an errored frame should print its error")
	}
}

func TestAccessorsAndNulls(t *testing.T) {
	f := small(t)
	mem, valid, err := f.Float64s("mem")
	if err != nil {
		t.Fatal(err)
	}
	if mem[0] != 1.5 || valid[1] || !valid[0] {
		t.Fatalf("mem %v valid %v", mem, valid)
	}
	s, sv, _ := f.Strings("cat")
	if s[3] != "" || sv[3] || s[4] != "b" {
		t.Fatalf("cat %q %v", s, sv)
	}
	tm, tv, _ := f.Times("t")
	if !tm[1].Equal(time.Date(2026, 8, 4, 9, 0, 1, 500000000, time.UTC)) || tv[2] || tm[1].Location() != time.UTC {
		t.Fatalf("times %v %v", tm, tv)
	}
	jobs, _, _ := f.Float64s("job") // int64 converts exactly
	if jobs[3] != 3 {
		t.Fatal(jobs)
	}
	big := New(Int64Col("b", []int64{1<<53 + 1}, nil))
	_, _, err = big.Float64s("b")
	mustErr(t, err, "has no exact float64")
	if got := column(t, f, "ok"); got != "true false null true true" {
		t.Fatal(got)
	}
}

func TestStringEncodingByCardinality(t *testing.T) {
	low := New(StringCol("s", []string{"a", "b", "a", "b"}, nil))
	high := New(StringCol("s", []string{"a", "b", "c", "a"}, nil))
	if low.cols[0].DataType().ID() != dictStringType.ID() {
		t.Fatalf("low cardinality should be dictionary, got %s", low.cols[0].DataType())
	}
	if high.cols[0].DataType().ID() == dictStringType.ID() {
		t.Fatal("high cardinality should be plain")
	}
	if t1, _ := low.Type("s"); t1 != String {
		t.Fatal(t1)
	}
}

func TestFromRecordConvertsTypes(t *testing.T) {
	f := mixed(50)
	rec := f.Record()
	defer rec.Release()
	g := FromRecord(rec)
	if g.Err() != nil || g.NumRows() != 50 || g.NumCols() != 7 {
		t.Fatal(g.Err(), g.NumRows())
	}
}

func TestParseType(t *testing.T) {
	for s, want := range map[string]Type{"int64": Int64, "float": Float64, "bool": Bool, "string": String, "time": Time} {
		if got, err := ParseType(s); err != nil || got != want {
			t.Fatal(s, got, err)
		}
	}
	_, err := ParseType("decimal")
	mustErr(t, err, `unknown column type "decimal"`)
}

// TestDictionaryReadConcurrently groups one frame's dictionary column on
// several goroutines at once, as the report's sections do: Arrow builds
// a dictionary array's values lazily, so a frame settles them when it
// takes the array (run with -race: .ci/test does).
func TestDictionaryReadConcurrently(t *testing.T) {
	for range 20 {
		f := New(DictStringCol("s", []int32{0, 1, 0, 2}, nil, []string{"a", "b", "c"}))
		var wg sync.WaitGroup
		for range 4 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				if g := f.GroupBy("s").Agg(Count()); g.NumRows() != 3 {
					t.Errorf("%d groups", g.NumRows())
				}
			}()
		}
		wg.Wait()
	}
}
