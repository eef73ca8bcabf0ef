package kernel

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"runtime"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/go-zeromq/zmq4"
)

func TestKernelInfoOnShellAndControl(t *testing.T) {
	c := connect(t, startKernel(t, kernelOpts{key: "secret"}))
	for _, ch := range []struct {
		sock zmq4.Socket
		in   chan *wireMessage
	}{{c.shell, c.shellCh}, {c.control, c.controlCh}} {
		id := c.send(ch.sock, "kernel_info_request", map[string]any{})
		r := c.reply(ch.in, id)
		if r.Header.MsgType != "kernel_info_reply" {
			t.Fatalf("reply type %s", r.Header.MsgType)
		}
		info := content(r)
		li := info["language_info"].(map[string]any)
		if info["status"] != "ok" || info["protocol_version"] != "5.3" || info["implementation"] != "peerbook" ||
			li["name"] != "go" || li["mimetype"] != "text/x-go" || li["file_extension"] != ".go" ||
			li["pygments_lexer"] != "go" || li["codemirror_mode"] != "go" || li["version"] != goVersion() {
			t.Errorf("kernel_info = %v", info)
		}
		if len(info["help_links"].([]any)) == 0 || info["banner"] == "" {
			t.Errorf("no help links or banner: %v", info)
		}
		if got := types(c.iopubFor(id)); !reflect.DeepEqual(got, []string{"status:busy", "status:idle"}) {
			t.Errorf("iopub = %v", got)
		}
	}
}

func TestExecuteOrderingAndCount(t *testing.T) {
	c := connect(t, startKernel(t, kernelOpts{key: "secret"}))
	r, io := c.execute("value 42")
	if got, want := types(io), []string{"status:busy", "execute_input", "execute_result", "status:idle"}; !reflect.DeepEqual(got, want) {
		t.Fatalf("iopub = %v, want %v", got, want)
	}
	rc := content(r)
	if rc["status"] != "ok" || rc["execution_count"] != 1.0 {
		t.Errorf("reply = %v", rc)
	}
	if ei := content(io[1]); ei["code"] != "value 42" || ei["execution_count"] != 1.0 {
		t.Errorf("execute_input = %v", ei)
	}
	res := content(io[2])
	if res["execution_count"] != 1.0 || res["data"].(map[string]any)["text/plain"] != "42" {
		t.Errorf("execute_result = %v", res)
	}
	if md, ok := res["metadata"].(map[string]any); !ok || md == nil {
		t.Errorf("execute_result metadata = %v", res["metadata"])
	}

	// Streams from both sources come between execute_input and the result, in order.
	_, io = c.execute("print from-event")
	if got, want := types(io), []string{"status:busy", "execute_input", "stream:stdout", "status:idle"}; !reflect.DeepEqual(got, want) {
		t.Fatalf("iopub = %v, want %v", got, want)
	}
	_, io = c.execute("fdprint from-fd1")
	if s := streamText(io, "stdout"); s != "from-fd1\n" {
		t.Errorf("fd 1 stream = %q (iopub %v)", s, types(io))
	}
	_, io = c.execute("fdeprint from-fd2")
	if s := streamText(io, "stderr"); s != "from-fd2\n" {
		t.Errorf("fd 2 stream = %q", s)
	}

	// Silent: no count, no execute_input, no outputs; store_history false: no count.
	r, io = c.execute("value 7", map[string]any{"silent": true})
	if got := types(io); !reflect.DeepEqual(got, []string{"status:busy", "status:idle"}) {
		t.Errorf("silent iopub = %v", got)
	}
	if content(r)["execution_count"] != 4.0 {
		t.Errorf("silent count = %v", content(r)["execution_count"])
	}
	r, _ = c.execute("value 7", map[string]any{"store_history": false})
	if content(r)["execution_count"] != 4.0 {
		t.Errorf("store_history=false count = %v", content(r)["execution_count"])
	}
	r, _ = c.execute("value 8")
	if content(r)["execution_count"] != 5.0 {
		t.Errorf("count = %v", content(r)["execution_count"])
	}

	// An error: error message, error reply.
	r, io = c.execute("fail")
	if got, want := types(io), []string{"status:busy", "execute_input", "error", "status:idle"}; !reflect.DeepEqual(got, want) {
		t.Fatalf("iopub = %v, want %v", got, want)
	}
	rc = content(r)
	if rc["status"] != "error" || rc["ename"] != "TestError" || len(rc["traceback"].([]any)) != 2 {
		t.Errorf("error reply = %v", rc)
	}

	// Payloads and user expressions reach the reply.
	r, _ = c.execute("page some doc")
	if p := content(r)["payload"].([]any); len(p) != 1 || p[0].(map[string]any)["source"] != "page" {
		t.Errorf("payload = %v", content(r)["payload"])
	}
	r, _ = c.execute("expr", map[string]any{"user_expressions": map[string]any{"x": "x"}})
	if ue := content(r)["user_expressions"].(map[string]any); ue["x"] == nil {
		t.Errorf("user_expressions = %v", ue)
	}
}

// TestStreamArrivesWhileCellRuns: what a cell writes to fd 1 is published while it runs.
// The cell writes a line, then waits until the test has seen it on IOPub (the test answers
// with a file): were output held until the cell ends, it would wait forever.
func TestStreamArrivesWhileCellRuns(t *testing.T) {
	c := connect(t, startKernel(t, kernelOpts{}))
	dir := t.TempDir()
	id := c.send(c.shell, "execute_request", map[string]any{"code": "tickwait 5 " + dir})
	var text strings.Builder
	seen := 0
	timeout := time.After(60 * time.Second)
	for seen < 5 {
		select {
		case m := <-c.iopubCh:
			if m.Header.MsgType == "stream" && parentID(m) == id {
				text.WriteString(content(m)["text"].(string))
			}
		case r := <-c.shellCh:
			t.Fatalf("reply before the cell's 5 lines were seen (%q): %v", text.String(), content(r))
		case <-timeout:
			t.Fatalf("after 60 s IOPub carried %q: output is not published while the cell runs", text.String())
		}
		for ; seen < 5 && strings.Contains(text.String(), fmt.Sprintf("tick %d\n", seen)); seen++ {
			if err := os.WriteFile(filepath.Join(dir, strconv.Itoa(seen)), nil, 0o644); err != nil {
				t.Fatal(err)
			}
		}
	}
	c.reply(c.shellCh, id)
	if want := "tick 0\ntick 1\ntick 2\ntick 3\ntick 4\n"; text.String() != want {
		t.Errorf("streams %q, want %q", text.String(), want)
	}
}

func TestSignatures(t *testing.T) {
	tk := startKernel(t, kernelOpts{key: "secret"})
	c := connect(t, tk)
	dropped := tk.k.dropped.Load()

	// Bad and missing signatures: dropped, never executed, logged.
	for _, sig := range [][]byte{bytes.Repeat([]byte("0"), 64), {}} {
		id, frames := c.message("execute_request", map[string]any{"code": "set k evil"})
		frames[1] = sig // delimiter, signature, ...
		c.sendFrames(c.shell, frames)
		select {
		case m := <-c.shellCh:
			t.Fatalf("reply to an unsigned message: %s", m.Header.MsgType)
		case m := <-c.iopubCh:
			if parentID(m) == id {
				t.Fatalf("IOPub message for an unsigned request: %s", m.Header.MsgType)
			}
		case <-time.After(300 * time.Millisecond):
		}
	}
	if got := tk.k.dropped.Load() - dropped; got != 2 {
		t.Errorf("dropped %d messages, want 2", got)
	}
	if !strings.Contains(tk.logBuf.String(), "signature") {
		t.Errorf("drops not logged: %s", tk.logBuf.String())
	}
	// The kernel still serves, and the evil cell never ran.
	r, _ := c.execute("get k")
	if content(r)["ename"] != "NotFound" {
		t.Errorf("a message with a bad signature was executed: %v", content(r))
	}
	// A client with the wrong key is ignored on control too.
	wrong := *c
	wrong.signer = mustSigner(t, "not-the-key")
	id := wrong.send(c.control, "kernel_info_request", map[string]any{})
	select {
	case m := <-c.controlCh:
		t.Fatalf("reply to a message signed with another key: %s (parent %s)", m.Header.MsgType, id)
	case <-time.After(300 * time.Millisecond):
	}
}

func TestUnsignedKernel(t *testing.T) {
	c := connect(t, startKernel(t, kernelOpts{key: ""}))
	r, _ := c.execute("value ok")
	if content(r)["status"] != "ok" {
		t.Errorf("reply = %v", content(r))
	}
}

func TestHeartbeatWhileCellRuns(t *testing.T) {
	c := connect(t, startKernel(t, kernelOpts{}))
	id := c.send(c.shell, "execute_request", map[string]any{"code": "spin"})
	c.awaitStream(id, "running")
	for i := 0; i < 3; i++ {
		ping := []byte(fmt.Sprintf("ping %d", i))
		if err := c.hb.Send(zmq4.NewMsg(ping)); err != nil {
			t.Fatal(err)
		}
		got := make(chan zmq4.Msg, 1)
		go func() { m, _ := c.hb.Recv(); got <- m }()
		select {
		case m := <-got:
			if len(m.Frames) == 0 || !bytes.Equal(m.Frames[len(m.Frames)-1], ping) {
				t.Fatalf("heartbeat echoed %q", m.Frames)
			}
		case <-time.After(time.Minute):
			t.Fatal("no heartbeat while a cell runs")
		}
	}
	c.send(c.control, "interrupt_request", map[string]any{})
	c.reply(c.shellCh, id)
}

func TestInterruptKeepsState(t *testing.T) {
	c := connect(t, startKernel(t, kernelOpts{}))
	c.execute("set x 41")
	id := c.send(c.shell, "execute_request", map[string]any{"code": "spin"})
	c.awaitStream(id, "running") // the interrupt is for a running cell (control and shell are not ordered)
	ir := c.reply(c.controlCh, c.send(c.control, "interrupt_request", map[string]any{}))
	if ir.Header.MsgType != "interrupt_reply" || content(ir)["status"] != "ok" {
		t.Fatalf("interrupt reply %s %v", ir.Header.MsgType, content(ir))
	}
	r := c.reply(c.shellCh, id)
	if rc := content(r); rc["status"] != "error" || rc["ename"] != "Interrupted" {
		t.Errorf("interrupted reply = %v", rc)
	}
	r, _ = c.execute("get x")
	if content(r)["status"] != "ok" {
		t.Fatalf("state lost by an interrupt: %v", content(r))
	}
}

// TestInterruptNamesTheCell: an interrupt reaches the evaluator as a request naming the
// running cell, not as a signal, which names no cell: a SIGINT the evaluator took in late
// (a loaded machine) stopped the next cell instead. A repeated interrupt of the same cell
// also signals, for an evaluator that reads no requests.
func TestInterruptNamesTheCell(t *testing.T) {
	c := connect(t, startKernel(t, kernelOpts{}))
	id := c.send(c.shell, "execute_request", map[string]any{"code": "spin"})
	c.awaitStream(id, "running")
	c.reply(c.controlCh, c.send(c.control, "interrupt_request", map[string]any{}))
	if rc := content(c.reply(c.shellCh, id)); rc["ename"] != "Interrupted" {
		t.Fatalf("interrupted reply = %v", rc)
	}
	r, io := c.execute("sigints")
	res := find(io, "execute_result")
	if content(r)["status"] != "ok" || res == nil {
		t.Fatalf("sigints: %v", content(r))
	}
	if n := content(res)["data"].(map[string]any)["text/plain"]; n != "0" {
		t.Errorf("after one interrupt the evaluator got %v SIGINTs, want 0", n)
	}
}

func TestInterruptEscalatesToKill(t *testing.T) {
	old := escalateAfter
	escalateAfter = 200 * time.Millisecond
	defer func() { escalateAfter = old }()
	c := connect(t, startKernel(t, kernelOpts{}))
	id := c.send(c.shell, "execute_request", map[string]any{"code": "hang"})
	c.awaitStream(id, "running")
	c.reply(c.controlCh, c.send(c.control, "interrupt_request", map[string]any{}))
	time.Sleep(300 * time.Millisecond)
	c.reply(c.controlCh, c.send(c.control, "interrupt_request", map[string]any{}))
	r := c.reply(c.shellCh, id)
	if rc := content(r); rc["ename"] != "SessionLost" || !strings.Contains(rc["evalue"].(string), "did not stop") {
		t.Errorf("reply = %v", rc)
	}
	if r, _ := c.execute("value alive"); content(r)["status"] != "ok" {
		t.Errorf("after the kill: %v", content(r))
	}
}

func TestStopOnErrorAbortsQueue(t *testing.T) {
	c := connect(t, startKernel(t, kernelOpts{}))
	// The failing cell runs long enough for the next two to be queued behind it, as a
	// frontend's Run All queues them: only requests queued when the error happens abort.
	ids := []string{
		c.send(c.shell, "execute_request", map[string]any{"code": "fail 200"}),
		c.send(c.shell, "execute_request", map[string]any{"code": "set a 1"}),
		c.send(c.shell, "execute_request", map[string]any{"code": "value 2"}),
	}
	var statuses []string
	for _, id := range ids {
		statuses = append(statuses, content(c.reply(c.shellCh, id))["status"].(string))
		if got := types(c.iopubFor(id)); got[0] != "status:busy" {
			t.Errorf("iopub of %s = %v", id, got)
		}
	}
	if !reflect.DeepEqual(statuses, []string{"error", "aborted", "aborted"}) {
		t.Errorf("statuses = %v", statuses)
	}
	if r, _ := c.execute("get a"); content(r)["status"] != "error" {
		t.Error("an aborted cell ran")
	}
	// After the queue is aborted, new requests run; stop_on_error false runs what follows.
	ids = []string{
		c.send(c.shell, "execute_request", map[string]any{"code": "fail", "stop_on_error": false}),
		c.send(c.shell, "execute_request", map[string]any{"code": "value 3"}),
	}
	if s := content(c.reply(c.shellCh, ids[1]))["status"]; s != "ok" {
		t.Errorf("after stop_on_error=false: %v", s)
	}
}

func TestEvaluatorCrashRecovery(t *testing.T) {
	c := connect(t, startKernel(t, kernelOpts{}))
	for _, tc := range []struct {
		code, summary, tail string
	}{
		{"crash", "panic: boom in goroutine", "goroutine"},
		{"mapcrash", "fatal error: concurrent map writes", "concurrent map writes"},
		{"exit 3", "exit status 3", ""},
	} {
		if tc.code == "mapcrash" && raceEnabled {
			continue // the race detector reports this one first
		}
		c.execute("set k v")
		r, io := c.execute(tc.code)
		rc := content(r)
		if rc["status"] != "error" || rc["ename"] != "SessionLost" {
			t.Fatalf("%s: reply = %v", tc.code, rc)
		}
		evalue := rc["evalue"].(string)
		if !strings.Contains(evalue, "state was lost") || !strings.Contains(evalue, tc.summary) {
			t.Errorf("%s: evalue %q", tc.code, evalue)
		}
		tb := fmt.Sprint(rc["traceback"])
		if !strings.Contains(tb, tc.tail) {
			t.Errorf("%s: traceback lacks %q: %s", tc.code, tc.tail, tb)
		}
		if e := find(io, "error"); e == nil || content(e)["ename"] != "SessionLost" {
			t.Errorf("%s: iopub %v", tc.code, types(io))
		}
		// The crash report goes into the error, not into a stream as well.
		if s := streamText(io, "stderr"); strings.Contains(s, "goroutine ") {
			t.Errorf("%s: crash report streamed: %q", tc.code, s)
		}
		// A new session serves; the old state is gone.
		r, _ = c.execute("get k")
		if content(r)["ename"] != "NotFound" {
			t.Errorf("%s: state survived the crash: %v", tc.code, content(r))
		}
		if r, _ := c.execute("value alive"); content(r)["status"] != "ok" {
			t.Errorf("%s: new session: %v", tc.code, content(r))
		}
	}
}

func TestStderrThatLooksLikeACrashIsStreamedLate(t *testing.T) {
	c := connect(t, startKernel(t, kernelOpts{}))
	_, io := c.execute("fdeprint panic: not really")
	if s := streamText(io, "stderr"); s != "panic: not really\n" {
		t.Errorf("stderr = %q (%v)", s, types(io))
	}
}

func TestBackgroundOutputAfterCell(t *testing.T) {
	c := connect(t, startKernel(t, kernelOpts{}))
	id := c.send(c.shell, "execute_request", map[string]any{"code": "bg"})
	c.reply(c.shellCh, id)
	timeout := time.After(time.Minute)
	for {
		select {
		case m := <-c.iopubCh:
			if m.Header.MsgType == "stream" {
				if parentID(m) != id || content(m)["text"] != "late\n" {
					t.Errorf("late stream %v parent %s", content(m), parentID(m))
				}
				return
			}
		case <-timeout:
			t.Fatal("no late output")
		}
	}
}

func TestStdinRoundTrip(t *testing.T) {
	c := connect(t, startKernel(t, kernelOpts{}))
	id := c.send(c.shell, "execute_request", map[string]any{"code": "input your name: ", "allow_stdin": true})
	req := c.reply(c.stdinCh, id)
	if req.Header.MsgType != "input_request" || content(req)["prompt"] != "your name: " || content(req)["password"] != false {
		t.Fatalf("input request %s %v", req.Header.MsgType, content(req))
	}
	c.send(c.stdin, "input_reply", map[string]any{"value": "gopher"})
	r := c.reply(c.shellCh, id)
	io := c.iopubFor(id)
	res := find(io, "execute_result")
	if content(r)["status"] != "ok" || res == nil || content(res)["data"].(map[string]any)["text/plain"] != "got: gopher" {
		t.Errorf("reply %v iopub %v", content(r), types(io))
	}
	// Without allow_stdin the cell gets an error, and nothing is asked.
	r, _ = c.execute("input x", map[string]any{"allow_stdin": false})
	if content(r)["ename"] != "InputError" {
		t.Errorf("reply without stdin = %v", content(r))
	}
}

func TestDisplayMessages(t *testing.T) {
	c := connect(t, startKernel(t, kernelOpts{}))
	_, io := c.execute("display hi")
	d := find(io, "display_data")
	if d == nil || content(d)["data"].(map[string]any)["text/html"] != "<b>hi</b>" {
		t.Fatalf("iopub %v", types(io))
	}
	if _, ok := content(d)["metadata"].(map[string]any); !ok {
		t.Errorf("display_data without metadata: %v", content(d))
	}
	_, io = c.execute("update d1 v")
	if got := types(io); !reflect.DeepEqual(got, []string{"status:busy", "execute_input", "display_data", "update_display_data", "status:idle"}) {
		t.Fatalf("iopub %v", got)
	}
	up := content(io[3])
	if up["transient"].(map[string]any)["display_id"] != "d1" || up["data"].(map[string]any)["text/plain"] != "v!" {
		t.Errorf("update = %v", up)
	}
	_, io = c.execute("clear")
	if got := types(io); !reflect.DeepEqual(got, []string{"status:busy", "execute_input", "stream:stdout", "clear_output", "status:idle"}) {
		t.Fatalf("iopub %v", got)
	}
	if content(io[3])["wait"] != true {
		t.Errorf("clear_output = %v", content(io[3]))
	}
}

func TestCompleteInspectIsComplete(t *testing.T) {
	c := connect(t, startKernel(t, kernelOpts{}))
	code := "é fmt.Pri"
	r := c.reply(c.shellCh, c.send(c.shell, "complete_request", map[string]any{"code": code, "cursor_pos": 9}))
	rc := content(r)
	if rc["status"] != "ok" || fmt.Sprint(rc["matches"]) != "[Print Printf Println]" ||
		rc["cursor_start"] != 6.0 || rc["cursor_end"] != 9.0 {
		t.Errorf("complete_reply = %v (cursor positions count code points)", rc)
	}
	r = c.reply(c.shellCh, c.send(c.shell, "inspect_request", map[string]any{"code": "fmt.Println", "cursor_pos": 5, "detail_level": 0}))
	if rc := content(r); rc["found"] != true || rc["data"].(map[string]any)["text/plain"] == nil {
		t.Errorf("inspect_reply = %v", rc)
	}
	r = c.reply(c.shellCh, c.send(c.shell, "inspect_request", map[string]any{"code": "nothing", "cursor_pos": 2}))
	if rc := content(r); rc["status"] != "ok" || rc["found"] != false {
		t.Errorf("inspect_reply = %v", rc)
	}
	for code, want := range map[string]string{"x := 1": "complete", "func f() {": "incomplete", "} x": "invalid"} {
		r = c.reply(c.shellCh, c.send(c.shell, "is_complete_request", map[string]any{"code": code}))
		if got := content(r)["status"]; got != want {
			t.Errorf("is_complete(%q) = %v, want %s", code, got, want)
		}
	}
}

func TestCommsAndUnknownMessages(t *testing.T) {
	c := connect(t, startKernel(t, kernelOpts{}))
	r := c.reply(c.shellCh, c.send(c.shell, "comm_info_request", map[string]any{}))
	if rc := content(r); rc["status"] != "ok" || len(rc["comms"].(map[string]any)) != 0 {
		t.Errorf("comm_info_reply = %v", rc)
	}
	id := c.send(c.shell, "comm_open", map[string]any{"comm_id": "c1", "target_name": "jupyter.widget", "data": map[string]any{}})
	io := c.iopubFor(id)
	cl := find(io, "comm_close")
	if cl == nil || content(cl)["comm_id"] != "c1" {
		t.Errorf("comm_open answered with %v", types(io))
	}
	id = c.send(c.shell, "no_such_request", map[string]any{})
	if got := types(c.iopubFor(id)); !reflect.DeepEqual(got, []string{"status:busy", "status:idle"}) {
		t.Errorf("unknown request iopub = %v", got)
	}
	// Malformed content gets an error reply, not a crash.
	id = c.send(c.shell, "complete_request", map[string]any{"code": 5})
	if rc := content(c.reply(c.shellCh, id)); rc["status"] != "error" {
		t.Errorf("bad complete_request reply = %v", rc)
	}
}

func TestHistoryAndShutdownRestart(t *testing.T) {
	path := historyFile(t)
	tk := startKernel(t, kernelOpts{historyPath: path})
	c := connect(t, tk)
	for _, code := range []string{"value 1", "value 6*7", "set a b", "value 6*7"} {
		c.execute(code)
	}
	hist := func(c *client, req map[string]any) [][]any {
		t.Helper()
		r := c.reply(c.shellCh, c.send(c.shell, "history_request", req))
		var out struct {
			Status  string  `json:"status"`
			History [][]any `json:"history"`
		}
		json.Unmarshal(r.Content, &out)
		if out.Status != "ok" {
			t.Fatalf("history reply %s", r.Content)
		}
		return out.History
	}
	tail := hist(c, map[string]any{"output": false, "raw": true, "hist_access_type": "tail", "n": 2})
	if fmt.Sprint(tail) != "[[1 3 set a b] [1 4 value 6*7]]" {
		t.Errorf("tail = %v", tail)
	}
	tail = hist(c, map[string]any{"output": true, "raw": true, "hist_access_type": "tail", "n": 1})
	if fmt.Sprint(tail) != "[[1 4 [value 6*7 6*7]]]" {
		t.Errorf("tail with output = %v", tail)
	}
	rng := hist(c, map[string]any{"output": false, "raw": true, "hist_access_type": "range", "session": 1, "start": 2, "stop": 3})
	if fmt.Sprint(rng) != "[[1 2 value 6*7]]" {
		t.Errorf("range = %v", rng)
	}
	s := hist(c, map[string]any{"output": false, "raw": true, "hist_access_type": "search", "pattern": "value 6*", "unique": true})
	if fmt.Sprint(s) != "[[1 4 value 6*7]]" {
		t.Errorf("unique search = %v", s)
	}
	s = hist(c, map[string]any{"output": false, "raw": true, "hist_access_type": "search", "pattern": "value*", "n": 2})
	if len(s) != 2 {
		t.Errorf("search n=2 = %v", s)
	}

	// Shutdown with restart: the reply, then the kernel process's Run returns.
	id := c.send(c.control, "shutdown_request", map[string]any{"restart": true})
	r := c.reply(c.controlCh, id)
	if rc := content(r); rc["status"] != "ok" || rc["restart"] != true {
		t.Errorf("shutdown_reply = %v", rc)
	}
	select {
	case err := <-tk.done:
		if err != nil {
			t.Errorf("Run after shutdown: %v", err)
		}
		tk.done <- err
	case <-time.After(time.Minute):
		t.Fatal("kernel did not stop after shutdown_request")
	}

	// The restarted kernel (same connection file) is a new session with the old history.
	tk2 := startKernel(t, kernelOpts{historyPath: path, conn: tk.conn})
	c2 := connect(t, tk2)
	r2, _ := c2.execute("value again")
	if content(r2)["execution_count"] != 1.0 {
		t.Errorf("count after restart = %v", content(r2)["execution_count"])
	}
	tail = hist(c2, map[string]any{"output": false, "raw": true, "hist_access_type": "tail", "n": 2})
	if fmt.Sprint(tail) != "[[1 4 value 6*7] [2 1 value again]]" {
		t.Errorf("tail after restart = %v", tail)
	}
	rng = hist(c2, map[string]any{"output": false, "raw": true, "hist_access_type": "range", "session": -1, "start": 1, "stop": 2})
	if fmt.Sprint(rng) != "[[1 1 value 1]]" {
		t.Errorf("previous session range = %v", rng)
	}
}

func TestEvaluatorThatCannotStart(t *testing.T) {
	c := connect(t, startKernel(t, kernelOpts{evaluator: []string{"/nonexistent/peerbook"}}))
	r, io := c.execute("value 1")
	if rc := content(r); rc["status"] != "error" || rc["ename"] != "EvaluatorUnavailable" {
		t.Errorf("reply = %v", rc)
	}
	if find(io, "error") == nil {
		t.Errorf("iopub = %v", types(io))
	}
	id := c.send(c.control, "kernel_info_request", map[string]any{})
	if c.reply(c.controlCh, id).Header.MsgType != "kernel_info_reply" {
		t.Error("kernel stopped serving")
	}
}

func TestInterruptWhileEvaluatorStarts(t *testing.T) {
	c := connect(t, startKernel(t, kernelOpts{env: []string{fakeEnv + "_SLOW_START=2s"}}))
	id := c.send(c.shell, "execute_request", map[string]any{"code": "value 1"})
	time.Sleep(100 * time.Millisecond)
	c.reply(c.controlCh, c.send(c.control, "interrupt_request", map[string]any{}))
	r := c.reply(c.shellCh, id)
	if rc := content(r); rc["ename"] != "Interrupted" {
		t.Errorf("reply = %v", rc)
	}
	// The evaluator was not harmed: the next cell runs once it is up.
	if r, _ := c.execute("value 2"); content(r)["status"] != "ok" {
		t.Errorf("after: %v", content(r))
	}
}

func TestUsageAndDebugRequests(t *testing.T) {
	c := connect(t, startKernel(t, kernelOpts{}))
	c.execute("value 1") // the evaluator is up
	var first map[string]any
	for i := 0; i < 2; i++ {
		// A cell spins for a while so that the second reply sees the evaluator's CPU time.
		if i == 1 {
			c.awaitStream(c.send(c.shell, "execute_request", map[string]any{"code": "spin"}), "running")
			time.Sleep(350 * time.Millisecond) // CPU time to measure
		}
		r := c.reply(c.controlCh, c.send(c.control, "usage_request", map[string]any{}))
		if r.Header.MsgType != "usage_reply" {
			t.Fatalf("reply type %q", r.Header.MsgType)
		}
		u := content(r)
		for _, key := range []string{"hostname", "pid", "kernel_cpu", "kernel_memory", "cpu_count"} {
			if _, ok := u[key]; !ok {
				t.Errorf("usage_reply lacks %q: %v", key, u)
			}
		}
		if mem, _ := u["kernel_memory"].(float64); mem < 1<<20 {
			t.Errorf("kernel_memory %v: less than the kernel process alone", u["kernel_memory"])
		}
		if runtime.GOOS == "linux" {
			vm, _ := u["host_virtual_memory"].(map[string]any)
			if total, _ := vm["total"].(float64); total <= 0 {
				t.Errorf("host_virtual_memory %v", u["host_virtual_memory"])
			}
			if i == 1 {
				if cpu, _ := u["kernel_cpu"].(float64); cpu <= 0 {
					t.Errorf("kernel_cpu %v%% while a cell spun (first reply %v)", cpu, first["kernel_cpu"])
				}
				if _, ok := u["host_cpu_percent"]; !ok {
					t.Errorf("no host_cpu_percent in the second reply: %v", u)
				}
			}
		}
		first = u
	}
	c.reply(c.controlCh, c.send(c.control, "interrupt_request", map[string]any{})) // stop the spin
	r := c.reply(c.controlCh, c.send(c.control, "debug_request", map[string]any{"seq": 7, "type": "request", "command": "initialize"}))
	d := content(r)
	if r.Header.MsgType != "debug_reply" || d["success"] != false || d["request_seq"] != float64(7) || d["command"] != "initialize" {
		t.Errorf("debug_reply %s: %v", r.Header.MsgType, d)
	}
}
