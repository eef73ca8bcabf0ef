package sim

import (
	"errors"
	"fmt"
	"runtime"
	"sync"
	"time"

	"github.com/peerbook/peerbook/gpu/internal/backend"
)

// stream is an ordered queue of work on one device, run by its own goroutine. Streams do not
// wait for each other or for work without a stream (like CUDA's non-blocking streams).
type stream struct {
	b   *Backend
	dev int

	mu        sync.Mutex
	cond      *sync.Cond
	queue     []task
	err       error // the first failure since the last Synchronize
	destroyed bool
	queued    uint64 // tasks enqueued so far
	taken     uint64 // tasks the stream's goroutine took so far
	busy      bool   // the goroutine runs a task...
	busyMark  bool   // ...that is a mark (see task.mark)
}

// task is a piece of work of a stream. A mark (an event record, a synchronize's wake-up)
// takes no time and never waits.
type task struct {
	run  func() error
	mark bool
}

var _ backend.Stream = (*stream)(nil)

// NewStream starts a stream on dev.
func (b *Backend) NewStream(dev int) (backend.Stream, error) {
	if err := b.checkDevice(dev, false); err != nil {
		return nil, fmt.Errorf("new stream: %w", err)
	}
	s := &stream{b: b, dev: dev}
	s.cond = sync.NewCond(&s.mu)
	b.mu.Lock()
	b.streams[s] = struct{}{}
	b.mu.Unlock()
	go s.loop()
	return s, nil
}

func (b *Backend) stream(s backend.Stream) (*stream, error) {
	st, ok := s.(*stream)
	if !ok || st == nil {
		return nil, fmt.Errorf("stream %T was not made by the simulator", s)
	}
	if st.b != b {
		return nil, errors.New("stream was made by another simulator instance")
	}
	return st, nil
}

func (s *stream) Device() int { return s.dev }

// enqueue adds task to the end of the stream.
func (s *stream) enqueue(run func() error) error { return s.push(task{run: run}) }

// enqueueMark adds a mark (see task) to the end of the stream.
func (s *stream) enqueueMark(run func() error) error { return s.push(task{run: run, mark: true}) }

func (s *stream) push(t task) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.destroyed {
		return errors.New("the stream was destroyed")
	}
	s.queue = append(s.queue, t)
	s.queued++
	s.cond.Signal()
	return nil
}

func (s *stream) loop() {
	for {
		s.mu.Lock()
		for len(s.queue) == 0 && !s.destroyed {
			s.cond.Wait()
		}
		if len(s.queue) == 0 {
			s.mu.Unlock()
			return
		}
		t := s.queue[0]
		s.queue[0] = task{}
		s.queue = s.queue[1:]
		s.taken++
		s.busy, s.busyMark = true, t.mark
		s.mu.Unlock()
		err := runTask(t.run)
		s.mu.Lock()
		s.busy = false
		if err != nil && s.err == nil {
			s.err = err
		}
		s.mu.Unlock()
		// Other streams' work runs between this stream's tasks (a kernel beside a run of
		// copies), as on a GPU, even where fewer CPUs than streams are free.
		runtime.Gosched()
	}
}

// runTask runs task, turning a panic into an error: a panic in this goroutine would end the
// process.
func runTask(task func() error) (err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("panic in simulated stream: %v", r)
		}
	}()
	return task()
}

// dispatchWait bounds awaitDispatch, in case a stream's goroutine can't be scheduled.
const dispatchWait = 20 * time.Millisecond

// awaitDispatch waits until every stream of the backend has taken the work queued on it
// so far, or is busy with earlier work that is not a mark (work behind it waits for it, as
// on a stream). A GPU starts
// kernels in the order they were submitted, as far as its streams allow: a kernel launched
// on a stream and then one launched without one start in that order. A stream's goroutine,
// though, may take a while to be scheduled; synchronous work waits for it, so that it does
// not start first (the consumer of a hand-off launched first starts first).
func (b *Backend) awaitDispatch() {
	b.mu.Lock()
	list := make([]*stream, 0, len(b.streams))
	for s := range b.streams {
		list = append(list, s)
	}
	b.mu.Unlock()
	deadline := time.Now().Add(dispatchWait)
	for _, s := range list {
		s.mu.Lock()
		target := s.queued
		for s.taken < target && !(s.busy && !s.busyMark) && !s.destroyed && time.Now().Before(deadline) {
			s.mu.Unlock()
			runtime.Gosched()
			s.mu.Lock()
		}
		s.mu.Unlock()
	}
}

// Synchronize waits until the work queued so far has run, and returns the first error of
// that work since the last Synchronize. An interrupt stops the wait.
func (s *stream) Synchronize() error {
	reached := make(chan struct{})
	if err := s.enqueueMark(func() error { close(reached); return nil }); err != nil {
		return err
	}
	if err := s.b.intr.wait(reached); err != nil {
		return err
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	err := s.err
	s.err = nil
	return err
}

// Destroy ends the stream; work already queued still runs.
func (s *stream) Destroy() error {
	s.mu.Lock()
	if s.destroyed {
		s.mu.Unlock()
		return errors.New("the stream was already destroyed")
	}
	s.destroyed = true
	s.cond.Signal()
	s.mu.Unlock()
	s.b.mu.Lock()
	delete(s.b.streams, s)
	s.b.mu.Unlock()
	return nil
}

// event marks a point in a stream and the time the stream reached it.
type event struct {
	b   *Backend
	dev int

	mu        sync.Mutex
	recorded  bool
	reached   chan struct{} // closed when the stream reaches the mark
	at        time.Time
	destroyed bool
}

var _ backend.Event = (*event)(nil)

// NewEvent makes an event of dev.
func (b *Backend) NewEvent(dev int) (backend.Event, error) {
	if err := b.checkDevice(dev, false); err != nil {
		return nil, fmt.Errorf("new event: %w", err)
	}
	return &event{b: b, dev: dev}, nil
}

// Record marks the current end of s (nil: the default stream, which has no queue: now,
// once the streams took the work queued before).
func (e *event) Record(s backend.Stream) error {
	if s == nil {
		// A mark on the work without a stream, which starts after the streams took what
		// was queued before it (see awaitDispatch). Waited for before taking e.mu, which a
		// record of e queued on a stream takes when the stream reaches it.
		e.b.awaitDispatch()
	}
	e.mu.Lock()
	defer e.mu.Unlock()
	if e.destroyed {
		return errors.New("the event was destroyed")
	}
	reached := make(chan struct{})
	if s == nil {
		e.recorded, e.reached, e.at = true, reached, time.Now()
		close(reached)
		return nil
	}
	st, err := e.b.stream(s)
	if err != nil {
		return err
	}
	if st.dev != e.dev {
		return fmt.Errorf("the event belongs to device %d, the stream to device %d", e.dev, st.dev)
	}
	err = st.enqueueMark(func() error {
		e.mu.Lock()
		if e.reached == reached {
			e.at = time.Now()
		}
		e.mu.Unlock()
		close(reached)
		return nil
	})
	if err != nil {
		return err
	}
	e.recorded, e.reached = true, reached
	return nil
}

// Synchronize waits until the stream reaches the event (at once when it was never recorded).
func (e *event) Synchronize() error {
	e.mu.Lock()
	reached, destroyed := e.reached, e.destroyed
	e.mu.Unlock()
	if destroyed {
		return errors.New("the event was destroyed")
	}
	if reached == nil {
		return nil
	}
	return e.b.intr.wait(reached)
}

// done returns the time the event was reached, or an error where it wasn't recorded or
// reached yet.
func (e *event) done(which string) (time.Time, error) {
	e.mu.Lock()
	defer e.mu.Unlock()
	if e.destroyed {
		return time.Time{}, fmt.Errorf("the %s event was destroyed", which)
	}
	if !e.recorded {
		return time.Time{}, fmt.Errorf("the %s event was never recorded", which)
	}
	select {
	case <-e.reached:
		return e.at, nil
	default:
		return time.Time{}, fmt.Errorf("the %s event is not complete yet (synchronize it first)", which)
	}
}

// HostTime returns the time the stream reached the event, on the host's clock (which is
// the simulator's); false where it wasn't recorded or reached yet.
func (e *event) HostTime() (time.Time, bool) {
	t, err := e.done("")
	return t, err == nil
}

// Elapsed returns the time from e to end; both must be recorded and complete.
func (e *event) Elapsed(end backend.Event) (time.Duration, error) {
	other, ok := end.(*event)
	if !ok || other == nil || other.b != e.b {
		return 0, fmt.Errorf("event %T was not made by this simulator", end)
	}
	t0, err := e.done("start")
	if err != nil {
		return 0, err
	}
	t1, err := other.done("end")
	if err != nil {
		return 0, err
	}
	return t1.Sub(t0), nil
}

func (e *event) Destroy() error {
	e.mu.Lock()
	defer e.mu.Unlock()
	if e.destroyed {
		return errors.New("the event was already destroyed")
	}
	e.destroyed = true
	return nil
}

// interrupts hands kernels a channel that closes when the running cell is interrupted.
type interrupts struct {
	mu      sync.Mutex
	current <-chan struct{}
	fired   bool          // current was closed
	stop    chan struct{} // ends the watcher of current
	running map[*abort]struct{}
}

// abort is the done channel of one running kernel.
type abort struct {
	ch   chan struct{}
	once sync.Once
}

func (a *abort) close() { a.once.Do(func() { close(a.ch) }) }

func (in *interrupts) set(done <-chan struct{}) {
	in.mu.Lock()
	defer in.mu.Unlock()
	if in.stop != nil {
		close(in.stop)
		in.stop = nil
	}
	in.current, in.fired = done, false
	if done == nil {
		return
	}
	stop := make(chan struct{})
	in.stop = stop
	go func() {
		select {
		case <-done:
			in.mu.Lock()
			if in.current == done {
				in.fired = true
				for a := range in.running {
					a.close()
				}
			}
			in.mu.Unlock()
		case <-stop:
		}
	}()
}

// start returns the done channel for a kernel that starts now; closed already when the
// current cell was interrupted.
func (in *interrupts) start() *abort {
	a := &abort{ch: make(chan struct{})}
	in.mu.Lock()
	defer in.mu.Unlock()
	if in.running == nil {
		in.running = map[*abort]struct{}{}
	}
	in.running[a] = struct{}{}
	if in.fired {
		a.close()
	}
	return a
}

func (in *interrupts) finish(a *abort) {
	in.mu.Lock()
	delete(in.running, a)
	in.mu.Unlock()
}

// interruptGrace is how long a wait goes on after an interrupt, for the interrupted work to
// stop and report its own error.
var interruptGrace = 2 * time.Second

// wait waits for ch to close. After an interrupt it waits at most interruptGrace more (the
// kernels stop on their done channels), then gives up with backend.ErrInterrupted.
func (in *interrupts) wait(ch <-chan struct{}) error {
	select {
	case <-ch:
		return nil
	default:
	}
	a := in.start()
	defer in.finish(a)
	select {
	case <-ch:
		return nil
	case <-a.ch:
	}
	t := time.NewTimer(interruptGrace)
	defer t.Stop()
	select {
	case <-ch:
		return nil
	case <-t.C:
		return backend.ErrInterrupted
	}
}
