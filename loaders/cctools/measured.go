package cctools

import (
	"math"
	"slices"
	"sort"

	"github.com/jobframe/jobframe/frame"
	"github.com/jobframe/jobframe/loaders/internal/columns"
)

// measuredCols builds the tasks frame's columns of measured resources (a
// RETRIEVED record's resources_measured) as the log is read: each value
// goes straight to its column at its attempt's row, so no attempt keeps
// its resources. A (key, unit) pair is named by resourceColumn; a name
// the frame already uses, or used twice in one record, or used by the
// other kind (float or time), takes a "measured_" prefix.
type measuredCols struct {
	syms   *symbols
	names  map[[2]sym]measuredName
	floats map[string]*measuredCol
	times  map[string]*measuredCol
	cols   []*measuredCol // in order of creation
	used   []string       // names taken in the current record
	// the keys and units of the last record, and the column of each: the
	// next record nearly always has the same
	shape   []resource
	targets []*measuredCol
	keep    func(name string) bool `snap:"-"` // whether a column is wanted (Options.Columns); set again on resume
}

// measuredName is the column name of a (key, unit) pair; isUS says the
// value is µs, to be converted to seconds.
type measuredName struct {
	name         string
	isTime, isUS bool
}

// measuredCol is one measured column: float64 values, or times (µs) when
// time is set. firstRow and pos are the first row holding a value and the
// value's place in its record, which order the columns as the rows do.
type measuredCol struct {
	name          string
	float         columns.Float
	time          *columns.Int
	isUS          bool
	firstRow, pos int
	skip          bool // not wanted: named as if it were, never filled
}

// newMeasuredCols returns the measured columns of a load; keep tells the
// wanted columns from those only named (their names still decide the
// "measured_" prefixes of the others).
func newMeasuredCols(syms *symbols, keep func(name string) bool) *measuredCols {
	return &measuredCols{syms: syms, names: map[[2]sym]measuredName{}, floats: map[string]*measuredCol{}, times: map[string]*measuredCol{}, keep: keep}
}

// put writes the resources of the attempt at row.
func (m *measuredCols) put(row int, rs []resource) {
	if !sameShape(rs, m.shape) {
		m.resolve(rs)
	}
	for j, r := range rs {
		col, v := m.targets[j], r.value
		if col.skip {
			continue
		}
		if col.isUS {
			v /= 1e6
		}
		if row < col.firstRow {
			col.firstRow, col.pos = row, j
		}
		if col.time != nil {
			col.time.SetAt(row, int64(math.Round(v*1e6)))
		} else {
			col.float.SetAt(row, v)
		}
	}
}

// resolve finds (or makes) the column of each resource of rs, a record
// whose keys and units differ from the last one's. A name's kind, once
// chosen, never changes, so records of one shape share their columns.
func (m *measuredCols) resolve(rs []resource) {
	m.shape = append(m.shape[:0], rs...)
	m.targets, m.used = m.targets[:0], m.used[:0]
	for _, r := range rs {
		nm, ok := m.names[[2]sym{r.key, r.unit}]
		if !ok {
			nm.name, _, nm.isTime = resourceColumn(m.syms, r)
			nm.isUS = m.syms.name(r.unit) == "us"
			m.names[[2]sym{r.key, r.unit}] = nm
		}
		name := nm.name
		if taskColumnNames[name] {
			name = "measured_" + name // a key named like one of ours
		}
		// floats and times share one namespace, and two keys of one
		// record may map to one name ("mem" in MB and "memory")
		for slices.Contains(m.used, name) || (nm.isTime && m.floats[name] != nil) || (!nm.isTime && m.times[name] != nil) {
			name = "measured_" + name
		}
		m.used = append(m.used, name)
		kind := m.floats
		if nm.isTime {
			kind = m.times
		}
		col := kind[name]
		if col == nil {
			col = &measuredCol{name: name, isUS: nm.isUS, firstRow: math.MaxInt, skip: !m.keep(name)}
			if nm.isTime {
				col.time = &columns.Int{}
			}
			kind[name] = col
			m.cols = append(m.cols, col)
		}
		m.targets = append(m.targets, col)
	}
}

// clearRow nulls every value of row, for an attempt whose resources are
// reported again.
func (m *measuredCols) clearRow(row int) {
	for _, c := range m.cols {
		if c.time != nil && row < len(c.time.V) {
			c.time.V[row], c.time.OK[row] = 0, false
		} else if c.time == nil && row < len(c.float.V) {
			c.float.V[row], c.float.OK[row] = 0, false
		}
	}
}

// columns returns the columns padded to n rows (ordered).
func (m *measuredCols) columns(n int) []frame.Column {
	var out []frame.Column
	for _, c := range m.ordered() {
		if c.time != nil {
			for len(c.time.V) < n {
				c.time.Null()
			}
			out = append(out, c.time.Times(c.name))
			continue
		}
		for len(c.float.V) < n {
			c.float.Null()
		}
		out = append(out, c.float.Col(c.name))
	}
	return out
}

// ordered returns the wanted columns in frame order: the common ones
// first (measuredRank), the others in order of their first row.
func (m *measuredCols) ordered() []*measuredCol {
	cols := slices.DeleteFunc(slices.Clone(m.cols), func(c *measuredCol) bool { return c.skip })
	sort.SliceStable(cols, func(i, j int) bool {
		a, b := cols[i], cols[j]
		if ra, rb := measuredRank(a.name), measuredRank(b.name); ra != rb {
			return ra < rb
		}
		if a.firstRow != b.firstRow {
			return a.firstRow < b.firstRow
		}
		return a.pos < b.pos
	})
	return cols
}

// gather returns the columns of rows rows, in that order, for a batch.
func (m *measuredCols) gather(rows []int32) []frame.Column {
	var out []frame.Column
	for _, c := range m.ordered() {
		if c.time != nil {
			g := c.time.Gather(rows)
			out = append(out, g.Times(c.name))
		} else {
			g := c.float.Gather(rows)
			out = append(out, g.Col(c.name))
		}
	}
	return out
}

// retain drops every row but rows, which become rows 0, 1, ... in that
// order, and makes room for room rows more. The columns keep their
// order: later rows' columns follow them.
func (m *measuredCols) retain(rows []int32, room int) {
	for i, c := range m.ordered() {
		c.firstRow, c.pos = i-len(m.cols), 0
	}
	for _, c := range m.cols {
		if c.skip { // never filled: nothing to keep
			continue
		}
		if c.time != nil {
			g := c.time.Gather(rows)
			g.Reserve(room)
			c.time = &g
		} else {
			c.float = c.float.Gather(rows)
			c.float.Reserve(room)
		}
	}
}

// sameShape reports whether a and b have the same keys and units in the
// same order.
func sameShape(a, b []resource) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i].key != b[i].key || a[i].unit != b[i].unit {
			return false
		}
	}
	return true
}

// measuredRank puts the common measured columns first.
func measuredRank(name string) int {
	for i, n := range []string{"measured_start", "measured_end", "wall_time_s", "cpu_time_s", "mem_mb", "virtual_mem_mb", "disk_mb", "cores", "cores_avg", "gpus", "bandwidth_mbps"} {
		if n == name {
			return i
		}
	}
	return 100
}
