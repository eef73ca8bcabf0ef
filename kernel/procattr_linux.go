package kernel

import (
	"runtime"
	"syscall"
)

// childProcAttr puts the evaluator in its own process group (a Ctrl-C or killpg meant for
// the kernel reaches it only through the kernel, once) and has Linux send it SIGTERM when
// the kernel dies, even by SIGKILL: the evaluator then ends every process its cells left
// running and exits (package internal/evaluator).
func childProcAttr() *syscall.SysProcAttr {
	return &syscall.SysProcAttr{Setpgid: true, Pdeathsig: syscall.SIGTERM}
}

// spawner is the goroutine, locked to an OS thread that lives as long as the kernel,
// that starts evaluators: Linux sends the parent-death signal when the *thread* that
// started the child exits, and a Go thread may exit while the process lives.
var spawner = make(chan spawnReq)

type spawnReq struct {
	start func() error
	done  chan error
}

func init() {
	go func() {
		runtime.LockOSThread() // never unlocked: the thread lives until the process ends
		for r := range spawner {
			r.done <- r.start()
		}
	}()
}

// startOnSpawner runs start (an exec.Cmd's Start) on the spawner's thread.
func startOnSpawner(start func() error) error {
	done := make(chan error, 1)
	spawner <- spawnReq{start: start, done: done}
	return <-done
}
