// Package ranknet is the connection between the kernel and a rank that a cluster launcher
// (mpirun, srun) started, possibly on another host: the rank's agent (`peerbook evaluator`
// with PEERBOOK_RANK_CONNECT set) dials the kernel over TCP and carries the evaluator
// protocol's byte streams (its fd 3 and 4, 1 and 2) in signed frames, so that the kernel
// drives a remote evaluator as it drives one of its own children.
//
// # Frames
//
//	kind     1 byte   (Kind*)
//	length   4 bytes  big-endian, at most MaxPayload
//	payload  length bytes
//	mac      32 bytes HMAC-SHA256 over challenge, direction, sequence number, kind, length
//	                  and payload, keyed with the session's key
//
// The kernel opens each connection with a random challenge of ChallengeSize bytes
// (unsigned); the agent's first frame is its Hello. Every MAC covers the challenge, the
// direction ('K' from the kernel, 'A' from the agent) and the frame's sequence number in
// its direction, so a frame can't be replayed on another connection, reflected, reordered
// or dropped without the next check failing. A frame that fails its check ends the
// connection. The key never travels: the launcher exports it to the ranks in EnvKey
// (`mpirun -x`), never on a command line.
//
// Standard library only: the kernel links it.
package ranknet

import (
	"bufio"
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"hash"
	"io"
	"net"
	"sync"
	"time"
)

// The environment of a rank agent, set by the kernel for the launcher, which exports it to
// every rank.
const (
	// EnvConnect is HOST:PORT where the kernel waits for the ranks.
	EnvConnect = "PEERBOOK_RANK_CONNECT"
	// EnvKey is the session's key, hex.
	EnvKey = "PEERBOOK_RANK_KEY"
	// EnvSession names one launch of the ranks: a rank of another launch is refused.
	EnvSession = "PEERBOOK_RANK_SESSION"
)

// Frame kinds.
const (
	KindHello     = 'h' // agent: Hello, JSON (the first frame)
	KindWelcome   = 'w' // kernel: the rank is accepted
	KindRefused   = 'r' // kernel: the rank is refused; the payload says why
	KindRequests  = 'q' // kernel: bytes for the evaluator's fd 3
	KindEvents    = 'e' // agent: bytes the evaluator wrote to fd 4
	KindStdout    = 'o' // agent: bytes the evaluator wrote to fd 1
	KindStderr    = 'x' // agent: bytes the evaluator wrote to fd 2
	KindInterrupt = 'i' // kernel: SIGINT to the evaluator
	KindKill      = 'k' // kernel: SIGKILL to the evaluator
	KindExit      = 'X' // agent: the evaluator has ended; the payload is its status ("exit status 2")
)

const (
	// MaxPayload bounds a frame's payload; longer streams travel in several frames.
	MaxPayload = 64 << 10
	// ChallengeSize is the size of the kernel's challenge.
	ChallengeSize = 32
	// WriteTimeout bounds a Send: a peer that stops reading can't hold the sender; the
	// connection is unusable after a timeout.
	WriteTimeout = 30 * time.Second
	macSize      = sha256.Size
	headerSize   = 5
)

// Hello is the agent's first frame.
type Hello struct {
	Session string `json:"session"`
	Rank    int    `json:"rank"`
	Size    int    `json:"size"`
	PID     int    `json:"pid"`  // the agent's
	Host    string `json:"host"` // its host (name and boot id)
}

// Conn is one signed connection. Send may be called from several goroutines; Recv from
// one.
type Conn struct {
	nc        net.Conn
	br        *bufio.Reader
	challenge []byte
	out, in   byte // directions: of what this end sends, of what it receives

	wmu     sync.Mutex
	sendMAC hash.Hash
	sendSeq uint64
	wbuf    []byte

	recvMAC hash.Hash
	recvSeq uint64
	rbuf    []byte
}

func newConn(nc net.Conn, key, challenge []byte, out, in byte) *Conn {
	return &Conn{nc: nc, br: bufio.NewReaderSize(nc, 64<<10), challenge: challenge, out: out, in: in,
		sendMAC: hmac.New(sha256.New, key), recvMAC: hmac.New(sha256.New, key)}
}

// ErrBadSignature is a frame whose MAC is wrong.
var ErrBadSignature = errors.New("ranknet: a frame's signature is wrong")

// Accept runs the kernel's side of the handshake on nc: the challenge, then the agent's
// Hello, which must be signed with key, all before deadline. The caller checks the Hello
// and answers with KindWelcome or KindRefused.
func Accept(nc net.Conn, key []byte, deadline time.Time) (*Conn, Hello, error) {
	if len(key) == 0 {
		return nil, Hello{}, errors.New("ranknet: no key")
	}
	nc.SetDeadline(deadline)
	challenge := make([]byte, ChallengeSize)
	if _, err := rand.Read(challenge); err != nil {
		return nil, Hello{}, err
	}
	if _, err := nc.Write(challenge); err != nil {
		return nil, Hello{}, fmt.Errorf("ranknet: send the challenge: %w", err)
	}
	c := newConn(nc, key, challenge, 'K', 'A')
	kind, p, err := c.Recv()
	if err != nil {
		return nil, Hello{}, err
	}
	var h Hello
	if kind != KindHello {
		return nil, Hello{}, fmt.Errorf("ranknet: the first frame is %q, not a hello", kind)
	}
	if err := json.Unmarshal(p, &h); err != nil {
		return nil, Hello{}, fmt.Errorf("ranknet: hello: %w", err)
	}
	nc.SetDeadline(time.Time{})
	return c, h, nil
}

// Dial connects to the kernel at addr and sends h, signed with key. It returns once the
// kernel has welcomed the rank; a refusal is an error with the kernel's reason.
func Dial(addr string, key []byte, h Hello, timeout time.Duration) (*Conn, error) {
	if len(key) == 0 {
		return nil, errors.New("ranknet: no key")
	}
	nc, err := net.DialTimeout("tcp", addr, timeout)
	if err != nil {
		return nil, err
	}
	return Connect(nc, key, h, timeout)
}

// Connect is Dial's handshake on a connection already made.
func Connect(nc net.Conn, key []byte, h Hello, timeout time.Duration) (*Conn, error) {
	nc.SetDeadline(time.Now().Add(timeout))
	challenge := make([]byte, ChallengeSize)
	if _, err := io.ReadFull(nc, challenge); err != nil {
		nc.Close()
		return nil, fmt.Errorf("ranknet: read the challenge: %w", err)
	}
	c := newConn(nc, key, challenge, 'A', 'K')
	b, err := json.Marshal(h)
	if err == nil {
		err = c.Send(KindHello, b)
	}
	var kind byte
	var p []byte
	if err == nil {
		kind, p, err = c.Recv()
	}
	if err != nil {
		nc.Close()
		return nil, err
	}
	switch kind {
	case KindWelcome:
		nc.SetDeadline(time.Time{})
		return c, nil
	case KindRefused:
		nc.Close()
		return nil, fmt.Errorf("the kernel refused this rank: %s", p)
	}
	nc.Close()
	return nil, fmt.Errorf("ranknet: the kernel answered the hello with %q", kind)
}

// Send writes payload as frames of kind (several when it is over MaxPayload; one, empty,
// when it is empty), within WriteTimeout.
func (c *Conn) Send(kind byte, payload []byte) error {
	c.wmu.Lock()
	defer c.wmu.Unlock()
	c.nc.SetWriteDeadline(time.Now().Add(WriteTimeout))
	for first := true; first || len(payload) > 0; first = false {
		n := min(len(payload), MaxPayload)
		c.wbuf = c.wbuf[:0]
		c.wbuf = append(c.wbuf, kind, 0, 0, 0, 0)
		binary.BigEndian.PutUint32(c.wbuf[1:], uint32(n))
		c.wbuf = append(c.wbuf, payload[:n]...)
		c.wbuf = c.mac(c.sendMAC, c.out, c.sendSeq, c.wbuf, c.wbuf)
		c.sendSeq++
		if _, err := c.nc.Write(c.wbuf); err != nil {
			return err
		}
		payload = payload[n:]
	}
	return nil
}

// mac appends to dst the MAC of frame (header and payload) sent in direction dir as
// number seq.
func (c *Conn) mac(h hash.Hash, dir byte, seq uint64, frame, dst []byte) []byte {
	h.Reset()
	h.Write(c.challenge)
	var pre [9]byte
	pre[0] = dir
	binary.BigEndian.PutUint64(pre[1:], seq)
	h.Write(pre[:])
	h.Write(frame)
	return h.Sum(dst)
}

// Recv reads the next frame. The payload is valid until the next Recv. A frame over
// MaxPayload or with a wrong MAC is an error, and the connection can't be used after it.
func (c *Conn) Recv() (kind byte, payload []byte, err error) {
	var hdr [headerSize]byte
	if _, err := io.ReadFull(c.br, hdr[:]); err != nil {
		return 0, nil, err
	}
	n := binary.BigEndian.Uint32(hdr[1:])
	if n > MaxPayload {
		return 0, nil, fmt.Errorf("ranknet: a frame of %d bytes, over the limit of %d", n, MaxPayload)
	}
	total := headerSize + int(n) + macSize
	if cap(c.rbuf) < total {
		c.rbuf = make([]byte, total)
	}
	buf := c.rbuf[:total]
	copy(buf, hdr[:])
	if _, err := io.ReadFull(c.br, buf[headerSize:]); err != nil {
		return 0, nil, err
	}
	frame := buf[:headerSize+int(n)]
	var sum [macSize]byte
	want := c.mac(c.recvMAC, c.in, c.recvSeq, frame, sum[:0])
	if !hmac.Equal(want, buf[headerSize+int(n):]) {
		return 0, nil, ErrBadSignature
	}
	c.recvSeq++
	return hdr[0], frame[headerSize:], nil
}

// Close closes the connection.
func (c *Conn) Close() error { return c.nc.Close() }

// RemoteAddr is the other end's address.
func (c *Conn) RemoteAddr() net.Addr { return c.nc.RemoteAddr() }
