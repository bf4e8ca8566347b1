package ops

import (
	"fmt"
	"strings"

	"github.com/jobframe/jobframe/frame"
	"github.com/jobframe/jobframe/frame/schema"
)

// Annotate is EPMT's annotate_job(jobid, annotation, replace)
// (docs/semantics.md#annotations) on a jobs frame: it returns the frame
// with the annotations of the rows whose job column equals job merged with annotation (tag text,
// "k:v;k2:v2", a bare word meaning "1"): new keys are added and existing
// keys overwritten, or, with replace, the annotation replaces them all
// (Annotate(jobs, j, "", true) is remove_job_annotations). Annotations
// live in the column "annotations" as canonical tag text (null: none),
// created when the frame has none. A job not in the frame is an error, as
// is a piece of annotation that is not k:v.
func Annotate(jobs *frame.Frame, job, annotation string, replace bool) *frame.Frame {
	return mergeTags("Annotate", jobs, "annotations", job, annotation, replace)
}

// TagJob is EPMT's tag_job(jobid, tags, replace): Annotate's merge (or
// replace) rule applied to the job's tags column, after which the tag.*
// columns are rebuilt from it.
func TagJob(jobs *frame.Frame, job, tags string, replace bool) *frame.Frame {
	out := mergeTags("TagJob", jobs, "tags", job, tags, replace)
	if out.Err() != nil {
		return out
	}
	var old []string
	for _, n := range out.Names() {
		if strings.HasPrefix(n, frame.TagPrefix) {
			old = append(old, n)
		}
	}
	return out.Drop(old...).WithTags("tags")
}

// mergeTags merges text into column col of the rows of f whose job is job.
func mergeTags(op string, f *frame.Frame, col, job, text string, replace bool) *frame.Frame {
	if err := requireFrame(op, f, schema.Jobs, "job"); err != nil {
		return frame.WithErr(err)
	}
	add, bad := frame.ParseTags(text)
	if len(bad) > 0 {
		return frame.Errorf("%s: %q: cannot read %q (want k:v;k:v)", op, text, bad[0])
	}
	ids, idOK, err := f.Strings("job")
	if err != nil {
		return frame.Errorf("%s: %w", op, err)
	}
	n := f.NumRows()
	vals, ok := make([]string, n), make([]bool, n)
	if f.Has(col) {
		if vals, ok, err = f.Strings(col); err != nil {
			return frame.Errorf("%s: %w", op, err)
		}
		vals, ok = append([]string(nil), vals...), append([]bool(nil), ok...)
	}
	found := false
	for i := range ids {
		if !idOK[i] || ids[i] != job {
			continue
		}
		found = true
		merged := map[string]string{}
		if !replace && ok[i] {
			merged, bad = frame.ParseTags(vals[i])
			if len(bad) > 0 {
				return frame.Errorf("%s: row %d: %s %q: cannot read %q", op, i, col, vals[i], bad[0])
			}
		}
		for k, v := range add {
			merged[k] = v
		}
		vals[i], ok[i] = frame.FormatTags(merged), true
	}
	if !found {
		return frame.WithErr(fmt.Errorf("%s: no job %q in the frame", op, job))
	}
	return f.WithColumn(col, frame.StringCol(col, vals, ok))
}
