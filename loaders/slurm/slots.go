package slurm

// Where each value of a row is kept. The worker goroutines decode lines
// into column chunks (chunk.go) in three kinds of slot: text (a code per
// row into the chunk's distinct values), integer and float, each with its
// validity. Every header field has a slot of its kind; an exit code has
// two integer slots (status, signal). The values derived from a row come
// first, at fixed slots.

// The derived text slots: the JobID's parts and the state in the
// vocabulary.
const (
	tJob      = iota // the job part of the JobID ("123_4", "123+1")
	tStep            // the step ("batch", "0"), null for a job
	tArrayJob        // "123" of "123_4"
	tHetJob          // "123" of "123+1"
	tStatus          // State in the state vocabulary
	nDerivedText
)

// The derived integer slots.
const (
	iTask      = iota // the step as an integer (stepNumber)
	iArrayTask        // 4 of "123_4"
	iHetComp          // 1 of "123+1"
	nDerivedInt
)

// The derived float slots: what a row was given and asked for, read
// from the count fields or else from the TRES lists.
const (
	dAllocCPUs = iota // AllocCPUS, NCPUS, or AllocTRES's cpu
	dAllocGPUs        // AllocTRES's gres/gpu
	dAllocMem         // AllocTRES's mem, MiB
	dReqCPUs          // ReqCPUS, or ReqTRES's cpu
	dReqGPUs          // ReqTRES's gres/gpu
	dReqMem           // ReqMem multiplied out (reqMem), or ReqTRES's mem, MiB
	dReqNodes         // ReqNodes, or ReqTRES's node
	dGPUUtil          // TRESUsageInAve's gres/gpuutil, %
	dGPUMem           // TRESUsageInMax's gres/gpumem, MiB
	dEnergy           // ConsumedEnergyRaw, J, when above 0
	nDerivedFlt
)

// slotKind is the kind of slot a field's values go to.
type slotKind uint8

const (
	sText slotKind = iota
	sInt
	sFlt
)

// slotOf returns the kind of slot of a field kind.
func slotOf(k kind) slotKind {
	switch k {
	case kTime, kInt, kExit:
		return sInt
	case kDuration, kSizeK, kSizeM:
		return sFlt
	}
	return sText
}

// slots are the slot counts of a layout and every field's slot.
type slots struct {
	text, ints, flts int    // slots of each kind
	of               []int  // per field: its slot (of slotOf(kind))
	signal           []int  // per field: an exit code's signal slot, else -1
	unique           []bool // per text slot: its values are one per row (JobIDs), never looked up
}

// assignSlots gives every field of l its slots, after the derived ones;
// a field l skips has none (-1).
func assignSlots(l *layout) slots {
	s := slots{text: nDerivedText, ints: nDerivedInt, flts: nDerivedFlt}
	for i, sp := range l.specs {
		sig := -1
		switch {
		case l.skip[i]:
			s.of = append(s.of, -1)
		case slotOf(sp.kind) == sInt:
			s.of = append(s.of, s.ints)
			s.ints++
			if sp.kind == kExit {
				sig = s.ints
				s.ints++
			}
		case slotOf(sp.kind) == sFlt:
			s.of = append(s.of, s.flts)
			s.flts++
		default:
			s.of = append(s.of, s.text)
			s.text++
		}
		if sp.kind == kJobID {
			for len(s.unique) < s.text {
				s.unique = append(s.unique, false)
			}
			s.unique[s.text-1] = true
		}
		s.signal = append(s.signal, sig)
	}
	for len(s.unique) < s.text {
		s.unique = append(s.unique, false)
	}
	return s
}
