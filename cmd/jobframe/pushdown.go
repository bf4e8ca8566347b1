package main

import (
	"slices"
	"strings"

	"github.com/jobframe/jobframe/frame"
	"github.com/jobframe/jobframe/frame/schema"
)

// sourceRows returns the test of a system's name that the --where
// filters reading the source column alone make, all of them (nil when
// none does): the rows cutDataset keeps of the frames with a source
// column. A lake's reader leaves out the Hive partitions of the others
// (loaders.Options.SourceRows); a filter the test cannot judge on the
// name alone keeps the partition.
func (rf *rowFlags) sourceRows() func(string) bool {
	for _, w := range rf.withs {
		if name, _, _ := strings.Cut(w, "="); strings.TrimSpace(name) == "source" {
			return nil // the filters read a derived column
		}
	}
	var pushed []string
	for _, w := range rf.wheres {
		if slices.Equal(readColumns(nil, nil, []string{w}), []string{"source"}) {
			pushed = append(pushed, w)
		}
	}
	if len(pushed) == 0 {
		return nil
	}
	return func(src string) bool {
		g, err := filterRows(frame.New(frame.StringCol("source", []string{src}, nil)), pushed)
		return err != nil || g.NumRows() == 1
	}
}

// frameSourceRows is sourceRows for filters that cut the one frame name
// (export's): a test only when that frame is one a lake prunes by
// source, a canonical frame with a source column.
func frameSourceRows(name string, withs, wheres multiFlag) func(string) bool {
	sf, ok := schema.Lookup(name)
	if !ok {
		return nil
	}
	if _, has := sf.Column("source"); !has {
		return nil
	}
	return (&rowFlags{withs: withs, wheres: wheres}).sourceRows()
}
