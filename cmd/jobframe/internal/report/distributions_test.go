package report

import (
	"fmt"
	"reflect"
	"testing"

	"github.com/apache/arrow/go/v17/arrow"
	"github.com/jobframe/jobframe/frame"
)

// TestTopCategories holds the rows kept of a column of 14 values and
// nulls to those worked out by hand: c01 to c13 have 13 down to 1 rows,
// "" 2 and null 3. By count, ties in key order ("" before c12), the
// twelve kept are c01 to c11 and "", and a null row, whose text is "",
// goes with "". The rows are dealt round-robin, so the kept rows are
// checked in their order too; the column is a dictionary, then plain
// strings.
func TestTopCategories(t *testing.T) {
	type row struct {
		cat  string
		null bool
	}
	var pool [][]row
	for k := 1; k <= 13; k++ {
		var rs []row
		for range 14 - k {
			rs = append(rs, row{cat: fmt.Sprintf("c%02d", k)})
		}
		pool = append(pool, rs)
	}
	pool = append(pool, []row{{}, {}}, []row{{null: true}, {null: true}, {null: true}})
	var cats []string
	var valid []bool
	var want []int
	for len(cats) < 13*14/2+5 {
		for k := range pool {
			if len(pool[k]) == 0 {
				continue
			}
			r := pool[k][0]
			pool[k] = pool[k][1:]
			if r.null || r.cat == "" || r.cat <= "c11" {
				want = append(want, len(cats))
			}
			cats, valid = append(cats, r.cat), append(valid, !r.null)
		}
	}
	nums := make([]int64, len(cats))
	for i := range nums {
		nums[i] = int64(i)
	}
	dict, plain := frame.StringCol("job_name", cats, valid), frame.PlainStringCol("job_name", cats, valid)
	if dict.Arrow().DataType().ID() != arrow.DICTIONARY || plain.Arrow().DataType().ID() != arrow.STRING {
		t.Fatalf("the columns are %s and %s, want a dictionary and plain strings", dict.Arrow().DataType(), plain.Arrow().DataType())
	}
	for _, col := range []frame.Column{dict, plain} {
		f := frame.New(col, frame.Int64Col("row", nums, nil))
		top, note := topCategories(f, "job_name")
		got, _, err := top.Int64s("row")
		if err != nil {
			t.Fatal(err)
		}
		gotRows := make([]int, len(got))
		for i, r := range got {
			gotRows[i] = int(r)
		}
		if len(want) != 93 || !reflect.DeepEqual(gotRows, want) {
			t.Fatalf("%d rows kept %v, want the 93 rows %v", len(gotRows), gotRows, want)
		}
		if note != "the 12 job_name values with the most attempts of 14" {
			t.Fatalf("note %q", note)
		}
	}
	few := frame.New(frame.StringCol("job_name", []string{"a", "b", "a"}, nil))
	if top, note := topCategories(few, "job_name"); top.NumRows() != 3 || note != "" {
		t.Fatalf("2 values: %d rows, note %q; want all 3 rows and no note", top.NumRows(), note)
	}
}
