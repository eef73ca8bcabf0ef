package evaluator

import (
	"fmt"
	"os"
	"os/signal"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"time"

	"github.com/peerbook/peerbook/internal/proctree"
)

// Processes that cells leave running (`!cmd &`, os.StartProcess, a daemon that called
// setsid) must not outlive the kernel, even one killed with SIGKILL that can end nothing
// itself. So the evaluator is a child subreaper: a process its cells started whose parent
// dies is re-parented to the evaluator, not to the kernel or init, and stays in the
// evaluator's tree. The kernel starts it with a parent-death signal (SIGTERM); on that
// signal, or when its parent changes (the kernel died some other way), the evaluator
// ends every process of its tree and exits.

// parentPollInterval is how often the evaluator checks that the kernel that started it is
// still its parent: the backstop when no parent-death signal arrives.
const parentPollInterval = 250 * time.Millisecond

// guardTree makes this process the reaper of what its cells leave behind and ends all of
// it when the kernel dies. It returns the function that ends the tree, to call on exit.
func guardTree(stderr *os.File) (endTree func()) {
	if err := proctree.BecomeSubreaper(); err != nil {
		fmt.Fprintf(stderr, "peerbook evaluator: cannot become a child subreaper (%v): processes cells leave running may outlive a killed kernel\n", err)
	}
	parent := os.Getppid()
	term := make(chan os.Signal, 1)
	signal.Notify(term, syscall.SIGTERM)
	// A write to fd 1 or 2 once the kernel is gone must not kill this process (Go's default
	// for SIGPIPE there) before it has ended its tree: handled, it is an EPIPE error. (Handled,
	// not ignored: ignoring would be inherited by the commands cells run.)
	pipe := make(chan os.Signal, 1)
	signal.Notify(pipe, syscall.SIGPIPE)
	chld := make(chan os.Signal, 1)
	signal.Notify(chld, syscall.SIGCHLD)
	go func() {
		tick := time.NewTicker(parentPollInterval)
		defer tick.Stop()
		for {
			select {
			case <-term:
				fmt.Fprintln(stderr, "peerbook evaluator: terminated (SIGTERM): ending the processes its cells left running")
			case <-tick.C:
				if os.Getppid() == parent {
					continue
				}
			case <-pipe:
				if os.Getppid() == parent {
					continue
				}
			case <-chld:
				reapAdopted()
				continue
			}
			endDescendants()
			os.Exit(1)
		}
	}()
	return endDescendants
}

// endDescendants kills every process below this one and reaps its children.
func endDescendants() { proctree.EndDescendants(nil) }

// reapAdopted reaps the ended children of this process that nothing in it waits for:
// processes re-parented to it. A child that a cell or `!cmd` started has an os.Process,
// which holds a pidfd of it until it is waited for or released (Go on Linux), so a zombie child
// without a pidfd here is an adopted one. Where this process holds no pidfd at all (a
// kernel without them), nothing is reaped: zombies are better than stealing a cell's
// exit status.
func reapAdopted() {
	zombies := proctree.Zombies(os.Getpid())
	if len(zombies) == 0 || !pidfdsWork() {
		return
	}
	tracked := pidfdTargets()
	for _, pid := range zombies {
		if !tracked[pid] {
			proctree.Reap(pid)
		}
	}
}

// pidfdsWork reports whether os.Process holds a pidfd here (Go does where the kernel
// gives them out): os.FindProcess of this process opens one when it does.
func pidfdsWork() bool {
	p, err := os.FindProcess(os.Getpid())
	if err != nil {
		return false
	}
	defer p.Release()
	return pidfdTargets()[os.Getpid()]
}

// pidfdTargets returns the pids this process holds a pidfd of (/proc/self/fdinfo's "Pid:").
func pidfdTargets() map[int]bool {
	pids := map[int]bool{}
	fds, err := os.ReadDir("/proc/self/fd")
	if err != nil {
		return pids
	}
	for _, fd := range fds {
		link, err := os.Readlink(filepath.Join("/proc/self/fd", fd.Name()))
		if err != nil || !strings.Contains(link, "pidfd") {
			continue
		}
		info, err := os.ReadFile(filepath.Join("/proc/self/fdinfo", fd.Name()))
		if err != nil {
			continue
		}
		for _, line := range strings.Split(string(info), "\n") {
			if v, ok := strings.CutPrefix(line, "Pid:"); ok {
				if pid, err := strconv.Atoi(strings.TrimSpace(v)); err == nil {
					pids[pid] = true
				}
			}
		}
	}
	return pids
}
