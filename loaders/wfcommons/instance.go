package wfcommons

import "github.com/jobframe/jobframe/loaders/internal/jsontext"

// instance is a WfFormat document, 1.4 (a flat workflow.tasks) or 1.5 and
// 1.6 (workflow.specification and workflow.execution). Numbers are
// pointers so that a missing one stays null.
type instance struct {
	Name          string  `json:"name"`
	Description   string  `json:"description"`
	CreatedAt     string  `json:"createdAt"`
	SchemaVersion string  `json:"schemaVersion"`
	RuntimeSystem *system `json:"runtimeSystem"`
	WMS           *system `json:"wms"` // 1.4's name for runtimeSystem
	Author        *struct {
		Name        string `json:"name"`
		Institution string `json:"institution"`
	} `json:"author"`
	Workflow struct {
		Specification *struct {
			Tasks jsontext.Array[task] `json:"tasks"`
			Files []struct {
				ID          string   `json:"id"`
				SizeInBytes *float64 `json:"sizeInBytes"`
			} `json:"files"`
		} `json:"specification"`
		Execution *execution `json:"execution"`
		// 1.4: the tasks and the execution's fields sit in workflow.
		execution
	} `json:"workflow"`
}

// system is the runtime system (workflow management system).
type system struct {
	Name    string `json:"name"`
	Version string `json:"version"`
}

// execution is workflow.execution (1.5, 1.6), or workflow itself (1.4).
type execution struct {
	MakespanInSeconds *float64             `json:"makespanInSeconds"`
	ExecutedAt        string               `json:"executedAt"`
	Tasks             jsontext.Array[task] `json:"tasks"`
	Machines          []machine            `json:"machines"`
}

// task holds the fields of a specification task, an execution task and
// a 1.4 task (which is both).
type task struct {
	ID       string   `json:"id"`
	Name     string   `json:"name"`
	Type     string   `json:"type"`     // 1.4
	Category string   `json:"category"` // 1.4
	Parents  []string `json:"parents"`
	Children []string `json:"children"`

	InputFiles  []string  `json:"inputFiles"`
	OutputFiles []string  `json:"outputFiles"`
	Files       []fileRef `json:"files"` // 1.4

	RuntimeInSeconds *float64 `json:"runtimeInSeconds"`
	ExecutedAt       string   `json:"executedAt"`
	Command          *command `json:"command"`
	CoreCount        *float64 `json:"coreCount"`
	Cores            *float64 `json:"cores"` // 1.4
	AvgCPU           *float64 `json:"avgCPU"`
	ReadBytes        *float64 `json:"readBytes"`
	WrittenBytes     *float64 `json:"writtenBytes"`
	MemoryInBytes    *float64 `json:"memoryInBytes"`
	EnergyInKWh      *float64 `json:"energyInKWh"`
	Energy           *float64 `json:"energy"` // 1.4
	AvgPowerInW      *float64 `json:"avgPowerInW"`
	AvgPower         *float64 `json:"avgPower"` // 1.4
	Priority         *float64 `json:"priority"`
	Machines         []string `json:"machines"`
	Machine          string   `json:"machine"` // 1.4
}

// fileRef is one of a 1.4 task's files.
type fileRef struct {
	Link        string   `json:"link"`
	Name        string   `json:"name"`
	Path        string   `json:"path"`
	SizeInBytes *float64 `json:"sizeInBytes"`
}

// command is the program a task ran and its arguments.
type command struct {
	Program   string   `json:"program"`
	Arguments []string `json:"arguments"`
}

// machine is one compute node of the execution.
type machine struct {
	NodeName      string   `json:"nodeName"`
	System        string   `json:"system"`
	Architecture  string   `json:"architecture"`
	Release       string   `json:"release"`
	MemoryInBytes *float64 `json:"memoryInBytes"`
	CPU           *struct {
		CoreCount  *float64 `json:"coreCount"`
		Count      *float64 `json:"count"` // 1.4
		SpeedInMHz *float64 `json:"speedInMHz"`
		Speed      *float64 `json:"speed"` // 1.4
		Vendor     string   `json:"vendor"`
	} `json:"cpu"`
}

// either returns a, or b when a is nil (a 1.5 name, then its 1.4 name).
func either[T any](a, b *T) *T {
	if a != nil {
		return a
	}
	return b
}
