package zmtpnet

import (
	"fmt"
	"net"
	"sync"
	"sync/atomic"
	"syscall"
	"time"
)

// Outgoing messages of a listening-side connection go through a queue of their own, which
// a goroutine of the connection writes out: a Write (zmq4's, for a ROUTER) or Pub.Send
// never waits for the peer to read. This is libzmq's pipe per peer, which zmq4 v0.17.0
// lacks (its ROUTER writes to the peer in the sender's goroutine, under a lock shared by
// all peers, and its PUB writes to its subscribers one after the other from one
// goroutine: one peer that stops reading stalls every other one).
//
// A queue takes a message while it holds fewer than Limits.SendHWM messages and
// Limits.SendHWMBytes bytes (so it holds at most one message more). Past that, as libzmq does past
// ZMQ_SNDHWM for a PUB and for a ROUTER, the connection's messages are dropped, whole,
// until its queue has drained empty; the first such spell of a connection is logged. The queues of
// all the connections of a Network hold at most Limits.SendBudget bytes: a message that
// would go over it closes the connection whose queue holds the most (the peer that has read
// least), which gives its bytes back.

// sendQueue is the queue of one connection.
type sendQueue struct {
	mu       sync.Mutex
	msgs     [][]byte // whole messages (or commands) not yet given to the writer
	n        int      // messages queued or being written
	bytes    atomic.Int64
	dropping bool // past the high-water mark: drop until the queue is empty
	dropped  uint64
	spells   int // times dropping started (only the first is logged)
	closed   bool
	wake     chan struct{} // the writer has work (capacity 1)
	idle     chan struct{} // closed (and replaced) each time the queue becomes empty
	onDrain  func(bytes int64)
	raw      syscall.RawConn // the socket, for unsentBytes; nil when not one
}

// queued reports whether the connection's writes go through a queue.
func (c *Conn) queued() bool { return c.q != nil }

// startQueue switches the connection to queued writes and starts its writer.
func (c *Conn) startQueue() {
	c.q = &sendQueue{wake: make(chan struct{}, 1), idle: make(chan struct{})}
	if sc, ok := c.Conn.(syscall.Conn); ok {
		c.q.raw, _ = sc.SyscallConn()
	}
	c.lim.sends.add(c)
	go c.writer()
}

// QueuedBytes is how many bytes the connection's send queue holds (messages waiting, and
// the ones being written); 0 for a connection without one.
func (c *Conn) QueuedBytes() int64 {
	if c.q == nil {
		return 0
	}
	return c.q.bytes.Load()
}

// lag is what the peer has not taken yet: the queue's bytes and those the socket has not
// had acknowledged. The socket's share matters to a Pub's pacing: a peer that never reads
// takes megabytes into the socket's buffers before its queue grows.
func (c *Conn) lag() int64 {
	if c.q == nil {
		return 0
	}
	return c.q.bytes.Load() + unsentBytes(c.q.raw)
}

// Dropping reports whether the connection's messages are being dropped: its queue went
// past the high-water mark and has not drained since.
func (c *Conn) Dropping() bool {
	if c.q == nil {
		return false
	}
	c.q.mu.Lock()
	defer c.q.mu.Unlock()
	return c.q.dropping
}

// Dropped is how many messages the connection dropped, past its high-water mark.
func (c *Conn) Dropped() uint64 {
	if c.q == nil {
		return 0
	}
	c.q.mu.Lock()
	defer c.q.mu.Unlock()
	return c.q.dropped
}

// dropFromNow makes the connection drop its messages until its queue is empty, as past the
// high-water mark (a Pub whose subscriber read nothing while the publisher waited for it),
// or, when it is empty, until the socket has nothing unacknowledged.
func (c *Conn) dropFromNow(why string) {
	q := c.q
	q.mu.Lock()
	start := !q.dropping && !q.closed
	if start {
		q.dropping = true
		q.spells++
	}
	first := q.spells == 1
	q.mu.Unlock()
	if start && first {
		c.lim.logDropping(c.Conn.RemoteAddr().String(), why)
	}
}

// enqueue queues msg, which must not change afterwards, or drops it. It reports whether
// the message was queued.
func (c *Conn) enqueue(msg []byte) bool {
	q := c.q
	size := int64(len(msg))
	q.mu.Lock()
	if q.closed {
		q.mu.Unlock()
		return false
	}
	if !q.dropping && q.n > 0 && (q.n >= c.lim.SendHWM || q.bytes.Load() >= c.lim.SendHWMBytes) {
		q.dropping = true
		q.dropped++
		q.spells++
		first := q.spells == 1
		q.mu.Unlock()
		if !first {
			return false
		}
		c.lim.logDropping(c.Conn.RemoteAddr().String(), fmt.Sprintf("%d messages of %d bytes are waiting for it to read (the limits are %d messages, %d bytes)",
			q.n, q.bytes.Load(), c.lim.SendHWM, c.lim.SendHWMBytes))
		return false
	}
	if q.dropping && q.n == 0 && unsentBytes(q.raw) == 0 {
		q.dropping = false // it took everything (a Pub's pacing may have set dropping with an empty queue)
	}
	if q.dropping {
		q.dropped++
		q.mu.Unlock()
		return false
	}
	q.mu.Unlock()
	// Room in the Network's budget, closing the connections that hold the most if need be.
	for {
		victim := c.lim.sends.take(c, size)
		if victim == nil {
			break
		}
		victim.closeFor(fmt.Errorf("zmtpnet: the send queues of all connections hold %d bytes, the limit (%d): closed the connection whose queue holds the most (%d bytes)",
			c.lim.sends.inUse(), c.lim.SendBudget, victim.QueuedBytes()))
		if victim == c {
			return false
		}
	}
	q.mu.Lock()
	if q.closed {
		q.mu.Unlock()
		c.lim.sends.give(size)
		return false
	}
	q.msgs = append(q.msgs, msg)
	q.n++
	q.bytes.Add(size)
	q.mu.Unlock()
	select {
	case q.wake <- struct{}{}:
	default:
	}
	return true
}

// writer writes the queue out until the connection closes.
func (c *Conn) writer() {
	q := c.q
	for {
		select {
		case <-q.wake:
		case <-c.closed:
			return
		}
		q.mu.Lock()
		batch := q.msgs
		q.msgs = nil
		q.mu.Unlock()
		if len(batch) == 0 {
			continue
		}
		var size int64
		for _, m := range batch {
			size += int64(len(m))
		}
		bufs := net.Buffers(batch)
		_, err := bufs.WriteTo(c.Conn)
		q.mu.Lock()
		if q.closed {
			q.mu.Unlock()
			return // closeQueue gave the bytes back
		}
		q.n -= len(batch)
		left := q.bytes.Add(-size)
		if q.n == 0 {
			q.dropping = false
			close(q.idle)
			q.idle = make(chan struct{})
		}
		onDrain := q.onDrain
		q.mu.Unlock()
		c.lim.sends.give(size)
		if err != nil {
			c.closeFor(fmt.Errorf("zmtpnet: write: %w", err))
			return
		}
		if onDrain != nil {
			onDrain(left)
		}
	}
}

// closeQueue drops what the queue holds and gives its bytes back (Close calls it).
func (c *Conn) closeQueue() {
	q := c.q
	if q == nil {
		return
	}
	q.mu.Lock()
	if q.closed {
		q.mu.Unlock()
		return
	}
	q.closed = true
	q.msgs = nil
	size := q.bytes.Swap(0)
	q.n = 0
	close(q.idle)
	q.mu.Unlock()
	c.lim.sends.give(size)
	c.lim.sends.remove(c)
}

// closeFor closes the connection for err, with a log line (unless it is closed already).
func (c *Conn) closeFor(err error) {
	select {
	case <-c.closed:
		return
	default:
	}
	c.Close()
	c.lim.logRefused(c.Conn.RemoteAddr().String(), err)
}

// flushed returns a channel closed once the queue is empty (at once when it is, or when
// the connection has none or is closed).
func (c *Conn) flushed() <-chan struct{} {
	q := c.q
	if q == nil {
		return closedChan
	}
	q.mu.Lock()
	defer q.mu.Unlock()
	if q.n == 0 || q.closed {
		return closedChan
	}
	return q.idle
}

var closedChan = func() chan struct{} { c := make(chan struct{}); close(c); return c }()

// sendBudget is the bytes that the send queues of a Network's connections hold, and those
// connections.
type sendBudget struct {
	limit int64

	mu    sync.Mutex
	used  int64
	conns map[*Conn]struct{}
}

func newSendBudget(limit int64) *sendBudget {
	return &sendBudget{limit: limit, conns: map[*Conn]struct{}{}}
}

func (b *sendBudget) add(c *Conn) {
	b.mu.Lock()
	b.conns[c] = struct{}{}
	b.mu.Unlock()
}

func (b *sendBudget) remove(c *Conn) {
	b.mu.Lock()
	delete(b.conns, c)
	b.mu.Unlock()
}

// take reserves n bytes for c's queue and returns nil, or, when they don't fit, the
// connection whose queue holds the most (c itself when none holds more), to be closed.
// A message that finds every other queue empty always fits.
func (b *sendBudget) take(c *Conn, n int64) *Conn {
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.used+n <= b.limit {
		b.used += n
		return nil
	}
	victim, most := c, c.QueuedBytes()
	for o := range b.conns {
		if q := o.QueuedBytes(); q > most {
			victim, most = o, q
		}
	}
	if most == 0 {
		b.used += n
		return nil
	}
	return victim
}

func (b *sendBudget) give(n int64) {
	if n == 0 {
		return
	}
	b.mu.Lock()
	b.used -= n
	b.mu.Unlock()
}

func (b *sendBudget) inUse() int64 {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.used
}

// each calls f for each connection with a queue.
func (b *sendBudget) each(f func(*Conn)) {
	b.mu.Lock()
	conns := make([]*Conn, 0, len(b.conns))
	for c := range b.conns {
		conns = append(conns, c)
	}
	b.mu.Unlock()
	for _, c := range conns {
		f(c)
	}
}

// Flush waits until the send queues of the Network's connections are empty, or d has
// passed; it reports whether they are. A kernel that shuts down calls it before closing
// its sockets, so that its last replies leave.
func (nw Network) Flush(d time.Duration) bool {
	timer := time.NewTimer(d)
	defer timer.Stop()
	ok := true
	nw.lim.sends.each(func(c *Conn) {
		if !ok {
			return
		}
		select {
		case <-c.flushed():
		case <-timer.C:
			ok = false
		}
	})
	return ok
}
