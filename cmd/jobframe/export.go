package main

import (
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"

	"github.com/jobframe/jobframe/frame"
	"github.com/jobframe/jobframe/loaders"
)

func runExport(args []string, stdout, stderr io.Writer) error {
	fs := newFlags("export", "SOURCE... --frame NAME -o FILE [--columns A,B,...] [--with NAME=EXPR]... [--where EXPR]... [--format FMT] [--partition-by COL]...",
		"Write one frame of the sources to a file for pandas, DuckDB or Spark: Parquet\n"+
			"(zstd), CSV, or Arrow IPC (Feather v2, uncompressed), chosen by the file's\n"+
			"extension (.parquet, .csv, .arrow/.feather/.ipc) or --format.\n\n"+
			"--columns A,B,... writes only those columns, in that order; the loader then\n"+
			"skips building the others where it can, which saves time and memory on\n"+
			"large logs.\n\n"+
			"--with adds a column NAME = EXPRESSION and --where keeps the rows where an\n"+
			"expression holds, both in Go's syntax over the frame's columns (--with\n"+
			"'run_s = seconds(end - start)' --where 'run_s > 60 && state == \"failed\"';\n"+
			"frame.ParseExpr lists the functions); --where also takes COLUMN OP VALUE with\n"+
			"an unquoted value ('state==failed', 'req_cpus>=4'). Several are ANDed.\n\n"+
			"--partition-by COL (repeatable) writes a Hive-style partitioned Parquet dataset\n"+
			"to the folder -o DIR/: DIR/COL=value/part-0.parquet, which Spark, Trino, pandas\n"+
			"and DuckDB (read_parquet('DIR/**/*.parquet', hive_partitioning=true)) read as\n"+
			"one table. Null and empty values go to COL=__HIVE_DEFAULT_PARTITION__.", stdout)
	name := fs.String("frame", "tasks", "the frame to write (see jobframe info)")
	out := fs.String("o", "", "the output file (required)")
	format := fs.String("format", "", "parquet, csv or arrow (default: from the extension)")
	lenient := fs.Bool("lenient", false, "skip bad records (listed as warnings) instead of failing at the first")
	columns := fs.String("columns", "", "comma-separated columns to write, in order (default: all)")
	var withs, wheres, partitionBy multiFlag
	fs.Var(&withs, "with", "a derived column NAME = EXPRESSION in Go's syntax, e.g. 'run_s = seconds(end - start)' (repeatable)")
	fs.Var(&wheres, "where", "a row filter: an expression in Go's syntax, e.g. 'run_s > 60 && state == \"failed\"', or COLUMN OP VALUE (repeatable)")
	fs.Var(&partitionBy, "partition-by", "write a Hive-partitioned Parquet folder by this column (repeatable)")
	only := addSourceFlag(fs)
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
	o, keep := exportOptions(sources, *name, *columns, partitionBy, withs, wheres)
	o.Lenient, o.Sources = *lenient, sourceList(*only)
	d, err := loadWarnWith(sources, o, stderr)
	if err != nil {
		return err
	}
	f, err := d.Frame(*name)
	if err != nil && o.Frames != nil {
		// only the named frame was built: the list of the others is empty
		return fmt.Errorf("%s data has no %q frame (jobframe info SOURCE lists its frames)", d.Source, *name)
	}
	if err != nil {
		return err
	}
	if f, err = deriveRows(f, withs, wheres); err != nil {
		return err
	}
	if keep != nil {
		f = f.Select(keep...)
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

// deriveRows adds the --with columns to f, then keeps the rows of every
// --where.
func deriveRows(f *frame.Frame, withs, wheres []string) (*frame.Frame, error) {
	for _, w := range withs {
		if f = f.WithText(w); f.Err() != nil {
			return nil, usagef("--with %q: %v", w, f.Err())
		}
	}
	return filterRows(f, wheres)
}

// filterRows applies --where filters to f: COLUMN OP VALUE (an unquoted
// value of the column's type), as before expressions, or else an
// expression in Go's syntax (frame.Query).
func filterRows(f *frame.Frame, wheres []string) (*frame.Frame, error) {
	for _, w := range wheres {
		col, op, val, err := parseWhere(f, w)
		switch {
		case err == nil:
			f = f.Where(col, op, val)
		case oldWhere(w): // meant as COLUMN OP VALUE: say what is wrong with it
			return nil, usagef("--where %q: %v", w, err)
		default:
			f = f.Query(w)
		}
		if err := f.Err(); err != nil {
			return nil, usagef("--where %q: %v", w, err)
		}
	}
	return f, nil
}

// readColumns are the columns a load must build for keep, the --with
// derivations and the --where filters: keep (but the columns derived),
// then the columns they read, each once.
func readColumns(keep, withs, wheres []string) []string {
	load := slices.Clone(keep)
	add := func(c string) {
		if c != "" && !slices.Contains(load, c) {
			load = append(load, c)
		}
	}
	var derived []string
	for _, w := range withs {
		name, text, _ := strings.Cut(w, "=")
		if e, err := frame.ParseExpr(text); err == nil {
			for _, c := range e.Columns() {
				if !slices.Contains(derived, c) {
					add(c)
				}
			}
		}
		derived = append(derived, strings.TrimSpace(name))
	}
	load = slices.DeleteFunc(load, func(c string) bool { return slices.Contains(derived, c) }) // made, not read
	for _, w := range wheres {
		cols := []string{whereColumn(w)}
		if !oldWhere(w) {
			if e, err := frame.ParseExpr(w); err == nil {
				cols = e.Columns()
			}
		}
		for _, c := range cols {
			if !slices.Contains(derived, c) {
				add(c)
			}
		}
	}
	return load
}

// oldWhere reports whether a --where reads as COLUMN OP VALUE with a
// plain value (no quote, space or operator in it), which filterRows
// tries before expressions: 'state==lost' tests the text "lost".
func oldWhere(w string) bool {
	for _, op := range whereOps {
		if i := strings.Index(w, op); i > 0 {
			raw := strings.TrimSpace(w[i+len(op):])
			return raw != "" && !strings.ContainsAny(raw, " \t\"'`()&|<>=!")
		}
	}
	return false
}

// multiFlag is a flag that may be given several times.
type multiFlag []string

func (m *multiFlag) String() string     { return strings.Join(*m, " ") }
func (m *multiFlag) Set(v string) error { *m = append(*m, v); return nil }

// whereOps are the operators of --where, longest first.
var whereOps = []string{"==", "!=", "<=", ">=", "<", ">"}

// whereColumn returns the column a --where expression tests ("" when it
// has no operator; parseWhere reports that).
func whereColumn(expr string) string {
	for _, op := range whereOps {
		if i := strings.Index(expr, op); i > 0 {
			return strings.TrimSpace(expr[:i])
		}
	}
	return ""
}

// parseWhere splits "col OP value" and converts value to the column's
// type; a quoted value is an expression's, not this form's.
func parseWhere(f *frame.Frame, expr string) (string, string, any, error) {
	for _, op := range whereOps {
		i := strings.Index(expr, op)
		if i <= 0 {
			continue
		}
		col := strings.TrimSpace(expr[:i])
		raw := strings.TrimSpace(expr[i+len(op):])
		if strings.HasPrefix(raw, `"`) || strings.HasPrefix(raw, "`") {
			return "", "", nil, fmt.Errorf("a quoted value: an expression")
		}
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

// exportOptions returns the load of export of frame name, and the
// columns it writes (nil: all). With --columns (the big-log path) only
// that frame is built, of those columns, the partition columns and the
// ones the derivations and filters read (dropped after). Without, of
// lakes the other frames are taken from their footers alone; of logs
// they are read of their run and time columns alone, on which the runs
// are counted and named (thinned).
func exportOptions(sources []string, name, columns string, partitionBy, withs, wheres []string) (o loaders.Options, keep []string) {
	if columns != "" {
		o.Frames = []string{name}
		for _, c := range strings.Split(columns, ",") {
			if c = strings.TrimSpace(c); c != "" && !slices.Contains(keep, c) {
				keep = append(keep, c)
			}
		}
		for _, c := range partitionBy {
			if !slices.Contains(keep, c) {
				keep = append(keep, c)
			}
		}
		o.Columns = map[string][]string{name: readColumns(keep, withs, wheres)}
	} else if o.SpanOnly = skimmed(sources, name); o.SpanOnly == nil {
		o.Columns = thinned(map[string][]string{name: nil})
		delete(o.Columns, name)
	}
	o.SourceRows = frameSourceRows(name, withs, wheres)
	return o, keep
}
