//go:build linux

package kernel

// End-to-end tests of the processes cells start (issue 21, case 3) and of cells that
// tamper with the evaluator's process (case 4), against the real kernel and evaluator.

import (
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"
)

// procsWithArg returns the pids of the processes whose command line holds arg.
func procsWithArg(arg string) []int {
	var pids []int
	dirs, _ := os.ReadDir("/proc")
	for _, d := range dirs {
		pid, err := strconv.Atoi(d.Name())
		if err != nil {
			continue
		}
		data, err := os.ReadFile(filepath.Join("/proc", d.Name(), "cmdline"))
		if err != nil {
			continue
		}
		if st, ok := readProc(pid); ok && st.state == 'Z' {
			continue // a zombie: ended, not reaped yet
		}
		for _, a := range strings.Split(string(data), "\x00") {
			if a == arg {
				pids = append(pids, pid)
				break
			}
		}
	}
	return pids
}

// uniqueSleep is an argument of sleep that names this run's processes.
func uniqueSleep(t *testing.T, n int) string {
	arg := fmt.Sprintf("%d.%d%d", 900+n, os.Getpid()%1000, time.Now().Nanosecond()%1000)
	t.Cleanup(func() {
		for _, pid := range procsWithArg(arg) {
			syscall.Kill(pid, syscall.SIGKILL)
		}
	})
	return arg
}

// waitGone waits until no process runs with arg; it reports the pids still running.
func waitGone(arg string, d time.Duration) []int {
	deadline := time.Now().Add(d)
	for {
		pids := procsWithArg(arg)
		if len(pids) == 0 || time.Now().After(deadline) {
			return pids
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// waitRunning waits until a process runs with arg.
func waitRunning(t *testing.T, arg string) {
	t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for len(procsWithArg(arg)) == 0 {
		if time.Now().After(deadline) {
			t.Fatalf("no process runs sleep %s", arg)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// TestRealInterruptEndsShellCommand: an interrupted `!sleep` ends sleep too, not only the
// shell that runs it.
func TestRealInterruptEndsShellCommand(t *testing.T) {
	rk := startRealKernel(t, nil, "")
	c := dial(t, rk.conn)
	arg := uniqueSleep(t, 1)
	id := c.send(c.shell, "execute_request", map[string]any{"code": "!sleep " + arg + "; echo after"})
	waitRunning(t, arg)
	c.reply(c.controlCh, c.send(c.control, "interrupt_request", map[string]any{}))
	if r := c.replyWithin(c.shellCh, id, 10*time.Second); content(r)["status"] != "error" {
		t.Errorf("interrupted cell: %v", content(r))
	}
	if pids := waitGone(arg, 3*time.Second); len(pids) > 0 {
		t.Errorf("sleep %s still runs after the interrupt (pids %v)", arg, pids)
	}
	if r, _ := c.execute("1+1"); content(r)["status"] != "ok" {
		t.Errorf("after the interrupt: %v", content(r))
	}
}

// TestRealShutdownEndsLeftovers: processes cells left running (in the background, started
// with os.StartProcess, or in a session of their own) end with the kernel.
func TestRealShutdownEndsLeftovers(t *testing.T) {
	rk := startRealKernel(t, nil, "")
	c := dial(t, rk.conn)
	bg, started, daemon := uniqueSleep(t, 2), uniqueSleep(t, 3), uniqueSleep(t, 4)
	for _, code := range []string{
		"!sleep " + bg + " &",
		"import \"os\"\np, err := os.StartProcess(\"/usr/bin/sleep\", []string{\"sleep\", \"" + started + "\"}, &os.ProcAttr{})\nerr",
		"!setsid sleep " + daemon + " > /dev/null 2>&1 < /dev/null &",
	} {
		if r, _ := c.execute(code); content(r)["status"] != "ok" {
			t.Fatalf("%s: %v", code, content(r))
		}
	}
	for _, arg := range []string{bg, started, daemon} {
		waitRunning(t, arg)
	}
	c.reply(c.controlCh, c.send(c.control, "shutdown_request", map[string]any{"restart": false}))
	select {
	case <-rk.exited:
	case <-time.After(10 * time.Second):
		t.Fatal("the kernel did not exit after shutdown_request")
	}
	for _, arg := range []string{bg, started, daemon} {
		if pids := waitGone(arg, 3*time.Second); len(pids) > 0 {
			t.Errorf("sleep %s outlived the kernel (pids %v)", arg, pids)
		}
	}
}

// TestRealRestartEndsLeftovers: when a session dies and a new one starts, what the old
// one's cells left running ends with it.
func TestRealRestartEndsLeftovers(t *testing.T) {
	rk := startRealKernel(t, nil, "")
	c := dial(t, rk.conn)
	bg := uniqueSleep(t, 5)
	if r, _ := c.execute("!sleep " + bg + " &"); content(r)["status"] != "ok" {
		t.Fatalf("!sleep &: %v", content(r))
	}
	waitRunning(t, bg)
	r, _ := c.execute("!kill -KILL $PPID") // sh's parent is the evaluator
	if content(r)["ename"] != "SessionLost" {
		t.Errorf("killed session: %v", content(r))
	}
	if pids := waitGone(bg, 3*time.Second); len(pids) > 0 {
		t.Errorf("sleep %s outlived its session (pids %v)", bg, pids)
	}
	if r, _ := c.execute("1+1"); content(r)["status"] != "ok" {
		t.Errorf("new session: %v", content(r))
	}
}
