package main

import (
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/jobframe/jobframe/frame"
)

func runExport(args []string, stdout, stderr io.Writer) error {
	fs := newFlags("export", "SOURCE... --frame NAME -o FILE [--where EXPR]... [--format FMT] [--partition-by COL]...",
		"Write one frame of the sources to a file for pandas, DuckDB or Spark: Parquet\n"+
			"(zstd), CSV, or Arrow IPC (Feather v2, uncompressed), chosen by the file's\n"+
			"extension (.parquet, .csv, .arrow/.feather/.ipc) or --format.\n\n"+
			"--where keeps the rows matching COLUMN OP VALUE, with OP one of == != < <= > >=\n"+
			"(e.g. --where 'state==failed' --where 'req_cpus>=4'); several are ANDed.\n\n"+
			"--partition-by COL (repeatable) writes a Hive-style partitioned Parquet dataset\n"+
			"to the folder -o DIR/: DIR/COL=value/part-0.parquet, which Spark, Trino, pandas\n"+
			"and DuckDB (read_parquet('DIR/**/*.parquet', hive_partitioning=true)) read as\n"+
			"one table. Null and empty values go to COL=__HIVE_DEFAULT_PARTITION__.", stdout)
	name := fs.String("frame", "tasks", "the frame to write (see jobframe info)")
	out := fs.String("o", "", "the output file (required)")
	format := fs.String("format", "", "parquet, csv or arrow (default: from the extension)")
	lenient := fs.Bool("lenient", false, "skip bad records (listed as warnings) instead of failing at the first")
	var wheres, partitionBy multiFlag
	fs.Var(&wheres, "where", "a row filter COLUMN OP VALUE (repeatable)")
	fs.Var(&partitionBy, "partition-by", "write a Hive-partitioned Parquet folder by this column (repeatable)")
	sources, err := parse(fs, args)
	if err != nil {
		return err
	}
	if *out == "" {
		return usagef("-o FILE is required")
	}
	fmtName := "parquet"
	if len(partitionBy) > 0 {
		if *format != "" && *format != "parquet" {
			return usagef("--partition-by writes Parquet, not %s", *format)
		}
	} else if fmtName, err = outputFormat(*out, *format); err != nil {
		return err
	}
	d, err := loadWarn(sources, *lenient, stderr)
	if err != nil {
		return err
	}
	f, err := d.Frame(*name)
	if err != nil {
		return err
	}
	if f, err = filterRows(f, wheres); err != nil {
		return err
	}
	if err := f.Err(); err != nil {
		return err
	}
	if len(partitionBy) > 0 {
		files, err := f.WriteParquetPartitioned(*out, partitionBy, frame.ParquetOptions{})
		if err != nil {
			return err
		}
		fmt.Fprintf(stderr, "wrote %d rows x %d columns of %s to %d files under %s, partitioned by %s\n",
			f.NumRows(), f.NumCols()-len(partitionBy), *name, len(files), *out, strings.Join(partitionBy, ", "))
		return nil
	}
	if err := writeFrame(f, *out, fmtName); err != nil {
		return err
	}
	fmt.Fprintf(stderr, "wrote %d rows x %d columns of %s to %s\n", f.NumRows(), f.NumCols(), *name, *out)
	return nil
}

// filterRows applies --where expressions to f.
func filterRows(f *frame.Frame, wheres []string) (*frame.Frame, error) {
	for _, w := range wheres {
		col, op, val, err := parseWhere(f, w)
		if err != nil {
			return nil, usagef("--where %q: %v", w, err)
		}
		f = f.Where(col, op, val)
	}
	return f, nil
}

type multiFlag []string

func (m *multiFlag) String() string     { return strings.Join(*m, " ") }
func (m *multiFlag) Set(v string) error { *m = append(*m, v); return nil }

// parseWhere splits "col OP value" and converts value to the column's type.
func parseWhere(f *frame.Frame, expr string) (string, string, any, error) {
	for _, op := range []string{"==", "!=", "<=", ">=", "<", ">"} {
		i := strings.Index(expr, op)
		if i <= 0 {
			continue
		}
		col := strings.TrimSpace(expr[:i])
		raw := strings.TrimSpace(expr[i+len(op):])
		t, err := f.Type(col)
		if err != nil {
			return "", "", nil, err
		}
		var v any
		switch t {
		case frame.Int64:
			v, err = strconv.ParseInt(raw, 10, 64)
		case frame.Float64:
			v, err = strconv.ParseFloat(raw, 64)
		case frame.Bool:
			v, err = strconv.ParseBool(raw)
		default:
			v = raw // strings, and times as RFC 3339 text
		}
		if err != nil {
			return "", "", nil, fmt.Errorf("%q is not a %s", raw, t)
		}
		return col, op, v, nil
	}
	return "", "", nil, fmt.Errorf("want COLUMN OP VALUE with OP one of == != < <= > >=")
}
