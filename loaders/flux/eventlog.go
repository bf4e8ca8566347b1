package flux

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"math"
	"path"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"

	"github.com/jobframe/jobframe/frame/schema"
	"github.com/jobframe/jobframe/loaders/internal/columns"
	"github.com/jobframe/jobframe/loaders/internal/records"
	"github.com/jobframe/jobframe/loaders/source"
)

// Eventlog is a Flux job's eventlog (RFC 18 and 21) as JSON lines: the
// job's own (submit, alloc, start, finish, clean, ...) or its exec
// eventlog (init, starting, shell.*, complete, done), as flux job
// eventlog -f json prints them or a KVS dump holds them.
func Eventlog() source.Format {
	return source.Format{
		Name:        "flux-eventlog",
		System:      "Flux",
		Description: "a Flux job eventlog or exec eventlog (JSON lines {timestamp, name, context})",
		Sources:     []string{Source},
		Frames:      []string{schema.Jobs, schema.Tasks, schema.Events},
		Sniff:       func(_ string, head []byte) bool { return eventLine.Match(firstLine(head)) },
		Load: func(in []source.Input, o source.Options) (*source.Dataset, error) {
			return source.LoadOne(in, o, LoadEventlog)
		},
	}
}

// eventLine matches an eventlog entry: an object whose first key is the
// timestamp, then the name.
var eventLine = regexp.MustCompile(`^\s*\{\s*"timestamp"\s*:\s*[0-9.eE+]+\s*,\s*"name"\s*:\s*"`)

// entry is one line of an eventlog.
type entry struct {
	Timestamp *float64        `json:"timestamp"`
	Name      *string         `json:"name"`
	Context   json.RawMessage `json:"context"`
}

// jobEvents are RFC 21's events of a job's eventlog; execEvents those
// of its exec eventlog besides the job shell's shell.* ones.
var (
	jobEvents = set("submit", "validate", "invalidate", "set-flags", "dependency-add", "dependency-remove", "depend",
		"priority", "flux-restart", "urgency", "alloc", "prolog-start", "prolog-finish", "epilog-start", "epilog-finish",
		"free", "start", "release", "finish", "clean", "debug", "exception", "memo", "jobspec-update", "resource-update")
	execEvents = set("init", "starting", "complete", "done", "reattach")
)

func set(names ...string) map[string]bool {
	m := map[string]bool{}
	for _, n := range names {
		m[n] = true
	}
	return m
}

// knownEvent reports whether name is an event of either eventlog.
func knownEvent(name string) bool {
	return jobEvents[name] || execEvents[name] || strings.HasPrefix(name, "shell.")
}

// kvsJob matches the KVS path of a job's directory, job/0000/003d/6700/0000/:
// the job id in hex, in four groups.
var kvsJob = regexp.MustCompile(`job/([0-9a-f]{4})/([0-9a-f]{4})/([0-9a-f]{4})/([0-9a-f]{4})(/|$)`)

// jobID names the job of an eventlog from its path: the id a KVS
// path holds (job/0000/003d/6700/0000/eventlog), else the file's name
// without its extension (ƒ2ARxLQf.jsonl).
func jobID(name string) string {
	slash := filepath.ToSlash(name)
	if m := kvsJob.FindStringSubmatch(slash); m != nil {
		if id, err := strconv.ParseUint(m[1]+m[2]+m[3]+m[4], 16, 64); err == nil {
			return strconv.FormatUint(id, 10)
		}
	}
	base := path.Base(slash)
	if ext := path.Ext(base); ext != base {
		base = strings.TrimSuffix(base, ext)
	}
	return base
}

// LoadEventlog reads one eventlog (see the package documentation).
func LoadEventlog(r io.Reader, o source.Options) (*source.Dataset, error) {
	name := o.InputName()
	p := o.Problems(name)
	b := &logBuilder{job: jobID(name)}
	err := records.EachLine(r, p, func(line []byte, n int) error {
		if len(bytes.TrimSpace(line)) == 0 {
			return nil
		}
		var e entry
		if err := json.Unmarshal(line, &e); err != nil {
			field, want := "", "an eventlog entry: a JSON object {timestamp, name, context}"
			var te *json.UnmarshalTypeError
			if errors.As(err, &te) {
				field, want = te.Field, typeWant(te)
			}
			return p.Bad(n, field, string(line), want, nil)
		}
		switch {
		case e.Timestamp == nil || math.IsNaN(*e.Timestamp) || *e.Timestamp < 0 || *e.Timestamp > 1e11:
			return p.Bad(n, "timestamp", string(line), "the event's time, seconds since 1970", nil)
		case e.Name == nil || !knownEvent(*e.Name):
			return p.Bad(n, "name", string(line), "an event of a job eventlog (RFC 21: submit, alloc, start, finish, clean, ...) or an exec eventlog (init, starting, shell.*, complete, done)", nil)
		}
		var ctx map[string]json.RawMessage
		if len(e.Context) > 0 && json.Unmarshal(e.Context, &ctx) != nil {
			return p.Bad(n, "context", string(line), "the event's context: a JSON object", nil)
		}
		if field, want := b.add(&e, ctx, n); want != "" {
			return p.Bad(n, field, string(line), want, nil)
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	d := &source.Dataset{Source: Source, Files: []string{name}, Warnings: p.Finish()}
	b.sets = columns.NewSets(o.Keeps, schema.Jobs, schema.Tasks, schema.Events)
	d.Frames = b.frames(source.WantFrames(o))
	b.sets.Skip(d)
	return o.Project(d, nil)
}
