package zmtpnet

import (
	"bytes"
	"context"
	"fmt"
	"net"
	"sync"
	"time"

	"github.com/go-zeromq/zmq4"
	"github.com/go-zeromq/zmq4/security/null"
)

// Pub is a PUB socket (Jupyter's IOPub) on a Network, in place of zmq4's: each subscriber
// has a send queue of its own (sendq.go), so a subscriber that stops reading never holds
// up the others, and past its high-water mark its messages are dropped, as libzmq drops
// them (zmq4 v0.17.0 writes to its subscribers one after the other from one goroutine,
// behind one queue without bound: one that stops reading stalls every one, and the queue
// grows until the process runs out of memory). A message is encoded once, for all its
// subscribers.
//
// Send never waits. SendPaced, for bulk output, first waits while every subscriber the
// message goes to lags Limits.PubLowWater bytes or more behind (its queue, and on Linux
// what its socket holds unacknowledged): output then flows as fast as the fastest reader
// takes it, a slower one falls behind until its high-water mark drops its messages, and one
// that stops reading delays nobody. When every such subscriber stays at or above
// PubLowWater for Limits.PubStall, they have their messages dropped from then on (until
// their queues drain) and the message goes on.
//
// Subscriptions are ZMTP 3.0 subscription messages (a first byte 1 or 0, then the topic
// prefix), which every ZMTP 3 peer sends to a ZMTP 3.0 PUB.
type Pub struct {
	lim  Limits
	ln   net.Listener
	send sync.Mutex // one delivery at a time: every subscriber gets messages in one order

	mu      sync.Mutex
	subs    map[*subscriber]struct{}
	waiting int           // SendPaced calls waiting for a subscriber to drain
	drained chan struct{} // closed (and replaced) when one did, while some wait
	closed  chan struct{}
	once    sync.Once
}

// subscriber is one connection of a Pub.
type subscriber struct {
	c      *Conn
	mu     sync.Mutex
	topics map[string]struct{} // prefixes subscribed to
}

// ListenPub starts a Pub listening on endpoint (tcp://HOST:PORT or ipc://PATH).
func (nw Network) ListenPub(ctx context.Context, endpoint string) (*Pub, error) {
	ln, err := nw.listen(ctx, endpoint)
	if err != nil {
		return nil, err
	}
	p := &Pub{lim: nw.lim, ln: ln, subs: map[*subscriber]struct{}{}, drained: make(chan struct{}), closed: make(chan struct{})}
	go p.accept()
	return p, nil
}

// Addr is the address the Pub listens on.
func (p *Pub) Addr() net.Addr { return p.ln.Addr() }

func (p *Pub) accept() {
	for {
		nc, err := p.ln.Accept()
		if err != nil {
			return // closed
		}
		go p.serve(nc.(*Conn))
	}
}

// serve completes c's handshake and reads its subscriptions until it closes.
func (p *Pub) serve(c *Conn) {
	defer c.Close()
	zc, err := zmq4.Open(c, null.Security(), zmq4.Pub, nil, true, nil)
	if err != nil {
		c.lim.logRefused(c.Conn.RemoteAddr().String(), err)
		return
	}
	s := &subscriber{c: c, topics: map[string]struct{}{}}
	c.q.mu.Lock()
	c.q.onDrain = p.drainedTo
	c.q.mu.Unlock()
	p.mu.Lock()
	select {
	case <-p.closed:
		p.mu.Unlock()
		return
	default:
	}
	p.subs[s] = struct{}{}
	p.mu.Unlock()
	defer p.remove(s)
	for {
		msg, err := zc.RecvMsg()
		if err != nil {
			return
		}
		if msg.Type == zmq4.CmdMsg || len(msg.Frames) != 1 || len(msg.Frames[0]) == 0 {
			continue // PING (answered by zmq4), or nothing a PUB reads
		}
		f := msg.Frames[0]
		s.mu.Lock()
		switch f[0] {
		case 1:
			s.topics[string(f[1:])] = struct{}{}
		case 0:
			delete(s.topics, string(f[1:]))
		}
		s.mu.Unlock()
		p.wake()
	}
}

func (p *Pub) remove(s *subscriber) {
	p.mu.Lock()
	delete(p.subs, s)
	p.mu.Unlock()
	p.wake()
}

// drainedTo is a subscriber's onDrain: its queue holds left bytes.
func (p *Pub) drainedTo(left int64) {
	if left < p.lim.PubLowWater {
		p.wake()
	}
}

// wake makes waiting SendPaced calls look again.
func (p *Pub) wake() {
	p.mu.Lock()
	if p.waiting > 0 {
		close(p.drained)
		p.drained = make(chan struct{})
	}
	p.mu.Unlock()
}

// subscribed reports whether s takes messages of topic.
func (s *subscriber) subscribed(topic []byte) bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	for k := range s.topics {
		if bytes.HasPrefix(topic, []byte(k)) {
			return true
		}
	}
	return false
}

// Send queues the message of frames (the first is the topic) to each subscriber of its
// topic, or drops it for those past their high-water mark. It never waits.
func (p *Pub) Send(frames [][]byte) error {
	if len(frames) == 0 {
		return fmt.Errorf("zmtpnet: a message has at least one frame (the topic)")
	}
	size := 0
	for _, f := range frames {
		size += 9 + len(f)
	}
	msg := make([]byte, 0, size)
	for i, f := range frames {
		msg = appendFrame(msg, f, i < len(frames)-1)
	}
	p.send.Lock()
	defer p.send.Unlock()
	p.mu.Lock()
	defer p.mu.Unlock()
	for s := range p.subs {
		if s.subscribed(frames[0]) {
			s.c.enqueue(msg)
		}
	}
	return nil
}

// pollUnsent is how often a waiting SendPaced looks again at the subscribers' lag.
const pollUnsent = 2 * time.Millisecond

// SendPaced sends as Send does, after waiting for a subscriber of the message's topic
// that lags less than Limits.PubLowWater bytes behind (see Pub). ctx ends the wait.
func (p *Pub) SendPaced(ctx context.Context, frames [][]byte) error {
	if len(frames) > 0 {
		p.pace(ctx, frames[0])
	}
	return p.Send(frames)
}

// pace waits until a subscriber of topic that is not dropping lags less than PubLowWater
// bytes, or none is left; after PubStall, the ones that lag more drop from then on.
func (p *Pub) pace(ctx context.Context, topic []byte) {
	var timer *time.Timer
	var poll *time.Ticker
	var start time.Time
	for {
		var slow []*subscriber
		p.mu.Lock()
		free := false
		for s := range p.subs {
			if !s.subscribed(topic) || s.c.Dropping() {
				continue
			}
			if s.c.lag() < p.lim.PubLowWater {
				free = true
				break
			}
			slow = append(slow, s)
		}
		if free || len(slow) == 0 {
			p.mu.Unlock()
			return
		}
		p.waiting++
		drained := p.drained
		p.mu.Unlock()
		if timer == nil {
			timer, start = time.NewTimer(p.lim.PubStall), time.Now()
			defer timer.Stop()
			poll = time.NewTicker(pollUnsent)
			defer poll.Stop()
		}
		stalled := false
		select {
		case <-drained:
		case <-poll.C: // the sockets' unacknowledged bytes fall with no event to wait for
		case <-timer.C:
			stalled = true
		case <-ctx.Done():
		case <-p.closed:
		}
		p.mu.Lock()
		p.waiting--
		p.mu.Unlock()
		if stalled {
			for _, s := range slow {
				if n := s.c.lag(); n >= p.lim.PubLowWater {
					s.c.dropFromNow(fmt.Sprintf("it left %d bytes of messages unread for %v while output waited for it", n, time.Since(start).Round(time.Millisecond)))
				}
			}
			return
		}
		if ctx.Err() != nil {
			return
		}
		select {
		case <-p.closed:
			return
		default:
		}
	}
}

// Close stops listening and closes every subscriber's connection (what their queues hold
// is lost: Network.Flush first).
func (p *Pub) Close() error {
	p.once.Do(func() { close(p.closed) })
	err := p.ln.Close()
	p.mu.Lock()
	subs := make([]*subscriber, 0, len(p.subs))
	for s := range p.subs {
		subs = append(subs, s)
	}
	p.mu.Unlock()
	for _, s := range subs {
		s.c.Close()
	}
	return err
}
