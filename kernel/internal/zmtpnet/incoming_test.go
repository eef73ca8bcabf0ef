package zmtpnet

import (
	"bytes"
	"context"
	"encoding/binary"
	"fmt"
	"io"
	"net"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/go-zeromq/zmq4"
)

// clientGreeting is a ZMTP 3.0 greeting with mechanism mech.
func clientGreeting(mech string) []byte {
	g := make([]byte, greetingLen)
	g[0], g[9], g[10] = 0xff, 0x7f, 3
	copy(g[12:32], mech)
	return g
}

// readyCmd is a READY command from a socket of type typ.
func readyCmd(typ string) []byte {
	body := append([]byte{5}, "READY"...)
	body = append(body, 11)
	body = append(body, "Socket-Type"...)
	body = binary.BigEndian.AppendUint32(body, uint32(len(typ)))
	body = append(body, typ...)
	return append([]byte{flagCommand, byte(len(body))}, body...)
}

func longHdr(flags byte, size uint64) []byte {
	return binary.BigEndian.AppendUint64([]byte{flags | flagLong}, size)
}

// logSink collects log lines.
type logSink struct {
	mu    sync.Mutex
	lines []string
}

func (l *logSink) Logf(format string, args ...any) {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.lines = append(l.lines, fmt.Sprintf(format, args...))
}

func (l *logSink) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return strings.Join(l.lines, "\n")
}

// serve starts a ROUTER listening on a Network with lim, and a DEALER client of it.
func serve(t *testing.T, lim Limits) (port int, router, dealer zmq4.Socket) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	t.Cleanup(cancel)
	nw := New(lim)
	router = zmq4.NewRouter(ctx, zmq4.WithTimeout(time.Second))
	t.Cleanup(func() { router.Close() })
	if err := router.Listen(nw.Endpoint("tcp://127.0.0.1:0")); err != nil {
		t.Fatal(err)
	}
	return router.Addr().(*net.TCPAddr).Port, router, nil
}

// roundTrip connects a fresh DEALER to port and checks that router gets its message.
func roundTrip(t *testing.T, port int, router zmq4.Socket, id string) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	d := zmq4.NewDealer(ctx, zmq4.WithID(zmq4.SocketIdentity(id)))
	defer d.Close()
	if err := d.Dial("tcp://127.0.0.1:" + strconv.Itoa(port)); err != nil {
		t.Fatal(err)
	}
	if err := d.Send(zmq4.NewMsgFrom([]byte("ping"))); err != nil {
		t.Fatal(err)
	}
	m, err := router.Recv()
	if err != nil {
		t.Fatal(err)
	}
	if len(m.Frames) != 2 || string(m.Frames[0]) != id || string(m.Frames[1]) != "ping" {
		t.Fatalf("router got %q", m.Frames)
	}
}

func dialRaw(t *testing.T, port int, data []byte) net.Conn {
	t.Helper()
	c, err := net.Dial("tcp", "127.0.0.1:"+strconv.Itoa(port))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { c.Close() })
	c.Write(data)
	return c
}

// closedWithin reports whether the server closes c within d.
func closedWithin(c net.Conn, d time.Duration) bool {
	c.SetReadDeadline(time.Now().Add(d))
	_, err := io.Copy(io.Discard, c)
	return err == nil || strings.Contains(err.Error(), "reset")
}

// TestHandshakeDeadline: peers that send nothing, half a greeting, or a greeting and no
// READY are closed after Limits.Handshake, and never hold up other clients meanwhile.
func TestHandshakeDeadline(t *testing.T) {
	var log logSink
	port, router, _ := serve(t, Limits{Handshake: 300 * time.Millisecond, Logf: log.Logf})
	stalled := []net.Conn{
		dialRaw(t, port, nil),
		dialRaw(t, port, clientGreeting("NULL")[:10]),
		dialRaw(t, port, clientGreeting("NULL")),
	}
	roundTrip(t, port, router, "first")
	for i, c := range stalled {
		if !closedWithin(c, 3*time.Second) {
			t.Errorf("stalled peer %d still connected", i)
		}
	}
	for deadline := time.Now().Add(2 * time.Second); strings.Count(log.String(), "i/o timeout") < 3 && time.Now().Before(deadline); {
		time.Sleep(10 * time.Millisecond) // the log line follows the close
	}
	if n := strings.Count(log.String(), "i/o timeout"); n != 3 {
		t.Errorf("%d timeouts logged, want 3:\n%s", n, log.String())
	}
	roundTrip(t, port, router, "second")
}

// TestRefusedPeers: what the handshake and framing refuse closes the connection, with a
// log line that says why.
func TestRefusedPeers(t *testing.T) {
	g := clientGreeting("NULL")
	old := clientGreeting("NULL")
	old[10] = 2
	cat := func(parts ...[]byte) []byte { return bytes.Join(parts, nil) }
	for _, tc := range []struct {
		name, data, why string
	}{
		{"not ZMTP", "GET / HTTP/1.1\r\nHost: x\r\n\r\n" + strings.Repeat(" ", 64), "not a ZMTP 3 greeting"},
		{"ZMTP 2", string(old), "ZMTP version 2.0"},
		{"PLAIN", string(clientGreeting("PLAIN")), `mechanism "PLAIN"`},
		{"CURVE", string(clientGreeting("CURVE")), `mechanism "CURVE"`},
		{"message before READY", string(cat(g, []byte{0, 1, 'x'})), "before the READY"},
		{"other command", string(cat(g, []byte{flagCommand, 6, 5, 'H', 'E', 'L', 'L', 'O'})), "not READY"},
		{"huge READY", string(cat(g, longHdr(flagCommand, 1<<62))), "command frame of 4611686018427387904 bytes"},
		{"huge command", string(cat(g, readyCmd("DEALER"), longHdr(flagCommand, 1<<20))), "command frame of 1048576 bytes"},
		{"8 GiB frame", string(cat(g, readyCmd("DEALER"), longHdr(0, 8<<30))), "message of at least 8589934592 bytes, over the limit of 1024 bytes"},
		{"message over", string(cat(g, readyCmd("DEALER"), longHdr(flagMore, 600), make([]byte, 600), longHdr(0, 600))),
			"message of at least 1328 bytes"},
		{"bad flags", string(cat(g, readyCmd("DEALER"), []byte{0x80, 0})), "bad frame flags 0x80"},
		{"command inside a message", string(cat(g, readyCmd("DEALER"), []byte{flagMore, 0, flagCommand, 0})), "inside a message"},
		{"incompatible socket", string(cat(g, readyCmd("SUB"))), "incompatible socket type"},
		// zmq4 v0.17.0 panics on these two.
		{"unknown socket type", string(cat(g, readyCmd("NOPE"))), `unknown socket type "NOPE"`},
		{"metadata cut short", string(cat(g, []byte{flagCommand, 8}, []byte("\x05READY\x0bS"))), "bad READY metadata"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var log logSink
			port, router, _ := serve(t, Limits{MaxMessage: 1024, Handshake: 300 * time.Millisecond, Logf: log.Logf})
			c := dialRaw(t, port, []byte(tc.data))
			if !closedWithin(c, 3*time.Second) {
				t.Errorf("still connected")
			}
			for deadline := time.Now().Add(2 * time.Second); !strings.Contains(log.String(), tc.why) && time.Now().Before(deadline); {
				time.Sleep(10 * time.Millisecond) // the log line follows the close
			}
			if !strings.Contains(log.String(), tc.why) {
				t.Errorf("log %q does not say %q", log.String(), tc.why)
			}
			roundTrip(t, port, router, "after")
		})
	}
}

// TestMessageUnderTheLimit: a message just under the limit (frames plus FrameOverhead
// each) passes; one byte more closes the connection.
func TestMessageUnderTheLimit(t *testing.T) {
	var log logSink
	const max = 4096
	port, router, _ := serve(t, Limits{MaxMessage: max, Logf: log.Logf})
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	d := zmq4.NewDealer(ctx, zmq4.WithID(zmq4.SocketIdentity("me")))
	defer d.Close()
	if err := d.Dial("tcp://127.0.0.1:" + strconv.Itoa(port)); err != nil {
		t.Fatal(err)
	}
	// Two frames: 2*FrameOverhead + a + b == max.
	a := bytes.Repeat([]byte("a"), 1000)
	b := bytes.Repeat([]byte("b"), max-2*FrameOverhead-len(a))
	if err := d.Send(zmq4.NewMsgFrom(a, b)); err != nil {
		t.Fatal(err)
	}
	m, err := router.Recv()
	if err != nil {
		t.Fatal(err)
	}
	if len(m.Frames) != 3 || !bytes.Equal(m.Frames[2], b) {
		t.Fatalf("got %d frames", len(m.Frames))
	}
	if log.String() != "" {
		t.Errorf("logged %q", log.String())
	}
	d.Send(zmq4.NewMsgFrom(a, append(b, 'b')))
	deadline := time.Now().Add(3 * time.Second)
	for !strings.Contains(log.String(), "message of at least 4097 bytes, over the limit of 4096 bytes") {
		if time.Now().After(deadline) {
			t.Fatalf("one byte over the limit was not refused: %q", log.String())
		}
		time.Sleep(10 * time.Millisecond)
	}
}
