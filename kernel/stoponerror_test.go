package kernel

import (
	"bufio"
	"encoding/binary"
	"io"
	"net"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/peerbook/peerbook/kernel/internal/wire"
)

// zmtpFrames appends the ZMTP frames of one message to dst.
func zmtpFrames(dst []byte, frames [][]byte) []byte {
	for i, f := range frames {
		var flags byte
		if i < len(frames)-1 {
			flags = 0x01
		}
		if len(f) > 255 {
			dst = binary.BigEndian.AppendUint64(append(dst, flags|0x02), uint64(len(f)))
		} else {
			dst = append(dst, flags, byte(len(f)))
		}
		dst = append(dst, f...)
	}
	return dst
}

// readZMTP reads the next message (not a command) from r.
func readZMTP(r *bufio.Reader) ([][]byte, error) {
	var frames [][]byte
	for {
		flags, err := r.ReadByte()
		if err != nil {
			return nil, err
		}
		var size uint64
		if flags&0x02 != 0 {
			var b [8]byte
			if _, err := io.ReadFull(r, b[:]); err != nil {
				return nil, err
			}
			size = binary.BigEndian.Uint64(b[:])
		} else {
			b, err := r.ReadByte()
			if err != nil {
				return nil, err
			}
			size = uint64(b)
		}
		body := make([]byte, size)
		if _, err := io.ReadFull(r, body); err != nil {
			return nil, err
		}
		if flags&0x04 != 0 {
			continue // a command (READY)
		}
		frames = append(frames, body)
		if flags&0x01 == 0 {
			return frames, nil
		}
	}
}

// TestStopOnErrorAbortsWhatArrived: a failing cell and six more that reached the kernel
// with it (one write, as a Run All's requests reach it before the first fails) are
// answered error and six times aborted, every time, however fast the cell fails: the
// kernel's reader had not always taken them when the error came, and those it had not ran
// (0, 3, 6 of 6 aborted). What is sent after the error's reply runs.
func TestStopOnErrorAbortsWhatArrived(t *testing.T) {
	tk := startKernel(t, kernelOpts{key: "secret"})
	c := connect(t, tk)
	nc, err := net.Dial("tcp", net.JoinHostPort("127.0.0.1", strconv.Itoa(tk.conn.ShellPort)))
	if err != nil {
		t.Fatal(err)
	}
	defer nc.Close()
	nc.Write(append(zmtpGreeting(), zmtpReadyID("DEALER", "run-all")...))
	r := bufio.NewReader(nc)
	if _, err := io.ReadFull(r, make([]byte, 64)); err != nil {
		t.Fatal(err)
	}
	for round := 0; round < 20; round++ {
		var batch []byte
		var ids []string
		for _, code := range []string{"fail", "value 1", "value 1", "value 1", "value 1", "value 1", "value 1"} {
			id, frames := c.message("execute_request", map[string]any{"code": code, "silent": false, "store_history": true,
				"user_expressions": map[string]any{}, "allow_stdin": false, "stop_on_error": true})
			ids = append(ids, id)
			batch = zmtpFrames(batch, frames)
		}
		if _, err := nc.Write(batch); err != nil {
			t.Fatal(err)
		}
		status := map[string]string{}
		nc.SetReadDeadline(time.Now().Add(30 * time.Second))
		for len(status) < len(ids) {
			frames, err := readZMTP(r)
			if err != nil {
				t.Fatalf("round %d: %v", round, err)
			}
			m, err := wire.Decode(frames, c.signer)
			if err != nil {
				t.Fatal(err)
			}
			status[parentID(m)] = content(m)["status"].(string)
		}
		var got []string
		for _, id := range ids {
			got = append(got, status[id])
		}
		if strings.Join(got, " ") != "error aborted aborted aborted aborted aborted aborted" {
			t.Errorf("round %d: %v", round, got)
		}
		if r, _ := c.execute("value 2"); content(r)["status"] != "ok" {
			t.Fatalf("round %d: the cell after the replies: %v", round, content(r))
		}
	}
	if strings.Contains(tk.logBuf.String(), "stop_on_error:") {
		t.Errorf("the reader was waited for:\n%s", tk.logBuf.String())
	}
}

// rawDealer connects a raw DEALER with identity id to port and reads the kernel's
// greeting: nil when the kernel closed it instead (the identity was taken).
func rawDealer(t *testing.T, port int, id string) (net.Conn, *bufio.Reader) {
	t.Helper()
	nc, err := net.Dial("tcp", net.JoinHostPort("127.0.0.1", strconv.Itoa(port)))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { nc.Close() })
	nc.Write(append(zmtpGreeting(), zmtpReadyID("DEALER", id)...))
	r := bufio.NewReader(nc)
	nc.SetReadDeadline(time.Now().Add(10 * time.Second))
	if _, err := io.ReadFull(r, make([]byte, 64)); err != nil {
		nc.Close()
		return nil, nil
	}
	// The READY comes next, or the close of a refused twin (after the greeting).
	if _, err := r.Peek(1); err != nil {
		nc.Close()
		return nil, nil
	}
	return nc, r
}

// TestReconnectWhileBusy: a client that reconnects with the same identity while a cell
// runs (jupyter_server does, when a browser's websocket drops) gets the cell's reply on
// its new connection: the kernel frees an identity as soon as its connection closes, busy
// or not (libzmq's ROUTER kept it while ipykernel was busy, which is why ipykernel hands
// identities over; refusing twins needs this).
func TestReconnectWhileBusy(t *testing.T) {
	tk := startKernel(t, kernelOpts{key: "secret"})
	c := connect(t, tk)
	first, _ := rawDealer(t, tk.conn.ShellPort, "browser")
	if first == nil {
		t.Fatal("the first connection was refused")
	}
	id, frames := c.message("execute_request", map[string]any{"code": "fail 1500", "silent": false})
	first.Write(zmtpFrames(nil, frames))
	first.Close()
	var second net.Conn
	var r *bufio.Reader
	for deadline := time.Now().Add(10 * time.Second); second == nil; {
		if second, r = rawDealer(t, tk.conn.ShellPort, "browser"); second == nil && time.Now().After(deadline) {
			t.Fatal("the identity was never free again")
		}
	}
	second.SetReadDeadline(time.Now().Add(20 * time.Second))
	for {
		frames, err := readZMTP(r)
		if err != nil {
			t.Fatalf("no reply on the new connection: %v", err)
		}
		m, err := wire.Decode(frames, c.signer)
		if err != nil {
			t.Fatal(err)
		}
		if parentID(m) == id {
			if content(m)["ename"] != "TestError" {
				t.Errorf("reply %v", content(m))
			}
			return
		}
	}
}
