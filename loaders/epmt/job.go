package epmt

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"path"
	"strings"

	"github.com/jobframe/jobframe/frame"
	"github.com/jobframe/jobframe/frame/schema"
	"github.com/jobframe/jobframe/loaders/epmt/pickle"
	"github.com/jobframe/jobframe/loaders/source"
)

// loadEPMT loads one job from its files; hint is the job id to use when
// neither the metadata nor a collated CSV name gives one. It reads the
// files (readJobFiles), the data files' processes (readHosts), then
// builds the procs, threads and jobs frames (jobBuilder), handing the
// procs and threads rows to Options.Batch in batches when it is set.
func loadEPMT(files []File, hint string, o source.Options) (*source.Dataset, error) {
	d := &source.Dataset{Source: Source, Frames: map[string]*frame.Frame{}}
	for _, f := range files {
		d.Files = append(d.Files, f.Name)
	}
	jf, err := readJobFiles(files)
	if err != nil {
		return nil, err
	}
	where := "job"
	if len(files) > 0 {
		where = path.Dir(strings.ReplaceAll(files[0].Name, "\\", "/"))
	}
	if jf.metaName == "" {
		jf.metaName = where
	}
	job, warn, err := epmtJobFromMeta(jf.meta, jf.metaName, o)
	if err != nil {
		return nil, err
	}
	d.Warnings = append(d.Warnings, warn...)
	for _, f := range jf.data {
		if job.id == "" && f.kind == "csv" {
			job.id = epmtJobID(f.name)
		}
	}
	if job.id == "" && hint != "" && hint != "." && hint != "/" {
		job.id = hint
	}
	if job.id == "" {
		job.id = "unknown"
	}
	b := newJobBuilder(o, d, where)
	b.job = job
	if err := b.readHosts(jf); err != nil {
		return nil, err
	}
	for _, hp := range b.hosts {
		d.Warnings = append(d.Warnings, hp.p.Finish()...)
	}
	d.Frames[schema.Procs] = b.procsFrame(d)
	if b.wantThreads {
		d.Frames[schema.Threads] = b.threadsFrame(d)
	}
	d.Frames[schema.Jobs] = b.jobsFrame()
	if w, ok := b.papiexErrorWarning(); ok {
		d.Warnings = append(d.Warnings, w)
	}
	for name, f := range d.Frames {
		if f.Err() != nil {
			return nil, fmt.Errorf("epmt %s frame: %w", name, f.Err())
		}
	}
	return d, nil
}

// jobFiles are the files of one job, sorted by kind.
type jobFiles struct {
	data     []dataFile
	header   []string // the TSV header's metric names
	meta     map[string]any
	metaName string
}

// dataFile is one papiex data file, streamed: data files are never read
// whole.
type dataFile struct {
	name string
	kind string // "csv" or "tsv"
	r    io.Reader
	size int64 // its bytes, 0 when not known
}

// readBufferSize is the buffer to read r through: 64 KiB, or less when r
// is held in memory and smaller (an archive's member). The readers of a
// job's files all live until its processes are read: 40,000 job files of
// one line in an archive took 2.5 GB of 64 KiB buffers.
func readBufferSize(r io.Reader) int {
	const most = 64 << 10
	if l, ok := r.(interface{ Len() int }); ok {
		return max(16, min(most, l.Len()+1))
	}
	return most
}

// readJobFiles decodes the job metadata and the TSV header of a job's
// files and opens its data files.
func readJobFiles(files []File) (jobFiles, error) {
	var jf jobFiles
	for _, f := range files {
		br := bufio.NewReaderSize(f.R, readBufferSize(f.R))
		head, err := br.Peek(64 << 10)
		if err != nil && err != io.EOF && err != bufio.ErrBufferFull {
			return jf, fmt.Errorf("%s: %w", f.Name, err)
		}
		switch kind := epmtKind(f.Name, head); kind {
		case "metadata":
			if jf.meta != nil {
				return jf, fmt.Errorf("%s and %s are both job metadata; one job has one", jf.metaName, f.Name)
			}
			m, err := readMetadata(br, f.Name)
			if err != nil {
				return jf, err
			}
			jf.meta, jf.metaName = m, f.Name
		case "header":
			h, err := readPapiexHeader(br, f.Name)
			if err != nil {
				return jf, err
			}
			jf.header = h
		case "csv", "tsv":
			jf.data = append(jf.data, dataFile{f.Name, kind, br, inputSize(f.R)})
		default:
			return jf, &source.UnknownFormatError{Path: f.Name, Msg: "not an EPMT job_metadata, papiex CSV or TSV file"}
		}
	}
	return jf, nil
}

// readMetadata decodes a job_metadata pickle into its dict.
func readMetadata(r io.Reader, name string) (map[string]any, error) {
	v, err := pickle.Decode(r)
	if err != nil {
		var pe *pickle.Error
		if errors.As(err, &pe) {
			return nil, &source.ParseError{File: name, Field: fmt.Sprintf("pickle offset %d", pe.Offset), Want: "a job_metadata pickle EPMT writes (" + pe.Msg + ")"}
		}
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	m, ok := v.(map[string]any)
	if !ok {
		return nil, fmt.Errorf("%s: job metadata is a %T, want a dict", name, v)
	}
	return m, nil
}

// hostProcs are the processes of one data file (one host).
type hostProcs struct {
	file, host string
	rows       *papiexRows // the processes' thread rows
	metrics    []string
	p          source.Problems
	index      *metricIndex // built by jobIndex
}

// readHosts reads every data file of jf and adds its processes to the
// frames a batch of them at a time (addBatch), as a CSV file is read.
func (b *jobBuilder) readHosts(jf jobFiles) error {
	o := b.o
	// the metrics kept: those of the columns built, and the three that
	// cpu_time and the papiex-error check read
	need := func(metric string) bool {
		c := papiexColumn(metric)
		return o.Keeps(schema.Procs, c) || metric == "usertime" || metric == "systemtime" || metric == "rdtsc_duration" ||
			b.wantThreads && o.Keeps(schema.Threads, c)
	}
	total := jobBytes(jf.data)
	var done int64 // the bytes of the files read
	for _, f := range jf.data {
		hp := &hostProcs{file: f.name, host: epmtHost(f.name), p: *o.Problems(f.name)}
		b.hosts = append(b.hosts, hp)
		var procs []*papiexProc
		var rows *papiexRows
		var err error
		if f.kind == "csv" {
			cr := &csvReader{p: &hp.p, text: b.text, need: need, rows: &papiexRows{}, per: o.BatchSize(),
				onHeader: func(metrics, skipped []string) {
					hp.metrics = metrics
					b.addMetrics(metrics, skipped)
				},
				each: func(procs []*papiexProc, rows *papiexRows) error { return b.addBatch(hp, procs, rows) },
			}
			// of the bytes of rows: a header is long beside the
			// first rows, which then look fewer per byte
			b.progress = func() float64 { return part(done+cr.end-cr.head, total-cr.head) }
			procs, rows, _, _, err = cr.read(f.r, true)
		} else {
			if jf.header == nil {
				return fmt.Errorf("%s: a papiex TSV file needs its -papiex-header.tsv beside it", f.name)
			}
			hp.metrics = jf.header
			b.addMetrics(jf.header, nil)
			procs, rows, err = readPapiexTSV(f.r, jf.header, &hp.p, b.text)
		}
		if err != nil {
			return err
		}
		b.progress = func() float64 { return part(done+f.size, total) }
		if err := b.addBatch(hp, procs, rows); err != nil {
			return err
		}
		done += f.size
	}
	return nil
}
