// Command jobframe loads the records of HPC workflow systems and batch
// schedulers (HyperQueue, Work Queue, TaskVine, the cctools resource
// monitor, Balsam, EPMT, Slurm, PBS, LSF, HTCondor, Flux, Nextflow,
// Snakemake, Cromwell, Parsl, WfCommons) into data frames and answers
// questions about them.
//
//	jobframe info SOURCE...                  what a source holds
//	jobframe export SOURCE... --frame NAME -o FILE
//	jobframe ingest SOURCE... --into DIR        add sources to a Parquet lake
//	jobframe busy SOURCE... [--resource cpus]
//	jobframe capacity SOURCE... [--resource cpus]
//	jobframe tasks-per-worker SOURCE...
//	jobframe hist SOURCE... --column mem_mb [--bins 10]
//	jobframe intervals SOURCE... [--by tags]
//	jobframe allocations BATCH... SOURCE...  queue wait and use of batch jobs
//	jobframe run SCRIPT.go [ARGS...]         a Go script in the interpreter
//	jobframe repl [SOURCE...]                an interactive Go session
//	jobframe kernel -f CONNECTION_FILE       a Jupyter kernel (kernel install: its kernelspec)
//	jobframe version
//
// Run "jobframe help" or "jobframe COMMAND --help" for details. Exit
// status: 0 success, 1 failure, 2 usage error, 3 internal error (a bug
// in jobframe: a panic, reported with its stack).
package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"runtime/debug"
	"slices"
	"strings"

	"github.com/jobframe/jobframe/loaders"
	"github.com/jobframe/jobframe/ops"
)

// command is one subcommand.
type command struct {
	name, summary string
	run           func(args []string, stdout, stderr io.Writer) error
}

func commands() []command {
	return []command{
		{"info", "summarise what sources hold: frames, rows, time span, workers, states, warnings", runInfo},
		{"export", "write one frame of the sources to Parquet, CSV or Arrow IPC", runExport},
		{"busy", "the step series of cpus (or another resource) held by running attempts", runBusy},
		{"capacity", "the step series of cpus (or another resource) offered by connected workers", runCapacity},
		{"tasks-per-worker", "attempts started on each worker, with their job@task list", runTasksPerWorker},
		{"hist", "a histogram of a numeric column (numpy's binning)", runHist},
		{"intervals", "time covered per group: sum, sum minus overlap, finish minus start (EPMT)", runIntervals},
		{"allocations", "batch jobs (Slurm, PBS, LSF) joined to the work that ran in them: queue wait, share of core-hours used", runAllocations},
		{"ingest", "add sources to a Parquet lake (one folder per frame, by source and day) for DuckDB, Spark, Trino", runIngest},
		{"report", "a self-contained HTML report with charts of any source", runReport},
		{"watch", "serve the report of sources being written, kept up to date in the browser", runWatch},
		{"run", "run a Go analysis script in the interpreter", runScript},
		{"repl", "an interactive Go session with the sources loaded", runREPL},
		{"kernel", "a Jupyter kernel running the REPL's session; 'kernel install' writes its kernelspec", runKernel},
		{"version", "print the jobframe version", runVersion},
	}
}

// usageError makes main exit with status 2.
type usageError struct{ msg string }

func (e usageError) Error() string { return e.msg }

func usagef(format string, args ...any) error { return usageError{fmt.Sprintf(format, args...)} }

func main() { os.Exit(programMain()) }

// programMain is main without the exit. For "jobframe run SCRIPT ARGS..."
// the script is this process's program, as with go run: compiled packages
// that read the process's arguments (flag.Parse) see [SCRIPT ARGS...],
// and flag's messages name the script. Only the process's entry point
// does this, never run, which tests call in-process.
func programMain() int {
	args := os.Args[1:]
	if len(args) > 1 && args[0] == "run" && !strings.HasPrefix(args[1], "-") {
		os.Args = args[1:]
		flag.CommandLine = flag.NewFlagSet(args[1], flag.ExitOnError)
	}
	return run(args, os.Stdout, os.Stderr)
}

// run executes the command line and returns the exit status.
func run(args []string, stdout, stderr io.Writer) int {
	if len(args) == 0 || args[0] == "help" || args[0] == "-h" || args[0] == "--help" {
		if len(args) > 1 {
			return run([]string{args[1], "--help"}, stdout, stderr)
		}
		printHelp(stdout)
		if len(args) == 0 {
			return 2
		}
		return 0
	}
	for _, c := range commands() {
		if c.name != args[0] {
			continue
		}
		err := runCommand(c, args[1:], stdout, stderr)
		var ie internalError
		if errors.As(err, &ie) {
			fmt.Fprintf(stderr, "jobframe %s: internal error (a bug in jobframe; please report it with this message): %v\n%s", c.name, ie.value, ie.stack)
			return exitInternal
		}
		var ue usageError
		var ee exitError
		switch {
		case err == nil:
			return 0
		case errors.As(err, &ee):
			return ee.code
		case errors.Is(err, errHelp):
			return 0
		case errors.As(err, &ue):
			fmt.Fprintf(stderr, "jobframe %s: %s\nRun 'jobframe %s --help' for usage.\n", c.name, ue.msg, c.name)
			return 2
		default:
			fmt.Fprintf(stderr, "jobframe %s: %v%s\n", c.name, err, frameSources(err))
			return 1
		}
	}
	fmt.Fprintf(stderr, "jobframe: unknown command %q\nRun 'jobframe help' for the list of commands.\n", args[0])
	return 2
}

// exitInternal is the exit status of a panic: a bug in jobframe, not in
// the input or the command line (whose statuses are 1 and 2).
const exitInternal = 3

// internalError is a panic of a command, with its stack.
type internalError struct {
	value any
	stack []byte
}

func (e internalError) Error() string { return fmt.Sprintf("internal error: %v", e.value) }

// runCommand runs c, turning a panic of its goroutine into an
// internalError.
func runCommand(c command, args []string, stdout, stderr io.Writer) (err error) {
	defer func() {
		if r := recover(); r != nil {
			err = internalError{value: r, stack: debug.Stack()}
		}
	}()
	return c.run(args, stdout, stderr)
}

func printHelp(w io.Writer) {
	fmt.Fprintf(w, "jobframe: data frames from HPC workflow records (%s)\n", strings.Join(loaders.Systems(), ", "))
	fmt.Fprintln(w)
	fmt.Fprintln(w, "Usage: jobframe COMMAND [ARGS]")
	fmt.Fprintln(w)
	fmt.Fprintln(w, "Commands:")
	for _, c := range commands() {
		fmt.Fprintf(w, "  %-16s %s\n", c.name, c.summary)
	}
	fmt.Fprintln(w)
	fmt.Fprintln(w, "Run 'jobframe COMMAND --help' for a command's options.")
}

// frameSources says, for an op's error about a canonical frame that
// lacks columns, which formats' loads have that frame: " (the placements
// frame comes from hyperqueue, cctools-transactions, ...)", or "".
func frameSources(err error) string {
	var mc *ops.MissingColumnsError
	if !errors.As(err, &mc) || mc.Frame == "" {
		return ""
	}
	var names []string
	for _, f := range loaders.Formats() {
		if slices.Contains(f.Frames, mc.Frame) {
			names = append(names, f.Name)
		}
	}
	return fmt.Sprintf(" (the %s frame comes from %s)", mc.Frame, strings.Join(names, ", "))
}
