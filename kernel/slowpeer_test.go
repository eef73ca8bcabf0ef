package kernel

import (
	"encoding/binary"
	"fmt"
	"io"
	"net"
	"os"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/go-zeromq/zmq4"
)

// zmtpReadyID is a READY command for a socket of type typ with identity id.
func zmtpReadyID(typ, id string) []byte {
	body := append([]byte{5}, "READY"...)
	for _, kv := range [][2]string{{"Socket-Type", typ}, {"Identity", id}} {
		body = append(body, byte(len(kv[0])))
		body = append(body, kv[0]...)
		body = binary.BigEndian.AppendUint32(body, uint32(len(kv[1])))
		body = append(body, kv[1]...)
	}
	return append([]byte{0x04, byte(len(body))}, body...)
}

// stuckPeers are three peers that never read: an IOPub subscriber, a twin of a client's
// shell connection (its identity), and a heartbeat peer that keeps sending 60 KB pings.
type stuckPeers struct {
	sub, twin, hb net.Conn
}

// startStuckPeers connects them to the kernel whose ports are iopub, shell and hb; the
// twin claims the identity id.
func startStuckPeers(t *testing.T, iopub, shell, hb int, id string) *stuckPeers {
	t.Helper()
	p := &stuckPeers{
		sub:  rawConn(t, iopub, append(append(zmtpGreeting(), zmtpReady("SUB")...), 0, 1, 1)),
		twin: rawConn(t, shell, append(zmtpGreeting(), zmtpReadyID("DEALER", id)...)),
		hb:   rawConn(t, hb, append(zmtpGreeting(), zmtpReady("REQ")...)),
	}
	ping := append([]byte{0x01, 0}, longHeader(0, 60000)...)
	ping = append(ping, make([]byte, 60000)...)
	go func() {
		for i := 0; i < 2000; i++ { // 120 MB of pings, none read back
			if _, err := p.hb.Write(ping); err != nil {
				return
			}
		}
	}()
	return p
}

// waitForLog waits until the kernel's log holds want.
func waitForLog(t *testing.T, log func() string, want string, d time.Duration) {
	t.Helper()
	for deadline := time.Now().Add(d); !strings.Contains(log(), want); {
		if time.Now().After(deadline) {
			t.Fatalf("the kernel's log does not say %q:\n%s", want, tail(log(), 3000))
		}
		time.Sleep(20 * time.Millisecond)
	}
}

func tail(s string, n int) string {
	if len(s) > n {
		return "..." + s[len(s)-n:]
	}
	return s
}

// heartbeatWorks sends one ping on the client's heartbeat and waits for its echo.
func heartbeatWorks(t *testing.T, c *client) {
	t.Helper()
	done := make(chan error, 1)
	go func() {
		if err := c.hb.Send(zmq4.NewMsg([]byte("ping"))); err != nil {
			done <- err
			return
		}
		_, err := c.hb.Recv()
		done <- err
	}()
	select {
	case err := <-done:
		if err != nil {
			t.Fatalf("heartbeat: %v", err)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("no heartbeat echo within 10 s")
	}
}

// countStream runs code and counts the bytes of stdout the client receives for it, until
// status idle; it checks the heartbeat while the cell runs.
func countStream(t *testing.T, c *client, code string) (reply map[string]any, stdout int64) {
	t.Helper()
	id := c.send(c.shell, "execute_request", map[string]any{"code": code, "silent": false, "store_history": true,
		"user_expressions": map[string]any{}, "allow_stdin": false, "stop_on_error": true})
	hbChecked := false
	timeout := time.After(120 * time.Second)
	for {
		select {
		case m := <-c.iopubCh:
			if parentID(m) != id {
				continue
			}
			switch m.Header.MsgType {
			case "stream":
				if content(m)["name"] != "stdout" {
					continue
				}
				stdout += int64(len(content(m)["text"].(string)))
				if !hbChecked && stdout > 10<<20 {
					heartbeatWorks(t, c)
					hbChecked = true
				}
			case "status":
				if content(m)["execution_state"] == "idle" {
					return content(c.reply(c.shellCh, id)), stdout
				}
			}
		case <-timeout:
			t.Fatalf("no status idle within 120 s; %d bytes of stdout so far", stdout)
		}
	}
}

// TestSlowPeers: a subscriber that never reads, a twin of the client's shell connection
// and a heartbeat peer that never reads, all at once, while the client runs a cell that
// prints 100 MiB: the client receives every byte, its replies and idle, its heartbeat is
// answered; the twin is closed, the other two have their messages dropped (the kernel's log
// says so). zmq4's sockets stalled for all on any one of these.
func TestSlowPeers(t *testing.T) {
	tk := startKernel(t, kernelOpts{key: "secret"})
	c := connect(t, tk)
	stuck := startStuckPeers(t, tk.conn.IOPubPort, tk.conn.ShellPort, tk.conn.HBPort, c.session)
	if !closedByPeer(stuck.twin, 10*time.Second) {
		t.Error("the twin of the client's shell connection is still connected")
	}
	waitForLog(t, tk.logBuf.String, "is taken by the open connection", 5*time.Second)
	reply, n := countStream(t, c, "flood 100")
	if reply["status"] != "ok" || n != 100<<20 {
		t.Fatalf("reply %v, %d bytes of stdout, want %d", reply, n, 100<<20)
	}
	waitForLog(t, tk.logBuf.String, "dropping the messages to "+stuck.sub.LocalAddr().String(), 10*time.Second)
	waitForLog(t, tk.logBuf.String, "dropping the messages to "+stuck.hb.LocalAddr().String(), 60*time.Second)
	heartbeatWorks(t, c)
	if r, _ := c.execute("print after"); content(r)["status"] != "ok" {
		t.Errorf("the next cell: %v", content(r))
	}
}

// rss is a process's resident memory now (VmRSS), in bytes.
func rss(t *testing.T, pid int) int64 {
	t.Helper()
	data, err := os.ReadFile(fmt.Sprintf("/proc/%d/status", pid))
	if err != nil {
		t.Skipf("no /proc: %v", err)
	}
	for _, line := range strings.Split(string(data), "\n") {
		if rest, ok := strings.CutPrefix(line, "VmRSS:"); ok {
			kb, _ := strconv.ParseInt(strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(rest), "kB")), 10, 64)
			return kb << 10
		}
	}
	t.Fatalf("no VmRSS in /proc/%d/status", pid)
	return 0
}

// TestRealSlowPeers is TestSlowPeers against the peerbook binary, the cell a Go loop
// printing 100 MiB: the figure is the kernel process's peak resident memory (logged, and
// in the README's Reliability section; it varies with the machine, the assertions don't).
func TestRealSlowPeers(t *testing.T) {
	rk := startRealKernel(t, nil, "", "PEERBOOK_DEBUG=1")
	c := dial(t, rk.conn)
	stuck := startStuckPeers(t, rk.conn.IOPubPort, rk.conn.ShellPort, rk.conn.HBPort, c.session)
	if !closedByPeer(stuck.twin, 10*time.Second) {
		t.Error("the twin of the client's shell connection is still connected")
	}
	before := peakRSS(t, rk.cmd.Process.Pid)
	code := "import (\n\t\"fmt\"\n\t\"strings\"\n)\nline := strings.Repeat(\"x\", 1023) + \"\\n\"\nfor i := 0; i < 100*1024; i++ {\n\tfmt.Print(line)\n}"
	start := time.Now()
	reply, n := countStream(t, c, code)
	took := time.Since(start)
	if reply["status"] != "ok" || n != 100<<20 {
		t.Fatalf("reply %v, %d bytes of stdout, want %d", reply, n, 100<<20)
	}
	waitForLog(t, rk.stderr.String, "dropping the messages to "+stuck.sub.LocalAddr().String(), 10*time.Second)
	waitForLog(t, rk.stderr.String, "dropping the messages to "+stuck.hb.LocalAddr().String(), 60*time.Second)
	heartbeatWorks(t, c)
	t.Logf("100 MiB of output in %v with three stuck peers; kernel peak RSS %d MiB (%d MiB before the cell)",
		took.Round(time.Millisecond), peakRSS(t, rk.cmd.Process.Pid)>>20, before>>20)
}

// TestRealConnectionChurn opens 10,000 connections to the kernel's shell port, 1,000 at a
// time, each through the ZMTP handshake, and closes them; the kernel still answers. A
// connection the port refuses (over its limit of 1,024, while the kernel has not yet seen
// the previous round close) is opened again. The figures (logged, and in the README): the
// kernel's resident memory before, at its peak and after.
func TestRealConnectionChurn(t *testing.T) {
	rk := startRealKernel(t, nil, "")
	c := dial(t, rk.conn)
	pid := rk.cmd.Process.Pid
	before := rss(t, pid)
	hello := append(zmtpGreeting(), zmtpReady("DEALER")...)
	refused := 0
	open := func() net.Conn {
		for deadline := time.Now().Add(30 * time.Second); ; {
			nc, err := net.Dial("tcp", "127.0.0.1:"+strconv.Itoa(rk.conn.ShellPort))
			if err != nil {
				t.Fatal(err)
			}
			nc.Write(hello)
			nc.SetReadDeadline(time.Now().Add(30 * time.Second))
			if _, err := io.ReadFull(nc, make([]byte, 64)); err == nil {
				return nc // the kernel's greeting: it took the connection
			}
			nc.Close()
			refused++
			if time.Now().After(deadline) {
				t.Fatal("no connection taken for 30 s")
			}
			time.Sleep(10 * time.Millisecond)
		}
	}
	for round := 0; round < 10; round++ {
		conns := make([]net.Conn, 1000)
		for i := range conns {
			conns[i] = open()
		}
		for _, nc := range conns {
			nc.Close()
		}
	}
	peak := peakRSS(t, pid)
	if r, _ := c.execute("x := 1"); content(r)["status"] != "ok" {
		t.Fatalf("after 10,000 connections: %v", content(r))
	}
	time.Sleep(3 * time.Second) // the memory goes back a second after the last close
	after := rss(t, pid)
	t.Logf("kernel RSS %d MiB before 10,000 connections, peak %d MiB, %d MiB after they closed (%d refused and opened again)",
		before>>20, peak>>20, after>>20, refused)
}
