package frame

import (
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"

	"github.com/apache/arrow/go/v17/arrow/array"
)

// HiveNull is the folder value Hive, Spark and DuckDB read as null.
const HiveNull = "__HIVE_DEFAULT_PARTITION__"

// WriteParquetPartitioned writes the frame as a Hive-style partitioned
// Parquet dataset under dir, which Spark, Trino, DuckDB
// (read_parquet('dir/**/*.parquet', hive_partitioning=true)) and pandas
// (read_parquet(dir)) read as one table: one file
// dir/K1=v1/K2=v2/part-0.parquet per distinct combination of the values of
// the by columns, holding those rows (in frame order) without the by
// columns, whose values the folder names carry. Values are written as
// text (floats in their shortest exact form, times in RFC 3339 µs),
// with the characters Hive escapes, and space, percent-encoded; null and
// "" become HiveNull. dir must not exist or be empty, so that a dataset
// never mixes two exports. It returns the files written, in sorted
// order.
func (f *Frame) WriteParquetPartitioned(dir string, by []string, o ParquetOptions) ([]string, error) {
	if f.err != nil {
		return nil, f.err
	}
	if len(by) == 0 {
		return nil, fmt.Errorf("WriteParquetPartitioned: no partition column given")
	}
	cols := make([]int, len(by))
	for k, name := range by {
		c, err := f.colIndex(name)
		if err != nil {
			return nil, fmt.Errorf("WriteParquetPartitioned: %w", err)
		}
		cols[k] = c
	}
	if len(by) == f.NumCols() {
		return nil, fmt.Errorf("WriteParquetPartitioned: partitioning by every column leaves no data column")
	}
	if entries, err := os.ReadDir(dir); err == nil && len(entries) > 0 {
		return nil, fmt.Errorf("WriteParquetPartitioned: %s is not empty", dir)
	}

	// The folder of every row, and the rows of every folder in order.
	groups := map[string][]int{}
	var b strings.Builder
	for i := 0; i < f.nrows; i++ {
		b.Reset()
		for k, c := range cols {
			if k > 0 {
				b.WriteByte(filepath.Separator)
			}
			b.WriteString(hiveEscape(by[k]))
			b.WriteByte('=')
			b.WriteString(hiveEscape(partitionText(f, c, i)))
		}
		groups[b.String()] = append(groups[b.String()], i)
	}
	folders := make([]string, 0, len(groups))
	for k := range groups {
		folders = append(folders, k)
	}
	sort.Strings(folders)

	data := f.Drop(by...)
	var files []string
	for _, folder := range folders {
		sub := filepath.Join(dir, folder)
		if err := os.MkdirAll(sub, 0o755); err != nil {
			return files, fmt.Errorf("WriteParquetPartitioned: %w", err)
		}
		path := filepath.Join(sub, "part-0.parquet")
		part := data.Take(groups[folder])
		if err := part.WriteParquetFile(path, o); err != nil {
			return files, fmt.Errorf("WriteParquetPartitioned: %s: %w", path, err)
		}
		files = append(files, path)
	}
	return files, nil
}

// partitionText is the value of row i of column c as a folder name holds
// it (before escaping).
func partitionText(f *Frame, c, i int) string {
	a := f.cols[c]
	if a.IsNull(i) {
		return HiveNull
	}
	var s string
	switch typeOf(a.DataType()) {
	case Float64:
		s = strconv.FormatFloat(float64Values(a)[i], 'g', -1, 64)
	case Bool:
		s = strconv.FormatBool(a.(*array.Boolean).Value(i))
	default:
		s = cellText(f, c, i)
	}
	if s == "" {
		return HiveNull
	}
	return s
}

// hiveEscape percent-encodes what Hive's FileUtils.escapePathName escapes
// (control characters, " # % ' * / : = ? \ DEL { [ ] ^) and space, which
// DuckDB's writer also encodes.
func hiveEscape(s string) string {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c < 0x20 || c == 0x7f || strings.IndexByte("\"#%'*/:=?\\{[]^ ", c) >= 0 {
			fmt.Fprintf(&b, "%%%02X", c)
			continue
		}
		b.WriteByte(c)
	}
	return b.String()
}
