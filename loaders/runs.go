package loaders

import (
	"fmt"
	"maps"
	"math"
	"path/filepath"
	"slices"
	"sort"
	"strings"

	"github.com/jobframe/jobframe/frame"
	"github.com/jobframe/jobframe/loaders/source"
)

// labelRuns names the runs of a load's datasets and gives every frame
// a string "run" column holding its run's name (source.Run). Datasets
// of one format whose first files differ only by a role word
// (companions: a transactions log and its performance log, a Nextflow
// trace and its timeline) are one run. A dataset whose frames number
// several manager runs of one log in an integer "run" column (a Work
// Queue or TaskVine transactions log appended to by several managers) is
// several runs, named "NAME:1", "NAME:2", ... in log order; its integer
// column becomes the names. keep reports whether frame name keeps a run
// column when the load holds one run only.
func labelRuns(sets []*source.Dataset, keep func(name string) bool) []source.Run {
	groups := runGroups(sets)
	total := 0
	for _, g := range groups {
		n := 1
		for _, i := range g.sets {
			n = max(n, logRuns(sets[i]))
		}
		g.labels = []string{g.name}
		if n > 1 {
			g.labels = make([]string, n)
			for k := range g.labels {
				g.labels[k] = fmt.Sprintf("%s:%d", g.name, k+1)
			}
		}
		total += n
	}
	var runs []source.Run
	for _, g := range groups {
		rs := make([]source.Run, len(g.labels))
		for k, l := range g.labels {
			rs[k] = source.Run{Name: l, Source: sets[g.sets[0]].Source, Start: math.MaxInt64, End: math.MinInt64}
		}
		for _, i := range g.sets {
			d := sets[i]
			var spans []span
			if len(g.labels) == 1 && d.HasLogSpan { // the log's first and last record: no time column is scanned
				spans = []span{{d.LogStart, d.LogEnd}}
			} else {
				spans = runSpans(d, len(g.labels))
			}
			for k := range rs {
				rs[k].Files = append(rs[k].Files, d.Files...)
				rs[k].Start, rs[k].End = min(rs[k].Start, spans[k].lo), max(rs[k].End, spans[k].hi)
			}
			for fn, f := range d.Frames {
				if total == 1 && !keep(fn) {
					if f.Has("run") {
						d.Frames[fn] = f.Drop("run")
					}
					continue
				}
				d.Frames[fn] = withRunColumn(f, g.labels)
			}
		}
		for k := range rs {
			rs[k].HasSpan = rs[k].Start <= rs[k].End
			if !rs[k].HasSpan {
				rs[k].Start, rs[k].End = 0, 0
			}
		}
		runs = append(runs, rs...)
	}
	return runs
}

// runGroup is one run of a load before its labels: its name and the
// datasets (companions) that make it.
type runGroup struct {
	name   string
	sets   []int
	labels []string
}

// runGroups gathers the datasets of a load into runs (companions), in
// order of each run's first dataset, named by RunNames over each run's
// main file.
func runGroups(sets []*source.Dataset) []*runGroup {
	owner := companions(sets)
	named := map[int]int{} // owner -> the set that names the run
	for i := range sets {
		if j, ok := named[owner[i]]; !ok || roleRank(firstFile(sets[i])) < roleRank(firstFile(sets[j])) {
			named[owner[i]] = i
		}
	}
	var firsts []string
	for i := range sets {
		if owner[i] == i {
			firsts = append(firsts, firstFile(sets[named[i]]))
		}
	}
	names := RunNames(firsts)
	var groups []*runGroup
	byOwner := map[int]*runGroup{}
	for i := range sets {
		g := byOwner[owner[i]]
		if g == nil {
			g = &runGroup{name: names[len(groups)]}
			byOwner[owner[i]] = g
			groups = append(groups, g)
		}
		g.sets = append(g.sets, i)
	}
	return groups
}

// loadUnit is what one Load call reads, as absorbing sees it: its
// format and the name of its first input.
type loadUnit struct {
	format source.Format
	first  string
}

// units are the groups as load units.
func units(groups []*group) []loadUnit {
	out := make([]loadUnit, 0, len(groups))
	for _, g := range groups {
		first := ""
		if len(g.inputs) > 0 {
			first = g.inputs[0].Name
		}
		out = append(out, loadUnit{g.format, first})
	}
	return out
}

// absorbing reports whether two of the load units are companions (by
// the names of their first inputs) and one of them absorbs the other,
// or a format that adopts records meets another of its source.
func absorbing(units []loadUnit) bool {
	seen := map[string]bool{}
	sources := map[string]int{}
	for _, u := range units {
		for _, s := range u.format.Sources {
			sources[s]++
		}
	}
	for _, u := range units { // an adopter and another input of its source
		if u.format.Adopts && len(u.format.Sources) > 0 && sources[u.format.Sources[0]] > 1 {
			return true
		}
	}
	for _, u := range units {
		if u.format.Absorb == nil || u.first == "" {
			continue
		}
		key, ok := companionKey(u.first)
		if ok && seen[key] {
			return true
		}
		seen[key] = ok
	}
	return false
}

// absorbCompanions lets the format of each run's first dataset absorb
// its companions (source.Format.Absorb), then the formats that adopt
// records by their content (source.Format.Adopts) the other datasets of
// their source, and returns the datasets left.
func absorbCompanions(sets []*source.Dataset, formats []source.Format) ([]*source.Dataset, error) {
	sets, formats, err := absorbByName(sets, formats)
	if err != nil {
		return nil, err
	}
	return adopt(sets, formats)
}

// adopt offers every dataset of a format that adopts (latest run first)
// the datasets of its source in other formats, in load order, and
// returns the datasets left.
func adopt(sets []*source.Dataset, formats []source.Format) ([]*source.Dataset, error) {
	var adopters []int
	for i, f := range formats {
		if f.Adopts && f.Absorb != nil {
			adopters = append(adopters, i)
		}
	}
	if len(adopters) == 0 {
		return sets, nil
	}
	sort.SliceStable(adopters, func(a, b int) bool { return sets[adopters[a]].LogEnd > sets[adopters[b]].LogEnd })
	gone := make([]bool, len(sets))
	for _, i := range adopters {
		for j, d := range sets {
			if gone[j] || j == i || d.Source != sets[i].Source || formats[j].Name == formats[i].Name {
				continue
			}
			took, err := formats[i].Absorb(sets[i], d)
			if err != nil {
				return nil, err
			}
			gone[j] = took
		}
	}
	var out []*source.Dataset
	for i, d := range sets {
		if !gone[i] {
			out = append(out, d)
		}
	}
	return out, nil
}

// absorbByName lets the format of each run's first dataset absorb its
// companions by name, and returns the datasets left and their formats.
func absorbByName(sets []*source.Dataset, formats []source.Format) ([]*source.Dataset, []source.Format, error) {
	owner := companions(sets)
	gone := make([]bool, len(sets))
	for i, d := range sets {
		j := owner[i]
		if j == i || formats[j].Absorb == nil {
			continue
		}
		took, err := formats[j].Absorb(sets[j], d)
		if err != nil {
			return nil, nil, err
		}
		gone[i] = took
	}
	var out []*source.Dataset
	var fs []source.Format
	for i, d := range sets {
		if !gone[i] {
			out, fs = append(out, d), append(fs, formats[i])
		}
	}
	return out, fs, nil
}

// firstFile is the first input of d, or "-".
func firstFile(d *source.Dataset) string {
	if len(d.Files) == 0 {
		return "-"
	}
	return d.Files[0]
}

// roleRank is the place of the role word of path's name in roleWords
// (the run's main record first), or len(roleWords) for none.
func roleRank(path string) int {
	base := filepath.Base(path)
	for k, w := range roleWords {
		if strings.Contains(base, w) {
			return k
		}
	}
	return len(roleWords)
}

// roleWords are the words that tell the companion files of one run
// apart, the file that names the run first: the cctools manager's
// transactions and performance logs and TaskVine's task graph,
// Nextflow's trace and timeline.
var roleWords = []string{"transactions", "trace", "performance", "taskgraph", "timeline"}

// companions returns, for each dataset, the index of the first dataset
// of its run: datasets of one format whose first files sit in one folder
// and have the same name once a role word and the extension are taken
// out are one run, and so are the resource monitor's time series (.series
// files, one per task) of one folder.
func companions(sets []*source.Dataset) []int {
	owner := make([]int, len(sets))
	first := map[string]int{}
	for i, d := range sets {
		owner[i] = i
		key, ok := companionKey(firstFile(d))
		if !ok {
			continue
		}
		key = d.Source + "\x00" + key
		if j, seen := first[key]; seen {
			owner[i] = j
			continue
		}
		first[key] = i
	}
	return owner
}

// companionKey is the folder and name of path with its extension and its
// role word taken out; ok is false when the name holds no role word.
func companionKey(path string) (string, bool) {
	if path == "-" {
		return "", false
	}
	dir, base := filepath.Split(filepath.Clean(path))
	if filepath.Ext(base) == ".series" { // the resource monitor's, one per task of a run
		return dir + "\x00.series", true
	}
	base = strings.TrimSuffix(base, filepath.Ext(base))
	for _, w := range roleWords {
		if i := strings.LastIndex(base, w); i >= 0 {
			return dir + "\x00" + base[:i] + "\x00" + base[i+len(w):], true
		}
	}
	return "", false
}

// logRuns returns the number of runs in d: 1 + the largest value of an
// integer "run" column of its frames (the manager runs of one log,
// numbered from 0), or 1.
func logRuns(d *source.Dataset) int {
	n := 1
	for _, f := range runFrames(d) {
		if t, err := f.Type("run"); err != nil || t != frame.Int64 {
			continue
		}
		v, ok, _ := f.Int64s("run")
		for i, x := range v {
			if (ok == nil || ok[i]) && x >= 0 && x < 1<<20 {
				n = max(n, int(x)+1)
			}
		}
	}
	return n
}

// span is the earliest and latest time of one run, µs.
type span struct{ lo, hi int64 }

// runSpans returns the earliest and latest time in any time column of
// d's frames and of its unread rows (Dataset.Unread) for each of its n
// runs (by the integer "run" column when n > 1); a run without a time
// has lo > hi.
func runSpans(d *source.Dataset, n int) []span {
	out := make([]span, n)
	for k := range out {
		out[k] = span{math.MaxInt64, math.MinInt64}
	}
	if n == 1 && d.Skimmed.OK { // rows read for their span alone
		out[0] = span{d.Skimmed.Start, d.Skimmed.End}
	}
	for _, f := range runFrames(d) {
		var run []int64
		if n > 1 {
			if t, err := f.Type("run"); err != nil || t != frame.Int64 {
				continue
			}
			run, _, _ = f.Int64s("run")
		}
		for i, t := range f.Types() {
			if t != frame.Time {
				continue
			}
			us, valid, err := f.Micros(f.Names()[i])
			if err != nil {
				continue
			}
			for j, v := range us {
				k := 0
				if run != nil {
					k = int(run[j])
				}
				if valid[j] && k >= 0 && k < n {
					out[k].lo, out[k].hi = min(out[k].lo, v), max(out[k].hi, v)
				}
			}
		}
	}
	return out
}

// runFrames are the frames a load's runs are counted and spanned on:
// d's, then its unread rows' (Dataset.Unread).
func runFrames(d *source.Dataset) []*frame.Frame {
	return slices.Concat(slices.Collect(maps.Values(d.Frames)), d.Unread)
}

// RunNames labels paths by the shortest trailing part of each (whole
// path elements) that no other path of the list ends with:
// [a/run1/transactions.log a/run2/transactions.log] gives
// [run1/transactions.log run2/transactions.log], and a single path its
// base name. Equal paths are told apart by " #2", " #3", ... after the
// first; "-" (standard input) stays "-".
func RunNames(paths []string) []string {
	parts := make([][]string, len(paths))
	for i, p := range paths {
		parts[i] = strings.Split(filepath.ToSlash(filepath.Clean(p)), "/")
		if p == "" || p == "-" {
			parts[i] = []string{"-"}
		}
	}
	names := make([]string, len(paths))
	for i := range paths {
		names[i] = tail(parts[i], 1)
		for k := 1; k < len(parts[i]); k++ {
			if !sharesTail(parts, i, k) {
				break
			}
			names[i] = tail(parts[i], k+1)
		}
	}
	seen := map[string]int{}
	for i, n := range names {
		seen[n]++
		if c := seen[n]; c > 1 {
			names[i] = fmt.Sprintf("%s #%d", n, c)
		}
	}
	return names
}

// tail joins the last k elements of p.
func tail(p []string, k int) string {
	return strings.Join(p[max(0, len(p)-k):], "/")
}

// sharesTail reports whether another path of parts (not equal to
// parts[i]) ends with the same last k elements as parts[i].
func sharesTail(parts [][]string, i, k int) bool {
	mine := tail(parts[i], k)
	whole := tail(parts[i], len(parts[i]))
	for j, p := range parts {
		if j != i && tail(p, k) == mine && tail(p, len(p)) != whole {
			return true
		}
	}
	return false
}

// withRunColumn returns f with a leading string "run" column: labels[0]
// on every row, or labels[k] on the rows whose integer "run" column
// (which it replaces) holds k.
func withRunColumn(f *frame.Frame, labels []string) *frame.Frame {
	codes := make([]int32, f.NumRows())
	rest := f.Columns()
	if t, err := f.Type("run"); err == nil {
		if t == frame.Int64 && len(labels) > 1 {
			v, _, _ := f.Int64s("run")
			for i, x := range v {
				codes[i] = int32(min(max(x, 0), int64(len(labels)-1)))
			}
		}
		rest = f.Drop("run").Columns()
	}
	return frame.New(append([]frame.Column{frame.DictStringCol("run", codes, nil, labels)}, rest...)...)
}
