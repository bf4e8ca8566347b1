package epmt

import (
	"archive/tar"
	"bytes"
	"fmt"
	"io"
	"path"
	"path/filepath"
	"strings"
	"time"
	_ "time/tzdata" // US/Eastern and the rest without the system's zoneinfo

	"github.com/jobframe/jobframe/frame"
	"github.com/jobframe/jobframe/frame/schema"
	"github.com/jobframe/jobframe/loaders/epmt/pickle"
	"github.com/jobframe/jobframe/loaders/source"
)

// File is one file of an EPMT job.
type File struct {
	Name string // its path or archive member name (the host comes from it)
	R    io.Reader
}

// epmtHost applies EPMT's get_filedict rule to a data file name.
func epmtHost(name string) string {
	base := path.Base(strings.ReplaceAll(name, "\\", "/"))
	h := strings.Split(base, "papiex")[0]
	h = strings.ReplaceAll(h, "-collated-", "")
	h = strings.TrimSuffix(h, "-")
	if h == "" {
		return "unknown"
	}
	return h
}

// epmtJobID applies extract_jobid_from_collated_csv to a file name.
func epmtJobID(name string) string {
	parts := strings.Split(path.Base(name), "papiex")
	f := strings.Split(parts[len(parts)-1], "-")
	if len(f) > 1 {
		return f[1]
	}
	return ""
}

// epmtKind classifies one file of a job: by EPMT's own file-name
// patterns first (job_metadata, *-papiex-header.tsv, *-papiex*.csv,
// *-papiex*.tsv), else by content.
func epmtKind(name string, head []byte) string {
	base := path.Base(strings.ReplaceAll(name, "\\", "/"))
	switch {
	case base == "job_metadata" || base == "job_metadata.tmp":
		return "metadata"
	case strings.Contains(base, "papiex-header") && strings.HasSuffix(base, ".tsv"):
		return "header"
	case strings.Contains(base, "papiex") && strings.HasSuffix(base, ".csv"):
		return "csv"
	case strings.Contains(base, "papiex") && strings.HasSuffix(base, ".tsv"):
		return "tsv"
	}
	switch {
	case len(head) == 0:
		return ""
	case bytes.HasPrefix(head, []byte("(d")) || (head[0] == 0x80 && len(head) > 1 && head[1] >= 2 && head[1] <= 5):
		return "metadata"
	case len(head) > 262 && bytes.Equal(head[257:262], []byte("ustar")):
		return "archive"
	case bytes.HasPrefix(head, []byte("tags,")) || (bytes.Contains(source.FirstLine(head), []byte(",exename,")) && bytes.Contains(source.FirstLine(head), []byte(",numtids,"))):
		return "csv"
	case head[0] == '{':
		first := source.FirstLine(head)
		i := bytes.IndexByte(first, '\t')
		if i < 0 {
			return ""
		}
		if strings.Contains(base, "papiex-header") || bytes.ContainsAny(first[:i], "abcdefghijklmnopqrstuvwxyz_") {
			return "header"
		}
		return "tsv"
	}
	return ""
}

type epmtJob struct {
	id, name, user, reason, tz string
	start, stop, submit        int64
	hasTimes, hasSubmit        bool
	exit                       int64
	hasExit                    bool
	tags                       map[string]string
}

// Load reads one EPMT job from its files: at most one job_metadata,
// and papiex data files (TSV v2 files need their header file among them).
// Without metadata or a collated CSV name, the job id is the name of the
// files' folder, as EPMT stages jobs in .../<jobid>/.
func Load(files []File, o source.Options) (*source.Dataset, error) {
	return o.Project(loadEPMTFiles(files, o))
}

// loadEPMTFiles is LoadEPMT without the projection of o.Columns.
func loadEPMTFiles(files []File, o source.Options) (*source.Dataset, error) {
	hint := ""
	if len(files) > 0 {
		hint = path.Base(path.Dir(strings.ReplaceAll(files[0].Name, "\\", "/")))
	}
	return loadEPMT(files, hint, o)
}

// epmtReserved are the procs and threads columns a papiex metric may not
// be named.
var epmtReserved = map[string]bool{"job": true, "host": true, "pid": true, "ppid": true, "pgid": true, "sid": true,
	"generation": true, "exename": true, "path": true, "args": true, "exitcode": true, "exitsignal": true, "numtids": true,
	"start": true, "end": true, "duration_us": true, "cpu_time": true, "tags": true, "file": true, "line": true,
	"thread": true, "tid": true}

// papiexColumn names the procs and threads column of a papiex metric: the
// metric's name, or "papiex_<name>" for one named like a jobframe column.
func papiexColumn(metric string) string {
	if epmtReserved[metric] || strings.HasPrefix(metric, frame.TagPrefix) {
		return "papiex_" + metric
	}
	return metric
}

// epmtDuration is int((stop − start).total_seconds() * 1e6), in float64 as
// Python computes it.
func epmtDuration(start, stop int64) int64 {
	secs := float64(stop-start) / 1e6
	return int64(secs * 1e6)
}

func indexOf(list []string, s string) int {
	for i, v := range list {
		if v == s {
			return i
		}
	}
	return -1
}

// epmtJobFromMeta reads the job fields of a metadata dict (nil: none).
func epmtJobFromMeta(m map[string]any, name string, o source.Options) (epmtJob, []source.Warning, error) {
	var j epmtJob
	if m == nil {
		return j, []source.Warning{{File: name, Msg: "no job_metadata: the job's times, tags and user are unknown and processes are not checked against its window"}}, nil
	}
	str := func(v any) string {
		switch x := v.(type) {
		case string:
			return x
		case []byte:
			return string(x)
		}
		return ""
	}
	env := func(key string) map[string]any {
		e, _ := m[key].(map[string]any)
		return e
	}
	for _, k := range []string{"job_pl_id", "job_pl_submit_ts", "job_pl_start_ts", "job_el_stop_ts"} {
		if _, ok := m[k]; !ok {
			return j, nil, &source.ParseError{File: name, Field: k, Want: "the key " + k + " in the job metadata (EPMT requires it)"}
		}
	}
	j.id = str(m["job_pl_id"])
	plEnv, elEnv := env("job_pl_env"), env("job_el_env")
	zone := str(plEnv["TZ"])
	if zone == "" {
		zone = str(plEnv["TIMEZONE"])
	}
	if zone == "" {
		zone = o.TimeZone
	}
	if zone == "" {
		zone = "US/Eastern"
	}
	loc, err := time.LoadLocation(strings.TrimPrefix(zone, ":"))
	if err != nil {
		return j, nil, fmt.Errorf("%s: time zone %q for the job's naive times: %w", name, zone, err)
	}
	times := map[string]*int64{"job_pl_submit_ts": &j.submit, "job_pl_start_ts": &j.start, "job_el_stop_ts": &j.stop}
	for k, dst := range times {
		dt, ok := m[k].(pickle.Datetime)
		if !ok {
			return j, nil, &source.ParseError{File: name, Field: k, Text: fmt.Sprintf("%T", m[k]), Want: "a datetime"}
		}
		if dt.Offset == nil {
			j.tz = zone
		}
		*dst = dt.In(loc).UnixMicro()
	}
	j.hasTimes, j.hasSubmit = true, true
	if v, ok := m["job_el_exitcode"].(int64); ok {
		j.exit, j.hasExit = v, true
	}
	j.reason = str(m["job_el_reason"])
	j.user = str(m["job_pl_username"])
	for _, k := range []string{"SLURM_JOB_USER", "USER"} {
		if j.user == "" {
			j.user = str(plEnv[k])
		}
	}
	j.name = str(m["job_jobname"])
	if j.name == "" {
		j.name = str(elEnv["SLURM_JOB_NAME"])
	}
	if j.name == "" {
		j.name = str(plEnv["SLURM_JOB_NAME"])
	}
	var warns []source.Warning
	if t, ok := elEnv["EPMT_JOB_TAGS"]; ok {
		tags, bad := frame.ParseTags(str(t))
		j.tags = tags
		if len(bad) > 0 {
			warns = append(warns, source.Warning{File: name, Field: "EPMT_JOB_TAGS", Text: bad[0], Msg: "tag piece with more than one ':' dropped, as EPMT does"})
		}
	}
	return j, warns, nil
}

// maxArchiveMembers bounds the job files of one archive.
const maxArchiveMembers = 100000

// LoadArchive reads one EPMT job from a tar stream (decompress a
// .tgz first; Open does).
func LoadArchive(r io.Reader, name string, o source.Options) (*source.Dataset, error) {
	return o.Project(loadEPMTArchive(r, name, o))
}

// loadEPMTArchive is LoadArchive without the projection of o.Columns.
func loadEPMTArchive(r io.Reader, name string, o source.Options) (*source.Dataset, error) {
	tr := tar.NewReader(r)
	var files []File
	var warns []source.Warning
	limit, held, members := o.ArchiveLimit(), int64(0), 0
	for {
		h, err := tr.Next()
		if err == io.EOF {
			break
		}
		if err != nil {
			return nil, fmt.Errorf("%s: tar: %w", name, err)
		}
		clean := path.Clean(strings.ReplaceAll(h.Name, "\\", "/"))
		if path.IsAbs(clean) || clean == ".." || strings.HasPrefix(clean, "../") {
			return nil, fmt.Errorf("%s: archive member %q would be written outside its folder", name, h.Name)
		}
		base := path.Base(clean)
		if !(base == "job_metadata" || base == "job_metadata.tmp" || strings.Contains(base, "papiex")) {
			continue // tar.Next skips its bytes: never read, never held
		}
		switch h.Typeflag {
		case tar.TypeReg, tar.TypeGNUSparse:
		case tar.TypeDir:
			continue
		default: // a link or device named like a job file: said, not dropped
			warns = append(warns, source.Warning{File: name, Field: clean, Msg: fmt.Sprintf("archive member of tar type %q is not a file: skipped", h.Typeflag)})
			continue
		}
		if members++; members > maxArchiveMembers {
			return nil, fmt.Errorf("%s: more than %d job files in the archive (a job has one papiex file per host and process group)", name, maxArchiveMembers)
		}
		// Read whole, as the metadata may come last; bounded in all, so
		// that a small archive of a large sparse member cannot take the
		// machine: refused by its declared size before any byte is read,
		// and the read itself is bounded too.
		if h.Size < 0 || h.Size > limit-held {
			return nil, fmt.Errorf("%s: %s: the archive's job files hold more than %d bytes once decompressed (this one %d; source.Options.MaxArchiveBytes, and JOBFRAME_MAX_ARCHIVE_BYTES for jobframe, raise the bound)", name, clean, limit, h.Size)
		}
		body := bytes.NewBuffer(make([]byte, 0, h.Size))
		if _, err := io.Copy(body, io.LimitReader(tr, h.Size)); err != nil {
			return nil, fmt.Errorf("%s: %s: %w", name, h.Name, err)
		}
		held += int64(body.Len())
		files = append(files, File{Name: name + ":" + clean, R: bytes.NewReader(body.Bytes())})
	}
	if len(files) == 0 {
		return nil, fmt.Errorf("%s: no job_metadata or papiex files in the archive", name)
	}
	hint := path.Base(strings.ReplaceAll(name, "\\", "/"))
	for _, ext := range []string{".tgz", ".tar.gz", ".tar", ".gz", ".zst"} {
		hint = strings.TrimSuffix(hint, ext)
	}
	d, err := loadEPMT(files, hint, o)
	if d != nil {
		d.Warnings = append(warns, d.Warnings...)
	}
	return d, err
}

// Source is the Dataset.Source of EPMT's loads.
const Source = "epmt"

// Format describes EPMT's job files (job_metadata, papiex CSV and TSV)
// and job archives to loaders.OpenWith: the files of one folder are one
// job; an archive is a job by itself.
func Format() source.Format {
	return source.Format{
		Name:        "epmt",
		System:      "EPMT",
		Description: "EPMT job files (job_metadata, papiex CSV or TSV) or a job archive (.tgz)",
		Sources:     []string{Source},
		Frames:      []string{schema.Jobs, schema.Procs, schema.Threads},
		Streams:     true,
		Sniff:       func(name string, head []byte) bool { return epmtKind(name, head) != "" },
		Group: func(name string, head []byte) string {
			if epmtKind(name, head) == "archive" {
				return ""
			}
			return filepath.Dir(name)
		},
		Load: loadEPMTInputs,
	}
}

// loadEPMTInputs loads one archive, or the files of one job folder.
func loadEPMTInputs(in []source.Input, o source.Options) (*source.Dataset, error) {
	if len(in) == 1 && epmtKind(in[0].Name, in[0].Head) == "archive" {
		return loadEPMTArchive(in[0].R, in[0].Name, o)
	}
	files := make([]File, len(in))
	for i, f := range in {
		files[i] = File{Name: f.Name, R: f.R}
	}
	return loadEPMTFiles(files, o)
}
