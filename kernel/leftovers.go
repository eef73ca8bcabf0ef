package kernel

import (
	"os"
	"os/exec"
	"os/signal"
	"syscall"

	"github.com/peerbook/peerbook/internal/proctree"
)

// Processes that cells start: `!cmd` runs in a process group of its own that an interrupt
// ends (package eval); what a cell leaves running (`!cmd &`, os.StartProcess, a daemon that
// called setsid) outlives the cell but not the session. On Linux the kernel is a child
// subreaper, so such a process is re-parented to the kernel when its parent dies, and the
// kernel ends all of them when the evaluator that started them ends: at shutdown and when
// a crashed session is replaced. The evaluator is a child subreaper too (package
// internal/evaluator): what its cells leave is re-parented to it first, and when the kernel dies,
// even by SIGKILL, the evaluator gets SIGTERM (childProcAttr) or sees its parent change,
// ends all of it and exits; when the evaluator dies instead, its adopted processes go to
// the kernel, which ends them. Elsewhere only the process groups are ended.

// adoptOrphans makes the kernel the subreaper of its evaluators' processes (Linux). It
// reports whether it is one; a kernel that runs inside another program (tests) must not
// be, as it would end that program's other children.
func (s *supervisor) adoptOrphans() bool {
	if proctree.BecomeSubreaper() != nil {
		return false
	}
	s.mu.Lock()
	s.adopt = true
	s.mu.Unlock()
	// Re-parented processes that exit on their own are reaped as they end.
	ch := make(chan os.Signal, 1)
	signal.Notify(ch, syscall.SIGCHLD)
	go func() {
		for {
			select {
			case <-ch:
				s.mu.Lock()
				reapZombies(s.startedHere)
				s.mu.Unlock()
			case <-s.done:
				signal.Stop(ch)
				return
			}
		}
	}()
	return true
}

// startedHere reports whether pid is a process the kernel started itself and has not
// reaped yet (an evaluator, or a go command of a module build); called with s.mu held.
func (s *supervisor) startedHere(pid int) bool { return s.live[pid] || s.own[pid] }

// startOwn starts cmd as a process of the kernel's own (modules.Builder.Start): the
// reaper leaves it to os/exec, and endLeftovers leaves it and what it started running.
// done must be called once cmd has been waited for. The pid is recorded under s.mu, which
// the reaper holds while it looks for zombies, so there is no moment at which the
// process has ended but is not yet known.
func (s *supervisor) startOwn(cmd *exec.Cmd) (done func(), err error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if err := cmd.Start(); err != nil {
		return nil, err
	}
	pid := cmd.Process.Pid
	s.own[pid] = true
	return func() {
		s.mu.Lock()
		delete(s.own, pid)
		s.mu.Unlock()
	}, nil
}

// evaluatorEnded is called when the evaluator pid has been reaped: the processes it left
// behind are ended.
func (s *supervisor) evaluatorEnded(pid int) {
	s.mu.Lock()
	delete(s.live, pid)
	s.mu.Unlock()
	s.endLeftovers()
}

// endLeftovers ends every process the kernel adopted, keeping live evaluators and what
// runs under them.
func (s *supervisor) endLeftovers() {
	s.mu.Lock()
	defer s.mu.Unlock()
	if !s.adopt {
		return
	}
	if n := proctree.EndDescendants(s.startedHere); n > 0 {
		s.log.Printf("ended %d process(es) that cells of an ended session left running", n)
	}
}

// reapZombies reaps children of the kernel that ended and that it did not start itself
// (keep): processes of cells re-parented to the kernel that exited on their own.
func reapZombies(keep func(pid int) bool) {
	for _, pid := range proctree.Zombies(os.Getpid()) {
		if !keep(pid) {
			proctree.Reap(pid)
		}
	}
}
