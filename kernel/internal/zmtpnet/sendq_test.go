package zmtpnet

import (
	"bytes"
	"context"
	"net"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/go-zeromq/zmq4"
)

// readyWithID is a READY command from a socket of type typ with identity id.
func readyWithID(typ, id string) []byte {
	body := append([]byte{5}, "READY"...)
	for _, kv := range [][2]string{{"Socket-Type", typ}, {"Identity", id}} {
		body = append(body, byte(len(kv[0])))
		body = append(body, kv[0]...)
		body = append(body, 0, 0, 0, byte(len(kv[1])))
		body = append(body, kv[1]...)
	}
	return append([]byte{flagCommand, byte(len(body))}, body...)
}

// waitLog waits until the log holds want (it follows the event it tells of).
func waitLog(t *testing.T, log *logSink, want string, d time.Duration) {
	t.Helper()
	for deadline := time.Now().Add(d); !strings.Contains(log.String(), want); {
		if time.Now().After(deadline) {
			t.Fatalf("the log does not say %q:\n%s", want, log.String())
		}
		time.Sleep(10 * time.Millisecond)
	}
}

// TestRouterPeerThatNeverReads: a ROUTER's replies to a peer that never reads fill that
// peer's queue, and past its high-water mark are dropped (logged once); Send never waits,
// and the replies to a peer that reads all arrive meanwhile. The queues' bytes stay within
// the limit.
func TestRouterPeerThatNeverReads(t *testing.T) {
	var log logSink
	lim := Limits{SendHWM: 1000, SendHWMBytes: 1 << 20, Logf: log.Logf}.withDefaults()
	port, router, _ := serve(t, lim)
	stuck := dialRaw(t, port, append(clientGreeting("NULL"), readyWithID("DEALER", "stuck")...))
	// The stuck peer says hello, so the ROUTER knows it; it never reads.
	stuck.Write([]byte{0, 5, 'h', 'e', 'l', 'l', 'o'})
	if m, err := router.Recv(); err != nil || string(m.Frames[0]) != "stuck" {
		t.Fatalf("router got %v, %v", m, err)
	}
	good := dealer(t, port, "good")
	gotGood := receiver(good)
	big := bytes.Repeat([]byte("x"), 64<<10)
	// 64 MiB to the stuck peer: more than its socket buffers and its queue hold.
	done := make(chan error, 1)
	go func() {
		for i := 0; i < 1024; i++ {
			if err := router.Send(zmq4.NewMsgFrom([]byte("stuck"), big)); err != nil {
				done <- err
				return
			}
		}
		done <- nil
	}()
	select {
	case err := <-done:
		if err != nil {
			t.Fatal(err)
		}
	case <-time.After(60 * time.Second):
		t.Fatal("sends to a peer that never reads blocked")
	}
	waitLog(t, &log, "dropping the messages to "+stuck.LocalAddr().String(), 5*time.Second)
	for i := 0; i < 10; i++ { // within its high-water mark
		if err := router.Send(zmq4.NewMsgFrom([]byte("good"), big, []byte(strconv.Itoa(i)))); err != nil {
			t.Fatal(err)
		}
	}
	for i := 0; i < 10; i++ {
		m, ok := recvWithin(t, gotGood, 10*time.Second)
		if !ok {
			t.Fatalf("the reading peer got %d of 10 replies", i)
		}
		if len(m) != 2 || len(m[0]) != len(big) || string(m[1]) != strconv.Itoa(i) {
			t.Fatalf("reply %d: %d frames", i, len(m))
		}
	}
	if used := lim.sends.inUse(); used > 2*lim.SendHWMBytes {
		t.Errorf("the send queues hold %d bytes, over the high-water marks of two peers (%d each)", used, lim.SendHWMBytes)
	}
	if n := strings.Count(log.String(), "dropping the messages"); n != 1 {
		t.Errorf("%d drop spells logged, want 1:\n%s", n, log.String())
	}
}

// TestRouterRefusesATwin: a second connection claiming the identity of a connected peer is
// closed (libzmq's ROUTER default), so the first peer's replies reach it alone; once the
// first peer is gone, its identity is free again.
func TestRouterRefusesATwin(t *testing.T) {
	var log logSink
	port, router, _ := serve(t, Limits{Logf: log.Logf})
	first := dealer(t, port, "session-1")
	got := receiver(first)
	roundTripFrom(t, first, router, "session-1")
	twin := dialRaw(t, port, append(clientGreeting("NULL"), readyWithID("DEALER", "session-1")...))
	if !closedWithin(twin, 5*time.Second) {
		t.Fatal("the twin is still connected")
	}
	waitLog(t, &log, `the identity "session-1" is taken`, 5*time.Second)
	if err := router.Send(zmq4.NewMsgFrom([]byte("session-1"), []byte("reply"))); err != nil {
		t.Fatal(err)
	}
	if m, ok := recvWithin(t, got, 5*time.Second); !ok || string(m[0]) != "reply" {
		t.Fatalf("the first peer got %q", m)
	}
	// Other identities, and no identity, are served.
	roundTripFrom(t, dealer(t, port, "session-2"), router, "session-2")
	first.Close()
	for deadline := time.Now().Add(10 * time.Second); ; {
		c := dialRaw(t, port, append(clientGreeting("NULL"), readyWithID("DEALER", "session-1")...))
		c.Write([]byte{0, 4, 'b', 'a', 'c', 'k'})
		if !closedWithin(c, 200*time.Millisecond) {
			break // accepted: the identity was given back when the first peer left
		}
		if time.Now().After(deadline) {
			t.Fatal("the identity of a peer that left is never free again")
		}
	}
}

// roundTripFrom sends ping from d and checks that router gets it from id.
func roundTripFrom(t *testing.T, d, router zmq4.Socket, id string) {
	t.Helper()
	if err := d.Send(zmq4.NewMsgFrom([]byte("ping"))); err != nil {
		t.Fatal(err)
	}
	m, err := router.Recv()
	if err != nil || len(m.Frames) != 2 || string(m.Frames[0]) != id {
		t.Fatalf("router got %q, %v", m.Frames, err)
	}
}

// TestConnectionCap: a port holds at most MaxConns connections; one more is closed at once
// with a log line, and once one closes another is taken.
func TestConnectionCap(t *testing.T) {
	var log logSink
	port, router, _ := serve(t, Limits{MaxConns: 8, Logf: log.Logf})
	var open []net.Conn
	for i := 0; i < 8; i++ {
		open = append(open, dialRaw(t, port, append(clientGreeting("NULL"), readyWithID("DEALER", "p"+strconv.Itoa(i))...)))
	}
	for _, c := range open {
		c.Write([]byte{0, 2, 'h', 'i'})
	}
	for range open {
		if _, err := router.Recv(); err != nil {
			t.Fatal(err)
		}
	}
	extra := dialRaw(t, port, append(clientGreeting("NULL"), readyWithID("DEALER", "extra")...))
	if !closedWithin(extra, 5*time.Second) {
		t.Fatal("a ninth connection was kept")
	}
	waitLog(t, &log, "the port has 8 connections, the limit", 5*time.Second)
	open[0].Close()
	for deadline := time.Now().Add(10 * time.Second); ; {
		c := dialRaw(t, port, append(clientGreeting("NULL"), readyWithID("DEALER", "later")...))
		if !closedWithin(c, 200*time.Millisecond) {
			break
		}
		if time.Now().After(deadline) {
			t.Fatal("no connection is taken after one of the eight closed")
		}
	}
}

// TestSendBudgetClosesTheLargestQueue: when the queues of all connections would hold more
// than SendBudget, the connection whose queue holds the most is closed.
func TestSendBudgetClosesTheLargestQueue(t *testing.T) {
	var log logSink
	lim := Limits{SendHWMBytes: 8 << 20, SendBudget: 4 << 20, Logf: log.Logf}.withDefaults()
	port, router, _ := serve(t, lim)
	stuck := dialRaw(t, port, append(append(clientGreeting("NULL"), readyWithID("DEALER", "stuck")...), 0, 2, 'h', 'i'))
	if _, err := router.Recv(); err != nil {
		t.Fatal(err)
	}
	big := bytes.Repeat([]byte("x"), 256<<10)
	for i := 0; i < 256 && !strings.Contains(log.String(), "closed the connection whose queue holds the most"); i++ {
		router.Send(zmq4.NewMsgFrom([]byte("stuck"), big))
	}
	waitLog(t, &log, "closed the connection whose queue holds the most", 5*time.Second)
	if !closedWithin(stuck, 5*time.Second) {
		t.Error("the stuck peer is still connected")
	}
	if used := lim.sends.inUse(); used > lim.SendBudget {
		t.Errorf("the queues hold %d bytes, over the budget of %d", used, lim.SendBudget)
	}
}

// TestIPCSocketIsPrivate: an ipc endpoint is a Unix socket of mode 0600 (whatever the
// umask), serves ZMTP, and is removed when the socket closes.
func TestIPCSocketIsPrivate(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "kernel-ipc-1")
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	nw := New(Limits{})
	router := zmq4.NewRouter(ctx, zmq4.WithTimeout(time.Second))
	if err := router.Listen(nw.Endpoint("ipc://" + path)); err != nil {
		t.Fatal(err)
	}
	fi, err := os.Lstat(path)
	if err != nil {
		t.Fatal(err)
	}
	if fi.Mode()&os.ModeSocket == 0 || fi.Mode().Perm() != 0o600 {
		t.Errorf("%s: mode %v, want a socket of mode 0600", path, fi.Mode())
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 1 {
		t.Errorf("the folder holds %d entries, want the socket alone", len(entries))
	}
	d := zmq4.NewDealer(ctx, zmq4.WithID(zmq4.SocketIdentity("me")))
	defer d.Close()
	if err := d.Dial("ipc://" + path); err != nil {
		t.Fatal(err)
	}
	roundTripFrom(t, d, router, "me")
	// A second socket on the same path is refused, as bind refuses it.
	other := zmq4.NewRouter(ctx)
	if err := other.Listen(nw.Endpoint("ipc://" + path)); err == nil {
		t.Error("a second listener took the path")
	}
	other.Close()
	router.Close()
	if _, err := os.Lstat(path); !os.IsNotExist(err) {
		t.Errorf("the socket is still there after Close: %v", err)
	}
}
