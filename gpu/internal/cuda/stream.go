package cuda

import (
	"errors"
	"fmt"
	"sync"
	"sync/atomic"
	"time"
	"unsafe"

	"github.com/peerbook/peerbook/gpu/internal/backend"
)

// stream is a CUDA stream, made non-blocking: it never waits for other streams implicitly,
// so kernels on two streams of a device run at the same time (what hand-offs need).
type stream struct {
	b      *Backend
	d      *device
	handle uintptr
	gen    uint64

	mu        sync.Mutex  // one Destroy at a time
	destroyed atomic.Bool // read without mu by live, on every launch

	asyncErr atomic.Pointer[asyncError] // a queued launch that failed, for the next call
}

var _ backend.Stream = (*stream)(nil)

// NewStream makes a stream on dev.
func (b *Backend) NewStream(dev int) (backend.Stream, error) {
	d, err := b.device(dev)
	if err != nil {
		return nil, fmt.Errorf("new stream: %w", err)
	}
	gen, err := b.enter(d)
	if err != nil {
		return nil, err
	}
	defer leave()
	var h uintptr
	if err := b.check(d, gen, "cuStreamCreate", ccall(b.drv.cuStreamCreate, uintptr(unsafe.Pointer(&h)), streamNonBlocking)); err != nil {
		return nil, fmt.Errorf("new stream: %w", err)
	}
	st := &stream{b: b, d: d, handle: h, gen: gen}
	d.mu.Lock()
	d.streams[st] = struct{}{}
	d.mu.Unlock()
	return st, nil
}

// stream returns the *stream behind s.
func (b *Backend) stream(s backend.Stream) (*stream, error) {
	st, ok := s.(*stream)
	if !ok || st == nil || st.b != b {
		return nil, fmt.Errorf("stream %T was not made by this CUDA backend", s)
	}
	return st, nil
}

// live returns the handle, or why the stream can't be used.
func (s *stream) live() (uintptr, error) {
	if err := s.b.poisoned(); err != nil {
		return 0, err
	}
	if s.destroyed.Load() {
		return 0, errors.New("the stream was destroyed")
	}
	if s.gen != s.d.gen.Load() {
		return 0, fmt.Errorf("the stream died when device %d was reset after a fault: make a new one", s.d.index)
	}
	return s.handle, nil
}

func (s *stream) Device() int { return s.d.index }

// Synchronize waits for the work queued on s. An error of a launch queued on s (see
// queue.go) is returned here if no call on s returned it before.
func (s *stream) Synchronize() error {
	h, err := s.live()
	if err != nil {
		return fmt.Errorf("synchronize: %w", err)
	}
	gen, err := s.b.enter(s.d) // submits the queued launches first
	if err != nil {
		return err
	}
	err = s.b.waitStream(s.d, gen, h)
	leave()
	if aerr := s.takeAsyncErr(); aerr != nil {
		return aerr
	}
	return err
}

// Destroy releases s once its work is done (the launches queued on it are made first). An
// error of a launch queued on s that no call returned yet is returned here.
func (s *stream) Destroy() error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.destroyed.Swap(true) {
		return errors.New("the stream was already destroyed")
	}
	s.b.flushLaunches()
	aerr := s.takeAsyncErr()
	if err := s.destroy(); aerr == nil {
		return err
	}
	return aerr
}

// destroy is Destroy after its checks (s.mu held).
func (s *stream) destroy() error {
	s.d.mu.Lock()
	delete(s.d.streams, s)
	s.d.mu.Unlock()
	if s.gen != s.d.gen.Load() || s.b.poison.Load() != nil {
		return nil // died with its context
	}
	gen, err := s.b.enter(s.d)
	if err != nil {
		return err
	}
	defer leave()
	return s.b.check(s.d, gen, "cuStreamDestroy", ccall(s.b.drv.cuStreamDestroy, s.handle))
}

// event is a CUDA event with timing.
type event struct {
	b      *Backend
	d      *device
	handle uintptr
	gen    uint64

	mu        sync.Mutex
	recorded  bool
	destroyed bool
}

var _ backend.Event = (*event)(nil)

// NewEvent makes an event on dev.
func (b *Backend) NewEvent(dev int) (backend.Event, error) {
	d, err := b.device(dev)
	if err != nil {
		return nil, fmt.Errorf("new event: %w", err)
	}
	gen, err := b.enter(d)
	if err != nil {
		return nil, err
	}
	defer leave()
	var h uintptr
	if err := b.check(d, gen, "cuEventCreate", ccall(b.drv.cuEventCreate, uintptr(unsafe.Pointer(&h)), eventDefault)); err != nil {
		return nil, fmt.Errorf("new event: %w", err)
	}
	ev := &event{b: b, d: d, handle: h, gen: gen}
	d.mu.Lock()
	d.events[ev] = struct{}{}
	d.mu.Unlock()
	return ev, nil
}

func (e *event) live() error {
	if err := e.b.poisoned(); err != nil {
		return err
	}
	if e.destroyed {
		return fmt.Errorf("the event was destroyed (%w)", backend.ErrEventUnusable)
	}
	if e.gen != e.d.gen.Load() {
		return fmt.Errorf("the event died when device %d was reset after a fault: make a new one (%w)", e.d.index, backend.ErrEventUnusable)
	}
	return nil
}

// Record marks the current end of s (nil: the backend's stream of the event's device, where
// work launched without a stream runs). On a stream, while launches are queued (queue.go),
// the record is queued behind them, in the same order, rather than submitting them here: a
// timeline's events around each launch then cost the cell no call into the driver.
func (e *event) Record(s backend.Stream) error {
	e.mu.Lock()
	defer e.mu.Unlock()
	if err := e.live(); err != nil {
		return fmt.Errorf("record: %w", err)
	}
	h := e.d.stream.Load()
	if s != nil {
		st, err := e.b.stream(s)
		if err != nil {
			return fmt.Errorf("record: %w", err)
		}
		if st.d != e.d {
			return fmt.Errorf("record: the event belongs to device %d, the stream to device %d", e.d.index, st.d.index)
		}
		if h, err = st.live(); err != nil {
			return fmt.Errorf("record: %w", err)
		}
		if q := e.b.queue; q != nil {
			if st.gen != e.gen {
				return fmt.Errorf("record: the stream died when device %d was reset after a fault: make a new one", st.d.index)
			}
			l := q.reserve(0)
			l.st, l.gen, l.kernel, l.ctx, l.event = st, e.gen, "an event record", e.d.ctx.Load(), e.handle
			l.a = [11]uintptr{8: h}
			q.push()
			e.recorded = true
			return nil
		}
	}
	gen, err := e.b.enter(e.d)
	if err != nil {
		return err
	}
	defer leave()
	if err := e.b.check(e.d, gen, "cuEventRecord", ccall(e.b.drv.cuEventRecord, e.handle, h)); err != nil {
		return fmt.Errorf("record: %w", err)
	}
	e.recorded = true
	return nil
}

// Synchronize waits until the stream reaches the event (at once when never recorded).
func (e *event) Synchronize() error {
	e.mu.Lock()
	err, recorded := e.live(), e.recorded
	e.mu.Unlock()
	if err != nil {
		return fmt.Errorf("synchronize: %w", err)
	}
	if !recorded {
		return nil
	}
	gen, err := e.b.enter(e.d)
	if err != nil {
		return err
	}
	defer leave()
	if done := e.b.interruptDone(); done != nil {
		return e.b.poll(e.d, gen, "cuEventQuery", e.b.drv.cuEventQuery, e.handle, done)
	}
	return e.b.check(e.d, gen, "cuEventSynchronize", ccall(e.b.drv.cuEventSynchronize, e.handle))
}

// Elapsed is the GPU time from e to end; both must be recorded and complete.
func (e *event) Elapsed(end backend.Event) (time.Duration, error) {
	other, ok := end.(*event)
	if !ok || other == nil || other.b != e.b {
		return 0, fmt.Errorf("elapsed: event %T was not made by this CUDA backend", end)
	}
	for _, ev := range []*event{e, other} {
		ev.mu.Lock()
		err, recorded := ev.live(), ev.recorded
		ev.mu.Unlock()
		if err != nil {
			return 0, fmt.Errorf("elapsed: %w", err)
		}
		if !recorded {
			return 0, errors.New("elapsed: both events must be recorded")
		}
	}
	gen, err := e.b.enter(e.d)
	if err != nil {
		return 0, err
	}
	defer leave()
	var ms float32
	r := ccall(e.b.drv.cuEventElapsedTime, uintptr(unsafe.Pointer(&ms)), e.handle, other.handle)
	if r == cudaErrorNotReady {
		return 0, errors.New("elapsed: an event is not complete yet (synchronize the end event first)")
	}
	if err := e.b.check(e.d, gen, "cuEventElapsedTime", r); err != nil {
		return 0, fmt.Errorf("elapsed: %w", err)
	}
	return time.Duration(float64(ms) * float64(time.Millisecond)), nil
}

// Destroy releases the event.
func (e *event) Destroy() error {
	e.mu.Lock()
	defer e.mu.Unlock()
	if e.destroyed {
		return errors.New("the event was already destroyed")
	}
	e.destroyed = true
	e.d.mu.Lock()
	delete(e.d.events, e)
	e.d.mu.Unlock()
	if e.gen != e.d.gen.Load() || e.b.poison.Load() != nil {
		return nil
	}
	gen, err := e.b.enter(e.d)
	if err != nil {
		return err
	}
	defer leave()
	return e.b.check(e.d, gen, "cuEventDestroy", ccall(e.b.drv.cuEventDestroy, e.handle))
}
