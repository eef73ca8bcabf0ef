package zmtpnet

import (
	"bytes"
	"context"
	"net"
	"strconv"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/go-zeromq/zmq4"
)

// listenPub starts a Pub on a Network with lim.
func listenPub(t *testing.T, lim Limits) (*Pub, int) {
	t.Helper()
	p, err := New(lim).ListenPub(context.Background(), "tcp://127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { p.Close() })
	return p, p.Addr().(*net.TCPAddr).Port
}

// testSub is a zmq4 SUB of a Pub that counts what it receives, hellos (waitSubscribed's)
// apart.
type testSub struct {
	s      zmq4.Socket
	hellos atomic.Int64
	msgs   atomic.Int64
	bytes  atomic.Int64
	last   atomic.Value // the last message's second frame
}

func subscribe(t *testing.T, port int) *testSub {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	t.Cleanup(cancel)
	s := zmq4.NewSub(ctx)
	t.Cleanup(func() { s.Close() })
	if err := s.Dial("tcp://127.0.0.1:" + strconv.Itoa(port)); err != nil {
		t.Fatal(err)
	}
	if err := s.SetOption(zmq4.OptionSubscribe, ""); err != nil {
		t.Fatal(err)
	}
	ts := &testSub{s: s}
	go func() {
		for {
			m, err := s.Recv()
			if err != nil {
				return
			}
			if string(m.Frames[0]) == "hello" {
				ts.hellos.Add(1)
				continue
			}
			ts.msgs.Add(1)
			for _, f := range m.Frames {
				ts.bytes.Add(int64(len(f)))
			}
			if len(m.Frames) > 1 {
				ts.last.Store(string(m.Frames[1]))
			}
		}
	}()
	return ts
}

// stuckSub is a raw SUB connection that subscribes to everything and never reads.
func stuckSub(t *testing.T, port int) net.Conn {
	return dialRaw(t, port, append(append(clientGreeting("NULL"), readyCmd("SUB")...), 0, 1, 1))
}

// waitSubscribed sends hello messages until sub has one: the subscription arrived.
func waitSubscribed(t *testing.T, p *Pub, sub *testSub) {
	t.Helper()
	for deadline := time.Now().Add(10 * time.Second); sub.hellos.Load() == 0; {
		p.Send([][]byte{[]byte("hello"), []byte("-")})
		if time.Now().After(deadline) {
			t.Fatal("the subscriber never got a message")
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// TestPubSubscriberThatNeverReads: with one subscriber that never reads, output paced for
// the fastest reader still reaches a subscriber that reads, every byte of it, in order (it
// falls behind at most by what the stuck one's socket buffers take, a few MiB, before that
// one's queue fills); the stuck one's messages are dropped past its high-water mark
// (logged once), and the queues hold no more than that.
func TestPubSubscriberThatNeverReads(t *testing.T) {
	var log logSink
	lim := Limits{PubLowWater: 256 << 10, PubStall: time.Minute, Logf: log.Logf}.withDefaults()
	p, port := listenPub(t, lim)
	stuck := stuckSub(t, port)
	good := subscribe(t, port)
	waitSubscribed(t, p, good)
	for deadline := time.Now().Add(10 * time.Second); ; { // the stuck one subscribed too
		p.mu.Lock()
		n := len(p.subs)
		p.mu.Unlock()
		if n == 2 {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("%d subscribers", n)
		}
		time.Sleep(10 * time.Millisecond)
	}
	big := bytes.Repeat([]byte("o"), 64<<10)
	const n = 1024 // 64 MiB: more than the stuck one's socket buffers and queue (16 MiB)
	ctx := context.Background()
	for i := 0; i < n; i++ {
		if err := p.SendPaced(ctx, [][]byte{[]byte("stream"), []byte(strconv.Itoa(i)), big}); err != nil {
			t.Fatal(err)
		}
	}
	want := n*int64(len("stream")+len(big)) + int64(len(strings.Join(func() []string {
		var s []string
		for i := 0; i < n; i++ {
			s = append(s, strconv.Itoa(i))
		}
		return s
	}(), "")))
	for deadline := time.Now().Add(30 * time.Second); good.bytes.Load() < want; {
		if time.Now().After(deadline) {
			t.Fatalf("the reading subscriber got %d of %d bytes", good.bytes.Load(), want)
		}
		time.Sleep(10 * time.Millisecond)
	}
	if got := good.bytes.Load(); got != want || good.last.Load() != strconv.Itoa(n-1) {
		t.Errorf("the reading subscriber got %d bytes (want %d), last %v", got, want, good.last.Load())
	}
	waitLog(t, &log, "dropping the messages to "+stuck.LocalAddr().String(), 5*time.Second)
	if used := lim.sends.inUse(); used > lim.SendHWMBytes+int64(len(big))+1024 {
		t.Errorf("the queues hold %d bytes, over the high-water mark of %d", used, lim.SendHWMBytes)
	}
}

// TestPubWaitsForItsOnlyReader: paced output to one subscriber that reads loses nothing,
// however much faster it is sent than read.
func TestPubWaitsForItsOnlyReader(t *testing.T) {
	var log logSink
	lim := Limits{SendHWM: 16, SendHWMBytes: 256 << 10, PubLowWater: 64 << 10, PubStall: time.Minute, Logf: log.Logf}
	p, port := listenPub(t, lim)
	good := subscribe(t, port)
	waitSubscribed(t, p, good)
	chunk := bytes.Repeat([]byte("z"), 32<<10)
	const n = 500 // 16 MiB through a queue of 16 messages, 256 KiB
	for i := 0; i < n; i++ {
		p.SendPaced(context.Background(), [][]byte{[]byte("s"), []byte(strconv.Itoa(i)), chunk})
	}
	for deadline := time.Now().Add(30 * time.Second); good.msgs.Load() < n; {
		if time.Now().After(deadline) {
			t.Fatalf("the subscriber got %d of %d messages:\n%s", good.msgs.Load(), n, log.String())
		}
		time.Sleep(10 * time.Millisecond)
	}
	if good.last.Load() != strconv.Itoa(n-1) || log.String() != "" {
		t.Errorf("last message %v; log:\n%s", good.last.Load(), log.String())
	}
}

// TestPubStuckAlone: paced output with only a subscriber that never reads waits PubStall
// once, then the subscriber's messages are dropped and output goes on without waiting.
func TestPubStuckAlone(t *testing.T) {
	var log logSink
	lim := Limits{SendHWMBytes: 8 << 20, PubLowWater: 64 << 10, PubStall: 300 * time.Millisecond, Logf: log.Logf}
	p, port := listenPub(t, lim)
	stuck := stuckSub(t, port)
	for deadline := time.Now().Add(10 * time.Second); ; {
		p.mu.Lock()
		n := len(p.subs)
		var subscribed bool
		for s := range p.subs {
			subscribed = s.subscribed([]byte("x"))
		}
		p.mu.Unlock()
		if n == 1 && subscribed {
			break
		}
		if time.Now().After(deadline) {
			t.Fatal("the stuck subscriber never subscribed")
		}
		time.Sleep(10 * time.Millisecond)
	}
	big := bytes.Repeat([]byte("o"), 64<<10)
	done := make(chan struct{})
	go func() {
		defer close(done)
		for i := 0; i < 1024; i++ { // 64 MiB
			p.SendPaced(context.Background(), [][]byte{[]byte("x"), big})
		}
	}()
	select {
	case <-done:
	case <-time.After(60 * time.Second):
		t.Fatal("output stalled on a subscriber that never reads")
	}
	waitLog(t, &log, "dropping the messages to "+stuck.LocalAddr().String(), 5*time.Second)
	if !strings.Contains(log.String(), "unread for") {
		t.Errorf("the log does not say the subscriber read nothing:\n%s", log.String())
	}
}
