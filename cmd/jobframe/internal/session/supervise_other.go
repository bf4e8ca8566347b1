//go:build !linux

package session

import "os/exec"

// endWithParent does nothing where the system cannot end a child with
// its parent: the worker ends when its requests end (the kernel's end
// closes them), or at its next request.
func endWithParent(cmd *exec.Cmd) {}
