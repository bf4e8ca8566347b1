package flux

import (
	"bytes"
	"errors"
	"strconv"

	"github.com/jobframe/jobframe/loaders/internal/arena"
	"github.com/jobframe/jobframe/loaders/internal/bytesconv"
	"github.com/jobframe/jobframe/loaders/internal/jsontext"
)

// jobDecoder reads a job-list record straight from its text, as
// encoding/json decodes one into jobRecord, without reflection: strings
// are views of the line (copies where escaped), numbers and flags are
// allocated a block at a time. A record it does not read so (a type
// error, a syntax error, a member name beyond ASCII) is errOffPath, and
// decodeJob's general path reads the line and names the fault;
// FuzzJobDecoder holds the two to the same result. Each decoding
// goroutine has its own.
type jobDecoder struct {
	// order is the members of the record before, by their place in
	// jobMembers: a log's records mostly name their members in one
	// order, so a record's k-th name is first compared with the k-th of
	// the record before (-1: a name not in jobMembers)
	order  []int
	uints  arena.Arena[uint64]
	ints   arena.Arena[int64]
	floats arena.Arena[float64]
	bools  arena.Arena[bool]
	texts  arena.Arena[string]
}

// errOffPath is a record the hand decoder leaves to the general path.
var errOffPath = errors.New("not on the hand decoder's path")

// jobMembers names the members of jobRecord, as its json tags do, in
// the order decode's switch takes them.
var jobMembers = [...]string{
	"id", "userid", "urgency", "priority", "state", "name", "queue", "project", "bank", "cwd",
	"ntasks", "ncores", "nnodes", "ranks", "nodelist", "duration", "expiration",
	"t_submit", "t_depend", "t_run", "t_cleanup", "t_inactive", "success", "exception_occurred",
	"exception_type", "exception_severity", "exception_note", "result", "waitstatus", "returncode", "dependencies"}

// line decodes one line of job-list records into r: by hand, else by
// the general path.
func (d *jobDecoder) line(line []byte, r *decodedJob) {
	*r = decodedJob{}
	if len(bytes.TrimSpace(line)) == 0 {
		r.empty = true
		return
	}
	if err := d.decode(line, &r.rec); err != nil {
		decodeJob(line, r)
		return
	}
	if field, text, want := r.rec.check(); want != "" {
		r.field, r.text, r.want = field, text, want
	}
}

// decode reads the record b into j (a zero jobRecord).
func (d *jobDecoder) decode(b []byte, j *jobRecord) error {
	deps, k := false, 0
	return jsontext.WholeObject(b, func(i int) (int, error) {
		return jsontext.ScanMembersWith(b, i, 0, func(key []byte, i int) (int, error) {
			m, ok := d.memberOf(k, key)
			if !ok {
				return i, errOffPath
			}
			k++
			if m == depsMember {
				// given twice, the second list is read into the first's
				// elements (a null element keeping what is there): the
				// general path reads that
				if deps {
					return i, errOffPath
				}
				deps = true
			}
			return d.member(m, b, i, j)
		})
	})
}

// memberOf is the place in jobMembers of the k-th member's name key
// (jsontext.MemberIndex), tried first at the place of the k-th member of
// the record before.
func (d *jobDecoder) memberOf(k int, key []byte) (int, bool) {
	if k < len(d.order) {
		if m := d.order[k]; m >= 0 && string(key) == jobMembers[m] {
			return m, true
		}
	}
	m, ok := jsontext.MemberIndex(jobMembers[:], key)
	if ok && k <= len(d.order) && k < 2*len(jobMembers) {
		d.order = append(d.order[:k], m)
	}
	return m, ok
}

// depsMember is the place of dependencies in jobMembers.
const depsMember = 30

// member reads the value at b[i] into j's member m (an index in
// jobMembers; -1 for a member jobRecord does not have).
func (d *jobDecoder) member(m int, b []byte, i int, j *jobRecord) (int, error) {
	switch m {
	case 0:
		return d.uintAt(b, i, &j.ID)
	case 1:
		return d.intAt(b, i, &j.UserID)
	case 2:
		return d.intAt(b, i, &j.Urgency)
	case 3:
		return d.floatAt(b, i, &j.Priority)
	case 4:
		return d.intAt(b, i, &j.State)
	case 5:
		return d.textAt(b, i, &j.Name)
	case 6:
		return d.textAt(b, i, &j.Queue)
	case 7:
		return d.textAt(b, i, &j.Project)
	case 8:
		return d.textAt(b, i, &j.Bank)
	case 9:
		return d.textAt(b, i, &j.Cwd)
	case 10:
		return d.intAt(b, i, &j.NTasks)
	case 11:
		return d.intAt(b, i, &j.NCores)
	case 12:
		return d.intAt(b, i, &j.NNodes)
	case 13:
		return d.textAt(b, i, &j.Ranks)
	case 14:
		return d.textAt(b, i, &j.Nodelist)
	case 15:
		return d.floatAt(b, i, &j.Duration)
	case 16:
		return d.floatAt(b, i, &j.Expiration)
	case 17:
		return d.floatAt(b, i, &j.Submit)
	case 18:
		return d.floatAt(b, i, &j.Depend)
	case 19:
		return d.floatAt(b, i, &j.Run)
	case 20:
		return d.floatAt(b, i, &j.Cleanup)
	case 21:
		return d.floatAt(b, i, &j.Inactive)
	case 22:
		return d.boolAt(b, i, &j.Success)
	case 23:
		return d.boolAt(b, i, &j.Exception)
	case 24:
		return d.textAt(b, i, &j.ExceptionType)
	case 25:
		return d.intAt(b, i, &j.ExceptionSeverity)
	case 26:
		return d.textAt(b, i, &j.ExceptionNote)
	case 27:
		return d.intAt(b, i, &j.Result)
	case 28:
		return d.intAt(b, i, &j.WaitStatus)
	case 29:
		return d.intAt(b, i, &j.ReturnCode)
	case depsMember:
		return textsAt(b, i, &j.Dependencies)
	}
	return jsontext.ScanValue(b, i, 1)
}

// number returns the number or null at b[i] (val "null") and the offset
// past it; any other value is errOffPath.
func number(b []byte, i int) (val string, end int, err error) {
	if i >= len(b) || b[i] != 'n' && b[i] != '-' && (b[i] < '0' || b[i] > '9') {
		return "", i, errOffPath
	}
	end, err = jsontext.ScanValue(b, i, 1)
	return bytesconv.String(b[i:end]), end, err
}

// uintAt reads the integer at b[i] into *p as encoding/json reads a
// uint64 (digits only, in range); null makes it nil.
func (d *jobDecoder) uintAt(b []byte, i int, p **uint64) (int, error) {
	val, end, err := number(b, i)
	if err != nil || val == "null" {
		*p = nil
		return end, err
	}
	v, perr := strconv.ParseUint(val, 10, 64)
	if perr != nil {
		return end, errOffPath
	}
	*p = d.uints.New(v)
	return end, nil
}

// intAt reads the integer at b[i] into *p as encoding/json reads an
// int64 (digits only, in range); null makes it nil.
func (d *jobDecoder) intAt(b []byte, i int, p **int64) (int, error) {
	v, end, ok, err := jsontext.IntAt(b, i)
	if err != nil {
		return end, offPath(err)
	}
	d.ints.Set(p, v, ok)
	return end, nil
}

// floatAt reads the number at b[i] into *p as encoding/json reads a
// float64 (out of range is an error); null makes it nil.
func (d *jobDecoder) floatAt(b []byte, i int, p **float64) (int, error) {
	v, end, ok, err := jsontext.FloatAt(b, i)
	if err != nil {
		return end, offPath(err)
	}
	d.floats.Set(p, v, ok)
	return end, nil
}

// boolAt reads true, false or null at b[i] into *p.
func (d *jobDecoder) boolAt(b []byte, i int, p **bool) (int, error) {
	v, end, ok, err := jsontext.BoolAt(b, i)
	if err != nil {
		return end, offPath(err)
	}
	d.bools.Set(p, v, ok)
	return end, nil
}

// textAt reads the string at b[i] into *p; null makes it nil.
func (d *jobDecoder) textAt(b []byte, i int, p **string) (int, error) {
	text, end, ok, err := jsontext.TextAt(b, i)
	if err != nil {
		return end, offPath(err)
	}
	d.texts.Set(p, bytesconv.String(text), ok)
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

// textsAt reads the list of strings at b[i] into *list as encoding/json
// reads a []string: null makes it nil, [] a new empty list, and a null
// element is "".
func textsAt(b []byte, i int, list *[]string) (int, error) {
	end, err := jsontext.ListAt(b, i, 1, list, func(b []byte, i int, s *string) (int, error) {
		text, end, _, err := jsontext.TextAt(b, i)
		*s = bytesconv.String(text)
		return end, err
	})
	if errors.Is(err, jsontext.ErrNotList) || errors.Is(err, jsontext.ErrNotString) {
		err = errOffPath
	}
	return end, err
}
