package kernel

import (
	"encoding/binary"
	"io"
	"net"
	"runtime"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/go-zeromq/zmq4"
)

// zmtpGreeting is a ZMTP 3.0 client greeting, mechanism NULL.
func zmtpGreeting() []byte {
	g := make([]byte, 64)
	g[0], g[9], g[10] = 0xff, 0x7f, 3
	copy(g[12:], "NULL")
	return g
}

// zmtpReady is a READY command for a socket of type typ.
func zmtpReady(typ string) []byte {
	body := append([]byte{5}, "READY"...)
	body = append(body, 11)
	body = append(body, "Socket-Type"...)
	body = binary.BigEndian.AppendUint32(body, uint32(len(typ)))
	body = append(body, typ...)
	return append([]byte{0x04, byte(len(body))}, body...)
}

// longHeader is a frame header with the LONG flag claiming size bytes.
func longHeader(flags byte, size uint64) []byte {
	return binary.BigEndian.AppendUint64([]byte{flags | 0x02}, size)
}

// rawConn opens a TCP connection to port and sends data.
func rawConn(t *testing.T, port int, data []byte) net.Conn {
	t.Helper()
	c, err := net.Dial("tcp", "127.0.0.1:"+strconv.Itoa(port))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { c.Close() })
	if len(data) > 0 {
		if _, err := c.Write(data); err != nil {
			t.Fatal(err)
		}
	}
	return c
}

// closedByPeer reports whether the kernel closes c within d (reading and discarding
// what it sends, its greeting and handshake).
func closedByPeer(c net.Conn, d time.Duration) bool {
	c.SetReadDeadline(time.Now().Add(d))
	_, err := io.Copy(io.Discard, c)
	return err == nil || strings.Contains(err.Error(), "reset")
}

func (tk *testKernel) ports() map[string]int {
	return map[string]int{"shell": tk.conn.ShellPort, "control": tk.conn.ControlPort,
		"stdin": tk.conn.StdinPort, "iopub": tk.conn.IOPubPort, "heartbeat": tk.conn.HBPort}
}

// TestOversizedFramesBeforeAuth sends, unauthenticated, frame headers that claim more
// than the kernel allows to each of its ports: zmq4 v0.17.0 allocates whatever a header
// claims (2^62 bytes panics in its accept goroutine and killed the kernel). The kernel
// must close those connections, say why in its log, and go on serving.
func TestOversizedFramesBeforeAuth(t *testing.T) {
	t.Setenv("PEERBOOK_MAX_MESSAGE", strconv.Itoa(1<<20))
	tk := startKernel(t, kernelOpts{key: "secret"})
	g := zmtpGreeting()
	cat := func(parts ...[]byte) []byte {
		var b []byte
		for _, p := range parts {
			b = append(b, p...)
		}
		return b
	}
	attacks := map[string]func(r []byte) []byte{
		"command of 2^62 bytes in the handshake": func(r []byte) []byte { return cat(g, longHeader(0x04, 1<<62)) },
		"command of 2^62 bytes after READY":      func(r []byte) []byte { return cat(g, r, longHeader(0x04, 1<<62)) },
		"frame of 8 GiB without a body":          func(r []byte) []byte { return cat(g, r, longHeader(0, 8<<30)) },
		"frame of 2^64-1 bytes":                  func(r []byte) []byte { return cat(g, r, longHeader(0x01, 1<<64-1)) },
		// zmq4 v0.17.0 panics on an unknown socket type.
		"READY from an unknown socket type": func(r []byte) []byte { return cat(g, zmtpReady("NOPE")) },
		// Frames under the limit, a message over it.
		"message of 3 frames of 512 KiB": func(r []byte) []byte {
			return cat(g, r, longHeader(0x01, 512<<10), make([]byte, 512<<10),
				longHeader(0x01, 512<<10), make([]byte, 512<<10), longHeader(0, 512<<10))
		},
	}
	for name, attack := range attacks {
		for port, p := range tk.ports() {
			ready := zmtpReady("DEALER")
			if port == "iopub" {
				ready = zmtpReady("SUB")
			}
			c := rawConn(t, p, attack(ready))
			if !closedByPeer(c, 5*time.Second) {
				t.Errorf("%s on %s: the connection stays open", name, port)
			}
		}
	}
	if !strings.Contains(tk.logBuf.String(), "over the limit") {
		t.Errorf("refusals not logged:\n%s", tk.logBuf.String())
	}
	// The kernel lives and serves, and a message under the limit still arrives whole.
	c := connect(t, tk)
	big := strings.Repeat("x", 700<<10)
	r, io := c.execute("print " + big)
	if content(r)["status"] != "ok" {
		t.Fatalf("reply = %v", content(r))
	}
	var got string
	for _, m := range io {
		if m.Header.MsgType == "stream" {
			got += content(m)["text"].(string)
		}
	}
	if got != big+"\n" {
		t.Errorf("stream of %d bytes, want %d", len(got), len(big)+1)
	}
}

// TestOversizedSignedMessage: a signed execute_request over the limit is never read into
// memory, and its sender gets an error reply (and an error on IOPub) that names the limit
// and how to raise it; the connection and the kernel go on. Refused mid-message (a large
// buffer after the signed frames), the part already passed on must not run either.
func TestOversizedSignedMessage(t *testing.T) {
	t.Setenv("PEERBOOK_MAX_MESSAGE", strconv.Itoa(1<<20))
	tk := startKernel(t, kernelOpts{key: "secret"})
	c := connect(t, tk)
	exec := func(code string) map[string]any {
		return map[string]any{"code": code, "silent": false, "store_history": true, "user_expressions": map[string]any{}, "allow_stdin": false}
	}
	check := func(id string, frames [][]byte) {
		t.Helper()
		runtime.GC()
		var before, after runtime.MemStats
		runtime.ReadMemStats(&before)
		c.sendFrames(c.shell, frames)
		r := c.reply(c.shellCh, id)
		runtime.ReadMemStats(&after)
		rc := content(r)
		if r.Header.MsgType != "execute_reply" || rc["status"] != "error" || rc["ename"] != "MessageTooLarge" {
			t.Fatalf("reply %s %v", r.Header.MsgType, rc)
		}
		evalue, _ := rc["evalue"].(string)
		if !strings.Contains(evalue, "limit of 1048576 bytes") || !strings.Contains(evalue, "PEERBOOK_MAX_MESSAGE") {
			t.Errorf("evalue does not name the limit and how to raise it: %q", evalue)
		}
		if _, ok := rc["execution_count"].(float64); !ok {
			t.Errorf("no execution_count: %v", rc)
		}
		io := c.iopubFor(id)
		if e := find(io, "error"); e == nil || content(e)["ename"] != "MessageTooLarge" {
			t.Errorf("iopub = %v, want an error", types(io))
		}
		if alloc := after.TotalAlloc - before.TotalAlloc; alloc > 16<<20 {
			t.Errorf("the kernel and client allocated %d MiB for a refused message", alloc>>20)
		}
	}
	// 32 MiB of code: the signed content is over the limit.
	id, frames := c.message("execute_request", exec("set big "+strings.Repeat("y", 32<<20)))
	check(id, frames)
	// A small request with a 4 MiB buffer: refused after the signed frames passed.
	id, frames = c.message("execute_request", exec("set cut 1"))
	check(id, append(frames, make([]byte, 4<<20)))
	// Replayed, as it was or with other (unsigned) buffers: refused as a duplicate.
	c.sendFrames(c.shell, append(frames, make([]byte, 4<<20)))
	c.sendFrames(c.shell, append(frames, make([]byte, 5<<20)))
	select {
	case m := <-c.shellCh:
		t.Fatalf("a replayed oversized request was answered: %s %v", m.Header.MsgType, content(m))
	case <-time.After(time.Second):
	}
	if log := tk.logBuf.String(); !strings.Contains(log, "dropped a refused execute_request") || !strings.Contains(log, "duplicate signature") {
		t.Errorf("the replays are not logged as such:\n%s", log)
	}
	if !strings.Contains(tk.logBuf.String(), "told its sender why") {
		t.Errorf("the answer is not logged:\n%s", tk.logBuf.String())
	}
	// The same connection goes on; neither request ran.
	for _, name := range []string{"big", "cut"} {
		if r, _ := c.execute("get " + name); content(r)["ename"] != "NotFound" {
			t.Errorf("the oversized cell %q ran: %v", name, content(r))
		}
	}
	if r, _ := c.execute("value 7"); content(r)["status"] != "ok" {
		t.Errorf("after: %v", content(r))
	}
	// On control too: a request there gets its own reply type.
	id, frames = c.message("kernel_info_request", map[string]any{"pad": strings.Repeat("p", 2<<20)})
	c.sendFrames(c.control, frames)
	if r := c.reply(c.controlCh, id); r.Header.MsgType != "kernel_info_reply" || content(r)["ename"] != "MessageTooLarge" {
		t.Errorf("control reply %s %v", r.Header.MsgType, content(r))
	}
}

// TestOversizedInputReply: an answer to an input request over the limit is not read; the
// cell's input fails with an error that names the limit, instead of waiting forever.
func TestOversizedInputReply(t *testing.T) {
	t.Setenv("PEERBOOK_MAX_MESSAGE", strconv.Itoa(1<<20))
	c := connect(t, startKernel(t, kernelOpts{key: "secret"}))
	id := c.send(c.shell, "execute_request", map[string]any{"code": "input name: ", "allow_stdin": true})
	if req := c.reply(c.stdinCh, id); req.Header.MsgType != "input_request" {
		t.Fatalf("%s", req.Header.MsgType)
	}
	c.send(c.stdin, "input_reply", map[string]any{"value": strings.Repeat("v", 2<<20)})
	r := c.reply(c.shellCh, id)
	if ev, _ := content(r)["evalue"].(string); content(r)["ename"] != "InputError" || !strings.Contains(ev, "MessageTooLarge") || !strings.Contains(ev, "limit of 1048576 bytes") {
		t.Errorf("reply %v", content(r))
	}
}

// TestOversizedForgedMessage: an oversized message without a valid signature gets nothing
// (its connection is closed, the log says why) and runs nothing; the kernel goes on.
func TestOversizedForgedMessage(t *testing.T) {
	t.Setenv("PEERBOOK_MAX_MESSAGE", strconv.Itoa(1<<20))
	tk := startKernel(t, kernelOpts{key: "secret"})
	for _, key := range []string{"guess", ""} {
		forger := connect(t, tk)
		forger.signer = mustSigner(t, key)
		id, frames := forger.message("execute_request", map[string]any{"code": "set forged " + strings.Repeat("f", 2<<20),
			"silent": false, "store_history": true, "user_expressions": map[string]any{}, "allow_stdin": false})
		forger.shell.Send(zmq4.NewMsgFrom(frames...)) // may fail: the kernel closes the connection
		select {
		case m := <-forger.shellCh:
			if parentID(m) == id {
				t.Fatalf("key %q: a forged oversized message was answered: %s", key, m.Header.MsgType)
			}
		case <-time.After(time.Second):
		}
	}
	log := tk.logBuf.String()
	for _, want := range []string{"not answered: signature does not match", "not answered: missing signature", "PEERBOOK_MAX_MESSAGE"} {
		if !strings.Contains(log, want) {
			t.Errorf("the log does not say %q:\n%s", want, log)
		}
	}
	c := connect(t, tk)
	if r, _ := c.execute("get forged"); content(r)["ename"] != "NotFound" {
		t.Errorf("the forged cell ran: %v", content(r))
	}
}

// TestReceiveBudget: many connections each sending a message up to the limit at once hold
// at most the receive budget between them (zmq4 allocates a frame's body at its header:
// without it, 16 connections made the kernel allocate 16 times the limit); the others
// wait, logged; and a client's small requests are still served while they stall.
func TestReceiveBudget(t *testing.T) {
	const max = 4 << 20
	t.Setenv("PEERBOOK_MAX_MESSAGE", strconv.Itoa(max))
	t.Setenv("PEERBOOK_RECEIVE_BUDGET", strconv.Itoa(2*max))
	tk := startKernel(t, kernelOpts{key: "secret"})
	c := connect(t, tk)
	body := make([]byte, 1<<20)
	start := append(append(zmtpGreeting(), zmtpReady("DEALER")...), longHeader(0, max-128)...)
	runtime.GC()
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	for i := 0; i < 16; i++ {
		conn := rawConn(t, tk.conn.ShellPort, start)
		go conn.Write(body) // a quarter of the frame, then nothing
	}
	for deadline := time.Now().Add(10 * time.Second); strings.Count(tk.logBuf.String(), "waits for room") < 14; {
		if time.Now().After(deadline) {
			t.Fatalf("%d waits logged, want 14:\n%s", strings.Count(tk.logBuf.String(), "waits for room"), tk.logBuf.String())
		}
		time.Sleep(10 * time.Millisecond)
	}
	if r, _ := c.execute("value 1"); content(r)["status"] != "ok" {
		t.Errorf("a client is not served while the budget is full: %v", content(r))
	}
	runtime.ReadMemStats(&after)
	if alloc := after.TotalAlloc - before.TotalAlloc; alloc > 3*max+8<<20 {
		t.Errorf("allocated %d MiB while 16 connections sent %d MiB frames (budget %d MiB)", alloc>>20, max>>20, 2*max>>20)
	}
}

// TestIdleConnectionsDoNotBlockPorts keeps, on every port, one connection that sends
// nothing and one that sent 10 bytes of a greeting, while a real client connects and
// gets replies and IOPub output: zmq4 runs the handshake in its accept loop, with no
// deadline, so one such peer held up every later client.
func TestIdleConnectionsDoNotBlockPorts(t *testing.T) {
	tk := startKernel(t, kernelOpts{key: "secret"})
	for _, p := range tk.ports() {
		rawConn(t, p, nil)
		rawConn(t, p, zmtpGreeting()[:10])
	}
	time.Sleep(100 * time.Millisecond) // let the kernel accept them first
	// A blocked accept blocks the client's dial too: fail instead of hanging.
	watchdog := time.AfterFunc(30*time.Second, func() {
		panic("no client served within 30 s while idle connections are open: the ports' accept is blocked")
	})
	defer watchdog.Stop()
	c := connect(t, tk)
	r, io := c.execute("print hello")
	if content(r)["status"] != "ok" {
		t.Fatalf("reply = %v", content(r))
	}
	if got := types(io); !strings.Contains(strings.Join(got, " "), "stream") {
		t.Errorf("iopub = %v", got)
	}
	id := c.send(c.control, "kernel_info_request", map[string]any{})
	c.reply(c.controlCh, id)
}

// TestReplayedRequestRunsOnce sends one signed execute_request three times: it must run
// once, the copies dropped and logged, as ipykernel refuses duplicate signatures.
func TestReplayedRequestRunsOnce(t *testing.T) {
	tk := startKernel(t, kernelOpts{key: "secret"})
	c := connect(t, tk)
	dropped := tk.k.dropped.Load()
	id, frames := c.message("execute_request", map[string]any{"code": "print once",
		"silent": false, "store_history": true, "user_expressions": map[string]any{}, "allow_stdin": false})
	for i := 0; i < 3; i++ {
		c.sendFrames(c.shell, frames)
	}
	replies, streams := 0, 0
	timeout := time.After(10 * time.Second)
	extended := false
	for settled := false; !settled; {
		select {
		case m := <-c.shellCh:
			if parentID(m) == id {
				replies++
			}
		case m := <-c.controlCh:
			if parentID(m) == id {
				replies++
			}
		case m := <-c.iopubCh:
			if parentID(m) == id && m.Header.MsgType == "stream" {
				streams++
			}
		case <-timeout:
			settled = true
		}
		if replies == 1 && streams == 1 && !extended {
			extended = true
			// Leave the copies a moment to show up.
			timeout = time.After(500 * time.Millisecond)
		}
	}
	if replies != 1 || streams != 1 {
		t.Errorf("%d replies and %d outputs for one request sent 3 times, want 1 and 1; log:\n%s", replies, streams, tk.logBuf.String())
	}
	// The same frames on control: refused too (one history for the kernel's sockets).
	c.sendFrames(c.control, frames)
	select {
	case m := <-c.controlCh:
		t.Errorf("a replay on control was answered: %s", m.Header.MsgType)
	case <-time.After(300 * time.Millisecond):
	}
	if got := tk.k.dropped.Load() - dropped; got != 3 {
		t.Errorf("dropped %d, want 3", got)
	}
	if !strings.Contains(tk.logBuf.String(), "duplicate signature") {
		t.Errorf("replays not logged:\n%s", tk.logBuf.String())
	}
	// A new message is served.
	if r, _ := c.execute("value 1"); content(r)["status"] != "ok" {
		t.Errorf("reply = %v", content(r))
	}
}
