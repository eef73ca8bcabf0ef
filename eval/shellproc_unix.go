//go:build unix

package eval

import (
	"os/exec"
	"syscall"
)

// inOwnGroup starts cmd in a process group of its own and makes cancelling it (an
// interrupt) kill the whole group: `!sleep 1000` ends sh and sleep, not sh alone.
func inOwnGroup(cmd *exec.Cmd) {
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	cmd.Cancel = func() error { return syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL) }
}
