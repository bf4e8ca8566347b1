package loaders

import (
	"bufio"
	"bytes"
	"compress/gzip"
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/jobframe/jobframe/loaders/source"
	"github.com/klauspost/compress/zstd"
)

// input is one opened, decompressed source with its first bytes.
type input struct {
	path  string
	r     io.Reader
	head  []byte
	size  int64 // bytes of a plain file (0: not known, as for stdin or compressed input)
	close func()
}

// sized returns the input's reader with its first bytes and size, as
// the formats' loaders receive it.
func (in *input) sized() io.Reader {
	return &source.SizedReader{Reader: in.r, Head: in.head, Size: in.size}
}

// openInput opens path ("-": standard input) at byte offset from,
// counting what it reads in o.Progress and copying it to o.Tee's writer
// when they are set, and failing its reads once ctx is done. An offset
// past 0 is for a plain file only (source.Checkpoint): a compressed one
// fails with source.ErrResume.
func openInput(ctx context.Context, path string, from int64, o source.Options) (*input, error) {
	var r io.Reader
	closeFile := func() {}
	p := o.Progress
	if path == "-" {
		if from > 0 {
			return nil, fmt.Errorf("standard input: %w: it cannot be read from an offset", source.ErrResume)
		}
		r = os.Stdin
	} else {
		fh, err := os.Open(path)
		if err != nil {
			return nil, err
		}
		r, closeFile = fh, func() { fh.Close() }
		if from > 0 {
			if err := seekPlain(fh, from); err != nil {
				closeFile()
				return nil, fmt.Errorf("%s: %w", path, err)
			}
		}
		if st, err := fh.Stat(); err == nil && p != nil {
			p.Expect(st.Size() - from)
		}
		if o.Tee != nil {
			if w := o.Tee(path); w != nil {
				r = io.TeeReader(r, w)
			}
		}
	}
	if p != nil {
		r = p.Reader(r)
	}
	if ctx.Done() != nil {
		r = source.ContextReader(ctx, r)
	}
	dr, closeDec, err := decompress(r, path, o.MaxDecompressedBytes)
	if err != nil {
		closeFile()
		return nil, err
	}
	var size int64
	if _, plain := dr.(*bufio.Reader); plain && path != "-" {
		if st, err := os.Stat(path); err == nil {
			size = st.Size() - from
		}
	}
	br := bufio.NewReaderSize(dr, 1<<20)
	head, err := br.Peek(64 << 10)
	if err != nil && err != io.EOF && err != bufio.ErrBufferFull {
		closeDec()
		closeFile()
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	// what the peek read, then the rest straight from dr: a loader's
	// reads do not go through br's buffer, a copy of every byte
	ahead, _ := br.Peek(br.Buffered())
	if from == 0 && bytes.HasPrefix(head, utf8BOM) { // offsets count from after it (seekPlain)
		head, ahead = head[len(utf8BOM):], ahead[len(utf8BOM):]
		size = max(0, size-int64(len(utf8BOM)))
	}
	r = &aheadReader{ahead: ahead, r: dr}
	return &input{path: path, r: r, head: head, size: size, close: func() { closeDec(); closeFile() }}, nil
}

// aheadReader reads the bytes read ahead of a reader, then the rest
// from that reader.
type aheadReader struct {
	ahead []byte
	r     io.Reader
}

func (a *aheadReader) Read(p []byte) (int, error) {
	if len(a.ahead) > 0 {
		n := copy(p, a.ahead)
		a.ahead = a.ahead[n:]
		return n, nil
	}
	return a.r.Read(p)
}

// seekPlain moves fh to byte offset from, unless the file is
// compressed (its offsets are not those of the text read) or shorter.
//
// Offsets count from after a UTF-8 byte-order mark, which a load from
// the start skips (see openInput): a file that begins with one is read
// from from + 3.
func seekPlain(fh *os.File, from int64) error {
	var magic [4]byte
	n, _ := fh.ReadAt(magic[:], 0)
	if compressed(magic[:n]) {
		return fmt.Errorf("%w: the file is compressed", source.ErrResume)
	}
	if bytes.HasPrefix(magic[:n], utf8BOM) {
		from += int64(len(utf8BOM))
	}
	if st, err := fh.Stat(); err != nil {
		return err
	} else if st.Size() < from {
		return fmt.Errorf("%w: the file has %d bytes, fewer than the checkpoint's offset %d", source.ErrResume, st.Size(), from)
	}
	_, err := fh.Seek(from, io.SeekStart)
	return err
}

// FileOffset returns the byte of the plain file at path where the load's
// byte offset off (a source.Checkpoint's) lies: off itself, or off + 3
// after a UTF-8 byte-order mark, which a load skips.
func FileOffset(path string, off int64) int64 {
	fh, err := os.Open(path)
	if err != nil {
		return off
	}
	defer fh.Close()
	var head [3]byte
	if n, _ := fh.ReadAt(head[:], 0); bytes.Equal(head[:n], utf8BOM) {
		return off + int64(len(utf8BOM))
	}
	return off
}

// utf8BOM is the byte-order mark some Windows editors and tools put at
// the start of a UTF-8 file; it is not part of any format's first line.
var utf8BOM = []byte{0xEF, 0xBB, 0xBF}

// compressed reports whether magic, a file's first bytes, is gzip's or
// zstd's magic number.
func compressed(magic []byte) bool {
	return len(magic) >= 2 && magic[0] == 0x1f && magic[1] == 0x8b || bytes.Equal(magic, []byte{0x28, 0xb5, 0x2f, 0xfd})
}

// decompress wraps r in a gzip or zstd reader when its first bytes are
// that format's magic number, bounded to fixed bytes of output (0: the
// ratio of InflateBytesPerByte).
func decompress(r io.Reader, name string, fixed int64) (io.Reader, func(), error) {
	br := bufio.NewReader(r)
	magic, _ := br.Peek(4)
	in := new(source.Progress)
	switch {
	case len(magic) >= 2 && magic[0] == 0x1f && magic[1] == 0x8b:
		zr, err := gzip.NewReader(in.Reader(br))
		if err != nil {
			return nil, nil, fmt.Errorf("%s: gzip: %w", name, err)
		}
		return &inflated{r: zr, in: in, fixed: fixed, codec: "gzip"}, func() { zr.Close() }, nil
	case bytes.Equal(magic, []byte{0x28, 0xb5, 0x2f, 0xfd}):
		zr, err := zstd.NewReader(in.Reader(br))
		if err != nil {
			return nil, nil, fmt.Errorf("%s: zstd: %w", name, err)
		}
		return &inflated{r: zr, in: in, fixed: fixed, codec: "zstd"}, zr.Close, nil
	}
	return br, func() {}, nil
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
