// Package zmtpnet gives zmq4 sockets connections that send each ZMTP message with one
// write and read through a buffer.
//
// zmq4 writes every frame of a message as two writes (size header, body): a Jupyter
// message of seven frames costs fourteen syscalls and, with TCP_NODELAY, fourteen TCP
// segments that the peer's libzmq wakes up for. The connections here parse the outgoing
// ZMTP stream (greeting, then frames) and hold the bytes of a message until its last frame
// (or a command) is complete, so a message leaves as one write, at once: no delay is added.
// Reads go through a buffer, as zmq4 reads a frame's size and body in separate small reads.
package zmtpnet

import (
	"bufio"
	"context"
	"encoding/binary"
	"fmt"
	"net"
	"strings"
	"sync"

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

// Register registers the transports with zmq4 (once; later calls do nothing).
func Register() {
	registerOnce.Do(func() {
		zmq4.RegisterTransport(TCP, coalescing{transport.New("tcp")})
		zmq4.RegisterTransport(IPC, coalescing{transport.New("unix")})
	})
}

// Endpoint rewrites a tcp:// or ipc:// endpoint to the coalescing transport.
func Endpoint(ep string) string {
	switch {
	case strings.HasPrefix(ep, "tcp://"):
		return TCP + ep[len("tcp"):]
	case strings.HasPrefix(ep, "ipc://"):
		return IPC + ep[len("ipc"):]
	}
	return ep
}

type coalescing struct{ base transport.Transport }

func (c coalescing) Dial(ctx context.Context, d transport.Dialer, addr string) (net.Conn, error) {
	conn, err := c.base.Dial(ctx, d, addr)
	if err != nil {
		return nil, err
	}
	return NewConn(conn), nil
}

func (c coalescing) Listen(ctx context.Context, addr string) (net.Listener, error) {
	l, err := c.base.Listen(ctx, addr)
	if err != nil {
		return nil, err
	}
	return listener{l}, nil
}

func (c coalescing) Addr(ep string) (string, error) { return c.base.Addr(ep) }

type listener struct{ net.Listener }

func (l listener) Accept() (net.Conn, error) {
	c, err := l.Listener.Accept()
	if err != nil {
		return nil, err
	}
	return NewConn(c), nil
}

// ZMTP framing.
const (
	greetingLen = 64
	flagMore    = 0x01
	flagLong    = 0x02
	flagCommand = 0x04
	// maxHeld is how much of a message is held before it is written anyway.
	maxHeld = 256 << 10
)

// Conn is a net.Conn that writes whole ZMTP messages at once and reads through a buffer.
type Conn struct {
	net.Conn
	r *bufio.Reader

	mu   sync.Mutex
	held []byte
	p    parser
}

// NewConn wraps c.
func NewConn(c net.Conn) *Conn {
	return &Conn{Conn: c, r: bufio.NewReaderSize(c, 64<<10)}
}

// Read reads through the buffer.
func (c *Conn) Read(p []byte) (int, error) { return c.r.Read(p) }

// Write holds p until the message it belongs to is complete, then writes it all.
func (c *Conn) Write(p []byte) (int, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	flush := c.p.feed(p)
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
