package snakemake

import (
	"bytes"
	"fmt"
	"io"
	"path/filepath"
	"regexp"
	"sort"
	"strings"

	"github.com/jobframe/jobframe/frame"
	"github.com/jobframe/jobframe/frame/schema"
	"github.com/jobframe/jobframe/loaders/internal/bytesconv"
	"github.com/jobframe/jobframe/loaders/internal/records"
	"github.com/jobframe/jobframe/loaders/source"
)

// Source is the Dataset.Source of Snakemake benchmark loads.
const Source = "snakemake"

// Format is Snakemake's benchmark files (a rule's benchmark: directive),
// TSV or JSON lines, and the aggregated benchmark TSV. The benchmark
// files of one folder are one load.
func Format() source.Format {
	return source.Format{
		Name:        "snakemake-benchmark",
		System:      "Snakemake",
		Description: "Snakemake benchmark files (TSV with s, h:m:s, max_rss, ...; or JSON lines)",
		Sources:     []string{Source},
		Frames:      []string{schema.Tasks},
		Sniff:       func(_ string, head []byte) bool { return sniff(head) },
		Group:       group,
		Load:        LoadInputs,
	}
}

// group puts the benchmark files of a folder in one load (standard
// input loads alone).
func group(name string, _ []byte) string {
	if name == "-" {
		return ""
	}
	return filepath.Dir(name)
}

// tsvHeader and jsonLine match the first line of a benchmark file.
var (
	tsvHeader = regexp.MustCompile(`^(\xef\xbb\xbf)?([a-z_]+\t)*s\th:m:s(\t|\r?$)`)
	jsonLine  = regexp.MustCompile(`^\s*\{.*"h:m:s"\s*:.*"max_rss"\s*:|^\s*\{.*"max_rss"\s*:.*"h:m:s"\s*:`)
)

func sniff(head []byte) bool {
	line := head
	if i := bytes.IndexByte(line, '\n'); i >= 0 {
		line = line[:i]
	}
	return tsvHeader.Match(line) || jsonLine.Match(line)
}

// Load reads one benchmark file (see the package documentation).
func Load(r io.Reader, o source.Options) (*source.Dataset, error) {
	return LoadInputs([]source.Input{{Name: o.InputName(), R: r}}, o)
}

// LoadInputs reads benchmark files as one load, in name order: each
// file's rows are the repeats of its job. The files are read whole,
// then their lines on every core (pieces.go).
func LoadInputs(in []source.Input, o source.Options) (*source.Dataset, error) {
	return loadInputs(in, o, pieceSize)
}

// loadInputs is LoadInputs with the size of the pieces a load's lines
// are cut into, for its total bytes.
func loadInputs(in []source.Input, o source.Options, size func(total int) int) (*source.Dataset, error) {
	in = append([]source.Input(nil), in...)
	sort.SliceStable(in, func(a, b int) bool { return in[a].Name < in[b].Name })
	d := &source.Dataset{Source: Source}
	probs := make([]*source.Problems, len(in))
	var bodies []segment
	total := 0
	for i, x := range in {
		p := o.Problems(x.Name)
		probs[i] = p
		data, err := records.ReadAll(x.R)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", x.Name, err)
		}
		body, err := bodyOf(bytesconv.String(bytes.TrimPrefix(data, []byte("\ufeff"))), i, p)
		if err != nil {
			return nil, err
		}
		if body.text != "" {
			bodies = append(bodies, body)
			total += len(body.text)
		}
		d.Files = append(d.Files, x.Name)
	}
	parts := readPieces(split(bodies, size(total)), d.Files, !o.Lenient, o.Problems("").LineLimit())
	if err := report(parts, probs); err != nil {
		return nil, err
	}
	for _, p := range probs {
		d.Warnings = append(d.Warnings, p.Finish()...)
	}
	carryAttempts(parts)
	d.Frames = map[string]*frame.Frame{}
	if want := source.WantFrames(o); want == nil || want[schema.Tasks] {
		if len(parts) == 0 {
			parts = append(parts, &part{cols: newTasksCols(d.Files, 0)})
		}
		d.Frames[schema.Tasks] = stack(parts)
	}
	return o.Project(d, nil)
}

// bodyOf is the lines of file number file that hold measurements: all
// of a JSON lines file, a TSV's after its header, read here. A file
// without a line has none; so has a header alone on a last line without
// its newline that does not read (a log still being written).
func bodyOf(text string, file int, p *source.Problems) (segment, error) {
	if strings.HasPrefix(strings.TrimSpace(text[:min(len(text), 64)]), "{") {
		return segment{file: file, text: text, first: 1}, nil
	}
	if text == "" {
		return segment{file: file}, nil
	}
	head, rest, complete := strings.Cut(text, "\n")
	head = strings.TrimRight(head, "\r")
	if len(head) > p.LineLimit() {
		return segment{}, records.LineTooLong(p, 1, []byte(head[:min(len(head), 100)]))
	}
	l, err := readHeader(p.File, head)
	if err != nil {
		if !complete {
			p.Truncated(1, head)
			return segment{file: file}, nil
		}
		return segment{}, err
	}
	return segment{file: file, text: rest, first: 2, layout: l}, nil
}
