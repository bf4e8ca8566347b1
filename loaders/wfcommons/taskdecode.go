package wfcommons

import (
	"bytes"
	"errors"

	"github.com/jobframe/jobframe/loaders/internal/arena"
	"github.com/jobframe/jobframe/loaders/internal/jsontext"
)

// taskDecoder reads task objects straight from their text, as
// encoding/json would decode them into task, without reflection:
// strings are views of the text, numbers are allocated a block at a
// time and lists are cut from one slab.
// A task it cannot read (any type error, or syntax it does not take) is
// an error, and the whole document is then decoded by encoding/json,
// which says where; FuzzTaskDecoder holds the two to the same result.
type taskDecoder struct {
	floats arena.Arena[float64] // the tasks' numbers
	strs   []string             // the slab their string lists are cut from
	list   []string             // a list being read
}

// slabSize is the strings per allocation of the lists' slab.
const slabSize = 4096

// errTaskType is a member whose value is not of the field's type.
var errTaskType = errors.New("a task member of another type")

// taskMember is one member of a task object by name (taskMembers).
type taskMember struct {
	name string
	str  func(*task) *string
	strs func(*task) *[]string
	num  func(*task) **float64
	// command and files are the two members with objects in them
	command, files bool
}

// taskMembers are the members of task, as its json tags name them.
var taskMembers = [...]taskMember{
	{name: "id", str: func(t *task) *string { return &t.ID }},
	{name: "name", str: func(t *task) *string { return &t.Name }},
	{name: "type", str: func(t *task) *string { return &t.Type }},
	{name: "category", str: func(t *task) *string { return &t.Category }},
	{name: "executedAt", str: func(t *task) *string { return &t.ExecutedAt }},
	{name: "machine", str: func(t *task) *string { return &t.Machine }},
	{name: "parents", strs: func(t *task) *[]string { return &t.Parents }},
	{name: "children", strs: func(t *task) *[]string { return &t.Children }},
	{name: "inputFiles", strs: func(t *task) *[]string { return &t.InputFiles }},
	{name: "outputFiles", strs: func(t *task) *[]string { return &t.OutputFiles }},
	{name: "machines", strs: func(t *task) *[]string { return &t.Machines }},
	{name: "runtimeInSeconds", num: func(t *task) **float64 { return &t.RuntimeInSeconds }},
	{name: "coreCount", num: func(t *task) **float64 { return &t.CoreCount }},
	{name: "cores", num: func(t *task) **float64 { return &t.Cores }},
	{name: "avgCPU", num: func(t *task) **float64 { return &t.AvgCPU }},
	{name: "readBytes", num: func(t *task) **float64 { return &t.ReadBytes }},
	{name: "writtenBytes", num: func(t *task) **float64 { return &t.WrittenBytes }},
	{name: "memoryInBytes", num: func(t *task) **float64 { return &t.MemoryInBytes }},
	{name: "energyInKWh", num: func(t *task) **float64 { return &t.EnergyInKWh }},
	{name: "energy", num: func(t *task) **float64 { return &t.Energy }},
	{name: "avgPowerInW", num: func(t *task) **float64 { return &t.AvgPowerInW }},
	{name: "avgPower", num: func(t *task) **float64 { return &t.AvgPower }},
	{name: "priority", num: func(t *task) **float64 { return &t.Priority }},
	{name: "command", command: true},
	{name: "files", files: true},
}

// memberOf returns the member named key: exactly, else ignoring case,
// as encoding/json matches names; nil for a name task does not have.
func memberOf(key []byte) *taskMember {
	for i := range taskMembers {
		if string(key) == taskMembers[i].name {
			return &taskMembers[i]
		}
	}
	for i := range taskMembers {
		if bytes.EqualFold(key, []byte(taskMembers[i].name)) {
			return &taskMembers[i]
		}
	}
	return nil
}

// decode reads the task object b into t (a zero task).
func (d *taskDecoder) decode(b []byte, t *task) error {
	if string(b) == "null" {
		return nil
	}
	return jsontext.EachMember(b, func(key, val []byte) error {
		m := memberOf(key)
		switch {
		case m == nil:
			return nil
		case m.str != nil:
			return jsontext.StringInto(val, m.str(t))
		case m.strs != nil:
			return d.texts(val, m.strs(t))
		case m.num != nil:
			return d.number(val, m.num(t))
		case m.command:
			return d.command(val, t)
		}
		return d.files(val, t)
	})
}

// number reads a number into *p; null makes it nil.
func (d *taskDecoder) number(val []byte, p **float64) error {
	v, ok, err := jsontext.Float(val)
	switch {
	case err != nil:
		return errTaskType
	case !ok:
		*p = nil
		return nil
	}
	*p = d.floats.New(v)
	return nil
}

// texts reads a list of strings into *p; null makes it nil. A list
// read again (a name given twice) is read into the first one's array,
// a null element keeping what is there, as encoding/json does.
func (d *taskDecoder) texts(val []byte, p *[]string) error {
	if string(val) == "null" {
		*p = nil
		return nil
	}
	if val[0] != '[' {
		return errTaskType
	}
	again := *p != nil
	list := d.list[:0]
	if again {
		list = (*p)[:0]
	}
	err := jsontext.EachElement(val, func(elem []byte) error {
		if i := len(list); i < cap(list) {
			list = list[:i+1]
			if !again { // the scratch list: nothing to keep
				list[i] = ""
			}
		} else {
			list = append(list, "")
		}
		return jsontext.StringInto(elem, &list[len(list)-1])
	})
	switch {
	case err != nil:
		return err
	case len(list) == 0:
		*p = []string{} // a new empty list, as encoding/json makes
		return nil
	case again:
		*p = list
		return nil
	}
	d.list = list
	if len(d.strs)+len(list) > cap(d.strs) {
		d.strs = make([]string, 0, max(slabSize, len(list)))
	}
	at := len(d.strs)
	d.strs = append(d.strs, list...)
	*p = d.strs[at:len(d.strs):len(d.strs)]
	return nil
}

// command reads the command object; null makes it nil.
func (d *taskDecoder) command(val []byte, t *task) error {
	if string(val) == "null" {
		t.Command = nil
		return nil
	}
	if val[0] != '{' {
		return errTaskType
	}
	if t.Command == nil {
		t.Command = new(command)
	}
	c := t.Command
	return jsontext.EachMember(val, func(key, val []byte) error {
		switch {
		case bytes.EqualFold(key, []byte("program")):
			return jsontext.StringInto(val, &c.Program)
		case bytes.EqualFold(key, []byte("arguments")):
			return d.texts(val, &c.Arguments)
		}
		return nil
	})
}

// files reads 1.4's list of file objects, as encoding/json does
// (ObjectsInto).
func (d *taskDecoder) files(val []byte, t *task) error {
	return jsontext.ObjectsInto(val, &t.Files, func(f *fileRef, key, val []byte) error {
		switch {
		case bytes.EqualFold(key, []byte("link")):
			return jsontext.StringInto(val, &f.Link)
		case bytes.EqualFold(key, []byte("name")):
			return jsontext.StringInto(val, &f.Name)
		case bytes.EqualFold(key, []byte("path")):
			return jsontext.StringInto(val, &f.Path)
		case bytes.EqualFold(key, []byte("sizeInBytes")):
			return d.number(val, &f.SizeInBytes)
		}
		return nil
	})
}
