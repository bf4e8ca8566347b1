package frame

import (
	"bytes"
	"slices"
	"testing"

	"github.com/apache/arrow/go/v17/arrow"
	"github.com/apache/arrow/go/v17/arrow/array"
	"github.com/apache/arrow/go/v17/arrow/memory"
)

// TestParquetVaryingDictionaries writes a dictionary column in row groups
// of 3 rows, each with the dictionary of the values it uses (["2"],
// ["2" "3"], ["3"], ["1"]), nulls among them, and reads it back whole.
// Through array.Concatenate, row 10 read back "2".
func TestParquetVaryingDictionaries(t *testing.T) {
	codes := []int32{0, 1, 0, 1, 2, 2, 2, 2, 2, 0, 0, 0}
	valid := []bool{false, true, false, true, true, true, true, true, true, false, true, false}
	f := New(DictStringCol("w", codes, valid, []string{"1", "2", "3"}))
	var buf bytes.Buffer
	if err := f.WriteParquet(&buf, ParquetOptions{RowGroupRows: 3}); err != nil {
		t.Fatal(err)
	}
	g, err := ReadParquet(bytes.NewReader(buf.Bytes()), ReadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	got, ok, _ := g.Strings("w")
	want := []string{"", "2", "", "2", "3", "3", "3", "3", "3", "", "1", ""}
	if !slices.Equal(got, want) || !slices.Equal(ok, valid) {
		t.Fatalf("read back %q (valid %v), want %q", got, ok, want)
	}
	assertSameFrame(t, g, f)
}

// TestConcatDicts joins chunks of other index widths and value types: an
// int8-indexed chunk over large strings with a null dictionary value,
// and an int16-indexed one over strings sharing some values.
func TestConcatDicts(t *testing.T) {
	mem := memory.DefaultAllocator
	i8 := array.NewInt8Builder(mem)
	i8.AppendValues([]int8{2, 0, 1, 0}, []bool{true, true, true, false})
	ls := array.NewLargeStringBuilder(mem)
	ls.AppendValues([]string{"b", "", "a"}, []bool{true, false, true})
	a := array.NewDictionaryArray(&arrow.DictionaryType{IndexType: arrow.PrimitiveTypes.Int8, ValueType: arrow.BinaryTypes.LargeString}, i8.NewArray(), ls.NewArray())
	defer a.Release()
	i16 := array.NewInt16Builder(mem)
	i16.AppendValues([]int16{1, 0, 2}, nil)
	sb := array.NewStringBuilder(mem)
	sb.AppendValues([]string{"c", "a", "b"}, nil)
	b := array.NewDictionaryArray(&arrow.DictionaryType{IndexType: arrow.PrimitiveTypes.Int16, ValueType: arrow.BinaryTypes.String}, i16.NewArray(), sb.NewArray())
	defer b.Release()

	got, err := concatDicts([]arrow.Array{a, b})
	if err != nil {
		t.Fatal(err)
	}
	defer got.Release()
	f := New(Column{name: "x", arr: got})
	vals, ok, _ := f.Strings("x")
	if want := []string{"a", "b", "", "", "a", "c", "b"}; !slices.Equal(vals, want) {
		t.Errorf("values %q, want %q", vals, want)
	}
	if want := []bool{true, true, false, false, true, true, true}; !slices.Equal(ok, want) {
		t.Errorf("valid %v, want %v", ok, want)
	}
	// Each value once, in order of first appearance in the dictionaries.
	_, dict := dictParts(got)
	var d []string
	for i := 0; i < dict.Len(); i++ {
		d = append(d, dict.Value(i))
	}
	if want := []string{"b", "a", "c"}; !slices.Equal(d, want) {
		t.Errorf("dictionary %q, want %q", d, want)
	}
}

// concatParts makes n frames of rows each, as a streaming script keeps
// them: two dictionary columns whose batches have their own small
// dictionaries (in another order each time), with some nulls, beside an
// int64 column.
func concatParts(n, rows int) []*Frame {
	states := []string{"RUNNING", "JOB_FINISHED", "RUN_DONE", "RUN_ERROR", "RUN_TIMEOUT", "POSTPROCESSED"}
	g := lcg(11)
	parts := make([]*Frame, n)
	for p := range parts {
		dict := slices.Clone(states)
		for i := len(dict) - 1; i > 0; i-- {
			j := int(g.next() % uint64(i+1))
			dict[i], dict[j] = dict[j], dict[i]
		}
		to, from, ids := make([]int32, rows), make([]int32, rows), make([]int64, rows)
		valid := make([]bool, rows)
		for r := range rows {
			to[r], from[r] = int32(g.next()%6), int32(g.next()%6)
			valid[r] = g.next()%8 != 0
			ids[r] = int64(p*rows + r)
		}
		parts[p] = New(Int64Col("id", ids, nil), DictStringCol("to_state", to, nil, dict), DictStringCol("from_state", from, valid, dict))
	}
	return parts
}

// TestConcatBatchDictionaries concatenates batches with dictionaries of
// their own and checks every row's text and validity against the parts'.
func TestConcatBatchDictionaries(t *testing.T) {
	parts := concatParts(37, 301)
	f := Concat(parts...)
	if err := f.Err(); err != nil {
		t.Fatal(err)
	}
	for _, col := range []string{"to_state", "from_state"} {
		var want []string
		var wantOK []bool
		for _, p := range parts {
			v, ok, _ := p.Strings(col)
			want, wantOK = append(want, v...), append(wantOK, ok...)
		}
		got, ok, err := f.Strings(col)
		if err != nil || !slices.Equal(got, want) || !slices.Equal(ok, wantOK) {
			t.Fatalf("%s: rows differ from the parts' (%v)", col, err)
		}
		if c, _ := f.Col(col); c.arr.DataType().ID() != arrow.DICTIONARY {
			t.Errorf("%s: not dictionary-encoded", col)
		}
	}
}

// BenchmarkConcatBatches concatenates 660 batches of 7,600 rows (about
// what the Balsam benchmark keeps of ten million jobs).
func BenchmarkConcatBatches(b *testing.B) {
	parts := concatParts(660, 7600)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if f := Concat(parts...); f.Err() != nil {
			b.Fatal(f.Err())
		}
	}
}
