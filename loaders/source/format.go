package source

import (
	"fmt"
	"io"
)

// Format describes one input format to loaders.OpenWith, which expands
// the paths it is given into inputs, offers each input to the formats in
// order, groups the inputs of multi-file formats, loads every group and
// merges the results. A format package exports one (its Format
// function); loaders lists them.
type Format struct {
	// Name names the format in messages, plans and lake manifests:
	// lower-case words joined by "-" ("hyperqueue",
	// "cctools-transactions"), unique among loaders.Formats.
	Name string
	// System names, for users, the workflow system or scheduler whose
	// records the format holds ("HyperQueue", "Work Queue and TaskVine").
	System string
	// Description says in a few words what the input is, as a user
	// would make or recognise it ("a journal export of hq journal
	// export, replay or stream (JSON lines)"); the message for an input
	// no format reads lists them all.
	Description string
	// Sources are the values Dataset.Source takes in the format's loads
	// (the format package's Source constants).
	Sources []string
	// Frames lists the canonical frames the format can produce.
	Frames []string
	// Sniff reports whether an input is in this format, from its name
	// (a path, or "-") and its first bytes (up to 64 KiB, decompressed).
	Sniff func(name string, head []byte) bool
	// Group, when set, names the group of an input Sniff accepted: the
	// inputs with one group name (a Balsam folder, an EPMT job folder)
	// are loaded together by one call of Load, at the place of the first
	// of them. An empty name, or a nil Group, loads the input alone.
	Group func(name string, head []byte) string
	// Load loads the inputs of one group, or one input, into a dataset
	// with the frames o asks for (o.Frames). It may build columns
	// o.Columns leaves out; the caller projects the result.
	Load func(inputs []Input, o Options) (*Dataset, error)
	// Streams reports that Load hands complete rows to Options.Batch as
	// it reads, holding only what is still open; the other formats read
	// their inputs whole.
	Streams bool
	// Resumes reports that Load, streaming, can set checkpoints on its
	// batches and go on from one (Options.Checkpoints, Options.Resume).
	Resumes bool
	// Absorb, when set, combines into d the dataset other that another
	// Load made of a companion input of the same run (a Nextflow trace
	// and its timeline page: loaders.Open pairs them by file name, see
	// docs/design.md#runs), so that the run's records are not counted
	// twice. It reports false, changing nothing, when it has nothing to
	// take from other.
	Absorb func(d, other *Dataset) (bool, error)
	// Adopts reports that Absorb knows the records it takes by their
	// content, not by the names of their files: a Snakemake run log names
	// the benchmark file each of its jobs wrote. loaders.Open then offers
	// it, after the companions by name, every other dataset of its
	// source, the datasets of the latest runs first (LogEnd). Such an
	// Absorb may take part of other: it removes from other's frames what
	// it took, and reports true only when other is left with nothing.
	Adopts bool
}

// Input is one opened input handed to a Format's Load.
type Input struct {
	// Name is the input's path ("-" for standard input), for messages.
	Name string
	// R reads the input, decompressed. Opened by loaders it is a
	// *SizedReader, whose size lets a loader reserve its columns ahead.
	R io.Reader
	// Head is the input's first bytes, as Sniff saw them.
	Head []byte
}

// LoadOne is the Load of a format whose inputs are each a dataset: it
// loads the one input of in with load, naming it in messages and in the
// dataset's Files by its path.
func LoadOne(in []Input, o Options, load func(r io.Reader, o Options) (*Dataset, error)) (*Dataset, error) {
	if len(in) != 1 {
		return nil, fmt.Errorf("%d inputs given to a format that loads one at a time", len(in))
	}
	o.Name = in[0].Name
	d, err := load(in[0].R, o)
	if err != nil {
		return nil, err
	}
	d.Files = []string{in[0].Name}
	return d, nil
}
