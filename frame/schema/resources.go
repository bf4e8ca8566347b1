package schema

import (
	"fmt"
	"strings"
)

// The resources that tasks hold and workers offer, by the column that
// holds each: placements and workers name them plainly, tasks with a
// "req_" prefix.
const (
	CPUs  = "cpus"    // cores
	GPUs  = "gpus"    // GPUs
	MemMB = "mem_mb"  // memory, MB (2^20 bytes)
	Disk  = "disk_mb" // disk, MB
	Nodes = "nodes"   // whole nodes (batch allocations, multi-node tasks)
)

// Resources returns the resource column names, in the order above.
func Resources() []string { return []string{CPUs, GPUs, MemMB, Disk, Nodes} }

// resourceWords are the other names people use for the resources: Work
// Queue and TaskVine say cores, memory and disk, Slurm says cpu, mem and
// node.
var resourceWords = map[string]string{
	"cores": CPUs, "core": CPUs, "cpu": CPUs, "gpu": GPUs,
	"mem": MemMB, "memory": MemMB, "disk": Disk, "node": Nodes,
}

// Resource returns the resource column that name means: a column name
// itself (cpus, mem_mb, ...), or another usual name for it (cores,
// memory, disk, ...). Unknown names are an error listing the valid ones.
func Resource(name string) (string, error) {
	n := strings.ToLower(strings.TrimSpace(name))
	for _, r := range Resources() {
		if n == r {
			return r, nil
		}
	}
	if r, ok := resourceWords[n]; ok {
		return r, nil
	}
	return "", fmt.Errorf("unknown resource %q: want one of %s (or cores, memory, disk)", name, strings.Join(Resources(), ", "))
}
