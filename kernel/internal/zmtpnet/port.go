package zmtpnet

import (
	"net"
	"sync/atomic"
)

// A Port is a listening port of a Network, as its owner sees it: which messages have
// reached it. A kernel that stops on an error uses it to abort exactly the requests that
// had arrived when the error came (see Mark), wherever they were on their way in: in the
// operating system's receive buffer, in a connection's read buffer, or in zmq4.
type Port struct{ l *listener }

// Port returns the Network's listening port at addr (a socket's Addr), or nil.
func (nw Network) Port(addr net.Addr) *Port {
	if addr == nil {
		return nil
	}
	if l, ok := nw.lim.ports.Load(addr.String()); ok {
		return &Port{l.(*listener)}
	}
	return nil
}

// A Mark is the bytes that had reached each connection of a Port at one moment.
type Mark struct {
	p       *Port
	targets map[*Conn]int64
}

// Mark notes what has reached the port's connections now, the operating system's receive
// buffers included (on Linux; elsewhere, what the connections have read).
func (p *Port) Mark() Mark {
	m := Mark{p: p, targets: map[*Conn]int64{}}
	p.l.mu.Lock()
	defer p.l.mu.Unlock()
	for c := range p.l.live {
		m.targets[c] = c.rawIn.Load() + unreadBytes(c.q.raw)
	}
	return m
}

// Reached reports whether every byte that had reached the port at the Mark has been
// handed to zmq4 (ok: the messages among them are whole in zmq4), and how many messages
// the port had handed to zmq4 then: its reader has them all once it received that many.
func (m Mark) Reached() (msgs uint64, ok bool) {
	msgs = m.p.l.msgs.Load()
	for c, target := range m.targets {
		select {
		case <-c.closed:
			continue
		default:
		}
		if c.taken.Load() < target {
			return msgs, false
		}
	}
	return msgs, true
}

// countingReader counts the bytes read from a connection's socket.
type countingReader struct{ c *Conn }

func (r countingReader) Read(p []byte) (int, error) {
	n, err := r.c.Conn.Read(p)
	r.c.rawIn.Add(int64(n))
	return n, err
}

// noteTaken records how many of the socket's bytes have left the read buffer (called by
// the connection's reader after each read from it).
func (c *Conn) noteTaken() {
	c.taken.Store(c.rawIn.Load() - int64(c.r.Buffered()))
}

// delivered counts a message (or command) handed to zmq4.
func (c *Conn) delivered() {
	if c.port != nil {
		c.port.msgs.Add(1)
	}
}

// portState is a listener's part of Port.
type portState struct {
	live map[*Conn]struct{} // open connections handed to zmq4 (under listener.mu)
	msgs atomic.Uint64      // messages handed to zmq4 by them
}
