package loaders

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"

	"github.com/klauspost/compress/gzip"
	"github.com/klauspost/compress/zstd"

	"github.com/jobframe/jobframe/frame"
	"github.com/jobframe/jobframe/loaders/internal/columns"
	"github.com/jobframe/jobframe/loaders/source"
)

// A format is one source format Open can recognise and load.
type format struct {
	name  string
	sniff func(head []byte) bool
	load  func(r io.Reader, o source.Options) (*source.Dataset, error)
}

// formats lists the formats Open tries, in order.
func formats() []format {
	return []format{
		{name: "hyperqueue", sniff: sniffHyperQueue, load: loadHyperQueue},
		{name: "cctools transactions", sniff: sniffCctools, load: loadCctools},
		{name: "cctools performance", sniff: sniffPerfLog, load: loadPerfLog},
	}
}

// sniffHyperQueue: the first non-blank line is a JSON object with an
// "event" key (every journal line is {"event": {...}, "time": ...}).
func sniffHyperQueue(head []byte) bool {
	line := source.FirstLine(head)
	return bytes.HasPrefix(line, []byte("{")) && bytes.Contains(line, []byte(`"event":`))
}

// Open loads the named inputs, recognising each one's format from its
// content, and returns one dataset. A path may be a file, "-" for
// standard input, or a directory, whose regular files are loaded in name
// order (hidden files skipped). gzip- and zstd-compressed inputs are
// decompressed transparently. With more than one input every frame gets
// a leading "file" column naming the input each row came from.
func Open(paths ...string) (*source.Dataset, error) { return OpenWith(source.Options{}, paths...) }

// OpenWith is Open with options (lenient mode).
func OpenWith(o source.Options, paths ...string) (*source.Dataset, error) {
	var files []string
	fromDir := map[string]bool{}
	for _, p := range paths {
		if p == "-" {
			files = append(files, p)
			continue
		}
		st, err := os.Stat(p)
		if err != nil {
			return nil, err
		}
		if !st.IsDir() {
			files = append(files, p)
			continue
		}
		// The folder's files, and those of its subfolders one level down
		// (a folder of EPMT job folders, or of runs).
		found, err := folderFiles(p, 1)
		if err != nil {
			return nil, err
		}
		if len(found) == 0 {
			return nil, fmt.Errorf("%s: no files in the directory", p)
		}
		for _, f := range found {
			files = append(files, f)
			fromDir[f] = true
		}
	}
	if len(files) == 0 {
		return nil, errors.New("no input given")
	}
	outer := o
	o.Inner = true // the inputs' loaders skip work; the result is projected below
	var inputs []*input
	defer func() {
		for _, in := range inputs {
			in.close()
		}
	}()
	for _, f := range files {
		in, err := openInput(f, o.Progress)
		if err != nil {
			return nil, err
		}
		inputs = append(inputs, in)
	}
	// Balsam inputs of one folder form one dataset: events need their
	// jobs' tags.
	type balsamGroup struct {
		files BalsamFiles
		at    int
	}
	groups := map[string]*balsamGroup{}
	var sets []*source.Dataset
	var pending []*balsamGroup
	var skipped []source.Warning
	var epmtOrder []*epmtGroup
	epmtJobs := map[string]*epmtGroup{}
	for _, in := range inputs {
		kind := ""
		if !sniffHyperQueue(in.head) {
			kind = balsamKind(in.head)
		}
		switch epmtKind(in.path, in.head) {
		case "archive":
			d, err := LoadEPMTArchive(in.r, in.path, o)
			if err != nil {
				return nil, err
			}
			sets = append(sets, d)
			continue
		case "metadata", "csv", "tsv", "header":
			// the EPMT files of one folder are one job
			dir := filepath.Dir(in.path)
			g := epmtJobs[dir]
			if g == nil {
				g = &epmtGroup{at: len(sets)}
				epmtJobs[dir] = g
				epmtOrder = append(epmtOrder, g)
				sets = append(sets, nil)
			}
			g.files = append(g.files, EPMTFile{Name: in.path, R: in.r})
			continue
		}
		if kind == "" {
			d, err := loadInput(in, o)
			var uf *source.UnknownFormatError
			if errors.As(err, &uf) && fromDir[in.path] {
				// a folder may hold other files: say so, do not fail
				skipped = append(skipped, source.Warning{File: in.path, Msg: "skipped: " + uf.Msg})
				continue
			}
			if err != nil {
				return nil, err
			}
			sets = append(sets, d)
			continue
		}
		dir := filepath.Dir(in.path)
		g := groups[dir]
		if g == nil {
			g = &balsamGroup{at: len(sets)}
			groups[dir] = g
			pending = append(pending, g)
			sets = append(sets, nil) // placeholder, keeps input order
		}
		var slot *io.Reader
		var name *string
		switch kind {
		case "events":
			slot, name = &g.files.Events, &g.files.EventsName
		case "jobs":
			slot, name = &g.files.Jobs, &g.files.JobsName
		default:
			slot, name = &g.files.BatchJobs, &g.files.BatchJobsName
		}
		if *slot != nil {
			return nil, fmt.Errorf("%s and %s are both Balsam %s files; give one per folder", *name, in.path, kind)
		}
		*slot, *name = in.sized(), in.path
	}
	for _, g := range pending {
		d, err := LoadBalsam(g.files, o)
		if err != nil {
			return nil, err
		}
		sets[g.at] = d
	}
	for _, g := range epmtOrder {
		d, err := LoadEPMT(g.files, o)
		if err != nil {
			return nil, err
		}
		sets[g.at] = d
	}
	if len(sets) == 0 {
		return nil, fmt.Errorf("no input in a format jobframe reads among %s", strings.Join(paths, ", "))
	}
	var d *source.Dataset
	if len(sets) == 1 {
		d = sets[0]
	} else {
		var err error
		if d, err = merge(sets); err != nil {
			return nil, err
		}
	}
	d.Warnings = append(skipped, d.Warnings...)
	return outer.Project(d, nil)
}

// epmtGroup collects the EPMT files of one folder (one job).
type epmtGroup struct {
	files []EPMTFile
	at    int
}

// folderFiles lists the regular, non-hidden files of dir in name order,
// and those of its subfolders down to depth more levels.
func folderFiles(dir string, depth int) ([]string, error) {
	ents, err := os.ReadDir(dir)
	if err != nil {
		return nil, err
	}
	var out []string
	for _, e := range ents {
		if strings.HasPrefix(e.Name(), ".") {
			continue
		}
		p := filepath.Join(dir, e.Name())
		switch {
		case e.Type().IsRegular():
			out = append(out, p)
		case e.IsDir() && depth > 0:
			sub, err := folderFiles(p, depth-1)
			if err != nil {
				return nil, err
			}
			out = append(out, sub...)
		}
	}
	return out, nil
}

// input is one opened, decompressed source with its first bytes.
type input struct {
	path  string
	r     *bufio.Reader
	head  []byte
	size  int64 // bytes of a plain file (0: not known, as for stdin or compressed input)
	close func()
}

func (in *input) sized() io.Reader {
	return &source.SizedReader{Reader: in.r, Head: in.head, Size: in.size}
}

func openInput(path string, p *source.Progress) (*input, error) {
	var r io.Reader
	closeFile := func() {}
	if path == "-" {
		r = os.Stdin
	} else {
		fh, err := os.Open(path)
		if err != nil {
			return nil, err
		}
		r, closeFile = fh, func() { fh.Close() }
		if st, err := fh.Stat(); err == nil && p != nil {
			p.Expect(st.Size())
		}
	}
	if p != nil {
		r = p.Reader(r)
	}
	dr, closeDec, err := decompress(r, path)
	if err != nil {
		closeFile()
		return nil, err
	}
	var size int64
	if _, plain := dr.(*bufio.Reader); plain && path != "-" {
		if st, err := os.Stat(path); err == nil {
			size = st.Size()
		}
	}
	br := bufio.NewReaderSize(dr, 1<<20)
	head, err := br.Peek(64 << 10)
	if err != nil && err != io.EOF && err != bufio.ErrBufferFull {
		closeDec()
		closeFile()
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return &input{path: path, r: br, head: head, size: size, close: func() { closeDec(); closeFile() }}, nil
}

// loadInput loads a non-Balsam input by the format its content shows.
func loadInput(in *input, o source.Options) (*source.Dataset, error) {
	o.Name = in.path
	for _, f := range formats() {
		if f.sniff(in.head) {
			d, err := f.load(in.sized(), o)
			if err != nil {
				return nil, err
			}
			d.Files = []string{in.path}
			return d, nil
		}
	}
	first := string(source.FirstLine(in.head))
	if first == "" {
		return nil, &source.UnknownFormatError{Path: in.path, Msg: "empty input"}
	}
	return nil, &source.UnknownFormatError{Path: in.path, Msg: fmt.Sprintf("not a format jobframe reads (first line %q); want a HyperQueue journal export, a Work Queue / TaskVine transactions or performance log, Balsam events/jobs/batch-jobs JSON, or EPMT job files", source.Clip(first, 60))}
}

// decompress wraps r in a gzip or zstd reader when its first bytes are
// that format's magic number.
func decompress(r io.Reader, name string) (io.Reader, func(), error) {
	br := bufio.NewReader(r)
	magic, _ := br.Peek(4)
	switch {
	case len(magic) >= 2 && magic[0] == 0x1f && magic[1] == 0x8b:
		zr, err := gzip.NewReader(br)
		if err != nil {
			return nil, nil, fmt.Errorf("%s: gzip: %w", name, err)
		}
		return zr, func() { zr.Close() }, nil
	case bytes.Equal(magic, []byte{0x28, 0xb5, 0x2f, 0xfd}):
		zr, err := zstd.NewReader(br)
		if err != nil {
			return nil, nil, fmt.Errorf("%s: zstd: %w", name, err)
		}
		return zr, zr.Close, nil
	}
	return br, func() {}, nil
}

// merge concatenates datasets frame by frame, adding a "file" column.
func merge(sets []*source.Dataset) (*source.Dataset, error) {
	out := &source.Dataset{Frames: map[string]*frame.Frame{}}
	sources := map[string]bool{}
	byName := map[string][]*frame.Frame{}
	for _, d := range sets {
		sources[d.Source] = true
		out.Files = append(out.Files, d.Files...)
		out.Warnings = append(out.Warnings, d.Warnings...)
		for name, cols := range d.Unbuilt {
			for _, c := range cols {
				if !slices.Contains(out.Unbuilt[name], c) {
					out.Skip(name, c)
				}
			}
		}
		if d.HasLogSpan {
			if !out.HasLogSpan || d.LogStart < out.LogStart {
				out.LogStart = d.LogStart
			}
			if !out.HasLogSpan || d.LogEnd > out.LogEnd {
				out.LogEnd = d.LogEnd
			}
			out.HasLogSpan = true
		}
		file := strings.Join(d.Files, ",")
		for name, f := range d.Frames {
			if !f.Has("file") { // EPMT's frames name their data file already
				names := append([]string{"file"}, f.Names()...)
				f = f.WithColumn("file", columns.Repeat("file", file, f.NumRows())).Select(names...)
			}
			byName[name] = append(byName[name], f)
		}
	}
	var srcs []string
	for s := range sources {
		srcs = append(srcs, s)
	}
	sort.Strings(srcs)
	out.Source = strings.Join(srcs, "+")
	for name, fs := range byName {
		c := frame.Concat(fs...)
		if c.Err() != nil {
			return nil, fmt.Errorf("combining the %s frames of %s: %w", name, strings.Join(out.Files, ", "), c.Err())
		}
		out.Frames[name] = c
	}
	return out, nil
}
