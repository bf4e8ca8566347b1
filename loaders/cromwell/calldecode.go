package cromwell

import (
	"errors"
	"unicode/utf8"

	"github.com/jobframe/jobframe/loaders/internal/arena"
	"github.com/jobframe/jobframe/loaders/internal/bytesconv"
	"github.com/jobframe/jobframe/loaders/internal/jsontext"
)

// callDecoder reads call entries straight from their text, as
// encoding/json decodes them into call, without reflection: strings are
// views of the text, the numbers and flags are allocated a block at a
// time. An entry it does not read so (a subworkflow, a composite member
// given twice, a name not in ASCII, any type error) is an error, and
// the whole document is then decoded by the general path (decode.go);
// FuzzCallDecoder holds the two to the same result.
type callDecoder struct {
	ints    arena.Arena[int64]
	bools   arena.Arena[bool]
	caching arena.Arena[callCaching]
	jes     arena.Arena[jes]
}

// errOffPath is an entry, or a document, the hand decoder leaves to the
// general path.
var errOffPath = errors.New("not on the one-scan path")

// callMember names the members of call, as its json tags do.
var callMembers = [...]string{"shardIndex", "attempt", "executionStatus", "start", "end", "backend", "jobId", "returnCode",
	"preemptible", "runtimeAttributes", "executionEvents", "callCaching", "failures", "subWorkflowMetadata", "jes"}

// member returns the index in names of key as encoding/json matches
// it (jsontext.MemberIndex); a key it leaves to encoding/json is
// errOffPath.
func member(names []string, key []byte) (int, error) {
	m, ok := jsontext.MemberIndex(names, key)
	if !ok {
		return -1, errOffPath
	}
	return m, nil
}

// decode reads the call entry b into c (a zero call).
func (d *callDecoder) decode(b []byte, c *call) error {
	if string(jsontext.TrimWS(b)) == "null" {
		return nil
	}
	var seen uint32 // the composite members met: given twice, they go to the general path
	return jsontext.WholeObject(b, func(i int) (int, error) {
		return jsontext.ScanMembersWith(b, i, 0, func(key []byte, i int) (int, error) {
			m, err := member(callMembers[:], key)
			if err != nil {
				return i, err
			}
			if m >= 9 { // runtimeAttributes and after
				if seen&(1<<m) != 0 {
					return i, errOffPath
				}
				seen |= 1 << m
			}
			switch m {
			case 0:
				return d.intAt(b, i, &c.ShardIndex)
			case 1:
				return d.intAt(b, i, &c.Attempt)
			case 2:
				return stringAt(b, i, &c.ExecutionStatus)
			case 3:
				return stringAt(b, i, &c.Start)
			case 4:
				return stringAt(b, i, &c.End)
			case 5:
				return stringAt(b, i, &c.Backend)
			case 6:
				return stringAt(b, i, &c.JobID)
			case 7:
				return d.intAt(b, i, &c.ReturnCode)
			case 8:
				return d.boolAt(b, i, &c.Preemptible)
			case 9:
				return attributesAt(b, i, &c.RuntimeAttributes)
			case 10:
				return phasesAt(b, i, &c.ExecutionEvents)
			case 11:
				return d.cachingAt(b, i, &c.CallCaching)
			case 12:
				return failuresAt(b, i, 1, &c.Failures)
			case 13:
				return i, errOffPath // a subworkflow: the general path reads it
			case 14:
				return d.jesAt(b, i, &c.Jes)
			}
			return jsontext.ScanValue(b, i, 1)
		})
	})
}

// stringAt reads the string at b[i] into *s; null leaves *s as it was.
func stringAt(b []byte, i int, s *string) (int, error) {
	text, end, ok, err := jsontext.TextAt(b, i)
	if errors.Is(err, jsontext.ErrNotString) {
		return end, errOffPath
	}
	if ok {
		*s = bytesconv.String(text)
	}
	return end, err
}

// intAt reads the integer at b[i] into *p (as int64 takes it: digits,
// no fraction nor exponent); null makes it nil.
func (d *callDecoder) intAt(b []byte, i int, p **int64) (int, error) {
	v, end, ok, err := jsontext.IntAt(b, i)
	if err != nil {
		return end, offPath(err)
	}
	d.ints.Set(p, v, ok)
	return end, nil
}

// boolAt reads true, false or null at b[i] into *p.
func (d *callDecoder) boolAt(b []byte, i int, p **bool) (int, error) {
	v, end, ok, err := jsontext.BoolAt(b, i)
	if err != nil {
		return end, offPath(err)
	}
	d.bools.Set(p, v, ok)
	return end, nil
}

// offPath makes a value of another type than the field's (which
// encoding/json reports with the field's name) errOffPath; a syntax
// error stays what it is.
func offPath(err error) error {
	if jsontext.IsTypeError(err) {
		return errOffPath
	}
	return err
}

// attributesAt reads the object of runtime attributes at b[i], each as
// scalar reads it; null makes the map nil.
func attributesAt(b []byte, i int, m *map[string]scalar) (int, error) {
	if i < len(b) && b[i] == 'n' {
		*m = nil
		return jsontext.ScanValue(b, i, 1)
	}
	if i >= len(b) || b[i] != '{' {
		return i, errOffPath
	}
	*m = map[string]scalar{}
	return jsontext.ScanMembersWith(b, i, 1, func(key []byte, i int) (int, error) {
		if !utf8.Valid(key) { // encoding/json makes each bad byte U+FFFD
			return i, errOffPath
		}
		end, err := jsontext.ScanValue(b, i, 2)
		if err != nil {
			return end, err
		}
		var s scalar
		if err := s.UnmarshalJSON(b[i:end]); err != nil {
			return end, errOffPath
		}
		(*m)[string(key)] = s
		return end, nil
	})
}

// phaseMembers name the members of phase.
var phaseMembers = [...]string{"description", "startTime", "endTime"}

// phasesAt reads the list of execution events at b[i]; null makes it
// nil.
func phasesAt(b []byte, i int, ps *[]phase) (int, error) {
	return listAt(b, i, 1, ps, func(b []byte, i int, p *phase) (int, error) {
		return objectAt(b, i, 2, phaseMembers[:], func(m int, b []byte, i int) (int, error) {
			switch m {
			case 0:
				return stringAt(b, i, &p.Description)
			case 1:
				return stringAt(b, i, &p.StartTime)
			case 2:
				return stringAt(b, i, &p.EndTime)
			}
			return jsontext.ScanValue(b, i, 3)
		})
	})
}

// failureMembers name the members of failure.
var failureMembers = [...]string{"message", "causedBy"}

// failuresAt reads the list of failures at b[i] (at depth), and their
// causes; null makes it nil.
func failuresAt(b []byte, i, depth int, fs *[]failure) (int, error) {
	if depth > 64 {
		return i, errOffPath
	}
	return listAt(b, i, depth, fs, func(b []byte, i int, f *failure) (int, error) {
		seen := false
		return objectAt(b, i, depth+1, failureMembers[:], func(m int, b []byte, i int) (int, error) {
			switch m {
			case 0:
				return stringAt(b, i, &f.Message)
			case 1:
				if seen {
					return i, errOffPath
				}
				seen = true
				return failuresAt(b, i, depth+2, &f.CausedBy)
			}
			return jsontext.ScanValue(b, i, depth+2)
		})
	})
}

// cachingAt reads callCaching at b[i]; null makes it nil.
func (d *callDecoder) cachingAt(b []byte, i int, p **callCaching) (int, error) {
	return optObjectAt(b, i, p, d.caching.Alloc, []string{"hit", "result"}, func(m int, c *callCaching, b []byte, i int) (int, error) {
		if m == 0 {
			return d.boolAt(b, i, &c.Hit)
		}
		return stringAt(b, i, &c.Result)
	})
}

// jesAt reads jes at b[i]; null makes it nil.
func (d *callDecoder) jesAt(b []byte, i int, p **jes) (int, error) {
	return optObjectAt(b, i, p, d.jes.Alloc, []string{"machineType", "zone"}, func(m int, j *jes, b []byte, i int) (int, error) {
		if m == 0 {
			return stringAt(b, i, &j.MachineType)
		}
		return stringAt(b, i, &j.Zone)
	})
}

// optObjectAt reads the object at b[i] into a new *p (from alloc), each
// member of names with member; null makes *p nil.
func optObjectAt[T any](b []byte, i int, p **T, alloc func() *T, names []string, member func(m int, v *T, b []byte, i int) (int, error)) (int, error) {
	if i < len(b) && b[i] == 'n' {
		*p = nil
		return jsontext.ScanValue(b, i, 1)
	}
	v := alloc()
	*p = v
	return objectAt(b, i, 1, names, func(m int, b []byte, i int) (int, error) {
		if m < 0 {
			return jsontext.ScanValue(b, i, 2)
		}
		return member(m, v, b, i)
	})
}

// objectAt walks the object at b[i] (at depth), handing each member to
// value by its index in names (-1 for another name).
func objectAt(b []byte, i, depth int, names []string, value func(m int, b []byte, i int) (int, error)) (int, error) {
	if i >= len(b) || b[i] != '{' {
		return i, errOffPath
	}
	return jsontext.ScanMembersWith(b, i, depth, func(key []byte, i int) (int, error) {
		m, err := member(names, key)
		if err != nil {
			return i, err
		}
		return value(m, b, i)
	})
}

// listAt reads the list at b[i] (at depth) into *list
// (jsontext.ListAt); a value that is not a list is errOffPath.
func listAt[T any](b []byte, i, depth int, list *[]T, elem func(b []byte, i int, v *T) (int, error)) (int, error) {
	end, err := jsontext.ListAt(b, i, depth, list, elem)
	if errors.Is(err, jsontext.ErrNotList) {
		err = errOffPath
	}
	return end, err
}
