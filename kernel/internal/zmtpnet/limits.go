package zmtpnet

import (
	"encoding/binary"
	"errors"
	"fmt"
	"log"
	"sync"
	"sync/atomic"
	"time"
)

// Limits bound what a peer may send on a connection. The zero value means the defaults.
//
// zmq4 allocates a frame's body as soon as it has read the frame's size, before the body
// arrives and before anything is authenticated. The connections here check each incoming
// frame header against these limits before zmq4 sees it. A message over MaxMessage (or one
// that does not fit in the Budget in time) never reaches zmq4 whole: without a Tap the
// connection is closed; with one, the message is read through without being kept, and
// the Tap may hand the socket a small message in its place (see Tap).
type Limits struct {
	// MaxMessage bounds an incoming message: the sizes of its frames plus FrameOverhead for
	// each frame (so a message of a million empty frames counts too). 0: DefaultMaxMessage.
	MaxMessage int64
	// Budget bounds the bytes of the messages over SmallMessage that all the connections
	// of a Network are receiving at once (frames plus FrameOverhead each, from a frame's
	// header until zmq4 handed its message to the socket). 0: DefaultBudget; never less
	// than MaxMessage.
	Budget int64
	// BudgetWait is how long a message may wait for room in the Budget before it is
	// refused (a *BusyError). 0: DefaultBudgetWait.
	BudgetWait time.Duration
	// Stall bounds the time a connection may send nothing while its message holds room in
	// the Budget: past it the connection is closed, so that a peer cannot hold the budget
	// by stopping halfway. 0: DefaultStall.
	Stall time.Duration
	// Handshake bounds the time a new connection has to send its ZMTP greeting and READY
	// command. 0: DefaultHandshake.
	Handshake time.Duration
	// SendHWM bounds the messages waiting in a connection's send queue, and SendHWMBytes
	// their bytes (a message larger than that passes an empty queue): past either, the
	// connection's messages are dropped until its queue has drained (see sendq.go).
	// 0: DefaultSendHWM (libzmq's default ZMQ_SNDHWM), DefaultSendHWMBytes.
	SendHWM      int
	SendHWMBytes int64
	// SendBudget bounds the bytes that the send queues of all the connections of a
	// Network hold: a message that would go over it closes the connection whose queue
	// holds the most. 0: DefaultSendBudget.
	SendBudget int64
	// MaxConns bounds the connections of one listening port (in their handshake or open):
	// a connection past it is closed at once, with a log line. 0: DefaultMaxConns.
	MaxConns int
	// PubLowWater and PubStall pace a Pub (see Pub.SendPaced): it waits while every
	// subscriber it could send to holds PubLowWater bytes or more in its queue, and a
	// subscriber that read nothing for PubStall meanwhile has its messages dropped from
	// then on, until its queue drains. 0: DefaultPubLowWater, DefaultPubStall.
	PubLowWater int64
	PubStall    time.Duration
	// NewTap, when set, makes the Tap of each new connection (see Tap). nil: a refused
	// message closes the connection.
	NewTap func() Tap
	// Logf receives one line for each connection refused or message answered for, and for
	// each wait for the Budget (the first 100 of each, then every 1000th). nil: the
	// standard logger.
	Logf func(format string, args ...any)

	refused  *atomic.Uint64
	waited   *atomic.Uint64
	dropping *atomic.Uint64
	budget   *budget
	sends    *sendBudget
	ports    *sync.Map // listening address -> *listener (see Network.Port)
}

// Defaults of Limits.
const (
	DefaultMaxMessage = 256 << 20
	DefaultBudget     = 1 << 30
	DefaultBudgetWait = 10 * time.Second
	DefaultStall      = 30 * time.Second
	DefaultHandshake  = 5 * time.Second
	// FrameOverhead is what each frame counts toward MaxMessage besides its body.
	FrameOverhead = 64
	// MaxCommand bounds a ZMTP command frame (READY, PING, SUBSCRIBE...).
	MaxCommand = 64 << 10

	DefaultSendHWM      = 1000
	DefaultSendHWMBytes = 8 << 20
	DefaultSendBudget   = 256 << 20
	DefaultMaxConns     = 1024
	DefaultPubLowWater  = 1 << 20
	DefaultPubStall     = 5 * time.Second
)

func (l Limits) withDefaults() Limits {
	if l.MaxMessage <= 0 {
		l.MaxMessage = DefaultMaxMessage
	}
	if l.Budget <= 0 {
		l.Budget = DefaultBudget
	}
	l.Budget = max(l.Budget, l.MaxMessage)
	if l.BudgetWait <= 0 {
		l.BudgetWait = DefaultBudgetWait
	}
	if l.Stall <= 0 {
		l.Stall = DefaultStall
	}
	if l.Handshake <= 0 {
		l.Handshake = DefaultHandshake
	}
	if l.SendHWM <= 0 {
		l.SendHWM = DefaultSendHWM
	}
	if l.SendHWMBytes <= 0 {
		l.SendHWMBytes = DefaultSendHWMBytes
	}
	if l.SendBudget <= 0 {
		l.SendBudget = DefaultSendBudget
	}
	if l.MaxConns <= 0 {
		l.MaxConns = DefaultMaxConns
	}
	if l.PubLowWater <= 0 {
		l.PubLowWater = DefaultPubLowWater
	}
	if l.PubStall <= 0 {
		l.PubStall = DefaultPubStall
	}
	if l.Logf == nil {
		l.Logf = log.Printf
	}
	if l.dropping == nil {
		l.dropping = new(atomic.Uint64)
	}
	if l.sends == nil {
		l.sends = newSendBudget(l.SendBudget)
	}
	if l.ports == nil {
		l.ports = new(sync.Map)
	}
	if l.refused == nil {
		l.refused = new(atomic.Uint64)
	}
	if l.waited == nil {
		l.waited = new(atomic.Uint64)
	}
	if l.budget == nil {
		l.budget = newBudget(l.Budget)
	}
	return l
}

// logRefused logs a refused connection, the first 100 and then every 1000th.
func (l Limits) logRefused(remote string, err error) {
	n := l.refused.Add(1)
	if n <= 100 || n%1000 == 0 {
		l.Logf("closed the connection from %s (%d so far): %v", remote, n, err)
	}
}

// logDropping logs a connection that starts dropping messages (its first spell; of all
// connections, the first 100, then every 1000th).
func (l Limits) logDropping(remote, why string) {
	n := l.dropping.Add(1)
	if n <= 100 || n%1000 == 0 {
		l.Logf("dropping the messages to %s until it reads what it has (%d connections so far; later spells are not logged): %s", remote, n, why)
	}
}

// logAnswered logs a refused message whose Tap answered for it; the connection stays.
func (l Limits) logAnswered(remote string, size uint64, err error) {
	n := l.refused.Add(1)
	if n <= 100 || n%1000 == 0 {
		l.Logf("dropped a message of %d bytes from %s and told its sender why (%d so far): %v", size, remote, n, err)
	}
}

// logWait logs a connection that waits for room in the budget.
func (l Limits) logWait(remote string, need, inUse int64) {
	n := l.waited.Add(1)
	if n <= 100 || n%1000 == 0 {
		l.Logf("%s waits for room for %d bytes of a message: messages being received hold %d of the budget of %d bytes (%d waits so far)",
			remote, need, inUse, l.Budget, n)
	}
}

// errClosed ends a wait for the budget of a connection that closed.
var errClosed = errors.New("zmtpnet: the connection closed")

// A Tap follows, frame by frame, the messages a connection receives, so that the sender of
// one that is refused (over Limits.MaxMessage, or out of Budget) can be told why: the
// connection then reads the message through without keeping it (a Tap keeps what it needs,
// bounded) and, at its end, hands the socket the frames End returns instead. Calls come
// from the goroutine that reads the connection, one at a time.
//
// When the refusal comes in the middle of a message, zmq4 holds the message's first
// frames already: it first receives them as a message that ends with the frame Cut, which
// its reader must drop.
type Tap interface {
	// Frame starts a frame of size bytes of the current message; more says another frame
	// follows. In a refused message, an error closes the connection now (and says why).
	Frame(size uint64, more bool) error
	// Body is the next part of the current frame's body. Before the message is refused, p
	// is the reader's own buffer (zmq4's buffer of the frame's body, which it delivers):
	// a Tap may keep it until Refused or End, no longer. In a refused message, p is valid
	// during the call only.
	Body(p []byte)
	// Refused says the current message is refused for err (a *TooLargeError or a
	// *BusyError): its frames from the current one on are read through and dropped.
	Refused(err error)
	// End ends the current message. For a refused one, it returns the frames the socket
	// receives in its place, or an error that closes the connection (and says why, as
	// "the message was not answered: ..." does); for others, its result is ignored.
	End() ([][]byte, error)
}

// Cut is the last frame of the part of a refused message that zmq4 had received when it
// was refused (see Tap): the reader of the socket must drop a message that ends with it.
const Cut = "<zmtpnet|refused: the rest of this message was not read>"

// TooLargeError is a frame or message over the limits.
type TooLargeError struct {
	Command bool   // a command frame, bounded by MaxCommand
	Size    uint64 // the size claimed so far (frames and overhead)
	Limit   int64
}

func (e *TooLargeError) Error() string {
	if e.Command {
		return fmt.Sprintf("zmtpnet: a ZMTP command frame of %d bytes, over the limit of %d bytes", e.Size, e.Limit)
	}
	return fmt.Sprintf("zmtpnet: a message of at least %d bytes, over the limit of %d bytes", e.Size, e.Limit)
}

// ErrProtocol is wrapped by the errors of a peer that breaks ZMTP 3 (NULL mechanism).
var ErrProtocol = errors.New("zmtpnet: ZMTP protocol error")

func protoErr(format string, args ...any) error {
	return fmt.Errorf("%w: "+format, append([]any{ErrProtocol}, args...)...)
}

// inbound follows the incoming ZMTP stream after the greeting: it lets through a frame's
// header and body only once the header has been checked against the limits.
type inbound struct {
	greeting int    // dialed connections: 2 while the peer's greeting is to check, 1 its READY
	pass     uint64 // bytes of the current frame (header and body) that may pass
	hdrLeft  int    // of pass, header bytes (not shown to the Tap)
	tapped   bool   // the current frame is a message's, followed by the Tap
	last     bool   // the current frame ends its message
	msg      uint64 // size so far of the message being read (frames and overhead)
	refused  error  // the message being read through (see Tap), nil when none
	err      error  // sticky: the stream was refused or broke
}

// header checks the frame header at the start of hdr (2 or 9 bytes, as the flags say; it
// reports need > len(hdr) when more are needed) and returns the frame's whole length.
func (in *inbound) header(hdr []byte, lim *Limits) (frameLen uint64, need int, err error) {
	flags := hdr[0]
	if flags&^(flagMore|flagLong|flagCommand) != 0 {
		return 0, 0, protoErr("bad frame flags %#x", flags)
	}
	need = 2
	if flags&flagLong != 0 {
		need = 9
	}
	if len(hdr) < need {
		return 0, need, nil
	}
	var size uint64
	if need == 2 {
		size = uint64(hdr[1])
	} else {
		size = binary.BigEndian.Uint64(hdr[1:9])
	}
	if flags&flagCommand != 0 {
		if flags&flagMore != 0 {
			return 0, need, protoErr("a command frame with the MORE flag")
		}
		if in.msg != 0 {
			return 0, need, protoErr("a command frame inside a message")
		}
		if size > MaxCommand {
			return 0, need, &TooLargeError{Command: true, Size: size, Limit: MaxCommand}
		}
		return uint64(need) + size, need, nil
	}
	max := uint64(lim.MaxMessage)
	if size > max {
		return 0, need, &TooLargeError{Size: size, Limit: lim.MaxMessage}
	}
	if total := in.msg + size + FrameOverhead; total > max {
		return 0, need, &TooLargeError{Size: total, Limit: lim.MaxMessage}
	}
	if flags&flagMore != 0 {
		in.msg += size + FrameOverhead
	} else {
		in.msg = 0
	}
	return uint64(need) + size, need, nil
}
