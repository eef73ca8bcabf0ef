package zmtpnet

import (
	"bufio"
	"bytes"
	"net"
	"testing"
	"time"

	"github.com/go-zeromq/zmq4"
	"github.com/go-zeromq/zmq4/security/null"

	"github.com/peerbook/peerbook/kernel/internal/wire"
)

// bufConn is the reference: a connection read through a buffer, without checks (what
// Conn did before it checked incoming frames).
type bufConn struct {
	net.Conn
	r *bufio.Reader
}

func (c bufConn) Read(p []byte) (int, error) { return c.r.Read(p) }

// jupyterStream is a peer's greeting, READY, then n messages shaped like Jupyter requests
// (identity, delimiter, signature, header, parent, metadata, content).
func jupyterStream(n int) []byte {
	var b bytes.Buffer
	b.Write(clientGreeting("NULL"))
	b.Write(readyCmd("DEALER"))
	frames := [][]byte{[]byte("<IDS|MSG>"), bytes.Repeat([]byte("a"), 64),
		bytes.Repeat([]byte("h"), 180), []byte("{}"), []byte("{}"), bytes.Repeat([]byte("c"), 300)}
	for i := 0; i < n; i++ {
		for j, f := range frames {
			flags := byte(flagMore)
			if j == len(frames)-1 {
				flags = 0
			}
			if len(f) > 255 {
				b.Write(longHdr(flags, uint64(len(f))))
			} else {
				b.Write([]byte{flags, byte(len(f))})
			}
			b.Write(f)
		}
	}
	return b.Bytes()
}

// BenchmarkRecvMsg is zmq4 receiving Jupyter-sized messages through Conn (checked), through
// Conn with the kernel's Tap (which follows every message to answer refused ones), and
// through a plain buffered connection (the reference), side by side.
func BenchmarkRecvMsg(b *testing.B) {
	const n = 1000
	stream := jupyterStream(n)
	lim := Limits{Logf: func(string, ...any) {}}.withDefaults()
	signer, err := wire.NewSigner("hmac-sha256", []byte("key"))
	if err != nil {
		b.Fatal(err)
	}
	tapped := lim
	tapped.NewTap = func() Tap {
		return wire.NewRefusalTap(signer, 1<<30, func(error) (string, string) { return "", "" })
	}
	for _, bc := range []struct {
		name string
		conn func() net.Conn
	}{
		{"checked", func() net.Conn {
			c := newConn(&streamConn{bytes.NewReader(stream)}, lim)
			if err := c.serverHandshake(); err != nil {
				b.Fatal(err)
			}
			return c
		}},
		{"checked+tap", func() net.Conn {
			c := newConn(&streamConn{bytes.NewReader(stream)}, tapped)
			if err := c.serverHandshake(); err != nil {
				b.Fatal(err)
			}
			return c
		}},
		{"reference", func() net.Conn {
			return bufConn{&streamConn{bytes.NewReader(stream)}, bufio.NewReaderSize(&streamConn{bytes.NewReader(stream)}, 64<<10)}
		}},
	} {
		b.Run(bc.name, func(b *testing.B) {
			msgs := 0
			start := time.Now()
			for b.Loop() {
				zc, err := zmq4.Open(bc.conn(), null.Security(), zmq4.Router, nil, true, nil)
				if err != nil {
					b.Fatal(err)
				}
				for i := 0; i < n; i++ {
					if _, err := zc.RecvMsg(); err != nil {
						b.Fatal(err)
					}
					msgs++
				}
			}
			b.ReportMetric(float64(time.Since(start).Nanoseconds())/float64(msgs), "ns/msg")
		})
	}
}
