package proctree

import (
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"testing"
	"time"
)

// startSleep starts a child `sleep 30` whose command name holds spaces and parentheses,
// as /proc/PID/stat's comm may.
func startSleep(t *testing.T) *exec.Cmd {
	t.Helper()
	sleep, err := exec.LookPath("sleep")
	if err != nil {
		t.Skipf("no sleep command: %v", err)
	}
	data, err := os.ReadFile(sleep)
	if err != nil {
		t.Fatal(err)
	}
	name := filepath.Join(t.TempDir(), "a) b (c")
	if err := os.WriteFile(name, data, 0o755); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(name, "30")
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { cmd.Process.Kill(); cmd.Wait() })
	return cmd
}

// waitState waits until pid's state is want.
func waitState(t *testing.T, pid int, want byte) {
	t.Helper()
	deadline := time.Now().Add(time.Minute)
	for State(pid) != want {
		if time.Now().After(deadline) {
			t.Fatalf("process %d: state %q, want %q", pid, State(pid), want)
		}
		time.Sleep(time.Millisecond)
	}
}

func TestReadParsesOddCommandNames(t *testing.T) {
	cmd := startSleep(t)
	p, ok := Read(cmd.Process.Pid)
	if !ok {
		t.Fatalf("Read(%d) found nothing", cmd.Process.Pid)
	}
	if p.PID != cmd.Process.Pid || p.PPID != os.Getpid() {
		t.Errorf("Read = %+v, want pid %d, ppid %d", p, cmd.Process.Pid, os.Getpid())
	}
	if !slices.ContainsFunc(List(), func(q Proc) bool { return q.PID == p.PID && q.PPID == p.PPID }) {
		t.Errorf("List does not hold %+v", p)
	}
	if _, ok := Read(-1); ok {
		t.Error("Read(-1) found a process")
	}
}

func TestZombiesAndReap(t *testing.T) {
	cmd := exec.Command("true")
	if err := cmd.Start(); err != nil {
		t.Skipf("no true command: %v", err)
	}
	pid := cmd.Process.Pid
	waitState(t, pid, 'Z')
	if z := Zombies(os.Getpid()); !slices.Contains(z, pid) {
		t.Fatalf("Zombies = %v, want it to hold %d", z, pid)
	}
	Reap(pid)
	if st := State(pid); st != 0 {
		t.Errorf("after Reap, state of %d is %q, want gone", pid, st)
	}
	cmd.Process.Release()
}

func TestEndDescendantsKeeps(t *testing.T) {
	kept, ended := startSleep(t), startSleep(t)
	keep := func(pid int) bool { return pid == kept.Process.Pid }
	if n := EndDescendants(keep); n < 1 {
		t.Errorf("EndDescendants killed %d processes, want at least 1", n)
	}
	if st := State(ended.Process.Pid); st != 0 {
		t.Errorf("the process not kept is still there (state %q)", st)
	}
	if st := State(kept.Process.Pid); st == 0 || st == 'Z' {
		t.Errorf("the kept process ended (state %q)", st)
	}
}
