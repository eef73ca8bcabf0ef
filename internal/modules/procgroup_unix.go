//go:build unix

package modules

import (
	"os/exec"
	"syscall"
)

// ownGroup puts the go command in a process group of its own, and makes cancelling it end
// the whole group: the compilers, the linker and `go run`'s program with it, not the go
// command alone (whose children would go on and hold its output pipes open).
func ownGroup(cmd *exec.Cmd) {
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	cmd.Cancel = func() error {
		return syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL)
	}
}
