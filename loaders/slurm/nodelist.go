package slurm

import (
	"fmt"

	"github.com/jobframe/jobframe/loaders/internal/hostlist"
)

// expandNodes expands a Slurm host list ("cn[01-04,07]",
// "cpn-q06-04-[01-02],cpn-u23-[17,25]", "rack[1-2]-n[1-3]") into host
// names, keeping the zero padding of each range. "None assigned" and the
// other null words give none.
func expandNodes(list string) ([]string, error) {
	if isNull(list) || list == "None assigned" {
		return nil, nil
	}
	hosts, err := hostlist.Expand(list)
	if err != nil {
		return nil, fmt.Errorf("%w: %w", errBad, err)
	}
	return hosts, nil
}

// checkNodes validates a host list as expandNodes reads it, without
// building the names.
func checkNodes(list string) error {
	if isNull(list) || list == "None assigned" {
		return nil
	}
	if err := hostlist.Check(list); err != nil {
		return fmt.Errorf("%w: %w", errBad, err)
	}
	return nil
}
