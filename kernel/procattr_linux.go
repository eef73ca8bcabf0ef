package kernel

import "syscall"

// childProcAttr puts the evaluator in its own process group (a Ctrl-C or killpg meant for
// the kernel reaches it only through the kernel, once) and has Linux kill it when the
// kernel dies.
func childProcAttr() *syscall.SysProcAttr {
	return &syscall.SysProcAttr{Setpgid: true, Pdeathsig: syscall.SIGKILL}
}
