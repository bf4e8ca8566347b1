package session

import (
	"os/exec"
	"syscall"
)

// endWithParent makes the worker receive SIGKILL when the kernel ends,
// however it ends (kill -9 included), so that no session outlives it.
func endWithParent(cmd *exec.Cmd) {
	cmd.SysProcAttr = &syscall.SysProcAttr{Pdeathsig: syscall.SIGKILL, Setpgid: true}
}
