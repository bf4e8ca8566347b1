package frame

import (
	"encoding/json"
	"math"
	"math/big"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"testing"
)

// These tests hand files jobframe writes to the tools our users open them
// with: DuckDB (Parquet, CSV), Arrow JS (Feather v2 / Arrow IPC) and
// pandas (CSV). The tools are installed by .ci/run; without them the
// tests skip, unless JOBFRAME_REQUIRE_INTEROP=1 (set by .ci/run) makes a
// missing tool a failure. DuckDB cannot read Arrow IPC files without the
// nanoarrow extension, which needs the network, so Feather is checked
// with Arrow JS.

const interopDir = "../testdata/interop"

func needTool(t *testing.T, ok bool, what string) {
	t.Helper()
	if ok {
		return
	}
	if os.Getenv("JOBFRAME_REQUIRE_INTEROP") == "1" {
		t.Fatalf("%s is missing and JOBFRAME_REQUIRE_INTEROP=1", what)
	}
	t.Skipf("%s is missing: run .ci/run (or npm ci in testdata/interop, apt-get install python3-pandas)", what)
}

func needNode(t *testing.T) {
	_, err := exec.LookPath("node")
	_, statErr := os.Stat(filepath.Join(interopDir, "node_modules", "@duckdb", "node-api"))
	needTool(t, err == nil && statErr == nil, "node with @duckdb/node-api and apache-arrow in testdata/interop/node_modules")
}

type colCheck struct {
	Type  string `json:"type"`
	Count string `json:"count"`
	Sum   string `json:"sum"`
}

type fileCheck struct {
	Rows    int                 `json:"rows"`
	Columns map[string]colCheck `json:"columns"`
}

// expectedChecks computes, from the frame, the checksums check.mjs prints.
func expectedChecks(t *testing.T, f *Frame) map[string][2]string {
	out := map[string][2]string{}
	for c, a := range f.cols {
		n := 0
		isum := new(big.Int)
		fsum := 0.0
		bytes := 0
		distinct := map[string]bool{}
		for r := 0; r < f.nrows; r++ {
			if a.IsNull(r) {
				continue
			}
			n++
			switch v := valueAt(a, r).(type) {
			case int64:
				isum.Add(isum, big.NewInt(v))
			case float64:
				fsum += v
			case bool:
				if v {
					isum.Add(isum, big.NewInt(1))
				}
			case string:
				bytes += len(v)
				distinct[v] = true
			default: // time
				isum.Add(isum, big.NewInt(int64Values(a)[r]))
			}
		}
		var sum string
		switch typeOf(a.DataType()) {
		case Float64:
			sum = strconv.FormatFloat(fsum, 'f', -1, 64)
		case String:
			sum = strconv.Itoa(bytes) + "/" + strconv.Itoa(len(distinct))
		default:
			sum = isum.String()
		}
		out[f.names[c]] = [2]string{strconv.Itoa(n), sum}
	}
	return out
}

func runCheck(t *testing.T, kind, path string) fileCheck {
	t.Helper()
	abs, _ := filepath.Abs(path)
	cmd := exec.Command("node", "check.mjs", kind, abs)
	cmd.Dir = interopDir
	out, err := cmd.Output()
	if err != nil {
		if ee, ok := err.(*exec.ExitError); ok {
			t.Fatalf("node check.mjs %s: %v\n%s", kind, err, ee.Stderr)
		}
		t.Fatal(err)
	}
	var fc fileCheck
	if err := json.Unmarshal(out, &fc); err != nil {
		t.Fatalf("%v: %s", err, out)
	}
	return fc
}

func compareChecks(t *testing.T, label string, got fileCheck, f *Frame, types map[string]string) {
	t.Helper()
	if got.Rows != f.NumRows() {
		t.Errorf("%s: %d rows, want %d", label, got.Rows, f.NumRows())
	}
	for name, want := range expectedChecks(t, f) {
		c, ok := got.Columns[name]
		if !ok {
			t.Errorf("%s: column %q missing", label, name)
			continue
		}
		if c.Type != types[name] {
			t.Errorf("%s: column %q type %q, want %q", label, name, c.Type, types[name])
		}
		if c.Count != want[0] || c.Sum != want[1] && !floatEq(c.Sum, want[1]) {
			t.Errorf("%s: column %q count/sum %s/%s, want %s/%s", label, name, c.Count, c.Sum, want[0], want[1])
		}
	}
}

var duckTypes = map[string]string{"id": "BIGINT", "big": "BIGINT", "x": "DOUBLE", "cat": "VARCHAR", "txt": "VARCHAR", "flag": "BOOLEAN", "ts": "TIMESTAMP WITH TIME ZONE"}

func TestInteropDuckDBParquet(t *testing.T) {
	needNode(t)
	f := mixed(5000)
	path := filepath.Join(t.TempDir(), "mixed.parquet")
	if err := f.WriteParquetFile(path, ParquetOptions{RowGroupRows: 2000}); err != nil {
		t.Fatal(err)
	}
	compareChecks(t, "duckdb parquet", runCheck(t, "duckdb-parquet", path), f, duckTypes)
}

func TestInteropDuckDBCSV(t *testing.T) {
	needNode(t)
	f := mixed(5000)
	path := filepath.Join(t.TempDir(), "mixed.csv")
	if err := f.WriteCSVFile(path); err != nil {
		t.Fatal(err)
	}
	compareChecks(t, "duckdb csv", runCheck(t, "duckdb-csv", path), f, duckTypes)
}

func TestInteropArrowJSFeather(t *testing.T) {
	needNode(t)
	f := mixed(5000)
	path := filepath.Join(t.TempDir(), "mixed.arrow")
	if err := f.WriteIPCFile(path, IPCOptions{}); err != nil {
		t.Fatal(err)
	}
	types := map[string]string{"id": "Int64", "big": "Int64", "x": "Float64", "cat": "Dictionary<Int32, Utf8>", "txt": "Utf8", "flag": "Bool", "ts": "Timestamp<MICROSECOND, UTC>"}
	compareChecks(t, "arrow js", runCheck(t, "arrowjs", path), f, types)
}

func TestInteropPandasCSV(t *testing.T) {
	py := "/usr/bin/python3"
	_, err := os.Stat(py)
	okPandas := err == nil && exec.Command(py, "-c", "import pandas").Run() == nil
	needTool(t, okPandas, "Debian's python3-pandas for /usr/bin/python3")
	f := mixed(5000)
	path := filepath.Join(t.TempDir(), "mixed.csv")
	if err := f.WriteCSVFile(path); err != nil {
		t.Fatal(err)
	}
	abs, _ := filepath.Abs(path)
	out, err := exec.Command(py, filepath.Join(interopDir, "pandas_check.py"), abs).Output()
	if err != nil {
		t.Fatalf("pandas_check.py: %v", err)
	}
	var got struct {
		Rows    int                 `json:"rows"`
		Dtypes  map[string]string   `json:"dtypes"`
		Columns map[string]colCheck `json:"columns"`
		GroupBy []map[string]any    `json:"groupby"`
	}
	if err := json.Unmarshal(out, &got); err != nil {
		t.Fatal(err)
	}
	if got.Rows != f.NumRows() {
		t.Fatalf("pandas read %d rows, want %d", got.Rows, f.NumRows())
	}
	// pandas cannot hold null in int64/bool columns or tell "" from null;
	// the columns it can represent must come back exactly.
	wantTypes := map[string]string{"id": "int64", "big": "int64", "x": "float64", "ts": "datetime64[ns, UTC]"}
	for c, w := range wantTypes {
		if got.Dtypes[c] != w {
			t.Errorf("pandas dtype of %q is %q, want %q", c, got.Dtypes[c], w)
		}
	}
	exp := expectedChecks(t, f)
	for _, c := range []string{"id", "big", "x", "ts"} {
		if g := got.Columns[c]; g.Count != exp[c][0] || g.Sum != exp[c][1] && !(c == "x" && floatEq(g.Sum, exp[c][1])) {
			t.Errorf("pandas column %q count/sum %s/%s, want %s/%s", c, g.Count, g.Sum, exp[c][0], exp[c][1])
		}
	}
	// Our GroupBy agrees with pandas' groupby on the same data.
	ours := f.GroupBy("cat").Agg(CountOf("x").As("count"), Sum("x").As("sum"), Mean("x").As("mean"), Median("x").As("median"),
		Std("x").As("std"), Min("x").As("min"), Max("x").As("max"), First("x").As("first"), Last("x").As("last"),
		NUnique("x").As("nunique"), Quantile("x", 0.9).As("q90"))
	if ours.NumRows() != len(got.GroupBy) {
		t.Fatalf("%d groups, pandas has %d", ours.NumRows(), len(got.GroupBy))
	}
	for r, pg := range got.GroupBy {
		cat := ours.FormatValue(0, r)
		if pg["cat"] == nil && cat != "null" || pg["cat"] != nil && pg["cat"] != cat {
			t.Fatalf("group %d: key %v, pandas %v", r, cat, pg["cat"])
		}
		for c := 1; c < ours.NumCols(); c++ {
			name := ours.names[c]
			v := valueAt(ours.cols[c], r)
			var x float64
			switch vv := v.(type) {
			case int64:
				x = float64(vv)
			case float64:
				x = vv
			}
			p, _ := pg[name].(float64)
			if (v == nil) != (pg[name] == nil) || v != nil && !near(x, p) {
				t.Errorf("group %s %s: ours %v, pandas %v", cat, name, v, pg[name])
			}
		}
	}
}

func floatEq(a, b string) bool {
	x, e1 := strconv.ParseFloat(a, 64)
	y, e2 := strconv.ParseFloat(b, 64)
	return e1 == nil && e2 == nil && (x == y || math.Abs(x-y) < 1e-9)
}

// A Hive-partitioned dataset reads back in DuckDB as the one table it
// came from: the partition column (with its nulls, from
// __HIVE_DEFAULT_PARTITION__) restored from the folder names.
func TestInteropDuckDBHive(t *testing.T) {
	needNode(t)
	f := mixed(5000)
	dir := filepath.Join(t.TempDir(), "ds")
	if _, err := f.WriteParquetPartitioned(dir, []string{"cat"}, ParquetOptions{}); err != nil {
		t.Fatal(err)
	}
	compareChecks(t, "duckdb hive", runCheck(t, "duckdb-hive", dir), f, duckTypes)
}

// DuckDB decodes the escaped folder names back to the values.
func TestInteropDuckDBHiveEscapes(t *testing.T) {
	needNode(t)
	keys := []string{"a/b", "x=y", "sp ace", "50%", "plain", `q"uote`, "ü:1", "back\\slash", "new\nline", "a/b"}
	ids := make([]int64, len(keys))
	for i := range ids {
		ids[i] = int64(i)
	}
	f := New(Int64Col("id", ids, nil), StringCol("key", keys, nil))
	dir := filepath.Join(t.TempDir(), "ds")
	if _, err := f.WriteParquetPartitioned(dir, []string{"key"}, ParquetOptions{}); err != nil {
		t.Fatal(err)
	}
	compareChecks(t, "duckdb hive escapes", runCheck(t, "duckdb-hive", dir), f, map[string]string{"id": "BIGINT", "key": "VARCHAR"})
}
