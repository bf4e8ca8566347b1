package frame

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// hiveUnescape undoes %XX (written for the test, independent of
// hiveEscape).
func hiveUnescape(t *testing.T, s string) string {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if s[i] == '%' && i+2 < len(s) {
			v, err := strconv.ParseUint(s[i+1:i+3], 16, 8)
			if err != nil {
				t.Fatalf("bad escape in %q", s)
			}
			b.WriteByte(byte(v))
			i += 2
			continue
		}
		b.WriteByte(s[i])
	}
	return b.String()
}

// Every row comes back from the folder it was written to, with the
// partition values the folder names carry, awkward values included.
func TestWriteParquetPartitionedRoundTrip(t *testing.T) {
	keys := []string{"a/b", "x=y", "sp ace", "", "50%", "plain", "a/b", "ü:1", "plain"}
	valid := []bool{true, true, true, true, true, true, true, true, false}
	n := len(keys)
	ids, nums := make([]int64, n), make([]float64, n)
	for i := range ids {
		ids[i] = int64(i)
		nums[i] = float64(i%2) + 0.5
	}
	f := New(Int64Col("id", ids, nil), StringCol("key", keys, valid), Float64Col("num", nums, nil))
	dir := filepath.Join(t.TempDir(), "ds")
	files, err := f.WriteParquetPartitioned(dir, []string{"key", "num"}, ParquetOptions{})
	if err != nil {
		t.Fatal(err)
	}
	var rel []string
	for _, p := range files {
		r, _ := filepath.Rel(dir, p)
		rel = append(rel, filepath.ToSlash(r))
	}
	// One folder per (key, num): rows 0 and 6 share a/b with num 0.5; null
	// and "" both become the default partition, told apart here by num.
	want := []string{
		"key=50%25/num=0.5/part-0.parquet",
		"key=__HIVE_DEFAULT_PARTITION__/num=0.5/part-0.parquet", // null (row 8)
		"key=__HIVE_DEFAULT_PARTITION__/num=1.5/part-0.parquet", // "" (row 3)
		"key=a%2Fb/num=0.5/part-0.parquet",
		"key=plain/num=1.5/part-0.parquet",
		"key=sp%20ace/num=0.5/part-0.parquet",
		"key=x%3Dy/num=1.5/part-0.parquet",
		"key=ü%3A1/num=1.5/part-0.parquet",
	}
	if strings.Join(rel, "\n") != strings.Join(want, "\n") {
		t.Fatalf("files:\n%s\nwant\n%s", strings.Join(rel, "\n"), strings.Join(want, "\n"))
	}
	seen := map[int64]bool{}
	for _, p := range rel {
		part, err := ReadParquetFile(filepath.Join(dir, p), ReadOptions{})
		if err != nil {
			t.Fatal(err)
		}
		if strings.Join(part.Names(), ",") != "id" {
			t.Fatalf("%s: columns %v, want the data columns only", p, part.Names())
		}
		segs := strings.Split(p, "/")
		key := hiveUnescape(t, strings.TrimPrefix(segs[0], "key="))
		num, _ := strconv.ParseFloat(strings.TrimPrefix(segs[1], "num="), 64)
		got, _, _ := part.Int64s("id")
		for _, id := range got {
			seen[id] = true
			wantKey := keys[id]
			if !valid[id] || wantKey == "" {
				wantKey = HiveNull
			}
			if key != wantKey || num != nums[id] {
				t.Errorf("row %d in %s: key %q num %g, want %q %g", id, p, key, num, wantKey, nums[id])
			}
		}
	}
	if len(seen) != n {
		t.Fatalf("%d of %d rows written", len(seen), n)
	}

	if _, err := f.WriteParquetPartitioned(dir, []string{"key"}, ParquetOptions{}); err == nil || !strings.Contains(err.Error(), "is not empty") {
		t.Fatalf("a non-empty folder: %v", err)
	}
	if _, err := f.WriteParquetPartitioned(t.TempDir(), []string{"nope"}, ParquetOptions{}); err == nil || !strings.Contains(err.Error(), `unknown column "nope"`) {
		t.Fatal(err)
	}
	if _, err := f.WriteParquetPartitioned(t.TempDir(), []string{"id", "key", "num"}, ParquetOptions{}); err == nil {
		t.Fatal("partitioning by every column must fail")
	}
	empty, _ := os.MkdirTemp(t.TempDir(), "e")
	if files, err := f.Head(0).WriteParquetPartitioned(empty, []string{"key"}, ParquetOptions{}); err != nil || len(files) != 0 {
		t.Fatal(files, err)
	}
}
