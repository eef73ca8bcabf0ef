package kernel

import (
	"bytes"
	"strings"
	"testing"
	"time"

	"github.com/peerbook/peerbook/kernel/internal/wire"
)

// TestHeaderOfTheWrongTypes: a request whose header has a number where the spec has a
// string (date, msg_id) is answered with a BadRequest error reply naming the fields, on
// shell and on control, instead of being dropped while its sender waits; the cell does not
// run. A header without a string msg_type can't be answered and is dropped.
func TestHeaderOfTheWrongTypes(t *testing.T) {
	tk := startKernel(t, kernelOpts{key: "secret"})
	c := connect(t, tk)
	send := func(ch chan *wire.Message, sock string, header, content string) *wire.Message {
		t.Helper()
		frames := wire.Frames(c.signer, nil, []byte(header), []byte("{}"), []byte("{}"), []byte(content), nil)
		s := c.shell
		if sock == "control" {
			s = c.control
		}
		c.sendFrames(s, frames)
		timeout := time.After(10 * time.Second)
		for {
			select {
			case m := <-ch:
				if bytes.Equal(m.ParentHeader, []byte(header)) {
					return m
				}
			case <-timeout:
				t.Fatalf("no reply to %s", header)
				return nil
			}
		}
	}
	h := `{"msg_id":12345,"session":"s","username":"u","date":1700000000,"msg_type":"execute_request","version":"5.3"}`
	r := send(c.shellCh, "shell", h, `{"code":"set ran yes","silent":false}`)
	rc := content(r)
	if r.Header.MsgType != "execute_reply" || rc["status"] != "error" || rc["ename"] != "BadRequest" ||
		!strings.Contains(rc["evalue"].(string), "msg_id is a number, date is a number") {
		t.Errorf("reply %s %v", r.Header.MsgType, rc)
	}
	h = `{"msg_id":"k1","session":"s","username":["u"],"date":"2024-01-01T00:00:00Z","msg_type":"kernel_info_request","version":"5.3"}`
	r = send(c.controlCh, "control", h, `{}`)
	if r.Header.MsgType != "kernel_info_reply" || content(r)["ename"] != "BadRequest" || !strings.Contains(content(r)["evalue"].(string), "username is an array") {
		t.Errorf("control reply %s %v", r.Header.MsgType, content(r))
	}
	if r, _ := c.execute("get ran"); content(r)["status"] != "error" {
		t.Errorf("the request with a bad header ran: %v", content(r))
	}
	// msg_type not a string: dropped (logged), the kernel goes on.
	dropped := tk.k.dropped.Load()
	c.sendFrames(c.shell, wire.Frames(c.signer, nil, []byte(`{"msg_id":"x","msg_type":7}`), []byte("{}"), []byte("{}"), []byte("{}"), nil))
	if r, _ := c.execute("value 1"); content(r)["status"] != "ok" || tk.k.dropped.Load() != dropped+1 {
		t.Errorf("after a header with a numeric msg_type: %v, %d dropped", content(r), tk.k.dropped.Load()-dropped)
	}
}

// TestLogLinesAreCut: a megabyte where the msg_type belongs is logged as a line of at most
// a few KiB, which says how much it cut.
func TestLogLinesAreCut(t *testing.T) {
	tk := startKernel(t, kernelOpts{key: "secret"})
	c := connect(t, tk)
	huge := strings.Repeat("m", 1<<20)
	c.send(c.shell, huge, map[string]any{})
	if r, _ := c.execute("value 1"); content(r)["status"] != "ok" {
		t.Fatalf("after the huge msg_type: %v", content(r))
	}
	waitFor(t, tk.logBuf.String, "bytes of this line cut")
	for _, line := range strings.Split(tk.logBuf.String(), "\n") {
		if len(line) > 5000 {
			t.Errorf("a log line of %d bytes", len(line))
		}
	}
}
