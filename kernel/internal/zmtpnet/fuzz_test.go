package zmtpnet

import (
	"bytes"
	"net"
	"testing"
	"time"

	"github.com/go-zeromq/zmq4"
	"github.com/go-zeromq/zmq4/security/null"
)

// streamConn is a net.Conn that reads a fixed stream and discards what is written.
type streamConn struct {
	r *bytes.Reader
}

func (c *streamConn) Read(p []byte) (int, error)         { return c.r.Read(p) }
func (c *streamConn) Write(p []byte) (int, error)        { return len(p), nil }
func (c *streamConn) Close() error                       { return nil }
func (c *streamConn) LocalAddr() net.Addr                { return &net.TCPAddr{} }
func (c *streamConn) RemoteAddr() net.Addr               { return &net.TCPAddr{} }
func (c *streamConn) SetDeadline(t time.Time) error      { return nil }
func (c *streamConn) SetReadDeadline(t time.Time) error  { return nil }
func (c *streamConn) SetWriteDeadline(t time.Time) error { return nil }

// fuzzLimit is the message limit of the fuzz target.
const fuzzLimit = 1 << 10

// FuzzZMTP feeds arbitrary bytes, as a peer would send them, through the listening side's
// handshake and framing checks and then to zmq4's own parser (its handshake and RecvMsg),
// and through the dialing side's: nothing may panic, and zmq4 may never be handed a
// message over the limit (it allocates what a header claims).
func FuzzZMTP(f *testing.F) {
	g := clientGreeting("NULL")
	cat := func(parts ...[]byte) []byte { return bytes.Join(parts, nil) }
	f.Add(cat(g, readyCmd("DEALER"), []byte{flagMore, 2, 'i', 'd', 0, 3, 'a', 'b', 'c'}))
	f.Add(cat(g, readyCmd("DEALER"), longHdr(0, 300), make([]byte, 300)))
	f.Add(cat(g, longHdr(flagCommand, 1<<62)))
	f.Add(cat(g, readyCmd("DEALER"), longHdr(0, 8<<30)))
	f.Add(cat(g, readyCmd("DEALER"), []byte{flagCommand, 5, 4, 'P', 'I', 'N', 'G'}))
	f.Add(g[:10])
	f.Add(cat(g, readyCmd("DEALER"), []byte{flagMore, 2, 'o', 'k'}, longHdr(flagMore, fuzzLimit), make([]byte, fuzzLimit), []byte{0, 1, 'z'}, []byte{0, 1, 'n'}))
	f.Add(cat(g, readyCmd("DEALER"), longHdr(0, fuzzLimit+2), []byte("ok"), make([]byte, fuzzLimit)))
	f.Fuzz(func(t *testing.T, data []byte) {
		// Odd inputs run with a Tap (refused messages read through and answered), even
		// ones without (refused messages close the connection).
		var newTap func() Tap
		if len(data)%2 == 1 {
			newTap = func() Tap { return &countTap{} }
		}
		lim := Limits{MaxMessage: fuzzLimit, Handshake: time.Second, NewTap: newTap, Logf: func(string, ...any) {}}.withDefaults()
		check := func(c *Conn, server bool) {
			zc, err := zmq4.Open(c, null.Security(), zmq4.Router, zmq4.SocketIdentity("fuzz"), server, nil)
			if err != nil {
				return
			}
			for i := 0; i < 100; i++ {
				m, err := zc.RecvMsg()
				if err != nil {
					return
				}
				size := 0
				for _, fr := range m.Frames {
					size += len(fr) + FrameOverhead
				}
				if size > fuzzLimit+MaxCommand {
					t.Fatalf("zmq4 got a message of %d bytes, over the limit", size)
				}
			}
		}
		// Listening side: our handshake first, then zmq4's.
		c := newConn(&streamConn{bytes.NewReader(data)}, lim)
		if c.serverHandshake() == nil {
			check(c, true)
		}
		// Dialing side: the greeting goes to zmq4 unchecked, then frames are checked.
		d := newConn(&streamConn{bytes.NewReader(data)}, lim)
		d.in.greeting = 2
		check(d, false)
	})
}
