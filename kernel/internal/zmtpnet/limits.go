package zmtpnet

import (
	"encoding/binary"
	"errors"
	"fmt"
	"log"
	"sync/atomic"
	"time"
)

// Limits bound what a peer may send on a connection. The zero value means the defaults.
//
// zmq4 allocates a frame's body as soon as it has read the frame's size, before the body
// arrives and before anything is authenticated (a Jupyter message is signed as a whole, so
// its signature can only be checked once every frame is in memory). The connections here
// check each incoming frame header against these limits before zmq4 sees it, and close the
// connection of a peer that breaks them.
type Limits struct {
	// MaxMessage bounds an incoming message: the sizes of its frames plus FrameOverhead for
	// each frame (so a message of a million empty frames counts too). 0: DefaultMaxMessage.
	MaxMessage int64
	// Handshake bounds the time a new connection has to send its ZMTP greeting and READY
	// command. 0: DefaultHandshake.
	Handshake time.Duration
	// Logf receives one line for each connection refused (the first 100, then every
	// 1000th). nil: the standard logger.
	Logf func(format string, args ...any)

	refused *atomic.Uint64
}

// Defaults of Limits.
const (
	DefaultMaxMessage = 256 << 20
	DefaultHandshake  = 5 * time.Second
	// FrameOverhead is what each frame counts toward MaxMessage besides its body.
	FrameOverhead = 64
	// MaxCommand bounds a ZMTP command frame (READY, PING, SUBSCRIBE...).
	MaxCommand = 64 << 10
)

func (l Limits) withDefaults() Limits {
	if l.MaxMessage <= 0 {
		l.MaxMessage = DefaultMaxMessage
	}
	if l.Handshake <= 0 {
		l.Handshake = DefaultHandshake
	}
	if l.Logf == nil {
		l.Logf = log.Printf
	}
	if l.refused == nil {
		l.refused = new(atomic.Uint64)
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
	msg      uint64 // size so far of the message being read (frames and overhead)
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
