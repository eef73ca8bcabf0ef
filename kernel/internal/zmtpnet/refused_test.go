package zmtpnet

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"net"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/go-zeromq/zmq4"
)

// countTap answers a refused message whose first frame is "ok" with one frame that says
// how many frames and body bytes it saw and why it was refused; it refuses to answer
// others.
type countTap struct {
	frames  int
	bytes   uint64
	first   []byte
	refused error
	ended   int // messages ended, refused or not
}

func (t *countTap) Frame(size uint64, more bool) error {
	t.frames++
	return nil
}

func (t *countTap) Body(p []byte) {
	if t.frames == 1 && len(t.first) < 8 {
		t.first = append(t.first, p[:min(len(p), 8-len(t.first))]...)
	}
	t.bytes += uint64(len(p))
}

func (t *countTap) Refused(err error) { t.refused = err }

func (t *countTap) End() ([][]byte, error) {
	defer func() { t.frames, t.bytes, t.first, t.refused = 0, 0, nil, nil; t.ended++ }()
	if t.refused == nil {
		return nil, nil
	}
	if !bytes.HasPrefix(t.first, []byte("ok")) {
		return nil, errors.New("not ok")
	}
	var kind string
	var tl *TooLargeError
	var busy *BusyError
	switch {
	case errors.As(t.refused, &tl):
		kind = "too large"
	case errors.As(t.refused, &busy):
		kind = "busy"
	}
	return [][]byte{[]byte("answer"), fmt.Appendf(nil, "%s: %d frames, %d bytes", kind, t.frames, t.bytes)}, nil
}

func dealer(t *testing.T, port int, id string) zmq4.Socket {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	t.Cleanup(cancel)
	d := zmq4.NewDealer(ctx, zmq4.WithID(zmq4.SocketIdentity(id)))
	t.Cleanup(func() { d.Close() })
	if err := d.Dial("tcp://127.0.0.1:" + strconv.Itoa(port)); err != nil {
		t.Fatal(err)
	}
	return d
}

// receiver receives the messages of s on a channel, until s closes.
func receiver(s zmq4.Socket) <-chan [][]byte {
	ch := make(chan [][]byte, 100)
	go func() {
		for {
			m, err := s.Recv()
			if err != nil {
				return
			}
			ch <- m.Frames
		}
	}()
	return ch
}

// recvWithin receives one message from ch within d.
func recvWithin(t *testing.T, ch <-chan [][]byte, d time.Duration) ([][]byte, bool) {
	t.Helper()
	select {
	case m := <-ch:
		return m, true
	case <-time.After(d):
		return nil, false
	}
}

func strs(frames [][]byte) []string {
	var out []string
	for _, f := range frames {
		if len(f) > 80 {
			f = append(f[:80:80], "..."...)
		}
		out = append(out, string(f))
	}
	return out
}

// TestRefusedMessageIsAnswered: with a Tap, a message over the limit is read through and
// the socket gets the Tap's frames instead (after the part it had, ending in Cut, when the
// refusal comes mid-message); the connection goes on. One the Tap does not answer closes
// the connection, as without a Tap.
func TestRefusedMessageIsAnswered(t *testing.T) {
	var log logSink
	const max = 4096
	port, router, _ := serve(t, Limits{MaxMessage: max, NewTap: func() Tap { return &countTap{} }, Logf: log.Logf})
	d := dealer(t, port, "me")
	rc := receiver(router)
	huge := bytes.Repeat([]byte("h"), 3*max)
	steps := []struct {
		send [][]byte
		want [][]string // messages the router gets, without the identity
	}{
		{[][]byte{[]byte("small")}, [][]string{{"small"}}},
		// Refused at the first frame: nothing reached zmq4 before.
		{[][]byte{[]byte("ok"), huge}, [][]string{{"ok", Cut}, {"answer", "too large: 2 frames, 12290 bytes"}}},
		{[][]byte{append([]byte("ok"), huge...)}, [][]string{{"answer", "too large: 1 frames, 12290 bytes"}}},
		// Refused at the third frame: the first two reach the socket, cut.
		{[][]byte{[]byte("ok"), []byte("two"), huge, []byte("four")}, [][]string{{"ok", "two", Cut}, {"answer", "too large: 4 frames, 12297 bytes"}}},
		{[][]byte{[]byte("after")}, [][]string{{"after"}}},
	}
	for i, st := range steps {
		if err := d.Send(zmq4.NewMsgFrom(st.send...)); err != nil {
			t.Fatal(err)
		}
		for _, want := range st.want {
			got, ok := recvWithin(t, rc, 5*time.Second)
			if !ok {
				t.Fatalf("step %d: nothing received; log:\n%s", i, log.String())
			}
			if g := strs(got[1:]); strings.Join(g, "|") != strings.Join(want, "|") || string(got[0]) != "me" {
				t.Errorf("step %d: router got %q from %q, want %q", i, g, got[0], want)
			}
		}
	}
	if n := strings.Count(log.String(), "told its sender why"); n != 3 {
		t.Errorf("%d answers logged, want 3:\n%s", n, log.String())
	}
	// A message the Tap does not answer: the connection closes, and says why.
	d.Send(zmq4.NewMsgFrom([]byte("no"), huge))
	deadline := time.Now().Add(5 * time.Second)
	for !strings.Contains(log.String(), "not answered: not ok") {
		if time.Now().After(deadline) {
			t.Fatalf("unanswered message not logged:\n%s", log.String())
		}
		time.Sleep(10 * time.Millisecond)
	}
	// The part before the refused frame arrives, cut; nothing after it.
	if got, ok := recvWithin(t, rc, 2*time.Second); !ok || strings.Join(strs(got[1:]), "|") != "no|"+Cut {
		t.Errorf("router got %q, want the cut part", strs(got))
	}
	if got, ok := recvWithin(t, rc, 300*time.Millisecond); ok {
		t.Errorf("router got %q for an unanswered message", strs(got))
	}
	// Other connections are served.
	dealer(t, port, "next").Send(zmq4.NewMsgFrom([]byte("hello")))
	if got, ok := recvWithin(t, rc, 5*time.Second); !ok || string(got[0]) != "next" {
		t.Errorf("got %q", strs(got))
	}
}

// TestRefusedMessageIsNotKept: a refused message of 64 MiB is read through without being
// held: the process allocates a fraction of it.
func TestRefusedMessageIsNotKept(t *testing.T) {
	port, router, _ := serve(t, Limits{MaxMessage: 1 << 20, NewTap: func() Tap { return &countTap{} }, Logf: func(string, ...any) {}})
	roundTrip(t, port, router, "warm")
	d := dealer(t, port, "me")
	rc := receiver(router)
	huge := make([]byte, 64<<20)
	copy(huge, "ok")
	runtime.GC()
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	if err := d.Send(zmq4.NewMsgFrom(huge)); err != nil {
		t.Fatal(err)
	}
	got, ok := recvWithin(t, rc, 10*time.Second)
	if !ok || string(got[1]) != "answer" {
		t.Fatalf("got %q", strs(got))
	}
	runtime.ReadMemStats(&after)
	if alloc := after.TotalAlloc - before.TotalAlloc; alloc > 8<<20 {
		t.Errorf("allocated %d MiB while a 64 MiB message was refused", alloc>>20)
	}
}

// zeros is the body of the frames the tests send in parts.
var zeros = make([]byte, 8<<20)

// stallFrame sends, on a raw connection, the handshake and the header of a frame of size
// bytes (at most len(zeros)) and, from another goroutine, half its body.
func stallFrame(t *testing.T, port int, size int) net.Conn {
	data := append(append(clientGreeting("NULL"), readyCmd("DEALER")...), longHdr(0, uint64(size))...)
	c := dialRaw(t, port, data)
	go c.Write(zeros[:size/2])
	return c
}

// TestBudgetAcrossConnections: many connections each sending a message just under the
// limit hold at most the budget between them (zmq4 allocates a frame's body at its
// header: without the budget, 32 connections make it allocate 32 times the limit). The
// others wait, with a log line; when the first finish, the waiting ones go on; a wait
// longer than BudgetWait refuses the message.
func TestBudgetAcrossConnections(t *testing.T) {
	var log logSink
	const max = 8 << 20
	lim := Limits{MaxMessage: max, Budget: 2 * max, BudgetWait: 30 * time.Second, Logf: log.Logf}.withDefaults()
	port, router, _ := serve(t, lim)
	const conns = 32
	size := max - 2*FrameOverhead
	runtime.GC()
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	cs := make([]net.Conn, conns)
	for i := range cs {
		cs[i] = stallFrame(t, port, size)
	}
	deadline := time.Now().Add(10 * time.Second)
	for strings.Count(log.String(), "waits for room") < conns-2 {
		if time.Now().After(deadline) {
			t.Fatalf("%d waits logged, want %d:\n%s", strings.Count(log.String(), "waits for room"), conns-2, log.String())
		}
		time.Sleep(10 * time.Millisecond)
	}
	if used := lim.budget.inUse(); used > lim.Budget {
		t.Errorf("%d bytes reserved, over the budget of %d", used, lim.Budget)
	}
	runtime.ReadMemStats(&after)
	if alloc := after.TotalAlloc - before.TotalAlloc; alloc > 3*max+16<<20 {
		t.Errorf("allocated %d MiB for %d connections sending %d MiB each, budget %d MiB", alloc>>20, conns, max>>20, lim.Budget>>20)
	}
	// Send the rest: every message arrives, as the budget frees.
	rc := receiver(router)
	var wg sync.WaitGroup
	for _, c := range cs {
		wg.Add(1)
		go func() {
			defer wg.Done()
			c.Write(zeros[:size-size/2]) // after the first half: both are zeros anyway
		}()
	}
	for i := 0; i < conns; i++ {
		got, ok := recvWithin(t, rc, 20*time.Second)
		if !ok {
			t.Fatalf("%d of %d messages received; log:\n%s", i, conns, log.String())
		}
		if len(got) != 2 || len(got[1]) != size {
			t.Fatalf("message %d: %d frames", i, len(got))
		}
	}
	wg.Wait()
	for deadline := time.Now().Add(5 * time.Second); lim.budget.inUse() != 0 && time.Now().Before(deadline); {
		time.Sleep(10 * time.Millisecond) // given back at each connection's next read
	}
	if used := lim.budget.inUse(); used != 0 {
		t.Errorf("%d bytes still reserved after every message arrived", used)
	}
	for _, c := range cs {
		c.Close()
	}
}

// TestBudgetWaitEnds: while the budget is full, a small message passes at once; a larger
// one that finds no room within BudgetWait is refused: without a Tap its connection
// closes, with one the Tap answers (as "busy"); closing the connection that held the
// budget gives it back.
func TestBudgetWaitEnds(t *testing.T) {
	for _, withTap := range []bool{false, true} {
		t.Run(fmt.Sprintf("tap=%v", withTap), func(t *testing.T) {
			var log logSink
			const max = 1 << 20
			lim := Limits{MaxMessage: max, Budget: max, BudgetWait: 300 * time.Millisecond, Logf: log.Logf}
			if withTap {
				lim.NewTap = func() Tap { return &countTap{} }
			}
			lim = lim.withDefaults()
			port, router, _ := serve(t, lim)
			holder := stallFrame(t, port, max-FrameOverhead)
			rc := receiver(router)
			for deadline := time.Now().Add(5 * time.Second); lim.budget.inUse() == 0; {
				if time.Now().After(deadline) {
					t.Fatal("the first connection reserved nothing")
				}
				time.Sleep(5 * time.Millisecond)
			}
			d := dealer(t, port, "me")
			// A small message needs no room: it passes at once.
			d.Send(zmq4.NewMsgFrom([]byte("small")))
			if got, ok := recvWithin(t, rc, 5*time.Second); !ok || string(got[1]) != "small" {
				t.Fatalf("a small message was held up: %q", strs(got))
			}
			d.Send(zmq4.NewMsgFrom([]byte("ok"), make([]byte, 100<<10)))
			if withTap {
				got, ok := recvWithin(t, rc, 5*time.Second)
				if !ok || strings.Join(strs(got[1:]), "|") != "ok|"+Cut {
					t.Fatalf("got %q; log:\n%s", strs(got), log.String())
				}
				got, ok = recvWithin(t, rc, 5*time.Second)
				if !ok || strings.Join(strs(got[1:]), "|") != "answer|busy: 2 frames, 102402 bytes" {
					t.Errorf("got %q; log:\n%s", strs(got), log.String())
				}
			} else {
				deadline := time.Now().Add(5 * time.Second)
				for !strings.Contains(log.String(), "did not fit") {
					if time.Now().After(deadline) {
						t.Fatalf("no refusal logged:\n%s", log.String())
					}
					time.Sleep(10 * time.Millisecond)
				}
			}
			if !strings.Contains(log.String(), "waits for room for 102530 bytes of a message") {
				t.Errorf("the wait was not logged:\n%s", log.String())
			}
			holder.Close()
			for deadline := time.Now().Add(5 * time.Second); lim.budget.inUse() != 0; {
				if time.Now().After(deadline) {
					t.Fatalf("a closed connection kept %d bytes of the budget", lim.budget.inUse())
				}
				time.Sleep(5 * time.Millisecond)
			}
			dealer(t, port, "after").Send(zmq4.NewMsgFrom([]byte("hello")))
			if got, ok := recvWithin(t, rc, 5*time.Second); !ok || string(got[0]) != "after" {
				t.Errorf("after: got %q", strs(got))
			}
		})
	}
}

// ptrTap records where the first body bytes of each frame were read to.
type ptrTap struct {
	mu    sync.Mutex
	first bool
	ptrs  []*byte
}

func (t *ptrTap) Frame(size uint64, more bool) error { t.first = true; return nil }
func (t *ptrTap) Body(p []byte) {
	if t.first {
		t.mu.Lock()
		t.ptrs = append(t.ptrs, &p[0])
		t.mu.Unlock()
		t.first = false
	}
}
func (t *ptrTap) Refused(err error)      {}
func (t *ptrTap) End() ([][]byte, error) { return nil, nil }

// TestTapSeesTheSocketsBuffers: what a Tap is shown before a refusal is zmq4's own frame
// buffer, the one the socket delivers (wire.RefusalTap references these bytes instead of
// hashing every message; were zmq4 to read through a buffer of its own, a refused
// message's signature would not match and it would go unanswered).
func TestTapSeesTheSocketsBuffers(t *testing.T) {
	tap := &ptrTap{}
	port, router, _ := serve(t, Limits{NewTap: func() Tap { return tap }, Logf: func(string, ...any) {}})
	d := dealer(t, port, "me")
	frames := [][]byte{[]byte("one"), bytes.Repeat([]byte("2"), 100<<10), bytes.Repeat([]byte("3"), 3<<20)}
	if err := d.Send(zmq4.NewMsgFrom(frames...)); err != nil {
		t.Fatal(err)
	}
	got, ok := recvWithin(t, receiver(router), 5*time.Second)
	if !ok || len(got) != 4 {
		t.Fatalf("got %d frames", len(got))
	}
	tap.mu.Lock()
	defer tap.mu.Unlock()
	if len(tap.ptrs) != 3 {
		t.Fatalf("the tap saw %d frames", len(tap.ptrs))
	}
	for i, f := range got[1:] {
		if &f[0] != tap.ptrs[i] {
			t.Errorf("frame %d: the tap was shown bytes outside the frame the socket delivered", i)
		}
	}
}

// TestStalledMessageGivesBackTheBudget: a peer that stops halfway through a message that
// holds room in the budget is closed after Limits.Stall, giving the room back; one that
// keeps sending, however slowly, is not.
func TestStalledMessageGivesBackTheBudget(t *testing.T) {
	var log logSink
	const max = 1 << 20
	lim := Limits{MaxMessage: max, Stall: 300 * time.Millisecond, Logf: log.Logf}.withDefaults()
	port, router, _ := serve(t, lim)
	rc := receiver(router)
	stalled := stallFrame(t, port, max/2)
	slow := stallFrame(t, port, 200<<10)
	// The slow one sends the rest of its frame in pieces, 100 ms apart.
	go func() {
		rest := zeros[:(200<<10)-(100<<10)]
		for len(rest) > 0 {
			time.Sleep(100 * time.Millisecond)
			n := min(len(rest), 10<<10)
			slow.Write(rest[:n])
			rest = rest[n:]
		}
	}()
	if !closedWithin(stalled, 5*time.Second) {
		t.Fatal("the stalled peer is still connected")
	}
	for deadline := time.Now().Add(2 * time.Second); !strings.Contains(log.String(), "got no byte for 300ms"); {
		if time.Now().After(deadline) {
			t.Fatalf("the stall is not logged:\n%s", log.String())
		}
		time.Sleep(10 * time.Millisecond) // the log line follows the close
	}
	if got, ok := recvWithin(t, rc, 10*time.Second); !ok || len(got) != 2 || len(got[1]) != 200<<10 {
		t.Fatalf("the slow message: %d frames; log:\n%s", len(got), log.String())
	}
	for deadline := time.Now().Add(5 * time.Second); lim.budget.inUse() != 0; {
		if time.Now().After(deadline) {
			t.Fatalf("%d bytes of the budget still held", lim.budget.inUse())
		}
		time.Sleep(5 * time.Millisecond)
	}
}
