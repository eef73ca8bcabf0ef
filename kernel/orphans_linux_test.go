package kernel

import (
	"io"
	"log"
	"os/exec"
	"testing"
	"time"

	"github.com/peerbook/peerbook/internal/proctree"
)

// TestReaperLeavesTheKernelsOwnProcesses: a go command of a module build that has ended
// but that os/exec has not waited for yet is the kernel's zombie child, as an adopted
// orphan is; the reaper must leave it, or cmd.Wait fails with "waitid: no child
// processes" and the build with it (seen in CI).
func TestReaperLeavesTheKernelsOwnProcesses(t *testing.T) {
	s := newSupervisor([]string{"unused"}, nil, log.New(io.Discard, "", 0))
	cmd := exec.Command("true")
	done, err := s.startOwn(cmd)
	if err != nil {
		t.Fatal(err)
	}
	pid := cmd.Process.Pid
	deadline := time.Now().Add(time.Minute)
	for proctree.State(pid) != 'Z' {
		if time.Now().After(deadline) {
			t.Fatalf("process %d did not end (state %q)", pid, proctree.State(pid))
		}
		time.Sleep(time.Millisecond)
	}
	s.mu.Lock()
	reapZombies(s.startedHere)
	s.mu.Unlock()
	if err := cmd.Wait(); err != nil {
		t.Fatalf("the reaper took the kernel's own process: Wait: %v", err)
	}
	done()
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.startedHere(pid) {
		t.Errorf("pid %d still recorded as the kernel's own after done", pid)
	}
}
