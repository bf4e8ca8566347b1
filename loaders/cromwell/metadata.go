package cromwell

import (
	"bytes"
	"encoding/json"
	"strconv"
	"strings"
	"time"
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
	CallCaching       *struct {
		Hit    *bool  `json:"hit"`
		Result string `json:"result"`
	} `json:"callCaching"`
	Failures    []failure `json:"failures"`
	SubWorkflow *metadata `json:"subWorkflowMetadata"`
	Jes         *struct {
		MachineType string `json:"machineType"`
		Zone        string `json:"zone"`
	} `json:"jes"`
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
	if us, ok := utcTime(s); ok {
		return us, true, nil
	}
	t, err := time.Parse(time.RFC3339Nano, s)
	if err != nil {
		return 0, false, err
	}
	return t.UnixMicro(), true, nil
}

// utcTime reads the form Cromwell writes, 2019-08-09T20:16:41.150Z (a
// fraction of up to 9 digits, or none, and Z), without time.Parse's
// layout machinery; ok is false for any other text (time.Parse then
// decides).
func utcTime(s string) (int64, bool) {
	n := len(s)
	if n < 20 || n > 30 || s[n-1] != 'Z' || s[4] != '-' || s[7] != '-' || s[10] != 'T' || s[13] != ':' || s[16] != ':' {
		return 0, false
	}
	digits := func(a, b int) (int, bool) {
		v := 0
		for i := a; i < b; i++ {
			if s[i] < '0' || s[i] > '9' {
				return 0, false
			}
			v = v*10 + int(s[i]-'0')
		}
		return v, true
	}
	y, ok1 := digits(0, 4)
	mo, ok2 := digits(5, 7)
	d, ok3 := digits(8, 10)
	h, ok4 := digits(11, 13)
	mi, ok5 := digits(14, 16)
	sec, ok6 := digits(17, 19)
	if !(ok1 && ok2 && ok3 && ok4 && ok5 && ok6) || mo < 1 || mo > 12 || d < 1 || d > 31 || h > 23 || mi > 59 || sec > 59 {
		return 0, false
	}
	ns := 0
	if n > 20 {
		if s[19] != '.' || n == 21 {
			return 0, false
		}
		f, ok := digits(20, n-1)
		if !ok {
			return 0, false
		}
		for i := n - 21; i < 9; i++ {
			f *= 10
		}
		ns = f
	}
	t := time.Date(y, time.Month(mo), d, h, mi, sec, ns, time.UTC)
	if t.Day() != d {
		return 0, false
	}
	return t.UnixMicro(), true
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
