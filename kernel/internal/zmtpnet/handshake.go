package zmtpnet

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"net"
	"sync"
	"time"

	"github.com/go-zeromq/zmq4"
)

// serverGreeting is the ZMTP 3.0 greeting the listening side sends: signature, version
// 3.0, mechanism NULL, as-server 0; byte for byte what zmq4 sends, so that zmq4's own
// greeting can be dropped when it writes it.
var serverGreeting = func() [greetingLen]byte {
	var g [greetingLen]byte
	g[0], g[9] = 0xff, 0x7f
	g[10], g[11] = 3, 0
	copy(g[12:32], "NULL")
	return g
}()

// checkGreeting checks a peer's greeting: ZMTP 3 or later, mechanism NULL.
func checkGreeting(g []byte) error {
	if g[0] != 0xff || g[9] != 0x7f {
		return protoErr("not a ZMTP 3 greeting (signature % x)", g[:10])
	}
	if g[10] < 3 {
		return protoErr("ZMTP version %d.%d, want 3.0 or later", g[10], g[11])
	}
	mech := g[12:32]
	if !bytes.Equal(bytes.TrimRight(mech, "\x00"), []byte("NULL")) {
		return protoErr("security mechanism %q, only NULL is served", bytes.TrimRight(mech, "\x00"))
	}
	if g[32] > 1 {
		return protoErr("as-server flag %#x", g[32])
	}
	return nil
}

// serverHandshake runs the listening side's part of the handshake that must come before
// zmq4 sees the connection: it sends the greeting, then reads and checks the peer's
// greeting and READY command within lim.Handshake. What it read is replayed to zmq4, which
// then runs the handshake as usual (its greeting is dropped: it was sent already).
func (c *Conn) serverHandshake() (err error) {
	defer c.noteTaken()
	if err := c.Conn.SetDeadline(time.Now().Add(c.lim.Handshake)); err != nil {
		return fmt.Errorf("zmtpnet: handshake: %w", err)
	}
	if _, err := c.Conn.Write(serverGreeting[:]); err != nil {
		return fmt.Errorf("zmtpnet: send the greeting: %w", err)
	}
	c.skip = greetingLen
	c.p.greeting = greetingLen
	if err := c.readHandshake(); err != nil {
		return err
	}
	if err := c.Conn.SetDeadline(time.Time{}); err != nil {
		return fmt.Errorf("zmtpnet: handshake: %w", err)
	}
	return nil
}

// readHandshake reads the peer's greeting and READY command into c.replay, checking
// them as zmq4 will parse them: zmq4 v0.17.0 panics on metadata cut short and on an
// unknown socket type.
func (c *Conn) readHandshake() error {
	if err := c.readGreeting(); err != nil {
		return err
	}
	return c.readReady()
}

// readGreeting reads and checks the peer's greeting into c.replay.
func (c *Conn) readGreeting() error {
	g := make([]byte, greetingLen)
	if _, err := io.ReadFull(c.r, g); err != nil {
		return fmt.Errorf("zmtpnet: read the greeting: %w", err)
	}
	if err := checkGreeting(g); err != nil {
		return err
	}
	c.replay = append(c.replay, g...)
	return nil
}

// readReady reads and checks the peer's READY command (the NULL mechanism's only
// handshake command) into c.replay.
func (c *Conn) readReady() error {
	hdr, err := c.r.Peek(2)
	if err != nil {
		return fmt.Errorf("zmtpnet: read the READY command: %w", err)
	}
	if hdr[0]&flagCommand == 0 {
		return protoErr("a message before the READY command")
	}
	frameLen, need, err := c.in.header(hdr, &c.lim)
	if err == nil && need > len(hdr) {
		if hdr, err = c.r.Peek(need); err != nil {
			return fmt.Errorf("zmtpnet: read the READY command: %w", err)
		}
		frameLen, _, err = c.in.header(hdr, &c.lim)
	}
	if err != nil {
		return err
	}
	ready := make([]byte, frameLen)
	if _, err := io.ReadFull(c.r, ready); err != nil {
		return fmt.Errorf("zmtpnet: read the READY command: %w", err)
	}
	body := ready[need:]
	if len(body) < 6 || body[0] != 5 || string(body[1:6]) != "READY" {
		return protoErr("the first command is not READY")
	}
	md, err := checkMetadata(body[6:])
	if err != nil {
		return err
	}
	c.peerType, c.peerID = zmq4.SocketType(md["Socket-Type"]), md["Identity"]
	c.replay = append(c.replay, ready...)
	return nil
}

// checkMetadata checks READY's properties the way zmq4 parses them, recovering from its
// panics, and that they name a socket type zmq4 knows. It returns the properties.
func checkMetadata(p []byte) (md zmq4.Metadata, err error) {
	defer func() {
		if r := recover(); r != nil {
			md, err = nil, protoErr("bad READY metadata: %v", r)
		}
	}()
	md = zmq4.Metadata{}
	if err := md.UnmarshalZMTP(p); err != nil {
		return nil, protoErr("bad READY metadata: %v", err)
	}
	typ := zmq4.SocketType(md["Socket-Type"])
	func() {
		defer func() {
			if recover() != nil {
				err = protoErr("unknown socket type %q", string(typ))
			}
		}()
		typ.IsCompatible(zmq4.Pair)
	}()
	if err != nil {
		return nil, err
	}
	return md, nil
}

// listener hands zmq4 only connections whose peer completed the start of the handshake:
// each new connection's handshake runs in its own goroutine, under a deadline, so one peer
// that sends nothing (or half a greeting) never holds up Accept. It holds at most
// Limits.MaxConns connections at once, and at most one connection per identity of a peer
// that a ROUTER routes to by identity (see claim).
type listener struct {
	net.Listener
	lim   Limits
	ready chan net.Conn
	done  chan struct{}
	once  sync.Once

	mu    sync.Mutex
	err   error // why the accept loop ended
	conns int   // connections in their handshake or open
	ids   map[string]*Conn
	full  int // connections closed at once for MaxConns (for the log)
	portState
}

func newListener(l net.Listener, lim Limits) *listener {
	ln := &listener{Listener: l, lim: lim, ready: make(chan net.Conn), done: make(chan struct{}), ids: map[string]*Conn{}}
	ln.live = map[*Conn]struct{}{}
	lim.ports.Store(l.Addr().String(), ln)
	go ln.acceptLoop()
	return ln
}

func (l *listener) acceptLoop() {
	defer func() {
		if r := recover(); r != nil {
			l.lim.Logf("zmtpnet: accept loop: %v", r)
			l.end(fmt.Errorf("zmtpnet: accept loop: %v", r))
		}
	}()
	for {
		c, err := l.Listener.Accept()
		if err != nil {
			var ne net.Error
			if errors.As(err, &ne) && ne.Timeout() {
				continue
			}
			if errors.Is(err, net.ErrClosed) {
				l.end(err)
				return
			}
			// Out of descriptors or the like: try again shortly, as net/http does.
			select {
			case <-l.done:
				return
			case <-time.After(10 * time.Millisecond):
			}
			continue
		}
		l.mu.Lock()
		over := l.conns >= l.lim.MaxConns
		if over {
			l.full++
		} else {
			l.conns++
		}
		full := l.full
		l.mu.Unlock()
		if over {
			c.Close()
			if full <= 100 || full%1000 == 0 {
				l.lim.Logf("closed the connection from %s at once: the port has %d connections, the limit (%d times so far)", c.RemoteAddr(), l.lim.MaxConns, full)
			}
			continue
		}
		go l.handshake(c)
	}
}

// closed is a connection's onClose: it no longer counts, nor holds its identity.
func (l *listener) closed(c *Conn) {
	l.mu.Lock()
	l.conns--
	delete(l.live, c)
	if c.peerID != "" && l.ids[c.peerID] == c {
		delete(l.ids, c.peerID)
	}
	l.mu.Unlock()
	connClosed()
}

// routedByIdentity reports whether a ROUTER routes to peers of type t by identity: the
// peers of a ROUTER (libzmq sends Identity only from these).
func routedByIdentity(t zmq4.SocketType) bool {
	return t == zmq4.Dealer || t == zmq4.Req || t == zmq4.Router
}

// claim records c as the connection of its peer's identity. A second connection that
// claims the identity of one that is open is refused, as libzmq's ROUTER refuses it
// (ZMQ_ROUTER_HANDOVER off, its default): zmq4 would route the first peer's replies to
// both, and a twin that stops reading would stall them.
func (l *listener) claim(c *Conn) error {
	if c.peerID == "" || !routedByIdentity(c.peerType) {
		c.peerID = ""
		return nil
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	if old := l.ids[c.peerID]; old != nil {
		return fmt.Errorf("zmtpnet: the identity %q is taken by the open connection from %s: refused, as libzmq's ROUTER refuses a second peer with the identity of a connected one",
			clip(c.peerID, 64), old.Conn.RemoteAddr())
	}
	l.ids[c.peerID] = c
	return nil
}

// clip is s cut to n bytes, for a log line.
func clip(s string, n int) string {
	if len(s) <= n {
		return s
	}
	return s[:n] + "..."
}

func (l *listener) handshake(raw net.Conn) {
	c := newConn(raw, l.lim)
	c.onClose = l.closed
	defer func() {
		if r := recover(); r != nil {
			c.Close()
			l.lim.logRefused(raw.RemoteAddr().String(), fmt.Errorf("zmtpnet: handshake: %v", r))
		}
	}()
	if err := c.serverHandshake(); err != nil {
		c.Close()
		l.lim.logRefused(raw.RemoteAddr().String(), err)
		return
	}
	if err := l.claim(c); err != nil {
		c.peerID = ""
		c.Close()
		l.lim.logRefused(raw.RemoteAddr().String(), err)
		return
	}
	c.watch = true
	c.startQueue()
	c.port = &l.portState
	l.mu.Lock()
	l.live[c] = struct{}{}
	l.mu.Unlock()
	// zmq4 leaves a connection it could not open (a peer of an incompatible socket type)
	// open and never reads it again: close one that zmq4 has not read past its handshake.
	// The timer is stopped once zmq4 reads (or the connection closes): it would hold the
	// connection's memory until it fires.
	c.unclaimed.Store(time.AfterFunc(l.lim.Handshake, func() {
		if !c.live.Load() {
			c.Close()
			l.lim.logRefused(raw.RemoteAddr().String(), protoErr("the socket did not take the connection (a peer of an incompatible socket type?)"))
		}
	}))
	select {
	case l.ready <- c:
	case <-l.done:
		c.Close()
	}
}

func (l *listener) end(err error) {
	l.mu.Lock()
	if l.err == nil {
		l.err = err
	}
	l.mu.Unlock()
	l.once.Do(func() { close(l.done) })
}

// Accept returns the next connection that completed its greeting and READY command.
func (l *listener) Accept() (net.Conn, error) {
	select {
	case c := <-l.ready:
		return c, nil
	case <-l.done:
		l.mu.Lock()
		defer l.mu.Unlock()
		return nil, l.err
	}
}

// Close stops accepting; connections still in their handshake are closed.
func (l *listener) Close() error {
	l.lim.ports.CompareAndDelete(l.Addr().String(), l)
	err := l.Listener.Close()
	l.end(net.ErrClosed)
	return err
}
