package ops

import "strconv"

// jobWeights holds a weight per Balsam job id (the text of the events'
// job column), as UtilizationReport records them: the last write wins.
// Balsam's ids are integers, so the common log is served by a slice
// indexed by id; ids that are not all canonical decimal integers of a
// moderate range fall back to a map of text.
type jobWeights struct {
	ids    map[string]float64 // when byID is nil
	byID   []float64          // weight by id
	has    []bool             // whether byID[id] was set
	keys   []int64            // the ids of the calls' jobs, when byID is used
	offset int                // index in keys of the jobs' first id given to newJobWeights' second list
}

// newJobWeights returns the weights of the jobs of set and get, the ids
// the calls will name: set(i, w) names set[i], get(i) names get[i].
func newJobWeights(set, get []string) *jobWeights {
	keys := make([]int64, 0, len(set)+len(get))
	top := int64(0)
	for _, list := range [][]string{set, get} {
		for _, s := range list {
			id, ok := decimalID(s)
			if !ok {
				return &jobWeights{ids: make(map[string]float64, len(set))}
			}
			keys = append(keys, id)
			top = max(top, id)
		}
	}
	if top >= int64(2*len(keys)+1<<16) { // too sparse for a slice
		return &jobWeights{ids: make(map[string]float64, len(set))}
	}
	return &jobWeights{byID: make([]float64, top+1), has: make([]bool, top+1), keys: keys, offset: len(set)}
}

// set records weight w for job set[i] (named text).
func (w *jobWeights) set(i int, text string, v float64) {
	if w.byID == nil {
		w.ids[text] = v
		return
	}
	id := w.keys[i]
	w.byID[id], w.has[id] = v, true
}

// get returns the weight of job get[i] (named text), if one was set.
func (w *jobWeights) get(i int, text string) (float64, bool) {
	if w.byID == nil {
		v, ok := w.ids[text]
		return v, ok
	}
	id := w.keys[w.offset+i]
	return w.byID[id], w.has[id]
}

// decimalID reads s as a non-negative decimal integer written as Go's
// strconv.FormatInt writes it (no sign, no leading zero, at most 18
// digits), so that distinct texts are distinct integers.
func decimalID(s string) (int64, bool) {
	if len(s) == 0 || len(s) > 18 || len(s) > 1 && s[0] == '0' {
		return 0, false
	}
	n, err := strconv.ParseUint(s, 10, 64) // digits only: no sign, no '_' in base 10
	return int64(n), err == nil
}
