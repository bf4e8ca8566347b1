package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"math"
	"os"
	"strconv"
	"strings"

	"github.com/jobframe/jobframe/loaders"
	"github.com/jobframe/jobframe/loaders/source"
)

// errHelp reports that --help was shown (exit status 0).
var errHelp = errors.New("help shown")

// newFlags returns a flag set that writes its usage to stdout on --help
// and reports errors as usage errors.
func newFlags(name, usage, about string, stdout io.Writer) *flag.FlagSet {
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	fs.Usage = func() {
		fmt.Fprintf(stdout, "Usage: jobframe %s %s\n\n%s\n", name, usage, about)
		var opts strings.Builder
		fs.SetOutput(&opts)
		fs.PrintDefaults()
		fs.SetOutput(io.Discard)
		if opts.Len() > 0 {
			fmt.Fprintf(stdout, "\nOptions:\n%s", opts.String())
		}
	}
	return fs
}

// parse parses args, allowing options after the positional arguments
// ("jobframe info FILE --json"), and maps --help and bad flags to errHelp
// and usage errors.
func parse(fs *flag.FlagSet, args []string) ([]string, error) {
	var pos []string
	for {
		if err := fs.Parse(args); err != nil {
			if errors.Is(err, flag.ErrHelp) { // the flag package has shown the usage
				return nil, errHelp
			}
			return nil, usagef("%v", err)
		}
		args = fs.Args()
		if len(args) == 0 {
			return pos, nil
		}
		pos = append(pos, args[0])
		args = args[1:]
	}
}

// addSourceFlag adds --source, the source systems a load keeps
// (loaders.Options.Sources).
func addSourceFlag(fs *flag.FlagSet) *string {
	return fs.String("source", "", "keep the data of these source systems only, comma-separated (hyperqueue,slurm,...): a lake's entries and the logs of others are not read")
}

// sourceList splits the value of --source at its commas.
func sourceList(v string) []string {
	var out []string
	for _, s := range strings.Split(v, ",") {
		if s = strings.TrimSpace(s); s != "" {
			out = append(out, s)
		}
	}
	return out
}

// loadWith opens the sources named on the command line with options o,
// with a progress bar on stderr when it is a terminal and the load takes
// more than a second.
func loadWith(sources []string, o loaders.Options, stderr io.Writer) (*loaders.Dataset, error) {
	return loadContext(context.Background(), sources, o, stderr)
}

// loadContext is loadWith under ctx (loaders.OpenContext): a load stops
// once ctx is done.
func loadContext(ctx context.Context, sources []string, o loaders.Options, stderr io.Writer) (*loaders.Dataset, error) {
	if len(sources) == 0 {
		return nil, usagef("no SOURCE given")
	}
	limits, err := limits()
	if err != nil {
		return nil, err
	}
	p := new(loaders.Progress)
	stop := startProgress(stderr, p)
	defer stop()
	o.TimeZone, o.Progress, o.Limits = timeZone(), p, limits
	return loaders.OpenContext(ctx, o, sources...)
}

// positiveEnv reads the environment variable name as a positive number
// of unit; 0 when it is unset.
func positiveEnv(name, unit string) (int64, error) {
	v := os.Getenv(name)
	if v == "" {
		return 0, nil
	}
	n, err := strconv.ParseInt(v, 10, 64)
	if err != nil || n <= 0 {
		return 0, usagef("%s=%q: want a positive number of %s", name, v, unit)
	}
	return n, nil
}

// limits reads the bounds on what one input may make a load hold from
// the environment (source.Limits): JOBFRAME_MAX_HOSTS,
// JOBFRAME_MAX_ARCHIVE_BYTES, JOBFRAME_MAX_LINE_BYTES,
// JOBFRAME_MAX_PARQUET_BYTES and JOBFRAME_MAX_DECOMPRESSED_BYTES; each
// unset is 0, the default.
func limits() (source.Limits, error) {
	var l source.Limits
	hosts, err := positiveEnv("JOBFRAME_MAX_HOSTS", "hosts")
	if err != nil {
		return l, err
	}
	if l.MaxArchiveBytes, err = positiveEnv("JOBFRAME_MAX_ARCHIVE_BYTES", "bytes"); err != nil {
		return l, err
	}
	line, err := positiveEnv("JOBFRAME_MAX_LINE_BYTES", "bytes")
	if err != nil {
		return l, err
	}
	if l.MaxParquetBytes, err = positiveEnv("JOBFRAME_MAX_PARQUET_BYTES", "bytes"); err != nil {
		return l, err
	}
	if l.MaxDecompressedBytes, err = positiveEnv("JOBFRAME_MAX_DECOMPRESSED_BYTES", "bytes"); err != nil {
		return l, err
	}
	l.MaxHosts, l.MaxLineBytes = int(min(hosts, math.MaxInt32)), int(min(line, math.MaxInt32))
	return l, nil
}

// loadWarn is loadWith in lenient mode or not, followed by the
// dataset's warnings on stderr.
func loadWarn(sources []string, lenient bool, stderr io.Writer) (*loaders.Dataset, error) {
	return loadWarnWith(sources, loaders.Options{Lenient: lenient}, stderr)
}

// loadWarnWith is loadWith followed by the dataset's warnings on stderr.
func loadWarnWith(sources []string, o loaders.Options, stderr io.Writer) (*loaders.Dataset, error) {
	d, err := loadWith(sources, o, stderr)
	if err != nil {
		return nil, err
	}
	for _, w := range d.Warnings {
		fmt.Fprintf(stderr, "warning: %s\n", w)
	}
	return d, nil
}
