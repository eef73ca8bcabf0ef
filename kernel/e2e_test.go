package kernel

// End-to-end tests of the peerbook binary with the real Go session (package eval): the
// kernel and its evaluator as Jupyter runs them. They build the binary (or use
// $PEERBOOK_BIN, with peerbook-evaluator beside it) and are skipped under -short.

import (
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/peerbook/peerbook/kernel/internal/wire"
)

var (
	binOnce sync.Once
	binPath string
	binErr  error
)

// peerbookBinary builds the peerbook command and its evaluator (peerbook-evaluator, in
// the same folder) once per test run, and returns the command's path.
func peerbookBinary(t testing.TB) string {
	t.Helper()
	if testing.Short() {
		t.Skip("builds and runs the peerbook binary; run without -short")
	}
	if p := os.Getenv("PEERBOOK_BIN"); p != "" {
		return p
	}
	binOnce.Do(func() {
		dir, err := os.MkdirTemp("", "peerbook-e2e-")
		if err != nil {
			binErr = err
			return
		}
		binPath = filepath.Join(dir, "peerbook")
		cmd := exec.Command("go", "build", "-o", dir+"/", ".", "./internal/cmd/peerbook-evaluator")
		cmd.Dir = ".."
		if out, err := cmd.CombinedOutput(); err != nil {
			binErr = fmt.Errorf("go build: %v\n%s", err, out)
		}
	})
	if binErr != nil {
		t.Fatal(binErr)
	}
	return binPath
}

// evaluatorBinary is the evaluator beside the peerbook command peerbookBinary returns.
func evaluatorBinary(t testing.TB) string {
	t.Helper()
	return filepath.Join(filepath.Dir(peerbookBinary(t)), EvaluatorName)
}

// peakRSS is a process's peak resident memory (VmHWM), in bytes.
func peakRSS(t *testing.T, pid int) int64 {
	t.Helper()
	data, err := os.ReadFile(fmt.Sprintf("/proc/%d/status", pid))
	if err != nil {
		t.Skipf("no /proc: %v", err)
	}
	for _, line := range strings.Split(string(data), "\n") {
		if rest, ok := strings.CutPrefix(line, "VmHWM:"); ok {
			kb, _ := strconv.ParseInt(strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(rest), "kB")), 10, 64)
			return kb << 10
		}
	}
	t.Fatalf("no VmHWM in /proc/%d/status", pid)
	return 0
}

// TestRealOversizedRequest: the kernel process answers a signed 64 MiB execute_request over
// its 8 MiB limit with MessageTooLarge, and its peak memory does not grow by the message.
func TestRealOversizedRequest(t *testing.T) {
	t.Setenv("PEERBOOK_MAX_MESSAGE", strconv.Itoa(8<<20))
	rk := startRealKernel(t, nil, "")
	c := dial(t, rk.conn)
	if r, _ := c.execute("x := 1"); content(r)["status"] != "ok" {
		t.Fatalf("x := 1: %v", content(r))
	}
	id, frames := c.message("execute_request", map[string]any{"code": "x = 2 // " + strings.Repeat("z", 64<<20),
		"silent": false, "store_history": true, "user_expressions": map[string]any{}, "allow_stdin": false})
	before := peakRSS(t, rk.cmd.Process.Pid)
	c.sendFrames(c.shell, frames)
	r := c.replyWithin(c.shellCh, id, 60*time.Second)
	if content(r)["ename"] != "MessageTooLarge" {
		t.Fatalf("reply %v", content(r))
	}
	grew := peakRSS(t, rk.cmd.Process.Pid) - before
	t.Logf("peak RSS %d MiB before, grew by %d KiB", before>>20, grew>>10)
	if grew > 16<<20 {
		t.Errorf("the kernel's peak memory grew by %d MiB for a refused 64 MiB message", grew>>20)
	}
	_, io := c.execute("x")
	if res := find(io, "execute_result"); res == nil || content(res)["data"].(map[string]any)["text/plain"] != "1" {
		t.Errorf("x after the refused cell: %v", types(io))
	}
}

// TestRealInterruptLeavesGoroutines: goroutines blocked on a mutex survive an interrupt
// (Go cannot stop them). The interrupted cell's error says how many it left, what the
// session holds and to restart; past the loud bound the next cells warn again, and the
// session goes on.
func TestRealInterruptLeavesGoroutines(t *testing.T) {
	rk := startRealKernel(t, nil, "")
	c := dial(t, rk.conn)
	if r, _ := c.execute("import (\n\t\"fmt\"\n\t\"sync\"\n)\nvar mu sync.Mutex\nmu.Lock()"); content(r)["status"] != "ok" {
		t.Fatalf("setup: %v", content(r))
	}
	id := c.send(c.shell, "execute_request", map[string]any{"code": "for i := 0; i < 20000; i++ {\n\tgo func() { mu.Lock() }()\n}\nfmt.Println(\"started\")\nselect {}"})
	for started := false; !started; {
		select {
		case m := <-c.iopubCh:
			started = parentID(m) == id && m.Header.MsgType == "stream" && strings.Contains(content(m)["text"].(string), "started")
		case <-time.After(60 * time.Second):
			t.Fatal("the goroutines did not start within 60 s")
		}
	}
	c.reply(c.controlCh, c.send(c.control, "interrupt_request", map[string]any{}))
	r := c.replyWithin(c.shellCh, id, 20*time.Second)
	var tb []string
	for _, l := range content(r)["traceback"].([]any) {
		tb = append(tb, l.(string))
	}
	text := strings.Join(tb, "\n")
	m := regexp.MustCompile(`WARNING.*: this cell left (\d+) goroutine\(s\) running.*holds [0-9.]+ [kMG]?B .*Restart the kernel`).FindStringSubmatch(text)
	if content(r)["ename"] != "Interrupted" || m == nil {
		t.Fatalf("interrupted cell: %v\n%s", content(r)["ename"], text)
	}
	// The count is the goroutines at the interrupt less those when the cell started: the
	// evaluator's own goroutines that end meanwhile (seen under load: 19938) make it a little
	// lower than 20000.
	if n, _ := strconv.Atoi(m[1]); n < 19500 || n > 20100 {
		t.Errorf("reports %d goroutines left, want 20000:\n%s", n, text)
	}
	r, io := c.execute("1 + 1")
	if content(r)["status"] != "ok" {
		t.Fatalf("next cell: %v", content(r))
	}
	if w := streamText(io, "stderr"); !strings.Contains(w, "still running") || !strings.Contains(w, "Restart the kernel") {
		t.Errorf("the next cell does not warn: stderr %q", w)
	}
}

// realKernel is a `peerbook kernel` process.
type realKernel struct {
	cmd    *exec.Cmd
	conn   *wire.ConnectionInfo
	file   string
	stderr *syncBuffer
	exited chan error
}

func startRealKernel(t testing.TB, conn *wire.ConnectionInfo, historyPath string, env ...string) *realKernel {
	t.Helper()
	bin := peerbookBinary(t)
	chosen := conn == nil
	if chosen {
		// Ports 0: the kernel chooses them and writes them back to the file (awaitPorts).
		conn = &wire.ConnectionInfo{Transport: "tcp", IP: "127.0.0.1", Key: "e2e-key", SignatureScheme: "hmac-sha256"}
	}
	file := filepath.Join(t.TempDir(), "kernel.json")
	data, _ := json.Marshal(conn)
	if err := os.WriteFile(file, data, 0o600); err != nil {
		t.Fatal(err)
	}
	if historyPath == "" {
		historyPath = "none"
	}
	rk := &realKernel{conn: conn, file: file, stderr: &syncBuffer{}, exited: make(chan error, 1)}
	rk.cmd = exec.Command(bin, "kernel", "--connection-file", file)
	// A small stack makes the tests of deep recursion quick.
	rk.cmd.Env = append(append(os.Environ(), "PEERBOOK_HISTORY="+historyPath, "PEERBOOK_MAX_STACK_MB=32"), env...)
	rk.cmd.Stderr = rk.stderr
	if err := rk.cmd.Start(); err != nil {
		t.Fatal(err)
	}
	go func() { rk.exited <- rk.cmd.Wait() }()
	t.Cleanup(func() {
		rk.cmd.Process.Kill()
		if t.Failed() {
			t.Logf("kernel stderr:\n%s", rk.stderr.String())
		}
	})
	if chosen {
		rk.conn = awaitPorts(t, file, rk.exited)
	}
	return rk
}

// awaitPorts waits until the kernel started with the connection file at path (its ports
// 0) has written the ports it listens on back to the file, and returns what the file then
// says. exited is the kernel process's end: an error it sends fails the test (and is sent
// back for others to see).
func awaitPorts(t testing.TB, path string, exited chan error) *wire.ConnectionInfo {
	t.Helper()
	for deadline := time.Now().Add(time.Minute); ; time.Sleep(5 * time.Millisecond) {
		if info, err := wire.ReadConnectionFile(path); err == nil && info.ShellPort != 0 {
			return info
		}
		select {
		case err := <-exited:
			exited <- err
			t.Fatalf("the kernel exited (%v) before it wrote its ports to %s", err, path)
		default:
		}
		if time.Now().After(deadline) {
			t.Fatalf("a minute after its start, the kernel has not written its ports to %s", path)
		}
	}
}

// TestRealStreamsLineByLine: what a cell prints reaches IOPub while the cell runs. The cell
// prints a line, then waits until the test has seen that line on IOPub (the test answers by
// creating a file); were output held back until the cell ends, the cell would wait forever.
// How the lines are split into stream messages is not checked: that depends on timing.
func TestRealStreamsLineByLine(t *testing.T) {
	rk := startRealKernel(t, nil, "")
	c := dial(t, rk.conn)
	dir := t.TempDir()
	code := fmt.Sprintf("import (\n\t\"fmt\"\n\t\"os\"\n\t\"path/filepath\"\n\t\"time\"\n)\n"+
		"for i := 0; i < 5; i++ {\n\tfmt.Println(\"line\", i)\n"+
		"\tfor {\n\t\tif _, err := os.Stat(filepath.Join(%q, fmt.Sprint(i))); err == nil {\n\t\t\tbreak\n\t\t}\n\t\ttime.Sleep(time.Millisecond)\n\t}\n}", dir)
	id := c.send(c.shell, "execute_request", map[string]any{"code": code})
	var text strings.Builder
	seen := 0
	deadline := time.After(60 * time.Second)
	for seen < 5 {
		select {
		case m := <-c.iopubCh:
			if m.Header.MsgType == "stream" && parentID(m) == id {
				text.WriteString(content(m)["text"].(string))
			}
		case r := <-c.shellCh:
			t.Fatalf("reply before the cell's 5 lines were seen (got %q): %v", text.String(), content(r))
		case <-deadline:
			t.Fatalf("after 60 s IOPub carried only %q: the cell's output is not streamed while it runs", text.String())
		}
		for ; seen < 5 && strings.Contains(text.String(), fmt.Sprintf("line %d\n", seen)); seen++ {
			if err := os.WriteFile(filepath.Join(dir, fmt.Sprint(seen)), nil, 0o644); err != nil {
				t.Fatal(err)
			}
		}
	}
	if r := c.reply(c.shellCh, id); content(r)["status"] != "ok" {
		t.Errorf("reply %v", content(r))
	}
	if text.String() != "line 0\nline 1\nline 2\nline 3\nline 4\n" {
		t.Errorf("streams %q", text.String())
	}
}

func TestRealInterruptForLoop(t *testing.T) {
	rk := startRealKernel(t, nil, "")
	c := dial(t, rk.conn)
	if r, _ := c.execute("x := 41"); content(r)["status"] != "ok" {
		t.Fatalf("x := 41: %v", content(r))
	}
	for _, how := range []string{"message", "signal"} {
		id := c.send(c.shell, "execute_request", map[string]any{"code": "println(\"spinning\")\nfor {\n}"})
		c.awaitStream(id, "spinning")
		if how == "message" {
			c.reply(c.controlCh, c.send(c.control, "interrupt_request", map[string]any{}))
		} else {
			rk.cmd.Process.Signal(syscall.SIGINT)
		}
		r := c.replyWithin(c.shellCh, id, 30*time.Second)
		if content(r)["status"] != "error" {
			t.Errorf("%s: interrupted cell reply %v", how, content(r))
		}
		_, io := c.execute("x + 1")
		res := find(io, "execute_result")
		if res == nil || content(res)["data"].(map[string]any)["text/plain"] != "42" {
			t.Errorf("%s: state after the interrupt: %v", how, types(io))
		}
	}
}

func TestRealCrashRecovery(t *testing.T) {
	rk := startRealKernel(t, nil, "")
	c := dial(t, rk.conn)
	c.timeout = 90 * time.Second // a busy machine
	for _, tc := range []struct{ name, code, want string }{
		// a fatal error no recover catches (a stack overflow now ends its cell instead)
		{"unlock of an unlocked mutex", "import \"sync\"\nvar mu sync.Mutex\nmu.Unlock()", "fatal error: sync: unlock of unlocked mutex"},
		{"concurrent map writes", "import \"time\"\nm := map[int]int{}\nfor g := 0; g < 4; g++ {\n\tgo func() {\n\t\tfor i := 0; ; i++ {\n\t\t\tm[i%16] = i\n\t\t}\n\t}()\n}\ntime.Sleep(10 * time.Second)", "concurrent map"},
	} {
		c.execute("kept := 1")
		r, io := c.execute(tc.code)
		rc := content(r)
		if rc["ename"] != "SessionLost" || !strings.Contains(fmt.Sprint(rc["evalue"], rc["traceback"]), tc.want) {
			t.Errorf("%s: reply %v", tc.name, rc)
		}
		if tb := fmt.Sprint(rc["traceback"]); !strings.Contains(tb, "The crash report (its first lines):") || !strings.Contains(tb, "goroutine ") {
			t.Errorf("%s: the traceback lacks the start of the crash report: %s", tc.name, tb)
		}
		if find(io, "error") == nil {
			t.Errorf("%s: no error message: %v", tc.name, types(io))
		}
		r, _ = c.execute("kept")
		if content(r)["status"] != "error" {
			t.Errorf("%s: state survived: %v", tc.name, content(r))
		}
		_, io = c.execute("1+1")
		if res := find(io, "execute_result"); res == nil || content(res)["data"].(map[string]any)["text/plain"] != "2" {
			t.Errorf("%s: the new session does not answer: %v", tc.name, types(io))
		}
	}
}

// childOf returns the pid of a child process of pid.
func childOf(t *testing.T, pid int) int {
	t.Helper()
	deadline := time.Now().Add(time.Minute)
	for time.Now().Before(deadline) {
		entries, _ := os.ReadDir("/proc")
		for _, e := range entries {
			data, err := os.ReadFile(filepath.Join("/proc", e.Name(), "stat"))
			if err != nil {
				continue
			}
			// pid (comm) state ppid ...
			s := string(data)
			fields := strings.Fields(s[strings.LastIndexByte(s, ')')+1:])
			var child, ppid int
			fmt.Sscan(e.Name(), &child)
			if len(fields) > 1 {
				fmt.Sscan(fields[1], &ppid)
			}
			if ppid == pid {
				return child
			}
		}
		time.Sleep(50 * time.Millisecond)
	}
	t.Fatalf("no child of %d", pid)
	return 0
}

func TestRealEvaluatorKilledBetweenCells(t *testing.T) {
	if _, err := os.Stat("/proc/self/stat"); err != nil {
		t.Skip("needs /proc to find the evaluator process")
	}
	rk := startRealKernel(t, nil, "")
	c := dial(t, rk.conn)
	id := c.send(c.shell, "execute_request", map[string]any{"code": "kept := 1"})
	c.reply(c.shellCh, id)
	c.iopubFor(id)
	syscall.Kill(childOf(t, rk.cmd.Process.Pid), syscall.SIGSEGV) // as a crash in native code would
	timeout := time.After(20 * time.Second)
	for {
		select {
		case m := <-c.iopubCh:
			if m.Header.MsgType != "stream" {
				continue
			}
			if text := content(m)["text"].(string); parentID(m) != id || !strings.Contains(text, "state was lost") {
				t.Errorf("stream %q (parent %s)", text, parentID(m))
			}
		case <-timeout:
			t.Fatal("no notice of the dead session")
		}
		break
	}
	if r, _ := c.execute("kept"); content(r)["status"] != "error" {
		t.Errorf("state survived: %v", content(r))
	}
	if r, _ := c.execute("1+1"); content(r)["status"] != "ok" {
		t.Errorf("new session: %v", content(r))
	}
}

func TestRealStdin(t *testing.T) {
	rk := startRealKernel(t, nil, "")
	c := dial(t, rk.conn)
	code := "import \"fmt\"\nvar name string\nfmt.Scanln(&name)\nfmt.Println(\"hello, \" + name)"
	id := c.send(c.shell, "execute_request", map[string]any{"code": code, "allow_stdin": true})
	req := c.reply(c.stdinCh, id)
	if req.Header.MsgType != "input_request" {
		t.Fatalf("stdin got %s", req.Header.MsgType)
	}
	c.send(c.stdin, "input_reply", map[string]any{"value": "gopher"})
	r := c.reply(c.shellCh, id)
	io := c.iopubFor(id)
	if content(r)["status"] != "ok" || !strings.Contains(streamText(io, "stdout"), "hello, gopher") {
		t.Errorf("reply %v, iopub %v %q", content(r), types(io), streamText(io, "stdout"))
	}
}

func TestRealShutdownRestart(t *testing.T) {
	hist := historyFile(t)
	rk := startRealKernel(t, nil, hist)
	c := dial(t, rk.conn)
	c.execute("y := 6 * 7")
	r := c.reply(c.controlCh, c.send(c.control, "shutdown_request", map[string]any{"restart": true}))
	if rc := content(r); rc["status"] != "ok" || rc["restart"] != true {
		t.Errorf("shutdown_reply %v", rc)
	}
	select {
	case err := <-rk.exited:
		if err != nil {
			t.Errorf("kernel exit: %v", err)
		}
	case <-time.After(time.Minute):
		t.Fatal("the kernel process did not exit after shutdown_request")
	}
	rk2 := startRealKernel(t, rk.conn, hist)
	c2 := dial(t, rk2.conn)
	r = c2.reply(c2.shellCh, c2.send(c2.shell, "history_request",
		map[string]any{"output": false, "raw": true, "hist_access_type": "tail", "n": 1}))
	if h := fmt.Sprint(content(r)["history"]); h != "[[1 1 y := 6 * 7]]" {
		t.Errorf("history after restart = %s", h)
	}
	if r, _ := c2.execute("1+1"); content(r)["status"] != "ok" {
		t.Errorf("restarted kernel: %v", content(r))
	}
}

// TestRealKernelExitsWithItsFrontend: a kernel started with $JPY_PARENT_PID exits when
// that process dies, taking its evaluator along.
func TestRealKernelExitsWithItsFrontend(t *testing.T) {
	bin := peerbookBinary(t)
	conn := &wire.ConnectionInfo{Transport: "tcp", IP: "127.0.0.1", Key: "k", SignatureScheme: "hmac-sha256"}
	file := filepath.Join(t.TempDir(), "kernel.json")
	data, _ := json.Marshal(conn)
	os.WriteFile(file, data, 0o600)
	pidFile := filepath.Join(t.TempDir(), "pid")
	// A shell plays the frontend: it starts the kernel in the background and dies.
	script := fmt.Sprintf(`JPY_PARENT_PID=$$ PEERBOOK_HISTORY=none %q kernel --connection-file %q 2>/dev/null & echo $! > %q; sleep 1`, bin, file, pidFile)
	if out, err := exec.Command("sh", "-c", script).CombinedOutput(); err != nil {
		t.Fatalf("%v: %s", err, out)
	}
	raw, _ := os.ReadFile(pidFile)
	var pid int
	fmt.Sscan(string(raw), &pid)
	if pid == 0 {
		t.Fatal("no kernel pid")
	}
	deadline := time.Now().Add(time.Minute)
	for syscall.Kill(pid, 0) == nil {
		if time.Now().After(deadline) {
			syscall.Kill(pid, syscall.SIGKILL)
			t.Fatal("the kernel outlived its frontend")
		}
		time.Sleep(100 * time.Millisecond)
	}
}
