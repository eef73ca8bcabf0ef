package cuda

import (
	"fmt"
	"os"
	"runtime"
	"sync"
	"sync/atomic"
	"time"
	"unsafe"
)

// Launches on a stream are queued: Launch checks and packs the arguments on the caller's
// thread, puts the launch in the backend's launch queue and returns; a goroutine of the
// queue's own submits it (cuLaunchKernel, in the same crossing into C as a direct launch).
// A cell's interpreter and the driver's launch path then run at the same time, so a cell
// that launches many kernels goes at the driver's pace, not at the sum of the interpreter's
// and the driver's (BenchmarkCUDACellLaunch in package eval, and bench/run.sh).
//
// Order is kept: the queue is one FIFO for every stream and device, and every other call
// into the driver (memory, copies, events, synchronize, module loads, a launch without a
// stream) first submits what is queued, on its own thread (flush, from Backend.enter and
// kernel.Launch). So the driver sees the calls in program order, as if each launch had been
// made where it was written; only a launch's own error from cuLaunchKernel comes later: the
// next Launch on that stream, its Synchronize or its Destroy returns it (as CUDA reports a
// kernel's errors). The arguments are checked before queueing, so that error is rare: a
// fault of an earlier kernel, a device reset.
//
// PEERBOOK_CUDA_LAUNCH=direct submits every launch on the caller's thread instead.

// launchQueueLen is how many launches may wait; a launch finding the queue full waits for
// a place (as cuLaunchKernel waits when the device's own queue is full).
const launchQueueLen = 1024

// launchSpin is how long the submitting goroutine looks for more work after emptying the
// queue before it sleeps: a cell launching every few microseconds then never pays a
// wake-up.
const launchSpin = 50 * time.Microsecond

// queuedLaunch is one launch in the queue: cuLaunchKernel's arguments and the packed
// argument block, kept compact (the submitter reads it from another core's cache); the
// submitter copies the block into scratch of its own, which it points the driver at.
type queuedLaunch struct {
	st     *stream
	gen    uint64 // the device's context generation the function and stream belong to
	ctx    uintptr
	a      [11]uintptr // cuLaunchKernel's arguments; kernelParams (a[9]) is the submitter's
	kernel string
	slots  []uint64 // the argument block: two words per parameter
	event  uintptr  // not 0: not a launch but cuEventRecord(event, a[8]) (see event.Record)
	ev0    uintptr  // a launch: not 0, events recorded on a[8] just before and after it
	ev1    uintptr  // (kernel.LaunchTimed), in the launch's crossing
}

// submitScratch is the submitter's own call and argument block (q.submit held), warm in
// its cache from one launch to the next.
type submitScratch struct {
	call   fusedCall // on the heap with the queue, as C needs
	slots  []uint64
	params []uintptr // kernelParams: &slots[2i]
}

// launchQueue is the backend's queue of launches on streams (see above): a ring with one
// producer at a time (q.produce, held from reserve to push) and one submitter at a time
// (q.submit: the goroutine, or a flush on a caller's thread). head and tail are atomics on
// cache lines of their own, so queueing and submitting take no shared lock.
type launchQueue struct {
	b *Backend

	produce sync.Mutex
	tail    atomic.Uint64 // launches queued so far; written by the producer only
	_       [56]byte
	submit  sync.Mutex
	head    atomic.Uint64 // launches submitted so far; written by the submitter only
	_       [56]byte
	scratch submitScratch // q.submit held

	ring [launchQueueLen]*queuedLaunch // ring[i%len]: reused, its buffers grown to fit once

	mu      sync.Mutex // for notFull only
	notFull sync.Cond  // a producer finding the ring full waits here for half of it (waiting set)
	waiting atomic.Bool
	stopped atomic.Bool // Close: no submitting goroutine any more

	parked atomic.Bool // the goroutine sleeps on wake
	wake   chan struct{}
	start  sync.Once
}

// launchMode reads PEERBOOK_CUDA_LAUNCH: queued (the default) or direct.
func launchMode() (queued bool, err error) {
	switch v := os.Getenv("PEERBOOK_CUDA_LAUNCH"); v {
	case "", "queued":
		return true, nil
	case "direct":
		return false, nil
	default:
		return false, fmt.Errorf("PEERBOOK_CUDA_LAUNCH=%q: want queued or direct", v)
	}
}

func newLaunchQueue(b *Backend) *launchQueue {
	q := &launchQueue{b: b, wake: make(chan struct{}, 1)}
	q.notFull.L = &q.mu
	return q
}

// queued says whether launches wait in the queue.
func (q *launchQueue) queued() bool { return q.tail.Load() != q.head.Load() }

// reserve returns the next free slot of the queue, sized for n parameters, waiting while
// the queue is full. The caller fills it in and queues it with push; until then other
// launches wait (q.produce).
func (q *launchQueue) reserve(n int) *queuedLaunch {
	q.start.Do(func() { go q.run() })
	q.produce.Lock()
	t := q.tail.Load()
	if t-q.head.Load() == launchQueueLen {
		if q.stopped.Load() {
			q.flush() // no goroutine to wait for: make room here
		} else {
			// The goroutine is submitting (it does not sleep while launches wait): wait
			// until half the queue is free, so that it wakes us once per half a queue, not
			// once per launch. The flag is set before head is read again, and the
			// submitter reads it after moving head, so one of the two sees the other.
			q.mu.Lock()
			q.waiting.Store(true)
			for t-q.head.Load() > launchQueueLen/2 && !q.stopped.Load() {
				q.notFull.Wait()
			}
			q.waiting.Store(false)
			q.mu.Unlock()
			if t-q.head.Load() == launchQueueLen {
				q.flush() // stopped while waiting
			}
		}
	}
	l := q.ring[t%launchQueueLen]
	if l == nil {
		l = new(queuedLaunch)
		q.ring[t%launchQueueLen] = l
	}
	if cap(l.slots) < 2*n {
		l.slots = make([]uint64, 2*n)
	}
	l.slots = l.slots[:2*n]
	return l
}

// push queues the slot reserve returned, filled in, and wakes the goroutine if it sleeps.
func (q *launchQueue) push() {
	q.tail.Add(1)
	q.produce.Unlock()
	if q.stopped.Load() {
		q.flush()
		return
	}
	if q.parked.Load() {
		select {
		case q.wake <- struct{}{}:
		default:
		}
	}
}

// run is the submitting goroutine: it drains the queue, looks for more for launchSpin,
// then sleeps until push wakes it. After close it submits what is left and returns.
func (q *launchQueue) run() {
	// One OS thread: its current context stays the launches' (the driver keeps it per
	// thread), and nothing else runs there to evict the submitter's data from its cache.
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	for {
		q.flush()
		for deadline := time.Now().Add(launchSpin); !q.queued() && time.Now().Before(deadline); {
			// Spin: a launch coming within launchSpin is taken without a wake-up.
		}
		if q.queued() {
			continue
		}
		if q.stopped.Load() {
			q.flush() // what a push made before it saw stopped
			return
		}
		q.parked.Store(true)
		if q.queued() || q.stopped.Load() { // no wake-up comes for what happened since the check
			q.parked.Store(false)
			continue
		}
		<-q.wake
		q.parked.Store(false)
	}
}

// flush submits every queued launch, in order, on the calling goroutine (waiting for the
// submitting goroutine where it is submitting).
func (q *launchQueue) flush() {
	if !q.queued() {
		return
	}
	q.submit.Lock()
	defer q.submit.Unlock()
	for {
		h := q.head.Load()
		if h == q.tail.Load() {
			return
		}
		l := q.ring[h%launchQueueLen]
		q.b.submitQueued(l, &q.scratch)
		l.st = nil // the stream may go
		q.head.Store(h + 1)
		if q.waiting.Load() && q.tail.Load()-(h+1) <= launchQueueLen/2 {
			q.mu.Lock()
			q.notFull.Signal()
			q.mu.Unlock()
		}
	}
}

// close stops the goroutine and submits what is queued; later launches are submitted by
// their push, on the caller's thread. The wake channel is never closed: a push that has
// not seen stopped yet may still send on it.
func (q *launchQueue) close() {
	if !q.stopped.Swap(true) {
		q.mu.Lock()
		q.notFull.Broadcast()
		q.mu.Unlock()
		select {
		case q.wake <- struct{}{}:
		default:
		}
	}
	q.flush()
}

// submitQueued makes launch l (under q.submit, with its scratch sc). Its stream's context
// generation and the backend's health are checked first: a launch queued before a fault is
// dropped, and its stream says so. The driver's result is kept on the stream for its next
// call.
func (b *Backend) submitQueued(l *queuedLaunch, sc *submitScratch) {
	st := l.st
	if err := b.poisoned(); err != nil {
		st.setAsyncErr(&asyncError{kernel: l.kernel, err: err})
		return
	}
	if l.gen != st.d.gen.Load() {
		st.setAsyncErr(&asyncError{kernel: l.kernel, err: fmt.Errorf("not made: device %d was reset after a fault", st.d.index)})
		return
	}
	if l.event != 0 {
		c := &sc.call
		c.getCurrent, c.setCurrent, c.ctx = b.drv.cuCtxGetCurrent, b.drv.cuCtxSetCurrent, l.ctx
		c.fn, c.a = b.drv.cuEventRecord, [11]uintptr{l.event, l.a[8]}
		c.sync, c.stream, c.ev0, c.ev1 = 0, 0, 0, 0
		c.call(b.ctxMode)
		switch {
		case c.switched != 0 && c.ctxResult() != cudaSuccess:
			st.setAsyncErr(&asyncError{kernel: l.kernel, op: "cuCtxSetCurrent", r: c.ctxResult(), gen: l.gen})
		case c.result() != cudaSuccess:
			st.setAsyncErr(&asyncError{kernel: l.kernel, op: "cuEventRecord", r: c.result(), gen: l.gen})
		}
		return
	}
	n := len(l.slots) / 2
	if len(sc.params) < n {
		sc.slots, sc.params = make([]uint64, 2*n), make([]uintptr, n)
		for i := range sc.params {
			sc.params[i] = uintptr(unsafe.Pointer(&sc.slots[2*i]))
		}
	}
	copy(sc.slots, l.slots)
	a := l.a
	a[9] = cptr(sc.params[:n])
	c := &sc.call
	c.setLaunch(b.drv, l.ctx, a)
	c.ev0, c.ev1 = l.ev0, l.ev1
	c.call(b.ctxMode)
	var op string
	var r cuResult
	rec0, rec1 := c.recResults()
	switch {
	case c.switched != 0 && c.ctxResult() != cudaSuccess:
		op, r = "cuCtxSetCurrent", c.ctxResult()
	case rec0 != cudaSuccess:
		op, r = "cuEventRecord (start event)", rec0
	case c.result() != cudaSuccess:
		op, r = "cuLaunchKernel", c.result()
	case rec1 != cudaSuccess:
		op, r = "cuEventRecord (end event)", rec1
	default:
		return
	}
	st.setAsyncErr(&asyncError{kernel: l.kernel, op: op, r: r, gen: l.gen})
}

// asyncError is what went wrong with a queued launch: a driver result (op, r, in context
// generation gen) or err.
type asyncError struct {
	kernel string
	op     string
	r      cuResult
	gen    uint64
	err    error
}

// setAsyncErr keeps e for the stream's next call, unless an earlier one waits already.
func (s *stream) setAsyncErr(e *asyncError) { s.asyncErr.CompareAndSwap(nil, e) }

// takeAsyncErr returns (once) the error of a launch queued on s that failed, nil where none
// did. A sticky fault is handled here, off the submitting goroutine (b.check recovers).
func (s *stream) takeAsyncErr() error {
	e := s.asyncErr.Swap(nil)
	if e == nil {
		return nil
	}
	err := e.err
	if err == nil {
		err = s.b.check(s.d, e.gen, e.op, e.r) // not nil: r is not success
	}
	return fmt.Errorf("an earlier launch of %s on this stream failed: %w", e.kernel, err)
}

// flushLaunches submits the queued launches before a call that must come after them.
func (b *Backend) flushLaunches() {
	if q := b.queue; q != nil {
		q.flush()
	}
}
