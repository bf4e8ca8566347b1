package slurm

import (
	"bytes"
	"hash/maphash"

	"github.com/jobframe/jobframe/loaders/internal/bytesconv"
	"github.com/jobframe/jobframe/loaders/internal/records"
)

// decoder reads lines into a chunk. Each worker goroutine has its own;
// nothing in it is shared. Text values are looked up among the chunk's
// values of their slot first, so that a value is read (a state, a TRES
// list, a node list expanded) once per chunk rather than once per row.
type decoder struct {
	lay  *layout
	ends []int
	// the row being read, by slot: views of row n of the chunk's rows
	// so far, which are kept row by row (flat) and turned into columns
	// once the chunk is read (columns.go); a row that does not read is
	// overwritten by the next
	codes []int32
	ints  []int64
	iok   []bool
	flts  []float64
	fok   []bool
	per   byte // ReqMem's c or n
	flat  flatRows
	// per text slot: the chunk's index of its values (nil when not
	// looked up), the codes of the values met last (a job row and its
	// steps alternate between a few: JobName batch, extern, 0), and what
	// each value of a field reads as
	index  []map[string]int32
	recent [][recentN]int32
	reads  [][]reading
	// the row's JobID read last (a view of the arena) and its reading:
	// JobIDRaw is most often the same text as JobID
	prevID   string
	prevRead reading
}

// reading is what a text value of a field reads as, by its kind.
type reading struct {
	err    error
	tres   tres  // kTRES
	usage  usage // kUsage
	status int32 // kState: the code of its state in the tStatus slot
	id     jobID // kJobID (views of the value)
}

// dedupeFrom is the number of values a text slot holds in a chunk before
// the decoder checks whether they repeat: a slot whose values are over
// three quarters distinct (job names of one-job arrays, paths) is not
// looked up for the rest of the chunk, where a lookup per row would only
// cost.
const dedupeFrom = 128

func newDecoder(l *layout) *decoder {
	sl := &l.slots
	return &decoder{lay: l,
		index: make([]map[string]int32, sl.text), recent: make([][recentN]int32, sl.text), reads: make([][]reading, sl.text)}
}

// reset readies d for a new chunk.
func (d *decoder) reset() {
	for t := range d.index {
		switch {
		case d.lay.slots.unique[t]:
			d.index[t] = nil
		case d.index[t] == nil:
			d.index[t] = map[string]int32{}
		default:
			clear(d.index[t])
		}
		d.recent[t] = [recentN]int32{-1, -1, -1, -1}
		d.reads[t] = d.reads[t][:0]
	}
	d.flat.reset()
}

// decodeChunk decodes a batch of lines into a new chunk.
func (d *decoder) decodeChunk(l *records.Lines) *chunk {
	c := newChunk(&d.lay.slots, l.Len())
	d.reset()
	for i := 0; i < l.Len(); i++ {
		c.state = append(c.state, d.line(c, l.Line(i), l.Number(i)))
	}
	d.flat.columns(c, &d.lay.slots)
	return c
}

// line decodes line n into c: a row of its jobs or of its steps when it
// reads whole, else nothing (lineEmpty, lineOther).
func (d *decoder) line(c *chunk, line []byte, n int) lineState {
	l := d.lay
	if len(line) == 0 {
		return lineEmpty
	}
	d.codes, d.ints, d.iok, d.flts, d.fok = d.flat.next(&l.slots)
	d.prevID = ""
	if l.trailing && line[len(line)-1] == l.delim {
		line = line[:len(line)-1]
	}
	d.ends = tokens(line, l.delim, d.ends)
	var starts []int
	switch m := len(d.ends); {
	case m < len(l.specs):
		return lineOther
	case m > len(l.specs):
		if starts = l.resolve(line, d.ends); starts == nil {
			return lineOther
		}
	}
	if !d.fields(c, line, starts) {
		return lineOther
	}
	idSlot := l.slots.of[l.idField]
	code := d.codes[idSlot]
	id := d.reads[idSlot][code].id
	side := jobSide
	if id.step != "" {
		side = stepSide
	}
	d.derive(c, &id)
	d.flat.keep(side, maphash.String(l.seed, c.dicts[idSlot][code]), n)
	return lineState(side)
}

// fields reads every field of line (split at d.ends; starts gives the
// first piece of each field when free text holds delimiters) into the
// row's slots; false when one does not read.
func (d *decoder) fields(c *chunk, line []byte, starts []int) bool {
	l := d.lay
	from := 0
	d.per = 0
	for i, s := range l.specs {
		to := 0
		if starts == nil {
			to = d.ends[i]
		} else {
			if starts[i] > 0 {
				from = d.ends[starts[i]-1] + 1
			}
			to = d.ends[starts[i+1]-1]
		}
		text := unquote(line[from:to])
		from = to + 1
		slot := l.slots.of[i]
		var err error
		switch {
		case slot < 0: // a field the load leaves out: checked alone
			err = l.check(s, bytesconv.String(text))
		case s.kind == kTime:
			d.ints[slot], d.iok[slot], err = parseTime(bytesconv.String(text), l.loc)
		case s.kind == kInt:
			d.ints[slot], d.iok[slot], err = parseInt(bytesconv.String(text))
		case s.kind == kExit:
			sig := l.slots.signal[i]
			d.ints[slot], d.ints[sig], d.iok[slot], err = parseExit(bytesconv.String(text))
			d.iok[sig] = d.iok[slot]
		case s.kind == kDuration:
			d.flts[slot], d.fok[slot], err = parseDuration(bytesconv.String(text))
		case s.kind == kSizeK, s.kind == kSizeM:
			var per byte
			d.flts[slot], per, d.fok[slot], err = parseSize(bytesconv.String(text), sizeBase(s.kind))
			if i == l.at.reqMem {
				d.per = per
			}
		default:
			d.codes[slot], err = d.text(c, slot, s.kind, text)
		}
		if err != nil {
			return false
		}
	}
	if s, e := l.at.start, l.at.end; s >= 0 && e >= 0 {
		ss, se := l.slots.of[s], l.slots.of[e]
		if d.iok[ss] && d.iok[se] && d.ints[se] < d.ints[ss] {
			return false // an End before its Start (layout.decode says so)
		}
	}
	return true
}

// unquote returns a field written in double quotes, as R's data.table
// and other CSV writers quote a dump they rewrite (`""` for an empty
// field), without them, a doubled quote inside standing for one; other
// fields are returned as they are. sacct itself never quotes.
func unquote(text []byte) []byte {
	if len(text) < 2 || text[0] != '"' || text[len(text)-1] != '"' {
		return text
	}
	inner := text[1 : len(text)-1]
	if !bytes.Contains(inner, []byte{'"'}) {
		return inner
	}
	if bytes.Count(inner, []byte(`""`))*2 != bytes.Count(inner, []byte{'"'}) {
		return text // a quote alone inside: not a quoted field
	}
	return bytes.ReplaceAll(inner, []byte(`""`), []byte{'"'})
}

// text looks a field's value up among the chunk's values of its slot,
// adding it (and reading it as kind k) when new; it returns its code
// (-1 for empty text, a null) and the error of its reading.
func (d *decoder) text(c *chunk, slot int, k kind, text []byte) (int32, error) {
	if len(text) == 0 {
		return -1, readText(k, "").err
	}
	if code, ok := d.find(c, slot, bytesconv.String(text)); ok {
		return code, d.reads[slot][code].err
	}
	var s string
	var r reading
	if k == kJobID && d.prevID != "" && d.prevID == bytesconv.String(text) {
		s, r = d.prevID, d.prevRead
	} else {
		s = c.arena.Add(text)
		r = readText(k, s)
	}
	if k == kJobID {
		d.prevID, d.prevRead = s, r
	}
	code := d.add(c, slot, s)
	if k == kState && r.err == nil {
		st, _ := parseState(s)
		r.status = d.intern(c, tStatus, st)
	}
	d.reads[slot] = append(d.reads[slot], r)
	if k == kNodes {
		var hosts []string
		if r.err == nil {
			hosts, _ = expandNodes(s)
		}
		c.hosts = append(c.hosts, hosts)
	}
	return code, r.err
}

// recentN is the number of values met last that find compares before
// looking a value up.
const recentN = 4

// find returns the code of s among the chunk's values of slot.
func (d *decoder) find(c *chunk, slot int, s string) (int32, bool) {
	rec := &d.recent[slot]
	dict := c.dicts[slot]
	for i, code := range rec {
		if code < 0 {
			break
		}
		if dict[code] == s {
			if i > 0 {
				d.met(slot, code)
			}
			return code, true
		}
	}
	if idx := d.index[slot]; idx != nil {
		if code, ok := idx[s]; ok {
			d.met(slot, code)
			return code, true
		}
	}
	return 0, false
}

// met puts code first among the slot's recent values.
func (d *decoder) met(slot int, code int32) {
	rec := &d.recent[slot]
	i := 0
	for i < recentN-1 && rec[i] != code {
		i++
	}
	copy(rec[1:i+1], rec[:i])
	rec[0] = code
}

// add adds s (which the chunk keeps: a copy in its arena, or a constant)
// to the values of slot and returns its code.
func (d *decoder) add(c *chunk, slot int, s string) int32 {
	code := int32(len(c.dicts[slot]))
	c.dicts[slot] = append(c.dicts[slot], s)
	if idx := d.index[slot]; idx != nil {
		idx[s] = code
		if len(idx) >= dedupeFrom && 4*len(idx) > 3*(d.flat.n+1) {
			d.index[slot] = nil
		}
	}
	d.met(slot, code)
	return code
}

// intern returns the code of a value the chunk keeps already (a view
// of its arena, or a constant) in a derived slot; -1 for "".
func (d *decoder) intern(c *chunk, slot int, s string) int32 {
	if s == "" {
		return -1
	}
	if code, ok := d.find(c, slot, s); ok {
		return code
	}
	return d.add(c, slot, s)
}

// readText reads a text value as kind k (only the kinds with a form).
func readText(k kind, s string) reading {
	var r reading
	switch k {
	case kState:
		_, r.err = parseState(s)
	case kJobID:
		r.id, r.err = parseJobID(s)
	case kTRES:
		r.tres, r.err = parseTRES(s)
	case kUsage:
		r.usage, r.err = parseUsage(s)
	case kNodes:
		r.err = checkNodes(s)
	}
	return r
}

// derive fills the derived slots of the row from its JobID and fields.
func (d *decoder) derive(c *chunk, id *jobID) {
	d.codes[tJob] = d.intern(c, tJob, id.job)
	d.codes[tStep] = d.intern(c, tStep, id.step)
	d.codes[tArrayJob] = d.intern(c, tArrayJob, id.arrayJob)
	d.codes[tHetJob] = d.intern(c, tHetJob, id.hetJob)
	d.codes[tStatus] = -1
	if f := d.lay.at.state; f >= 0 {
		slot := d.lay.slots.of[f]
		d.codes[tStatus] = d.reads[slot][d.codes[slot]].status
	}
	d.ints[iTask], d.iok[iTask] = id.stepNum, id.step != ""
	d.ints[iArrayTask], d.iok[iArrayTask] = id.arrayTask, id.hasTask
	d.ints[iHetComp], d.iok[iHetComp] = id.hetComp, id.hetJob != ""
	at := &d.lay.at
	alloc, req := d.tres(at.allocTRES), d.tres(at.reqTRES)
	d.flts[dAllocCPUs], d.fok[dAllocCPUs] = d.count(at.allocCPUs)
	if !d.fok[dAllocCPUs] {
		d.flts[dAllocCPUs], d.fok[dAllocCPUs] = alloc.cpus, alloc.hasCPU
	}
	d.flts[dAllocGPUs], d.fok[dAllocGPUs] = alloc.gpus, alloc.hasGPU
	d.flts[dAllocMem], d.fok[dAllocMem] = alloc.memMB, alloc.hasMem
	d.flts[dReqCPUs], d.fok[dReqCPUs] = d.count(at.reqCPUs)
	if !d.fok[dReqCPUs] {
		d.flts[dReqCPUs], d.fok[dReqCPUs] = req.cpus, req.hasCPU
	}
	d.flts[dReqGPUs], d.fok[dReqGPUs] = req.gpus, req.hasGPU
	d.flts[dReqMem], d.fok[dReqMem] = d.reqMem(req)
	d.flts[dReqNodes], d.fok[dReqNodes] = d.count(at.reqNodes)
	if !d.fok[dReqNodes] {
		d.flts[dReqNodes], d.fok[dReqNodes] = req.nodes, req.hasNode
	}
	ave, peak := d.usage(at.usageAve), d.usage(at.usageMax)
	d.flts[dGPUUtil], d.fok[dGPUUtil] = ave.gpuUtil, ave.hasUtil
	d.flts[dGPUMem], d.fok[dGPUMem] = peak.gpuMemMB, peak.hasMem
	d.flts[dEnergy], d.fok[dEnergy] = 0, false
	if e, ok := d.count(at.energyField()); ok && e > 0 {
		d.flts[dEnergy], d.fok[dEnergy] = e, true // 0: no energy plugin measured it
	}
}

// usage returns the reading of the row's TRES usage list in field f (-1:
// none).
func (d *decoder) usage(f int) usage {
	if f < 0 {
		return usage{}
	}
	slot := d.lay.slots.of[f]
	if code := d.codes[slot]; code >= 0 {
		return d.reads[slot][code].usage
	}
	return usage{}
}

// tres returns the reading of the row's TRES list in field f (-1: none).
func (d *decoder) tres(f int) tres {
	if f < 0 {
		return tres{}
	}
	slot := d.lay.slots.of[f]
	if code := d.codes[slot]; code >= 0 {
		return d.reads[slot][code].tres
	}
	return tres{}
}

// count returns the first of the integer fields that the row has.
func (d *decoder) count(fields []int) (float64, bool) {
	for _, f := range fields {
		if slot := d.lay.slots.of[f]; d.iok[slot] {
			return float64(d.ints[slot]), true
		}
	}
	return 0, false
}

// reqMem is the memory the row requested, in MiB: ReqMem, multiplied by
// the CPUs or the nodes when it ends in c or n (Slurm before 21.08), or
// req's mem when ReqMem is absent.
func (d *decoder) reqMem(req tres) (float64, bool) {
	f := d.lay.at.reqMem
	if f < 0 || !d.fok[d.lay.slots.of[f]] {
		return req.memMB, req.hasMem
	}
	mb := d.flts[d.lay.slots.of[f]]
	switch d.per {
	case 0:
		return mb, true
	case 'c':
		n, ok := d.count(d.lay.at.cpus)
		return mb * n, ok
	default: // 'n'
		n, ok := d.count(d.lay.at.nodes)
		return mb * n, ok
	}
}

// sizeBase is the unit of a bare size of kind k.
func sizeBase(k kind) byte {
	if k == kSizeM {
		return 'M'
	}
	return 'K'
}
