package cromwell

import (
	"bytes"
	"encoding/json"
	"strconv"
	"strings"
	"time"

	"github.com/jobframe/jobframe/loaders/internal/isotime"
)

// metadata is a workflow's metadata as Cromwell's API returns it
// (GET /api/workflows/v1/{id}/metadata), or a subworkflow's inside it.
type metadata struct {
	ID           string            `json:"id"`
	WorkflowName string            `json:"workflowName"`
	Status       string            `json:"status"`
	Submission   string            `json:"submission"`
	Start        string            `json:"start"`
	End          string            `json:"end"`
	Language     string            `json:"actualWorkflowLanguage"`
	Calls        map[string][]call `json:"calls"`
	Failures     []failure         `json:"failures"`
	Processing   []struct {
		CromwellVersion string `json:"cromwellVersion"`
	} `json:"workflowProcessingEvents"`
}

// call is one attempt of one shard of a call.
type call struct {
	ShardIndex        *int64            `json:"shardIndex"`
	Attempt           *int64            `json:"attempt"`
	ExecutionStatus   string            `json:"executionStatus"`
	Start             string            `json:"start"`
	End               string            `json:"end"`
	Backend           string            `json:"backend"`
	JobID             string            `json:"jobId"`
	ReturnCode        *int64            `json:"returnCode"`
	Preemptible       *bool             `json:"preemptible"`
	RuntimeAttributes map[string]scalar `json:"runtimeAttributes"`
	ExecutionEvents   []phase           `json:"executionEvents"`
	CallCaching       *callCaching      `json:"callCaching"`
	Failures          []failure         `json:"failures"`
	SubWorkflow       *metadata         `json:"subWorkflowMetadata"`
	Jes               *jes              `json:"jes"`
}

// callCaching is whether a call's result came from the cache.
type callCaching struct {
	Hit    *bool  `json:"hit"`
	Result string `json:"result"`
}

// jes is where a call ran on Google's Pipelines API.
type jes struct {
	MachineType string `json:"machineType"`
	Zone        string `json:"zone"`
}

// phase is one of a call's executionEvents.
type phase struct {
	Description string `json:"description"`
	StartTime   string `json:"startTime"`
	EndTime     string `json:"endTime"`
}

// failure is a failure and what caused it.
type failure struct {
	Message  string    `json:"message"`
	CausedBy []failure `json:"causedBy"`
}

// scalar is a runtime attribute: Cromwell writes them as strings, some
// versions numbers and booleans as such.
type scalar string

// UnmarshalJSON takes a string, number or boolean as its text.
func (s *scalar) UnmarshalJSON(b []byte) error {
	if n := len(b); n >= 2 && b[0] == '"' && b[n-1] == '"' && bytes.IndexByte(b[1:n-1], '\\') < 0 && bytes.IndexByte(b[1:n-1], '"') < 0 {
		*s = scalar(b[1 : n-1]) // a string without escapes: as written
		return nil
	}
	var str string
	if err := json.Unmarshal(b, &str); err == nil {
		*s = scalar(str)
		return nil
	}
	*s = scalar(strings.TrimSpace(string(b)))
	return nil
}

// message is a failure's message and its causes', innermost last.
func (f failure) message() string {
	parts := []string{f.Message}
	for _, c := range f.CausedBy {
		if m := c.message(); m != "" {
			parts = append(parts, m)
		}
	}
	return strings.Join(parts, ": ")
}

// parseTime reads Cromwell's times: RFC 3339 with a fraction (to the
// µs) and Z or an offset; "" is unset.
func parseTime(s string) (int64, bool, error) {
	if s == "" {
		return 0, false, nil
	}
	if us, ok := isotime.Parse(s, time.UTC); ok && strings.HasSuffix(s, "Z") { // Cromwell's form, read by hand
		return us, true, nil
	}
	t, err := time.Parse(time.RFC3339Nano, s)
	if err != nil {
		return 0, false, err
	}
	return t.UnixMicro(), true, nil
}

// memoryUnits are the sizes of WDL's memory units, in bytes.
var memoryUnits = map[string]float64{"": 1, "B": 1, "KB": 1e3, "K": 1e3, "MB": 1e6, "M": 1e6, "GB": 1e9, "G": 1e9, "TB": 1e12, "T": 1e12,
	"KiB": 1 << 10, "Ki": 1 << 10, "MiB": 1 << 20, "Mi": 1 << 20, "GiB": 1 << 30, "Gi": 1 << 30, "TiB": 1 << 40, "Ti": 1 << 40}

// memoryMB reads a memory runtime attribute ("131.072 GB", "2 GiB",
// "512 MB") as MiB: KB, MB, GB, TB are powers of 1000, KiB, MiB, GiB,
// TiB of 1024, as WDL defines them; a bare number is bytes.
func memoryMB(s string) (float64, bool) {
	s = strings.TrimSpace(s)
	i := strings.IndexFunc(s, func(r rune) bool { return (r < '0' || r > '9') && r != '.' })
	num, unit := s, ""
	if i >= 0 {
		num, unit = strings.TrimSpace(s[:i]), strings.TrimSpace(s[i:])
	}
	v, err := strconv.ParseFloat(num, 64)
	if err != nil || v < 0 {
		return 0, false
	}
	scale := memoryUnits[unit]
	if scale == 0 {
		return 0, false
	}
	return v * scale / (1 << 20), true
}
