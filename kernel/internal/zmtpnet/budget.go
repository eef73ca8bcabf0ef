package zmtpnet

import (
	"fmt"
	"sync"
	"time"
)

// SmallMessage is the size (frames plus FrameOverhead each) up to which a message needs no
// room in the budget: requests that small (nearly all Jupyter requests) are never held up
// by connections that fill the budget with large ones. A connection holds at most one
// small message being received, so they are bounded by the number of connections, as the
// 64 KiB read buffer of each connection is.
const SmallMessage = 64 << 10

// budget bounds the bytes of the messages that the connections of one Network are
// receiving at once. zmq4 allocates each frame's body when it reads the frame's header, so
// a hundred connections each sending a message just under Limits.MaxMessage would make it
// allocate a hundred times the limit: once a message is over SmallMessage, its connection
// reserves its bytes (frames plus FrameOverhead each, as each frame header comes) before
// zmq4 may read the frame's header, and gives them back once zmq4 has handed the message
// to the socket (at zmq4's next read on that connection) or the connection closes. A
// connection whose message does not fit waits for others to give bytes back,
// Limits.BudgetWait at most.
type budget struct {
	limit int64

	mu    sync.Mutex
	used  int64
	freed chan struct{} // closed (and replaced) when bytes are given back while some wait
	waits int           // connections waiting now
}

func newBudget(limit int64) *budget {
	return &budget{limit: limit, freed: make(chan struct{})}
}

// BusyError is a message that did not fit in the budget of bytes being received
// (Limits.Budget) within Limits.BudgetWait: the other connections of the Network were
// receiving that much at once.
type BusyError struct {
	Need   int64         // bytes the message needed, beyond what it held (with FrameOverhead)
	InUse  int64         // bytes other messages held when the wait ended
	Budget int64         // Limits.Budget
	Waited time.Duration // how long the connection waited
}

func (e *BusyError) Error() string {
	return fmt.Sprintf("zmtpnet: %d more bytes of a message did not fit, within %v, in the budget of %d bytes for messages being received (%d bytes in use)",
		e.Need, e.Waited.Round(time.Millisecond), e.Budget, e.InUse)
}

// acquire reserves n bytes (n <= b.limit), waiting for them up to wait. onWait is called
// once when the reservation has to wait. closed ends the wait early (the connection
// closed): acquire then fails with errClosed.
func (b *budget) acquire(n int64, wait time.Duration, closed <-chan struct{}, onWait func(inUse int64)) error {
	b.mu.Lock()
	if b.used+n <= b.limit {
		b.used += n
		b.mu.Unlock()
		return nil
	}
	inUse := b.used
	b.mu.Unlock()
	if onWait != nil {
		onWait(inUse)
	}
	start := time.Now()
	timer := time.NewTimer(wait)
	defer timer.Stop()
	for {
		b.mu.Lock()
		if b.used+n <= b.limit {
			b.used += n
			b.mu.Unlock()
			return nil
		}
		b.waits++
		freed := b.freed
		inUse = b.used
		b.mu.Unlock()
		select {
		case <-freed:
			b.mu.Lock()
			b.waits--
			b.mu.Unlock()
		case <-timer.C:
			b.mu.Lock()
			b.waits--
			b.mu.Unlock()
			return &BusyError{Need: n, InUse: inUse, Budget: b.limit, Waited: time.Since(start)}
		case <-closed:
			b.mu.Lock()
			b.waits--
			b.mu.Unlock()
			return errClosed
		}
	}
}

// release gives n bytes back and wakes the connections waiting for bytes.
func (b *budget) release(n int64) {
	if n == 0 {
		return
	}
	b.mu.Lock()
	defer b.mu.Unlock()
	b.used -= n
	if b.used < 0 {
		panic(fmt.Sprintf("zmtpnet: budget released %d bytes more than reserved", -b.used))
	}
	if b.waits > 0 {
		close(b.freed)
		b.freed = make(chan struct{})
	}
}

// inUse is how many bytes are reserved now.
func (b *budget) inUse() int64 {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.used
}
