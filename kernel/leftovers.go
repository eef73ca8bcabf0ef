package kernel

import (
	"os"
	"os/signal"
	"syscall"
)

// Processes that cells start: `!cmd` runs in a process group of its own that an interrupt
// ends (package eval); what a cell leaves running (`!cmd &`, os.StartProcess, a daemon that
// called setsid) outlives the cell but not the session. On Linux the kernel is a child
// subreaper, so such a process is re-parented to the kernel when its parent dies, and the
// kernel ends all of them when the evaluator that started them ends: at shutdown and when
// a crashed session is replaced. The evaluator is a child subreaper too (package
// evalchild): what its cells leave is re-parented to it first, and when the kernel dies,
// even by SIGKILL, the evaluator gets SIGTERM (childProcAttr) or sees its parent change,
// ends all of it and exits; when the evaluator dies instead, its adopted processes go to
// the kernel, which ends them. Elsewhere only the process groups are ended.

// adoptOrphans makes the kernel the subreaper of its evaluators' processes (Linux). It
// reports whether it is one; a kernel that runs inside another program (tests) must not
// be, as it would end that program's other children.
func (s *supervisor) adoptOrphans() bool {
	if !becomeSubreaper() {
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
				reapZombies(s.isEvaluator)
				s.mu.Unlock()
			case <-s.done:
				signal.Stop(ch)
				return
			}
		}
	}()
	return true
}

// isEvaluator reports whether pid is an evaluator not reaped yet; called with s.mu held.
func (s *supervisor) isEvaluator(pid int) bool { return s.live[pid] }

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
	if n := endOrphans(s.isEvaluator); n > 0 {
		s.log.Printf("ended %d process(es) that cells of an ended session left running", n)
	}
}
