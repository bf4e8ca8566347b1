package main

import (
	"maps"
	"slices"

	"github.com/jobframe/jobframe/frame/schema"
	"github.com/jobframe/jobframe/loaders"
)

// skimmed returns, when every source is a lake, each frame of their
// manifests but those need names, mapped to no column: as
// loaders.Options.SpanOnly, it has the lakes' reader take those frames'
// columns, rows and span from the Parquet footers alone (a row group is
// read when its footer cannot give an exact span, or when it holds a
// run column: a log of several runs spans each on its rows). A command
// that reads need alone so sees every frame, its rows counted
// (Dataset.FrameRows) and its times in the data's span, which a window
// relative to the data's start or end counts. Logs are read whole, and
// so is a lake whose manifest does not read (the load reports it): nil.
func skimmed(sources []string, need ...string) map[string][]string {
	out := map[string][]string{}
	for _, src := range sources {
		frames, ok, err := loaders.LakeFrames(src)
		if !ok || err != nil {
			return nil
		}
		for _, name := range frames {
			if !slices.Contains(need, name) {
				out[name] = nil
			}
		}
	}
	if len(sources) == 0 {
		return nil
	}
	return out
}

// thinned returns the projection of a load of logs that reads the
// frames of logs, each of its columns (nil: whole), and every other
// frame of its run and time columns alone (schema.Begins and Ends): the
// loaders that can skip building a column skip the rest, and the load
// still counts and names its runs, and lists its frames, as a load of
// every column does (TestAnalysesOfLogsBuildWhatTheyRead). For the
// commands without a window, which need no span.
func thinned(logs map[string][]string) map[string][]string {
	out := maps.Clone(logs)
	for _, f := range schema.Frames() {
		if _, ok := out[f.Name]; !ok {
			out[f.Name] = analysisColumns(nil, nil, nil)
		}
	}
	return out
}
