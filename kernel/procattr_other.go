//go:build !linux && !windows

package kernel

import "syscall"

// childProcAttr puts the evaluator in its own process group (a Ctrl-C or killpg meant for
// the kernel reaches it only through the kernel, once). Without Linux's parent-death
// signal, the evaluator notices a dead kernel by the end of its request pipe.
func childProcAttr() *syscall.SysProcAttr {
	return &syscall.SysProcAttr{Setpgid: true}
}

// startOnSpawner runs start: without a parent-death signal, any thread may start the
// evaluator.
func startOnSpawner(start func() error) error { return start() }
