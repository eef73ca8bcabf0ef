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

	"github.com/peerbook/peerbook/internal/proctree"
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
		if proctree.State(pid) == 'Z' {
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
	deadline := time.Now().Add(time.Minute)
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
	if r := c.replyWithin(c.shellCh, id, time.Minute); content(r)["status"] != "error" {
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
	case <-time.After(time.Minute):
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

// evaluatorPID returns the pid of the kernel's evaluator.
func evaluatorPID(t *testing.T, rk *realKernel) int { return childOf(t, rk.cmd.Process.Pid) }

// pipeInode is the inode of the pipe that /proc/PID/fd/FD is, or "".
func pipeInode(pid int, fd string) string {
	link, err := os.Readlink(fmt.Sprintf("/proc/%d/fd/%s", pid, fd))
	if err != nil || !strings.HasPrefix(link, "pipe:") {
		return ""
	}
	return link
}

// eventChannelFD finds the evaluator's end of its event channel as a cell that looks for it
// would: the descriptor open for writing on a pipe whose other end the kernel holds, other
// than the pipes of fd 1 and fd 2.
func eventChannelFD(t *testing.T, rk *realKernel) int {
	t.Helper()
	ev := evaluatorPID(t, rk)
	kernelPipes := map[string]bool{}
	fds, _ := os.ReadDir(fmt.Sprintf("/proc/%d/fd", rk.cmd.Process.Pid))
	for _, fd := range fds {
		if p := pipeInode(rk.cmd.Process.Pid, fd.Name()); p != "" {
			kernelPipes[p] = true
		}
	}
	stdio := map[string]bool{pipeInode(ev, "1"): true, pipeInode(ev, "2"): true}
	fds, _ = os.ReadDir(fmt.Sprintf("/proc/%d/fd", ev))
	for _, fd := range fds {
		p := pipeInode(ev, fd.Name())
		if p == "" || !kernelPipes[p] || stdio[p] {
			continue
		}
		info, _ := os.ReadFile(fmt.Sprintf("/proc/%d/fdinfo/%s", ev, fd.Name()))
		for _, line := range strings.Split(string(info), "\n") {
			if flags, ok := strings.CutPrefix(line, "flags:"); ok {
				v, _ := strconv.ParseInt(strings.TrimSpace(flags), 8, 64)
				if v&syscall.O_ACCMODE == syscall.O_WRONLY {
					n, _ := strconv.Atoi(fd.Name())
					return n
				}
			}
		}
	}
	t.Fatalf("no event channel among the descriptors of evaluator %d", ev)
	return 0
}

// TestRealCellTouchesDescriptors3And4: closing or writing to the descriptors the
// evaluator's channels are started on (3 and 4) harms nothing.
func TestRealCellTouchesDescriptors3And4(t *testing.T) {
	rk := startRealKernel(t, nil, "")
	c := dial(t, rk.conn)
	c.execute("kept := 1")
	for _, code := range []string{
		"import \"os\"\nos.NewFile(4, \"fd4\").Write([]byte(`{\"ev\":`))",
		"import \"os\"\nos.NewFile(4, \"fd4\").Close()",
		"import \"os\"\nos.NewFile(3, \"fd3\").Close()",
	} {
		if r, _ := c.execute(code); content(r)["status"] != "ok" {
			t.Errorf("%s: %v", code, content(r))
		}
		_, io := c.execute("kept + 1")
		if res := find(io, "execute_result"); res == nil || content(res)["data"].(map[string]any)["text/plain"] != "2" {
			t.Errorf("after %s: %v", code, types(io))
		}
	}
}

// TestRealCellBreaksEventChannel: a cell that finds the event channel and writes part of
// a line to it, or closes it, gets an error that says so at once, and a new session.
func TestRealCellBreaksEventChannel(t *testing.T) {
	rk := startRealKernel(t, nil, "")
	c := dial(t, rk.conn)
	for _, tc := range []struct{ what, code, want string }{
		{"partial line", "os.NewFile(%d, \"events\").Write([]byte(`{\"ev\":`))", "not an event"},
		{"close", "os.NewFile(%d, \"events\").Close()", "was closed"},
	} {
		c.execute("kept := 1")
		fd := eventChannelFD(t, rk)
		code := "import \"os\"\nimport \"time\"\n" + fmt.Sprintf(tc.code, fd) + "\ntime.Sleep(time.Second)"
		id := c.send(c.shell, "execute_request", map[string]any{"code": code})
		r := c.replyWithin(c.shellCh, id, time.Minute)
		if rc := content(r); rc["ename"] != "SessionLost" || !strings.Contains(fmt.Sprint(rc["evalue"]), tc.want) {
			t.Errorf("%s: reply %v", tc.what, rc)
		}
		if r, _ := c.execute("kept"); content(r)["status"] != "error" {
			t.Errorf("%s: the old session answers: %v", tc.what, content(r))
		}
		if r, _ := c.execute("1+1"); content(r)["status"] != "ok" {
			t.Errorf("%s: new session: %v", tc.what, content(r))
		}
	}
}

// TestRealStoppedEvaluator: an evaluator stopped by SIGSTOP (here by its own cell) is
// resumed, and the cell is told.
func TestRealStoppedEvaluator(t *testing.T) {
	rk := startRealKernel(t, nil, "")
	c := dial(t, rk.conn)
	c.execute("kept := 1")
	id := c.send(c.shell, "execute_request", map[string]any{"code": "!kill -STOP $PPID\nkept++\nkept"})
	r := c.replyWithin(c.shellCh, id, time.Minute)
	io := c.iopubFor(id)
	if content(r)["status"] != "ok" || !strings.Contains(streamText(io, "stderr"), "was stopped") {
		t.Errorf("reply %v, stderr %q", content(r), streamText(io, "stderr"))
	}
	if res := find(io, "execute_result"); res == nil || content(res)["data"].(map[string]any)["text/plain"] != "2" {
		t.Errorf("the state after the stop: %v", types(io))
	}
}

// TestRealCellClosesStdout: closing os.Stdout, or fd 1 and fd 2, loses no later output.
func TestRealCellClosesStdout(t *testing.T) {
	rk := startRealKernel(t, nil, "")
	c := dial(t, rk.conn)
	// fd1 is a session variable: a file made by os.NewFile closes its descriptor when it
	// is collected, as in any Go program.
	for _, tc := range []struct {
		what, close, print, want string
		whens                    []string
	}{
		{"os.Stdout", "import \"os\"\nos.Stdout.Close()", "import (\n\t\"fmt\"\n\t\"os\"\n)\nfmt.Println(\"fmt\")\nfmt.Fprintln(os.Stdout, \"file\")", "fmt\nfile\n",
			[]string{"next cell", "after %reset"}},
		{"fd 1", "import \"os\"\nos.NewFile(1, \"fd1\").Close()", "import \"os\"\nfd1 := os.NewFile(1, \"fd1\")\nfd1.Write([]byte(\"direct\\n\"))", "direct\n",
			[]string{"next cell"}},
	} {
		if r, _ := c.execute(tc.close); content(r)["status"] != "ok" {
			t.Errorf("%s: %v", tc.close, content(r))
		}
		for _, when := range tc.whens {
			if when == "after %reset" {
				c.execute("%reset")
			}
			r, io := c.execute(tc.print)
			if got := streamText(io, "stdout"); content(r)["status"] != "ok" || got != tc.want {
				t.Errorf("%s closed, %s: reply %v, stdout %q", tc.what, when, content(r), got)
			}
		}
	}
}

// TestRealKilledKernelEndsLeftovers: a kernel killed with SIGKILL (it can end nothing
// itself) takes its evaluator and every process its cells left running with it.
func TestRealKilledKernelEndsLeftovers(t *testing.T) {
	rk := startRealKernel(t, nil, "")
	c := dial(t, rk.conn)
	bg, started, daemon, fg := uniqueSleep(t, 6), uniqueSleep(t, 7), uniqueSleep(t, 8), uniqueSleep(t, 9)
	for _, code := range []string{
		"!sleep " + bg + " &",
		"import \"os\"\np, err := os.StartProcess(\"/usr/bin/sleep\", []string{\"sleep\", \"" + started + "\"}, &os.ProcAttr{})\nerr",
		"!setsid sleep " + daemon + " > /dev/null 2>&1 < /dev/null &",
	} {
		if r, _ := c.execute(code); content(r)["status"] != "ok" {
			t.Fatalf("%s: %v", code, content(r))
		}
	}
	// A cell still running when the kernel dies.
	c.send(c.shell, "execute_request", map[string]any{"code": "!sleep " + fg})
	for _, arg := range []string{bg, started, daemon, fg} {
		waitRunning(t, arg)
	}
	ev := evaluatorPID(t, rk)
	if err := rk.cmd.Process.Signal(syscall.SIGKILL); err != nil {
		t.Fatal(err)
	}
	<-rk.exited
	for _, arg := range []string{bg, started, daemon, fg} {
		if pids := waitGone(arg, 5*time.Second); len(pids) > 0 {
			t.Errorf("sleep %s outlived the killed kernel (pids %v)", arg, pids)
		}
	}
	deadline := time.Now().Add(time.Minute)
	for st := proctree.State(ev); st != 0 && st != 'Z'; st = proctree.State(ev) {
		if time.Now().After(deadline) {
			t.Errorf("evaluator %d outlived the killed kernel (state %c)", ev, st)
			break
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// TestRealEvaluatorReapsOnlyAdopted: the evaluator reaps the processes it adopted when
// they end (no zombies pile up), but not a child a cell started and waits for later.
func TestRealEvaluatorReapsOnlyAdopted(t *testing.T) {
	rk := startRealKernel(t, nil, "")
	c := dial(t, rk.conn)
	if r, _ := c.execute("!sleep 0.2 &"); content(r)["status"] != "ok" {
		t.Fatalf("!sleep &: %v", content(r))
	}
	ev := evaluatorPID(t, rk)
	code := "import (\n\t\"fmt\"\n\t\"os\"\n\t\"time\"\n)\n" +
		"p, err := os.StartProcess(\"/bin/sh\", []string{\"sh\", \"-c\", \"exit 7\"}, &os.ProcAttr{})\n" +
		"if err != nil { panic(err) }\ntime.Sleep(time.Second)\nst, err := p.Wait()\nfmt.Println(st.ExitCode(), err)"
	r, io := c.execute(code)
	if got := streamText(io, "stdout"); content(r)["status"] != "ok" || got != "7 <nil>\n" {
		t.Errorf("a cell's own child, waited for after it ended: reply %v, stdout %q", content(r), got)
	}
	deadline := time.Now().Add(time.Minute)
	for len(proctree.Zombies(ev)) > 0 && time.Now().Before(deadline) {
		time.Sleep(50 * time.Millisecond)
	}
	if z := proctree.Zombies(ev); len(z) > 0 {
		t.Errorf("zombies left under evaluator %d: %v", ev, z)
	}
}

// TestRealKilledKernelWhileCellPrints: a cell writing to stdout when the kernel is killed
// (its writes fail with a broken pipe) does not keep the evaluator from ending what the
// session left running.
func TestRealKilledKernelWhileCellPrints(t *testing.T) {
	rk := startRealKernel(t, nil, "")
	c := dial(t, rk.conn)
	bg := uniqueSleep(t, 10)
	if r, _ := c.execute("!sleep " + bg + " &"); content(r)["status"] != "ok" {
		t.Fatalf("!sleep &: %v", content(r))
	}
	waitRunning(t, bg)
	id := c.send(c.shell, "execute_request", map[string]any{"code": "import \"os\"\nfor {\n\tos.NewFile(1, \"fd1\").Write([]byte(\"x\\n\"))\n}"})
	for timeout := time.After(time.Minute); ; {
		select {
		case m := <-c.iopubCh:
			if parentID(m) != id || m.Header.MsgType != "stream" {
				continue
			}
		case <-timeout:
			t.Fatal("the printing cell wrote nothing")
		}
		break
	}
	if err := rk.cmd.Process.Signal(syscall.SIGKILL); err != nil {
		t.Fatal(err)
	}
	<-rk.exited
	if pids := waitGone(bg, 5*time.Second); len(pids) > 0 {
		t.Errorf("sleep %s outlived the killed kernel (pids %v)", bg, pids)
	}
}
