package frame

import (
	"bytes"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

var update = flag.Bool("update", false, "rewrite golden files")

// golden compares got with testdata/<name>, or rewrites it with -update.
func golden(t *testing.T, name, got string) {
	t.Helper()
	path := filepath.Join("testdata", name)
	if *update {
		if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test -update to create it)", err)
	}
	if got != string(want) {
		t.Errorf("%s differs from golden file:\n--- got\n%s\n--- want\n%s", name, got, want)
	}
}

func TestStringGolden(t *testing.T) {
	golden(t, "print_small.txt", small(t).String())
	long := mixed(40).Select("id", "big", "x", "txt", "ts")
	golden(t, "print_long.txt", long.String())
	var b bytes.Buffer
	if err := small(t).WriteMarkdown(&b, 0); err != nil {
		t.Fatal(err)
	}
	golden(t, "print_small.md", b.String())
}

func TestPrintTruncatesAndEscapes(t *testing.T) {
	f := New(StringCol("s", []string{strings.Repeat("x", 100), "a\nb"}, nil))
	out := f.String()
	if !strings.Contains(out, strings.Repeat("x", 37)+"...") || !strings.Contains(out, `a\nb`) {
		t.Fatal(out)
	}
	if !strings.HasSuffix(out, "[2 rows x 1 columns]\n") {
		t.Fatal(out)
	}
}

func TestFormatFloat(t *testing.T) {
	for v, want := range map[float64]string{1: "1.0", 0.1: "0.1", 1e20: "1e+20", 1.0 / 3: "0.333333", 123456.75: "123456.75"} {
		if got := formatFloat(v); got != want {
			t.Errorf("formatFloat(%v) = %q, want %q", v, got, want)
		}
	}
}

func TestTexts(t *testing.T) {
	f := New(
		StringCol("s", []string{"a", ""}, []bool{true, false}),
		Int64Col("n", []int64{7, 0}, []bool{true, false}),
		Float64Col("x", []float64{0.5, 2}, nil),
	)
	for col, want := range map[string][]string{"s": {"a", ""}, "n": {"7", "null"}, "x": {"0.5", "2.0"}} {
		got, err := f.Texts(col)
		if err != nil || !reflect.DeepEqual(got, want) {
			t.Errorf("Texts(%q) = %q, %v; want %q", col, got, err, want)
		}
	}
	if _, err := f.Texts("nope"); err == nil {
		t.Error("Texts of a missing column: no error")
	}
}

// TestPrintWidth: a frame wider than PrintOptions.Width shows its first
// and last columns around "...", as pandas does at display.width; one
// that fits is unchanged.
func TestPrintWidth(t *testing.T) {
	var cols []Column
	for k := range 12 {
		cols = append(cols, Int64Col(fmt.Sprintf("column_%02d", k), []int64{int64(k), int64(100 * k)}, nil))
	}
	f := New(cols...)
	var b strings.Builder
	if err := f.WriteText(&b, PrintOptions{Dtypes: true, Index: true, Width: 60}); err != nil {
		t.Fatal(err)
	}
	want := `   column_00  column_01  ...  column_10  column_11
       int64      int64  ...      int64      int64
0          0          1  ...         10         11
1          0        100  ...       1000       1100

[2 rows x 12 columns]
`
	if b.String() != want {
		t.Errorf("width 60:\n%s\nwant\n%s", b.String(), want)
	}
	for _, line := range strings.Split(b.String(), "\n") {
		if len(line) > 60 {
			t.Errorf("a line of %d characters: %q", len(line), line)
		}
	}
	b.Reset()
	f.Select("column_00", "column_01").WriteText(&b, PrintOptions{Dtypes: true, Index: true, Width: 60})
	if strings.Contains(b.String(), "...") {
		t.Errorf("a frame that fits is elided:\n%s", b.String())
	}
}
