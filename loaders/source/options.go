package source

import (
	"fmt"
	"io"
	"maps"
	"slices"
	"sort"
	"strings"
	"time"
)

// Options control loading.
type Options struct {
	// Lenient skips bad records (each listed in Dataset.Warnings) instead
	// of failing at the first one.
	Lenient bool
	// Name names the input in errors and warnings when it is a reader
	// rather than a file (default "-").
	Name string
	// Frames, when not empty, limits the frames built to those named
	// (records are still parsed and checked); loading only what an
	// analysis needs saves memory on large logs. Loaders that cannot
	// skip a frame build it anyway.
	Frames []string
	// TimeZone is the zone, an IANA name such as "America/Denver", of
	// times written without one: sacct's (empty means UTC), and EPMT job
	// metadata times when the job's environment names none (TZ, then
	// TIMEZONE; empty means US/Eastern, as EPMT does). The CLI passes
	// $JOBFRAME_TZ, else $EPMT_TZ.
	TimeZone string
	// Progress, when set, counts the bytes OpenWith reads (see Progress).
	Progress *Progress
	// Tee, when set, is called as OpenWith or LoadGroup opens each input
	// file, with its path as named; every byte then read of the file
	// (before any decompression) is also written, in order, to the
	// writer it returns (nil: none). loaders/lake hashes its inputs this
	// way as they load, rather than reading them a second time.
	Tee func(path string) io.Writer
	// Columns, for each frame it names, keeps only the columns listed, in
	// the order listed (Columns[Tasks] = []string{"final", "mem_mb"}), as
	// pandas' usecols or a query's projection: frames it does not name
	// keep all their columns, and frames the source lacks are ignored. A
	// listed column the frame lacks is an error that names the columns it
	// has, but for an optional one (Optional: its name ends in "?"), kept
	// when the frame has it: what a reader takes of frames whose columns
	// differ between sources. Records are still parsed and checked in
	// full; loaders skip building the other columns where that saves
	// time and memory (the Work Queue and TaskVine tasks and events;
	// HyperQueue's tasks, placements and events; every frame of PBS,
	// LSF, HTCondor, Flux, Parsl, Cromwell and Snakemake's run logs;
	// EPMT procs and threads; sacct's fields).
	Columns map[string][]string
	// Omit, for each frame it names, leaves out the columns listed where
	// the frame has them, after Columns (no error for one it lacks): the
	// projection of a caller that knows what it never reads rather than
	// all it may read, whatever the source (Omit[Tasks] =
	// []string{"raw_state"}). Loaders skip building them as they do for
	// Columns.
	Omit map[string][]string
	// Batch, when set, receives the rows of a long log that are complete
	// in batches of about BatchRows rows, as the log is read: the loader
	// forgets them once Batch returns, so it holds only what is still
	// open (attempts that have not ended) and the small frames of
	// entities (workers, jobs, allocations). The dataset the load returns
	// then holds the rest: the rows not yet handed over, the attempts
	// still open at the end and the entity frames. Batch datasets carry
	// the row frames only (tasks, placements, events, perf; EPMT's procs
	// and threads) and no
	// warnings; an error from Batch stops the load and is returned.
	// Formats whose Format.Streams is false read their input whole and
	// never call it. loaders/lake writes each batch to Parquet this way.
	Batch func(*Dataset) error
	// BatchRows is the number of rows (attempts, events) that makes a
	// batch; 0 means 1 << 16 (about 25 MB of HyperQueue journal).
	BatchRows int
	// Checkpoints asks a format that resumes (Format.Resumes) to set
	// Dataset.Checkpoint on the batches before the input's end that end
	// within two batches' bytes of it (its size as opened; on every
	// batch when the size is not known): only the last is of use, and
	// each costs an encoding of the loader's state (about 0.7 MB for a
	// 1,000,000-task journal). LoadGroup asks for them only when its
	// group is one plain (uncompressed) file.
	Checkpoints bool
	// Resume, when set, is a Checkpoint of an earlier load of the same
	// file, which has grown since: the load reads it from there (see
	// Checkpoint). A load that cannot fails with ErrResume.
	Resume *Checkpoint
	// Sources, when not empty, are the source systems a load keeps
	// (hyperqueue, slurm, ...: Format.Sources): a lake's entries of other
	// sources and the logs whose format reads none of them are not read,
	// and the datasets of other sources are dropped; one warning counts
	// what was left out.
	Sources []string
	// Window, when set, is a time window that the caller cuts the loaded
	// frames to afterwards (ops.Window.Frames): a lake's row groups in
	// which that cut keeps no row, by their footer's statistics, are not
	// read. It is a hint pushed down to the reader, as a query's
	// predicate: the rows of what is read are all returned, and logs are
	// read whole, as are lakes whose entries absorb companions (a
	// timeline row outside the window can give a trace row inside it its
	// times).
	Window TimeWindow
	// SourceRows, when set, is a test of the source column that the
	// caller cuts the loaded frames to afterwards, in the frames that have
	// that column (the CLI's --where 'source == "slurm"'), and in no
	// other: a lake's Parquet parts of the canonical frames with a source
	// column (tasks) whose system it refuses are not read (the frame
	// keeps its columns, without those rows), as Hive partitions are
	// pruned. A hint, as Window: logs are read whole, as are lakes whose
	// entries absorb companions.
	SourceRows func(source string) bool
	// SpanOnly names, for each frame it names, the columns for which the
	// caller reads that frame's rows: rows with none of them it reads
	// only for the span of their times (Dataset.Span). A lake's row
	// groups of such a frame that hold none of those columns nor a run
	// column, and whose footers give each of their time columns' least
	// and greatest values, are not read: those values widen
	// Dataset.Skimmed instead (SpanOnly[Events] = {"to_state"}: Balsam's
	// transitions are read, a HyperQueue journal's 20M events of 10M
	// tasks give their first and last time). HyperQueue journals, Work
	// Queue and TaskVine transaction logs, PBS and LSF accounting logs
	// and HTCondor job event logs read whole (not in batches) count such
	// events and span their times instead of storing them (SkimsRows). A
	// hint, as Window: other logs are read whole, as are lakes whose
	// entries absorb companions; a lake ignores it when Window or
	// SourceRows is set (their cuts apply to rows, not to a span).
	SpanOnly map[string][]string
	// Limits bound what one input may make a load hold.
	Limits
}

// TimeWindow is a span of time [From, To]; a zero side is open.
type TimeWindow struct {
	From, To time.Time
}

// Limits are the bounds on what one input may make a load hold, each 0
// for its default: a few bytes of hostile input must not take the
// machine's memory.
type Limits struct {
	// MaxHosts bounds the hosts that the node lists of one input expand
	// to in all (a Slurm dump's NodeList, one placement per host of each
	// step); 0 means DefaultMaxHosts. A few bytes of node list can name
	// a million hosts ("cn[0000000-1048575]"), so a small hostile file
	// could otherwise take the machine's memory.
	MaxHosts int
	// MaxArchiveBytes bounds the bytes an archive's members hold in all
	// once decompressed (an EPMT job .tgz, whose members are read into
	// memory: a tar's order is arbitrary); 0 means
	// DefaultMaxArchiveBytes. A few KB of .tgz can hold a sparse member
	// of many GB.
	MaxArchiveBytes int64
	// MaxLineBytes bounds a line (a record) of the line-oriented and
	// JSON-record formats; 0 means DefaultMaxLineBytes. A longer one
	// stops the load, naming its file and line, before it is held whole.
	MaxLineBytes int
	// MaxParquetBytes bounds the bytes that reading a lake's Parquet
	// files may allocate in all (frame.Budget); 0 means
	// frame.DefaultBudgetBytes of the files' size: 1024 bytes per byte,
	// at least 1 GiB. A few hundred bytes of Parquet can hold a column
	// of a billion nulls.
	MaxParquetBytes int64
	// MaxDecompressedBytes bounds the bytes a compressed input (gzip,
	// zstd) may decompress to; 0 means 1024 bytes per compressed byte
	// read, at least 64 MiB (loaders.InflateBytesPerByte). zstd makes 3
	// GB of spaces 92 KB, and a document format holds its whole text.
	MaxDecompressedBytes int64
}

// DefaultMaxLineBytes is the default of Options.MaxLineBytes: 64 MiB.
// No record of the formats read comes near it; a journal whose second
// line is 1 GiB (a few KB compressed) would otherwise be held whole.
const DefaultMaxLineBytes = 64 << 20

// Problems returns the Problems of input file, in o's mode and with its
// bound on lines.
func (o Options) Problems(file string) *Problems {
	return &Problems{File: file, Lenient: o.Lenient, MaxLine: o.MaxLineBytes}
}

// DefaultMaxArchiveBytes is the default of Options.MaxArchiveBytes: 1 GiB.
const DefaultMaxArchiveBytes = 1 << 30

// ArchiveLimit returns o.MaxArchiveBytes, or its default.
func (o Options) ArchiveLimit() int64 {
	if o.MaxArchiveBytes > 0 {
		return o.MaxArchiveBytes
	}
	return DefaultMaxArchiveBytes
}

// DefaultMaxHosts is the default of Options.MaxHosts: 16,777,216
// placements, about 1.7 GB of frames.
const DefaultMaxHosts = 1 << 24

// HostLimit returns o.MaxHosts, or its default.
func (o Options) HostLimit() int {
	if o.MaxHosts > 0 {
		return o.MaxHosts
	}
	return DefaultMaxHosts
}

// BatchSize returns o.BatchRows, or its default.
func (o Options) BatchSize() int {
	if o.BatchRows > 0 {
		return o.BatchRows
	}
	return 1 << 16
}

// Location returns the zone of o.TimeZone (an IANA name), UTC when it
// is empty: where a format reads times written without a zone.
func (o Options) Location() (*time.Location, error) {
	if o.TimeZone == "" {
		return time.UTC, nil
	}
	loc, err := time.LoadLocation(o.TimeZone)
	if err != nil {
		return nil, fmt.Errorf("%s: time zone %q: %w", o.InputName(), o.TimeZone, err)
	}
	return loc, nil
}

// InputName returns the name of the input in messages: Name, or "-"
// (standard input) when it is empty.
func (o Options) InputName() string {
	if o.Name == "" {
		return "-"
	}
	return o.Name
}

// Keeps reports whether column col of frame name is kept by Columns
// and not left out by Omit.
func (o Options) Keeps(name, col string) bool {
	if slices.Contains(o.Omit[name], col) {
		return false
	}
	cols, ok := o.Columns[name]
	return !ok || slices.ContainsFunc(cols, func(c string) bool { return strings.TrimSuffix(c, "?") == col })
}

// Optional marks col as an optional column of Options.Columns: kept
// when the frame has it, no error when it lacks it.
func Optional(col string) string { return col + "?" }

// OptionalColumns returns cols as a list of Options.Columns: each once,
// in their first order, each optional (Optional).
func OptionalColumns(cols ...string) []string {
	var out []string
	for _, c := range cols {
		if c = Optional(c); !slices.Contains(out, c) {
			out = append(out, c)
		}
	}
	return out
}

// ColumnNames returns the names of a list of Options.Columns, optional
// ones without their mark.
func ColumnNames(cols []string) []string {
	out := make([]string, len(cols))
	for i, c := range cols {
		out[i] = strings.TrimSuffix(c, "?")
	}
	return out
}

// Project applies Omit and Columns to d, the result of a load that
// returned err: a column both name is left out.
func (o Options) Project(d *Dataset, err error) (*Dataset, error) {
	if err != nil {
		return d, err
	}
	for _, name := range slices.Sorted(maps.Keys(o.Omit)) {
		if f, ok := d.Frames[name]; ok {
			left := slices.DeleteFunc(f.Names(), func(c string) bool { return slices.Contains(o.Omit[name], c) })
			if len(left) < f.NumCols() {
				d.Frames[name] = f.Select(left...)
			}
		}
	}
	if len(o.Columns) == 0 {
		return d, nil
	}
	for _, name := range slices.Sorted(maps.Keys(o.Columns)) {
		f, ok := d.Frames[name]
		if !ok {
			continue
		}
		var keep []string
		for _, c := range o.Columns[name] {
			n, optional := strings.CutSuffix(c, "?")
			switch {
			case slices.Contains(o.Omit[name], n): // left out, built or not
			case f.Has(n):
				keep = append(keep, n)
			case !optional:
				all := append(f.Names(), d.Unbuilt[name]...)
				sort.Strings(all)
				return nil, fmt.Errorf("loading only some columns: the %s frame has no column %q; it has: %s", name, c, Clip(strings.Join(all, ", "), 600))
			}
		}
		if f = f.Select(keep...); f.Err() != nil {
			return nil, fmt.Errorf("loading only some columns of the %s frame: %w", name, f.Err())
		}
		d.Frames[name] = f
	}
	return d, nil
}

// WantFrames returns the set of frames to build (nil = all).
func WantFrames(o Options) map[string]bool {
	if len(o.Frames) == 0 {
		return nil
	}
	m := map[string]bool{}
	for _, f := range o.Frames {
		m[f] = true
	}
	return m
}
