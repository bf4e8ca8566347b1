package hyperqueue

// The journal's records as JSON gives them (the wire types), and
// the messages of a record of the wrong shape.

import (
	"bytes"
	stdjson "encoding/json"
	"errors"
	"fmt"
	"reflect"
	"strconv"
	"strings"

	json "github.com/goccy/go-json"

	"github.com/jobframe/jobframe/loaders/internal/jsontext"
)

type taskRef struct {
	JobID     jsontext.Int64 `json:"job_id"`
	JobTaskID jsontext.Int64 `json:"job_task_id"`
}

type wireDuration struct {
	Secs  jsontext.Int64 `json:"secs"`
	Nanos jsontext.Int64 `json:"nanos"`
}

func (d *wireDuration) seconds() (float64, bool) {
	if d == nil {
		return 0, false
	}
	return float64(d.Secs) + float64(d.Nanos)/1e9, true
}

type resourceKind struct {
	List *struct {
		Values []string `json:"values"`
	} `json:"List"`
	Groups *struct {
		Groups [][]string `json:"groups"`
	} `json:"Groups"`
	Range *struct {
		Start jsontext.Int64 `json:"start"`
		End   jsontext.Int64 `json:"end"`
	} `json:"Range"`
	Sum *struct {
		Size jsontext.Int64 `json:"size"`
	} `json:"Sum"`
}

// amount returns the number of units a resource descriptor provides.
func (k resourceKind) amount() (float64, bool) {
	switch {
	case k.List != nil:
		return float64(len(k.List.Values)), true
	case k.Groups != nil:
		n := 0
		for _, g := range k.Groups.Groups {
			n += len(g)
		}
		return float64(n), true
	case k.Range != nil:
		return float64(k.Range.End - k.Range.Start + 1), true
	case k.Sum != nil:
		return float64(k.Sum.Size) / 10000, true
	}
	return 0, false
}

// badAmount reports the first resource of a worker's configuration
// whose amount would be negative (an inverted Range, a negative Sum):
// its field path and text.
func (c *workerConfig) badAmount() (field, text string, bad bool) {
	if c == nil {
		return "", "", false
	}
	for i, r := range c.Resources.Resources {
		k := r.Kind
		switch {
		case k.Range != nil && k.Range.End < k.Range.Start:
			return fmt.Sprintf("configuration.resources.resources[%d].kind.Range", i), fmt.Sprintf(`{"start":%d,"end":%d}`, k.Range.Start, k.Range.End), true
		case k.Sum != nil && k.Sum.Size < 0:
			return fmt.Sprintf("configuration.resources.resources[%d].kind.Sum", i), fmt.Sprintf(`{"size":%d}`, k.Sum.Size), true
		}
	}
	return "", "", false
}

type workerConfig struct {
	Hostname      string            `json:"hostname"`
	Group         string            `json:"group"`
	ListenAddress string            `json:"listen_address"`
	Extra         map[string]string `json:"extra"`
	Resources     struct {
		Resources []struct {
			Name string       `json:"name"`
			Kind resourceKind `json:"kind"`
		} `json:"resources"`
	} `json:"resources"`
	Overview *struct {
		SendInterval *wireDuration `json:"send_interval"`
	} `json:"overview_configuration"`
	TimeLimit *wireDuration `json:"time_limit"`
}

type policy struct {
	name   string // "All", "Compact", ...
	amount float64
}

func (p *policy) UnmarshalJSON(b []byte) error {
	b = bytes.TrimSpace(b)
	if len(b) > 0 && b[0] == '"' {
		return json.Unmarshal(b, &p.name)
	}
	var m map[string]int64
	if err := json.Unmarshal(b, &m); err != nil {
		return err
	}
	if len(m) != 1 {
		return fmt.Errorf("policy object with %d keys", len(m))
	}
	for k, v := range m {
		p.name, p.amount = k, float64(v)/10000
	}
	return nil
}

type request struct {
	NNodes    jsontext.Int64 `json:"n_nodes"`
	Resources []struct {
		Policy   policy `json:"policy"`
		Resource string `json:"resource"`
	} `json:"resources"`
}

type taskDesc struct {
	IDs *struct {
		Ranges []struct {
			Start jsontext.Int64 `json:"start"`
			Count jsontext.Int64 `json:"count"`
			Step  jsontext.Int64 `json:"step"`
		} `json:"ranges"`
	} `json:"ids"`
	NTasks    *jsontext.Int64 `json:"n_tasks"`
	Resources *struct {
		Variants []request `json:"variants"`
	} `json:"resources"`
	Priority   *jsontext.Int64 `json:"priority"`
	TimeLimit  *wireDuration   `json:"time_limit"`
	CrashLimit json.RawMessage `json:"crash_limit"`
}

type journalEvent struct {
	Type      *string         `json:"type"`
	Job       jsontext.OptInt `json:"job"`
	JobID     jsontext.OptInt `json:"job_id"`
	JobIDDash jsontext.OptInt `json:"job-id"`
	Task      jsontext.OptInt `json:"task"`
	Instance  jsontext.OptInt `json:"instance"`
	Worker    jsontext.OptInt `json:"worker"`
	Workers   jsontext.Int64s `json:"workers"`
	Variant   jsontext.OptInt `json:"variant"`
	ID        jsontext.OptInt `json:"id"`
	Reason    *string         `json:"reason"`
	Error     *string         `json:"error"`
	Tasks     []taskRef       `json:"tasks"`
	Config    *workerConfig   `json:"configuration"`
	HwState   *struct {
		State *hwState `json:"state"`
	} `json:"hw-state"`
	JobDesc *struct {
		MaxFails jsontext.OptInt `json:"max_fails"`
		Name     string          `json:"name"`
	} `json:"job_desc"`
	Desc *struct {
		Name string `json:"name"`
	} `json:"desc"`
	SubmitDesc *struct {
		SubmitDir string   `json:"submit_dir"`
		TaskDesc  taskDesc `json:"task_desc"`
	} `json:"submit_desc"`
	Name         *string         `json:"name"`
	MaxFails     *jsontext.Int64 `json:"max_fails"`
	QueueID      jsontext.OptInt `json:"queue-id"`
	AllocationID *string         `json:"allocation-id"`
	WorkerCount  jsontext.OptInt `json:"worker-count"`
	Params       *struct {
		Manager   string        `json:"manager"`
		Name      *string       `json:"name"`
		TimeLimit *wireDuration `json:"timelimit"`
	} `json:"params"`
}

type hwState struct {
	CPU *struct {
		PerCore []float64 `json:"cpu_per_core_percent_usage"`
	} `json:"cpu_usage"`
	Memory *struct {
		Free  jsontext.Int64 `json:"free"`
		Total jsontext.Int64 `json:"total"`
	} `json:"memory_usage"`
	Net *struct {
		RxBytes jsontext.Int64 `json:"rx_bytes"`
		TxBytes jsontext.Int64 `json:"tx_bytes"`
	} `json:"network_usage"`
	Nvidia *gpuState `json:"nvidia_gpus"`
	AMD    *gpuState `json:"amd_gpus"`
}

type gpuState struct {
	GPUs []struct {
		MemUsage       float64 `json:"mem_usage"`
		ProcessorUsage float64 `json:"processor_usage"`
	} `json:"gpus"`
}

// typeError names the field of a journal line whose value has another
// JSON type than the journal's (an array given as a string): the
// standard library's decoder, run only on a line the fast one refused,
// says which field it was.
func typeError(line []byte) (field, text, want string, ok bool) {
	var probe journalLine
	err := stdjson.Unmarshal(line, &probe)
	var nn *jsontext.NotNumberError
	if errors.As(err, &nn) { // an integer field given another value
		if key := jsontext.KeyOf(line, nn.Text); key != "" {
			return key, nn.Text, "an integer", true
		}
	}
	var te *stdjson.UnmarshalTypeError
	if !errors.As(err, &te) || te.Field == "" {
		return "", "", "", false
	}
	kind := map[reflect.Kind]string{reflect.Slice: "an array", reflect.Map: "an object", reflect.Struct: "an object",
		reflect.String: "a string", reflect.Bool: "true or false", reflect.Pointer: "an object"}[te.Type.Kind()]
	if kind == "" {
		kind = "a number"
	}
	return te.Field, string(line), fmt.Sprintf("%s (not %s %s)", kind, article(te.Value), te.Value), true
}

// article is "a" or "an" before word.
func article(word string) string {
	if word != "" && strings.ContainsRune("aeiou", rune(word[0])) {
		return "an"
	}
	return "a"
}

// badIDs names the first range of a job-created's task ids that no
// HyperQueue writes (a negative start, count or step: HyperQueue's ids
// and counts are unsigned), with its text; "" when none is.
func (e *journalEvent) badIDs() (field, text string) {
	if e.SubmitDesc == nil || e.SubmitDesc.TaskDesc.IDs == nil {
		return "", ""
	}
	for i, r := range e.SubmitDesc.TaskDesc.IDs.Ranges {
		for _, v := range []struct {
			name string
			v    int64
		}{{"start", int64(r.Start)}, {"count", int64(r.Count)}, {"step", int64(r.Step)}} {
			if v.v < 0 {
				return fmt.Sprintf("event.submit_desc.task_desc.ids.ranges[%d].%s", i, v.name), strconv.FormatInt(v.v, 10)
			}
		}
	}
	return "", ""
}
