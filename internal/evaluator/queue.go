package evaluator

import (
	"bufio"
	"encoding/json"
	"io"
	"sync"

	"github.com/peerbook/peerbook/internal/evalproto"
)

// maxPendingBytes is how much stream text may wait for the event pipe before Stream blocks
// (back-pressure on a cell that prints faster than the frontend reads).
const maxPendingBytes = 4 << 20

// eventQueue is the child's side of fd 4: events wait here until the writer goroutine sends
// them, and consecutive stream text of one request and name is merged into one event.
type eventQueue struct {
	wmu   sync.Mutex // held while a batch is taken and written: batches leave in order
	w     *bufio.Writer
	enc   *json.Encoder
	batch []queued

	mu      sync.Mutex
	ready   *sync.Cond // signalled when pending grows or the queue closes
	space   *sync.Cond // signalled when pending was taken
	pending []queued
	bytes   int
	closed  bool
	broken  bool // a write failed: the kernel is gone, drop everything
}

type queued struct {
	ev   evalproto.Event
	text []byte // stream text, merged
}

func newEventQueue(w io.Writer) *eventQueue {
	q := &eventQueue{w: bufio.NewWriterSize(w, 64<<10)}
	q.ready = sync.NewCond(&q.mu)
	q.space = sync.NewCond(&q.mu)
	return q
}

func (q *eventQueue) push(ev evalproto.Event) {
	q.mu.Lock()
	if !q.closed && !q.broken {
		q.pending = append(q.pending, queued{ev: ev})
		q.ready.Signal()
	}
	q.mu.Unlock()
}

func (q *eventQueue) stream(id uint64, name, text string) {
	if text == "" {
		return
	}
	q.mu.Lock()
	for q.bytes > maxPendingBytes && !q.closed && !q.broken {
		q.space.Wait()
	}
	if q.closed || q.broken {
		q.mu.Unlock()
		return
	}
	if n := len(q.pending); n > 0 {
		last := &q.pending[n-1]
		if last.ev.Kind == evalproto.EvStream && last.ev.ID == id && last.ev.Name == name {
			last.text = append(last.text, text...)
			q.bytes += len(text)
			q.mu.Unlock()
			return
		}
	}
	q.pending = append(q.pending, queued{ev: evalproto.Event{Kind: evalproto.EvStream, ID: id, Name: name}, text: []byte(text)})
	q.bytes += len(text)
	q.ready.Signal()
	q.mu.Unlock()
}

// close lets the writer send what is pending and stop.
func (q *eventQueue) close() {
	q.mu.Lock()
	q.closed = true
	q.ready.Broadcast()
	q.space.Broadcast()
	q.mu.Unlock()
}

// run writes events until the queue is closed and empty.
func (q *eventQueue) run() {
	for {
		q.mu.Lock()
		for len(q.pending) == 0 && !q.closed {
			q.ready.Wait()
		}
		if len(q.pending) == 0 {
			q.mu.Unlock()
			return
		}
		q.mu.Unlock()
		q.flush()
	}
}

// flush writes what is pending now. The request worker calls it after its done event, so
// that the answer leaves without waiting for the writer goroutine to be scheduled.
func (q *eventQueue) flush() {
	q.wmu.Lock()
	defer q.wmu.Unlock()
	q.mu.Lock()
	q.batch, q.pending = q.pending, q.batch[:0]
	q.bytes = 0
	q.space.Broadcast()
	broken := q.broken
	q.mu.Unlock()
	if len(q.batch) == 0 || broken {
		return
	}
	if q.enc == nil {
		q.enc = json.NewEncoder(q.w)
		q.enc.SetEscapeHTML(false)
	}
	for i := range q.batch {
		if q.batch[i].ev.Kind == evalproto.EvStream {
			q.batch[i].ev.Text = string(q.batch[i].text)
		}
		if err := q.enc.Encode(&q.batch[i].ev); err != nil {
			q.fail()
			return
		}
		q.batch[i] = queued{}
	}
	if err := q.w.Flush(); err != nil {
		q.fail()
	}
}

func (q *eventQueue) fail() {
	q.mu.Lock()
	q.broken = true
	q.pending = nil
	q.space.Broadcast()
	q.mu.Unlock()
}
