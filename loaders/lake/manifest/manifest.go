// Package manifest is the format of a jobframe lake's manifest and the
// layout of its files: what the lake writer (package lake) records and
// what its readers (package lakeread) trust.
package manifest

import (
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
)

// Name is the manifest's file name in the lake's folder.
const Name = "_manifest.json"

// Version is the version of the manifests this jobframe writes.
const Version = 2

// Entry states.
const (
	Committed  = "committed"  // its files are in place
	Committing = "committing" // its files are being moved into place
)

// Manifest lists what a lake holds: one entry per ingested input group.
type Manifest struct {
	// Version is the manifest's format version: 2 since the lake's files
	// live in generations (1 had each frame's folder at the top; an
	// ingest moves such a lake into its first generation).
	Version int `json:"version"`
	// Generation is the number of the current generation, _data/<N>
	// (0 before the first commit).
	Generation int `json:"generation"`
	// Inputs are the ingested inputs, in the order ingested.
	Inputs []Entry `json:"inputs"`
}

// Entry is one ingested input group (a log, a Balsam folder's files).
type Entry struct {
	// ID names the entry: the first 16 hex digits of the SHA-256 of its
	// files' hashes. The files it wrote carry it in their names.
	ID string `json:"id"`
	// Format is the loaders format that read it; Source the source
	// system its rows are partitioned under.
	Format string `json:"format"`
	Source string `json:"source"`
	// Files are its inputs with their size in bytes and SHA-256.
	Files []FileState `json:"files"`
	// Order, when the load named the files in another order than Files
	// (Balsam reads its events file first), is that order, as indices
	// of Files: a reader names the rows' inputs and the run as the load
	// did.
	Order []int `json:"order,omitempty"`
	// Rows counts the rows written, by frame.
	Rows map[string]int64 `json:"rows"`
	// Parts are the Parquet files written, relative to the lake.
	Parts []string `json:"parts"`
	// Warnings counts what a lenient load skipped or noticed; Notes
	// are the first MaxNotes of them, as the load gave them.
	Warnings int    `json:"warnings"`
	Notes    []Note `json:"notes,omitempty"`
	// LogStart and LogEnd are the times of the log's first and last
	// records (RFC 3339, µs), for the sources that are one ordered log.
	LogStart string `json:"log_start,omitempty"`
	LogEnd   string `json:"log_end,omitempty"`
	// Ingested is when the ingest committed (RFC 3339).
	Ingested string `json:"ingested"`
	// State is Committed, or Committing while its files move.
	State string `json:"state"`
	// Replaces is the ID of the entry of the same files it replaces.
	Replaces string `json:"replaces,omitempty"`
	// A streaming format's batches of rows complete before the log's
	// end: the fingerprint of each (see fingerprint), their size
	// (BatchRows) and the time zone the log was read in. Tail are the
	// parts of the rest, which the log's end decided (the attempts still
	// open there, the entity frames). A log that grows is appended to:
	// the next ingest keeps the parts of these batches, once it has met
	// them again, and replaces Tail.
	Batches   []string `json:"batches,omitempty"`
	BatchRows int      `json:"batch_rows,omitempty"`
	TimeZone  string   `json:"time_zone,omitempty"`
	Tail      []string `json:"tail,omitempty"`
	// Checkpoint, for a plain log of a format that resumes, is where the
	// next ingest of it, grown, goes on reading.
	Checkpoint *Checkpoint `json:"checkpoint,omitempty"`
}

// Checkpoint is where an ingest of a grown log goes on reading: a
// source.Checkpoint of its last load, with what the lake keeps of the
// rows before it and what shows that the log's bytes up to the old end
// are those read then.
type Checkpoint struct {
	// File holds the loader's state there, relative to the lake.
	File string `json:"file"`
	// Offset is the log's bytes before the checkpoint; Line the number
	// of its last line there.
	Offset int64 `json:"offset"`
	Line   int   `json:"line"`
	// Batches, Parts and Rows are what of the entry comes before it: its
	// first Batches fingerprints, its first Parts files, and their rows
	// by frame.
	Batches int              `json:"batches"`
	Parts   int              `json:"parts"`
	Rows    map[string]int64 `json:"rows"`
	// SHA256State is the SHA-256 of the log's first Files[0].Size bytes
	// stopped before its end (crypto/sha256's MarshalBinary, base64):
	// the next ingest hashes on from there.
	SHA256State string `json:"sha256_state"`
	// Guard is the SHA-256 of the log's first 64 KiB and of its bytes
	// from 64 KiB before Offset to Files[0].Size: the next ingest reads
	// them again, and goes on from Offset only when they match.
	Guard string `json:"guard"`

	// LoaderState is the loader's state, until staged (not in the
	// manifest: in File).
	LoaderState []byte `json:"-"`
}

// MaxNotes bounds the warnings an entry keeps (a lenient load of a
// damaged log may give one per record).
const MaxNotes = 100

// Note is a warning of an entry's load (source.Warning).
type Note struct {
	File  string `json:"file"`
	Line  int    `json:"line,omitempty"`
	Field string `json:"field,omitempty"`
	Text  string `json:"text,omitempty"`
	Msg   string `json:"msg"`
}

// FileState is one input file as ingested.
type FileState struct {
	Path   string `json:"path"` // absolute
	Size   int64  `json:"size"` // bytes
	SHA256 string `json:"sha256"`
}

// Read reads the manifest of the lake in dir; a lake without one has an
// empty manifest. A manifest of a later version than Version (a newer
// jobframe's) is refused.
func Read(dir string) (*Manifest, error) {
	b, err := os.ReadFile(filepath.Join(dir, Name))
	if errors.Is(err, fs.ErrNotExist) {
		return &Manifest{Version: Version}, nil
	}
	if err != nil {
		return nil, err
	}
	var m Manifest
	if err := json.Unmarshal(b, &m); err != nil {
		return nil, fmt.Errorf("%s: %w", filepath.Join(dir, Name), err)
	}
	if m.Version > Version {
		return nil, fmt.Errorf("%s: manifest version %d, written by a newer jobframe (this one reads versions 1 to %d): upgrade jobframe to read this lake", filepath.Join(dir, Name), m.Version, Version)
	}
	if m.Version != 1 && m.Version != Version {
		return nil, fmt.Errorf("%s: manifest version %d (this jobframe reads 1 and %d)", filepath.Join(dir, Name), m.Version, Version)
	}
	for _, e := range m.Inputs {
		if err := e.Check(); err != nil {
			return nil, fmt.Errorf("%s: %w", filepath.Join(dir, Name), err)
		}
	}
	return &m, nil
}

// Check refuses an entry whose names could reach outside the lake: an
// id other than 16 hex digits, or a part path that is not local.
func (e *Entry) Check() error {
	if len(e.ID) != 16 || strings.Trim(e.ID, "0123456789abcdef") != "" {
		return fmt.Errorf("entry id %q is not 16 hex digits", e.ID)
	}
	if e.Replaces != "" && (len(e.Replaces) != 16 || strings.Trim(e.Replaces, "0123456789abcdef") != "") {
		return fmt.Errorf("entry %s replaces %q, not 16 hex digits", e.ID, e.Replaces)
	}
	files := append(e.Parts[:len(e.Parts):len(e.Parts)], e.Tail...)
	if c := e.Checkpoint; c != nil {
		if c.Parts < 0 || c.Parts > len(e.Parts) || c.Batches < 0 || c.Batches > len(e.Batches) || c.Offset < 0 {
			return fmt.Errorf("entry %s: its checkpoint is of %d parts and %d batches at byte %d; it has %d and %d", e.ID, c.Parts, c.Batches, c.Offset, len(e.Parts), len(e.Batches))
		}
		files = append(files, c.File)
	}
	for i, k := range e.Order {
		if k < 0 || k >= len(e.Files) || slices.Contains(e.Order[:i], k) {
			return fmt.Errorf("entry %s: its order %v is not one of its %d files", e.ID, e.Order, len(e.Files))
		}
	}
	for _, p := range files {
		if !filepath.IsLocal(p) {
			return fmt.Errorf("entry %s: part %q is not a path inside the lake", e.ID, p)
		}
	}
	return nil
}

// Write replaces the manifest of dir whole: it writes a temporary file,
// syncs it and renames it over the old one. The temporary file is
// created new under a name no one can know ahead (os.CreateTemp,
// O_EXCL), so a link planted in the lake cannot turn the write onto a
// file outside it; one left by a killed run is removed by the next.
func (m *Manifest) Write(dir string) error {
	m.Version = Version
	b, err := json.MarshalIndent(m, "", "  ")
	if err != nil {
		return err
	}
	fh, err := os.CreateTemp(dir, Name+".tmp-*")
	if err != nil {
		return err
	}
	tmp := fh.Name()
	fail := func(err error) error {
		fh.Close()
		os.Remove(tmp)
		return err
	}
	if _, err := fh.Write(append(b, '\n')); err != nil {
		return fail(err)
	}
	if err := fh.Sync(); err != nil {
		return fail(err)
	}
	if err := fh.Close(); err != nil {
		os.Remove(tmp)
		return err
	}
	if err := os.Rename(tmp, filepath.Join(dir, Name)); err != nil {
		os.Remove(tmp)
		return err
	}
	return nil
}

// Find returns the index of the entry with id, or -1.
func (m *Manifest) Find(id string) int {
	for i, e := range m.Inputs {
		if e.ID == id {
			return i
		}
	}
	return -1
}

// SamePaths returns the index of the entry whose files have the paths
// of files, in order, or -1.
func (m *Manifest) SamePaths(files []FileState) int {
	for i, e := range m.Inputs {
		if len(e.Files) != len(files) {
			continue
		}
		same := true
		for k := range files {
			same = same && e.Files[k].Path == files[k].Path
		}
		if same {
			return i
		}
	}
	return -1
}

const (
	// DataDir is the lake's folder of generations.
	DataDir = "_data"
	// CurrentLink is the link to the current generation.
	CurrentLink = "_current"
)

// GenDir is the lake path of generation g.
func GenDir(g int) string { return filepath.Join(DataDir, fmt.Sprintf("%06d", g)) }

// GenFile is the path of lake file p (a part, a checkpoint's state) in
// generation g of the lake in dir.
func GenFile(dir string, g int, p string) string {
	return filepath.Join(dir, GenDir(g), filepath.FromSlash(p))
}

// File is the path of lake file p in the manifest's current generation.
func (m *Manifest) File(dir, p string) string { return GenFile(dir, m.Generation, p) }

// Inputs are the paths of e's files in the order its load named them.
func (e *Entry) Inputs() []string {
	out := make([]string, len(e.Files))
	for i, f := range e.Files {
		out[i] = f.Path
	}
	if len(e.Order) == len(e.Files) {
		for i, k := range e.Order {
			out[i] = e.Files[k].Path
		}
	}
	return out
}

// LakeFiles are the lake paths of e's files: its parts and its checkpoint's
// state.
func (e *Entry) LakeFiles() []string {
	if e.Checkpoint == nil {
		return e.Parts
	}
	return append(e.Parts[:len(e.Parts):len(e.Parts)], e.Checkpoint.File)
}
