// Package zmtpnet gives zmq4 sockets connections that send each ZMTP message with one
// write, read through a buffer, and refuse what a peer may not send.
//
// zmq4 writes every frame of a message as two writes (size header, body): a Jupyter
// message of seven frames costs fourteen syscalls and, with TCP_NODELAY, fourteen TCP
// segments that the peer's libzmq wakes up for. The connections here parse the outgoing
// ZMTP stream (greeting, then frames) and hold the bytes of a message until its last frame
// (or a command) is complete, so a message leaves as one write, at once: no delay is added.
// Reads go through a buffer, as zmq4 reads a frame's size and body in separate small reads.
//
// The incoming stream is parsed too, before zmq4 sees it (zmq4 v0.17.0 allocates whatever
// size a frame header claims, in its accept goroutine, before any authentication):
//
//   - A listener runs each new connection's greeting and READY command in a goroutine of
//     its own under a deadline (Limits.Handshake) and hands zmq4 only the connections that
//     completed them, so a peer that sends nothing cannot hold up the port. Only ZMTP 3 with
//     the NULL mechanism is served.
//   - Each frame header is checked before zmq4 reads it: a command over MaxCommand or bad
//     flags close the connection, with one log line.
//   - A message over Limits.MaxMessage (its frames plus FrameOverhead each) never reaches
//     zmq4 whole, nor does one over SmallMessage that finds no room, within
//     Limits.BudgetWait, in the Limits.Budget of bytes all the connections of a Network are
//     receiving at once (zmq4 allocates a frame's body at its header: the budget bounds
//     what many connections sending at once make it allocate; a connection whose message
//     holds room and sends nothing for Limits.Stall is closed). Without a Tap the connection is closed. With one
//     (Limits.NewTap), the message is read through without being kept, frame by frame past
//     the Tap, and the socket receives what the Tap makes of it instead: the kernel's Tap
//     checks the message's signature as it streams past and, when it is valid, hands the
//     kernel a small signed stand-in that the kernel answers with an error reply naming the
//     limit. An answer to a message whose signature was not checked would sign text that
//     anyone chose: those get nothing, and the kernel's log names the limit.
//
// What the listening side sends goes through a send queue per connection (sendq.go), so
// that no peer that stops reading holds up the others, with libzmq's drop past a high-water
// mark; Pub (pub.go) is a PUB socket over them, for IOPub. A listener refuses a second
// connection claiming the identity of an open one, holds at most Limits.MaxConns
// connections, and (Port) tells its owner what has arrived. ipc:// endpoints are Unix
// sockets of mode 0600 (ipc.go).
package zmtpnet

import (
	"bufio"
	"context"
	"encoding/binary"
	"errors"
	"fmt"
	"net"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/go-zeromq/zmq4"
	"github.com/go-zeromq/zmq4/transport"
)

// Transport names registered with zmq4: use "tcp+coalesce://host:port" or
// "ipc+coalesce://path" where zmq4 would take tcp:// or ipc://.
const (
	TCP = "tcp+coalesce"
	IPC = "ipc+coalesce"
)

var registerOnce sync.Once

// Register registers the transports, with the default Limits, with zmq4 (once; later
// calls do nothing).
func Register() {
	registerOnce.Do(func() {
		zmq4.RegisterTransport(TCP, coalescing{transport.New("tcp"), Limits{}.withDefaults(), false})
		zmq4.RegisterTransport(IPC, coalescing{transport.New("unix"), Limits{}.withDefaults(), true})
	})
}

// Endpoint rewrites a tcp:// or ipc:// endpoint to the coalescing transport.
func Endpoint(ep string) string { return Network{tcp: TCP, ipc: IPC}.Endpoint(ep) }

// Network is a pair of coalescing transports (TCP and IPC) with limits of their own.
type Network struct {
	tcp, ipc string
	lim      Limits
}

var networks atomic.Uint64

// New registers a pair of transports with zmq4 that apply lim.
func New(lim Limits) Network {
	lim = lim.withDefaults()
	n := networks.Add(1)
	nw := Network{fmt.Sprintf("%s-%d", TCP, n), fmt.Sprintf("%s-%d", IPC, n), lim}
	zmq4.RegisterTransport(nw.tcp, coalescing{transport.New("tcp"), lim, false})
	zmq4.RegisterTransport(nw.ipc, coalescing{transport.New("unix"), lim, true})
	return nw
}

// Endpoint rewrites a tcp:// or ipc:// endpoint to the network's transports.
func (nw Network) Endpoint(ep string) string {
	switch {
	case strings.HasPrefix(ep, "tcp://"):
		return nw.tcp + ep[len("tcp"):]
	case strings.HasPrefix(ep, "ipc://"):
		return nw.ipc + ep[len("ipc"):]
	}
	return ep
}

// listen listens on a tcp:// or ipc:// endpoint with the network's limits.
func (nw Network) listen(ctx context.Context, ep string) (net.Listener, error) {
	var c coalescing
	var addr string
	switch {
	case strings.HasPrefix(ep, "tcp://"):
		c, addr = coalescing{transport.New("tcp"), nw.lim, false}, ep[len("tcp://"):]
	case strings.HasPrefix(ep, "ipc://"):
		c, addr = coalescing{transport.New("unix"), nw.lim, true}, ep[len("ipc://"):]
	default:
		return nil, fmt.Errorf("zmtpnet: endpoint %q: want tcp:// or ipc://", ep)
	}
	addr, err := c.Addr(addr)
	if err != nil {
		return nil, err
	}
	return c.Listen(ctx, addr)
}

type coalescing struct {
	base transport.Transport
	lim  Limits
	unix bool // ipc: Unix sockets, listened on through listenUnix
}

func (c coalescing) Dial(ctx context.Context, d transport.Dialer, addr string) (net.Conn, error) {
	conn, err := c.base.Dial(ctx, d, addr)
	if err != nil {
		return nil, err
	}
	nc := newConn(conn, c.lim)
	nc.in.greeting = 2
	return nc, nil
}

func (c coalescing) Listen(ctx context.Context, addr string) (net.Listener, error) {
	var l net.Listener
	var err error
	if c.unix {
		l, err = listenUnix(addr)
	} else {
		l, err = c.base.Listen(ctx, addr)
	}
	if err != nil {
		return nil, err
	}
	return newListener(l, c.lim), nil
}

func (c coalescing) Addr(ep string) (string, error) { return c.base.Addr(ep) }

// ZMTP framing.
const (
	greetingLen = 64
	flagMore    = 0x01
	flagLong    = 0x02
	flagCommand = 0x04
	// maxHeld is how much of a message is held before it is written anyway.
	maxHeld = 256 << 10
)

// Conn is a net.Conn that writes whole ZMTP messages at once and reads through a buffer,
// checking each incoming frame header against its Limits.
type Conn struct {
	net.Conn
	r   *bufio.Reader
	lim Limits
	tap Tap // nil: a refused message closes the connection

	// Read side (one reader at a time, as zmq4 reads).
	replay []byte // handshake bytes already read, or bytes made here, for zmq4 to read
	in     inbound
	watch  bool        // set live at the first read past the replay
	live   atomic.Bool // zmq4 reads past the handshake: it took the connection

	reserved  atomic.Int64 // bytes of the budget the message being received holds
	stallSet  bool         // a read deadline (Limits.Stall) is set: the message holds budget
	closed    chan struct{}
	closeOnce sync.Once

	mu   sync.Mutex
	held []byte
	skip int // bytes of zmq4's greeting still to drop: the listener sent it already
	p    parser

	q         *sendQueue // listening side: the queue the writes go through (sendq.go)
	onClose   func(*Conn)
	unclaimed atomic.Pointer[time.Timer] // closes the connection if zmq4 never reads it (see listener.handshake)

	rawIn atomic.Int64 // bytes read from the socket (see Port)
	taken atomic.Int64 // of them, those that left the read buffer
	port  *portState   // the listener's, for Port; nil on the dialing side

	peerType zmq4.SocketType // from the peer's READY (listening side)
	peerID   string          // the peer's identity, while it holds it (see listener.claim)
}

// NewConn wraps c, with the default Limits, as the dialing side.
func NewConn(c net.Conn) *Conn {
	nc := newConn(c, Limits{}.withDefaults())
	nc.in.greeting = 2
	return nc
}

// readBuffer is the size of a connection's read buffer: frame headers and small messages
// are read through it; a larger read goes to the caller's buffer directly.
const readBuffer = 4 << 10

func newConn(c net.Conn, lim Limits) *Conn {
	nc := &Conn{Conn: c, lim: lim, closed: make(chan struct{})}
	nc.r = bufio.NewReaderSize(countingReader{nc}, readBuffer)
	if lim.NewTap != nil {
		nc.tap = lim.NewTap()
	}
	return nc
}

// Close closes the connection and gives back the budget its message held, and what its
// send queue held.
func (c *Conn) Close() error {
	first := false
	c.closeOnce.Do(func() { close(c.closed); first = true })
	c.release()
	c.closeQueue()
	if t := c.unclaimed.Load(); t != nil {
		t.Stop()
	}
	err := c.Conn.Close()
	if first && c.onClose != nil {
		c.onClose(c)
	}
	return err
}

// armStall sets a read deadline Limits.Stall away while the message being received holds
// room in the budget, and clears it once it holds none.
func (c *Conn) armStall() error {
	if c.reserved.Load() > 0 {
		c.stallSet = true
		return c.Conn.SetReadDeadline(time.Now().Add(c.lim.Stall))
	}
	if c.stallSet {
		c.stallSet = false
		return c.Conn.SetReadDeadline(time.Time{})
	}
	return nil
}

// release gives back the budget the connection's message holds.
func (c *Conn) release() {
	if n := c.reserved.Swap(0); n != 0 {
		c.lim.budget.release(n)
	}
}

// reserve takes n more bytes of the budget for the current message, waiting for them up
// to Limits.BudgetWait.
func (c *Conn) reserve(n uint64) error {
	remote := c.Conn.RemoteAddr().String()
	err := c.lim.budget.acquire(int64(n), c.lim.BudgetWait, c.closed, func(inUse int64) {
		c.lim.logWait(remote, int64(n), inUse)
	})
	if err != nil {
		return err
	}
	c.reserved.Add(int64(n))
	select {
	case <-c.closed:
		c.release() // Close ran meanwhile: nothing else gives it back
		return errClosed
	default:
	}
	return nil
}

// Read reads through the buffer; a frame header over the limits (or not ZMTP) closes the
// connection and fails the read instead of reaching the caller, or with a Tap, has the
// message read through and replaced (see Tap).
func (c *Conn) Read(p []byte) (n int, err error) {
	defer c.noteTaken()
	defer func() {
		if r := recover(); r != nil {
			err = c.refuse(fmt.Errorf("zmtpnet: read: %v", r))
			n = 0
		}
	}()
	if c.in.greeting > 0 && len(c.replay) == 0 {
		// The dialing side: check the server's greeting, then (at zmq4's next read, once
		// it sent its own READY) the server's READY, before zmq4 reads them.
		read := c.readGreeting
		if c.in.greeting == 1 {
			read = c.readReady
		}
		c.in.greeting--
		if err := read(); err != nil {
			return 0, c.refuse(err)
		}
	}
	if len(c.replay) > 0 {
		n = copy(p, c.replay)
		c.replay = c.replay[n:]
		return n, nil
	}
	if c.watch {
		c.watch = false
		c.live.Store(true)
		if t := c.unclaimed.Load(); t != nil {
			t.Stop()
		}
	}
	if c.in.err != nil {
		return 0, c.in.err
	}
	if len(p) == 0 {
		return 0, nil
	}
	if c.in.pass == 0 && c.in.msg == 0 {
		// Between messages: zmq4 handed the last one to the socket.
		c.release()
	}
	if err := c.armStall(); err != nil {
		return 0, c.refuse(err)
	}
	defer func() {
		var ne net.Error
		if err != nil && c.stallSet && errors.As(err, &ne) && ne.Timeout() {
			err = c.refuse(fmt.Errorf("zmtpnet: a message holding %d bytes of the receive budget got no byte for %v: closed, to give the room back", c.reserved.Load(), c.lim.Stall))
		}
	}()
	if c.in.pass == 0 {
		if c.in.refused != nil {
			if err := c.readThrough(); err != nil {
				return 0, err
			}
			n = copy(p, c.replay)
			c.replay = c.replay[n:]
			return n, nil
		}
		if err := c.nextFrame(); err != nil {
			return 0, err
		}
		if len(c.replay) > 0 { // the refused message's first frames end with Cut
			n = copy(p, c.replay)
			c.replay = c.replay[n:]
			return n, nil
		}
		if c.in.refused != nil {
			return c.Read(p)
		}
	}
	n, err = c.r.Read(p[:min(uint64(len(p)), c.in.pass)])
	c.in.pass -= uint64(n)
	if c.in.pass == 0 && c.in.last && n > 0 {
		c.delivered()
	}
	if c.in.tapped {
		h := min(n, c.in.hdrLeft)
		c.in.hdrLeft -= h
		if n > h {
			c.tap.Body(p[h:n])
		}
		if c.in.pass == 0 && c.in.last {
			c.tap.End() // a message that was not refused: nothing to answer
		}
	}
	return n, err
}

// nextFrame checks the next frame header and lets the frame pass, or starts refusing its
// message.
func (c *Conn) nextFrame() error {
	hdr, err := c.r.Peek(2)
	if err != nil {
		return err
	}
	msgBefore := c.in.msg
	mid := msgBefore > 0 // zmq4 holds frames of this message already
	frameLen, need, herr := c.in.header(hdr, &c.lim)
	if herr == nil && need > len(hdr) {
		if hdr, err = c.r.Peek(need); err != nil {
			return err
		}
		frameLen, _, herr = c.in.header(hdr, &c.lim)
	}
	flags := hdr[0]
	cmd := flags&flagCommand != 0
	size := frameLen - uint64(need)
	if herr == nil && !cmd {
		// The message's size so far, this frame included: a message that stays small
		// never waits (see SmallMessage); past that it holds all of its bytes.
		if total := satAdd(msgBefore, size+FrameOverhead); total > SmallMessage {
			herr = c.reserve(total - uint64(c.reserved.Load()))
		}
	}
	if herr != nil {
		if !c.answerable(herr) {
			return c.refuse(herr)
		}
		c.in.refused = herr
		c.in.msg = 0
		c.tap.Refused(herr)
		if mid {
			c.replay = appendFrame(c.replay, []byte(Cut), false)
			c.delivered()
		}
		return nil
	}
	c.in.pass = frameLen
	c.in.hdrLeft = need
	c.in.tapped = c.tap != nil && !cmd
	c.in.last = flags&flagMore == 0
	if c.in.tapped {
		c.tap.Frame(size, !c.in.last)
	}
	return nil
}

// answerable reports whether the Tap may answer for a message refused for err.
func (c *Conn) answerable(err error) bool {
	if c.tap == nil {
		return false
	}
	var tl *TooLargeError
	var busy *BusyError
	return errors.As(err, &busy) || (errors.As(err, &tl) && !tl.Command)
}

// readThrough reads the rest of a refused message, from the frame header at the reader's
// position, without keeping it: its bytes go to the Tap only. The frames the Tap makes of
// it are left in c.replay; without them the connection is closed.
func (c *Conn) readThrough() error {
	why := c.in.refused
	size := uint64(0)
	fail := func(err error) error {
		return c.refuse(fmt.Errorf("%w (the message was not answered: %v; %d bytes read)", why, err, size))
	}
	for {
		hdr, err := c.r.Peek(2)
		if err != nil {
			return fail(err)
		}
		flags := hdr[0]
		if flags&^(flagMore|flagLong) != 0 {
			return fail(protoErr("bad frame flags %#x inside a message", flags))
		}
		need := 2
		if flags&flagLong != 0 {
			need = 9
		}
		if hdr, err = c.r.Peek(need); err != nil {
			return fail(err)
		}
		body := uint64(hdr[1])
		if need == 9 {
			body = binary.BigEndian.Uint64(hdr[1:9])
		}
		more := flags&flagMore != 0
		c.r.Discard(need)
		size = satAdd(size, satAdd(body, FrameOverhead))
		if err := c.tap.Frame(body, more); err != nil {
			return fail(err)
		}
		for body > 0 {
			b, err := c.r.Peek(int(min(body, uint64(c.r.Size()))))
			if len(b) == 0 {
				return fail(err)
			}
			c.tap.Body(b)
			c.r.Discard(len(b))
			c.noteTaken()
			body -= uint64(len(b))
		}
		if !more {
			break
		}
	}
	c.in.refused = nil
	frames, err := c.tap.End()
	if err != nil {
		return fail(err)
	}
	for i, f := range frames {
		c.replay = appendFrame(c.replay, f, i < len(frames)-1)
	}
	if len(frames) > 0 {
		c.delivered()
	}
	c.lim.logAnswered(c.Conn.RemoteAddr().String(), size, why)
	return nil
}

// appendFrame appends a ZMTP message frame of body to dst.
func appendFrame(dst, body []byte, more bool) []byte {
	var flags byte
	if more {
		flags = flagMore
	}
	if len(body) > 255 {
		dst = append(dst, flags|flagLong)
		dst = binary.BigEndian.AppendUint64(dst, uint64(len(body)))
	} else {
		dst = append(dst, flags, byte(len(body)))
	}
	return append(dst, body...)
}

// satAdd is a+b, or the largest uint64 when that overflows.
func satAdd(a, b uint64) uint64 {
	if s := a + b; s >= a {
		return s
	}
	return ^uint64(0)
}

// refuse closes the connection for err, logs it, and makes every later read fail.
func (c *Conn) refuse(err error) error {
	c.Close()
	if !errors.Is(err, errClosed) {
		c.lim.logRefused(c.Conn.RemoteAddr().String(), err)
	}
	c.in.err = &closedError{err}
	return c.in.err
}

// closedError is the error of every read of a connection closed for err. It is a
// net.Error, not a timeout, as zmq4 needs to see that a connection is gone: on another
// error its ROUTER stops reading the connection but keeps it in its list of peers for
// good.
type closedError struct{ err error }

func (e *closedError) Error() string   { return e.err.Error() }
func (e *closedError) Unwrap() error   { return e.err }
func (e *closedError) Timeout() bool   { return false }
func (e *closedError) Temporary() bool { return false }

// Write holds p until the message it belongs to is complete, then writes it all.
func (c *Conn) Write(p []byte) (int, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.skip > 0 {
		n := min(c.skip, len(p))
		c.skip -= n
		if n == len(p) {
			return n, nil
		}
		m, err := c.write(p[n:])
		return n + m, err
	}
	return c.write(p)
}

func (c *Conn) write(p []byte) (int, error) {
	flush := c.p.feed(p)
	if c.q != nil {
		// Held until the message is whole, then queued (or dropped) at once.
		select {
		case <-c.closed:
			return 0, net.ErrClosed
		default:
		}
		c.held = append(c.held, p...)
		if flush {
			// A copy of its exact size: the queue's bytes are what it holds.
			msg := append(make([]byte, 0, len(c.held)), c.held...)
			c.held = c.held[:0]
			if cap(c.held) > maxHeld {
				c.held = nil
			}
			c.enqueue(msg)
		}
		return len(p), nil
	}
	if !flush && len(c.held)+len(p) <= maxHeld {
		c.held = append(c.held, p...)
		return len(p), nil
	}
	if len(c.held) == 0 {
		return c.Conn.Write(p)
	}
	c.held = append(c.held, p...)
	_, err := c.Conn.Write(c.held)
	c.held = c.held[:0]
	if cap(c.held) > maxHeld {
		c.held = nil
	}
	if err != nil {
		return 0, err
	}
	return len(p), nil
}

// parser follows the outgoing ZMTP stream.
type parser struct {
	greeting int     // greeting bytes seen
	hdr      [9]byte // frame header being read
	hdrLen   int     // bytes of hdr read
	need     int     // header bytes needed (2 or 9), 0 when reading a body
	body     uint64  // body bytes still to come
	flags    byte    // of the current frame
	err      error   // the stream made no sense: write everything at once from now on
}

// feed advances over p and reports whether p ends a message (or the greeting): the held
// bytes should go out now.
func (s *parser) feed(p []byte) (flush bool) {
	if s.err != nil {
		return true
	}
	for len(p) > 0 {
		if s.greeting < greetingLen {
			n := min(greetingLen-s.greeting, len(p))
			s.greeting += n
			p = p[n:]
			flush = s.greeting == greetingLen
			continue
		}
		flush = false
		if s.body > 0 {
			n := uint64(len(p))
			if n > s.body {
				n = s.body
			}
			s.body -= n
			p = p[n:]
			if s.body == 0 {
				flush = s.frameEnds()
			}
			continue
		}
		// A frame header.
		if s.hdrLen == 0 {
			s.flags = p[0]
			if s.flags&^(flagMore|flagLong|flagCommand) != 0 {
				s.err = fmt.Errorf("zmtpnet: bad frame flags %#x", s.flags)
				return true
			}
			s.need = 2
			if s.flags&flagLong != 0 {
				s.need = 9
			}
		}
		n := min(s.need-s.hdrLen, len(p))
		copy(s.hdr[s.hdrLen:], p[:n])
		s.hdrLen += n
		p = p[n:]
		if s.hdrLen < s.need {
			continue
		}
		if s.need == 2 {
			s.body = uint64(s.hdr[1])
		} else {
			s.body = binary.BigEndian.Uint64(s.hdr[1:9])
		}
		s.hdrLen = 0
		if s.body == 0 {
			flush = s.frameEnds()
		}
	}
	return flush
}

// frameEnds reports whether the frame just completed ends a message.
func (s *parser) frameEnds() bool {
	return s.flags&flagMore == 0 || s.flags&flagCommand != 0
}
