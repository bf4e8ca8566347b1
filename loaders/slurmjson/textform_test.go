package slurmjson

import (
	"os"
	"slices"
	"testing"

	"github.com/jobframe/jobframe/loaders/slurm"
	"github.com/jobframe/jobframe/loaders/source"
	"github.com/jobframe/jobframe/loaders/sourcetest"
)

// TestSameAsTextForm loads one job and its step in both forms: the
// slurmdb document of Slurm 24.05 (data_parser v0.0.41) and the sacct
// --parsable2 rows written by hand from it (testdata/textform: its
// times read as UTC, its TRES and exit codes as sacct prints them, a
// step's Submit Unknown, as the document gives none). Every frame is the
// same, column for column and row for row, but the text's line column.
func TestSameAsTextForm(t *testing.T) {
	text, err := os.Open("testdata/textform/rackslab_24.05_completed.txt")
	if err != nil {
		t.Fatal(err)
	}
	defer text.Close()
	want, err := slurm.Load(text, source.Options{Name: "text"})
	if err != nil {
		t.Fatal(err)
	}
	doc, err := os.Open(sourcetest.Bundled("slurm/json/rackslab_Slurm-web_slurmdb_24.05_v0.0.41_job-completed.json"))
	if err != nil {
		t.Fatal(err)
	}
	defer doc.Close()
	got, err := Load(doc, source.Options{Name: "json"})
	if err != nil {
		t.Fatal(err)
	}
	if len(got.Frames) != len(want.Frames) {
		t.Fatalf("frames %d, text form %d", len(got.Frames), len(want.Frames))
	}
	for name, w := range want.Frames {
		if w.Has("line") {
			w = w.Drop("line")
		}
		g := got.Frames[name]
		if g == nil {
			t.Errorf("no %s frame", name)
			continue
		}
		if !slices.Equal(g.Names(), w.Names()) {
			t.Errorf("%s: columns %v, text form %v", name, g.Names(), w.Names())
			continue
		}
		if gr, wr := sourcetest.Rows(t, g), sourcetest.Rows(t, w); !slices.Equal(gr, wr) || len(gr) == 0 && name != "placements" {
			t.Errorf("%s:\n got %v\nwant %v", name, gr, wr)
		}
	}
}
