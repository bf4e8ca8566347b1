package main

import (
	"fmt"
	"io"
	"path/filepath"
	"strings"

	"github.com/jobframe/jobframe/frame"
)

// outputFormat returns parquet, csv or arrow for -o FILE: format when
// given, else the file's extension.
func outputFormat(out, format string) (string, error) {
	if format == "" {
		switch strings.ToLower(filepath.Ext(out)) {
		case ".parquet", ".pq":
			format = "parquet"
		case ".csv":
			format = "csv"
		case ".arrow", ".feather", ".ipc":
			format = "arrow"
		default:
			return "", usagef("cannot tell the format from %q: use .parquet, .csv or .arrow, or --format", out)
		}
	}
	if format != "parquet" && format != "csv" && format != "arrow" {
		return "", usagef("unknown --format %q (want parquet, csv or arrow)", format)
	}
	return format, nil
}

// writeFrame writes f to path in format (parquet, csv or arrow).
func writeFrame(f *frame.Frame, path, format string) error {
	switch format {
	case "parquet":
		return f.WriteParquetFile(path, frame.ParquetOptions{})
	case "csv":
		return f.WriteCSVFile(path)
	}
	return f.WriteIPCFile(path, frame.IPCOptions{})
}

// emit prints f as a table with every row, or writes it to out when out
// is set, reporting the file on stderr.
func emit(f *frame.Frame, out, what string, stdout, stderr io.Writer) error {
	if err := f.Err(); err != nil {
		return err
	}
	if out == "" {
		o := frame.DefaultPrintOptions()
		o.MaxRows = max(f.NumRows(), 1)
		o.MaxWidth = 80
		return f.WriteText(stdout, o)
	}
	format, err := outputFormat(out, "")
	if err != nil {
		return err
	}
	if err := writeFrame(f, out, format); err != nil {
		return err
	}
	fmt.Fprintf(stderr, "wrote %d rows x %d columns of %s to %s\n", f.NumRows(), f.NumCols(), what, out)
	return nil
}
