package gpu

import (
	"errors"
	"fmt"
	goruntime "runtime"
	"sync"
	"time"
	"weak"

	"github.com/peerbook/peerbook/gpu/internal/backend"
)

// Stream is an ordered queue of work on one GPU. Work on different streams (and different
// GPUs) runs concurrently; streams don't wait for work launched without one. Launch with
// gpu.OnStream(s), copy with CopyAsync, and wait with Synchronize.
type Stream struct {
	m   *machine
	dev *Device

	mu        sync.Mutex
	s         backend.Stream
	destroyed bool
	kept      []*allocation // buffers queued work uses, kept alive until Synchronize
	hostRMW   []*allocation // host buffers queued kernels update with atomics (caps.go), until Synchronize
}

// streamSet is the machine's streams, weakly held, so that Device.Synchronize can release
// the buffers each kept.
type streamSet struct {
	mu   sync.Mutex
	list []weak.Pointer[Stream]
}

// NewStream makes a stream on the GPU d.
func (d *Device) NewStream() (*Stream, error) {
	if d.IsHost() {
		return nil, errors.New("new stream: streams belong to a GPU, not the host")
	}
	bs, err := d.m.b.NewStream(d.info.Index)
	if err != nil {
		return nil, fmt.Errorf("new stream on %s: %w", d.label(), err)
	}
	s := &Stream{m: d.m, dev: d, s: bs}
	goruntime.AddCleanup(s, func(bs backend.Stream) { bs.Destroy() }, bs)
	d.m.streams.mu.Lock()
	live := d.m.streams.list[:0]
	for _, w := range d.m.streams.list {
		if w.Value() != nil {
			live = append(live, w)
		}
	}
	d.m.streams.list = append(live, weak.Make(s))
	d.m.streams.mu.Unlock()
	return s, nil
}

// Device returns the stream's GPU.
func (s *Stream) Device() *Device { return s.dev }

// String describes the stream.
func (s *Stream) String() string { return "stream on " + s.dev.label() }

func (s *Stream) live(op string) (backend.Stream, error) {
	if s == nil {
		return nil, fmt.Errorf("%s: nil stream", op)
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.destroyed {
		return nil, fmt.Errorf("%s: the stream on %s was destroyed", op, s.dev.label())
	}
	return s.s, nil
}

// keep holds allocations until the stream's next Synchronize.
func (s *Stream) keep(as ...*allocation) {
	s.mu.Lock()
	s.kept = append(s.kept, as...)
	s.mu.Unlock()
}

func (s *Stream) release() {
	s.mu.Lock()
	s.kept = nil
	s.hostRMW = nil
	s.mu.Unlock()
}

// releaseKept releases the buffers kept by the streams of GPU dev (after it synchronized).
func (m *machine) releaseKept(dev int) {
	m.streams.mu.Lock()
	defer m.streams.mu.Unlock()
	for _, w := range m.streams.list {
		if s := w.Value(); s != nil && s.dev.info.Index == dev {
			s.release()
		}
	}
}

// Synchronize waits until the work queued on the stream has run, and returns the first
// error of it (a kernel that panicked, an interrupt).
func (s *Stream) Synchronize() (err error) {
	bs, err := s.live("synchronize")
	if err != nil {
		return err
	}
	if tr := tracing.Load(); tr != nil {
		start := time.Now()
		defer func() { tr.host(opSync, s.m, "synchronize "+tr.streamLane(s.dev, s).String(), start, err) }()
	}
	err = bs.Synchronize()
	s.release()
	if err != nil {
		return fmt.Errorf("synchronize %s: %w", s, explainFault(s.dev, err))
	}
	if pe := takeDeviceFault(s.dev); pe != nil {
		return fmt.Errorf("synchronize %s: %w", s, pe)
	}
	return nil
}

// Destroy ends the stream; work already queued still runs.
func (s *Stream) Destroy() error {
	bs, err := s.live("destroy")
	if err != nil {
		return err
	}
	s.mu.Lock()
	s.destroyed = true
	s.mu.Unlock()
	if tr := tracing.Load(); tr != nil {
		tr.streamEnds(s.dev, bs) // launches that stamp themselves on it are waited for by this
	}
	if err := bs.Destroy(); err != nil {
		return fmt.Errorf("destroy %s: %w", s, err)
	}
	return nil
}

// Event marks a point in a stream, to wait for it or to time the work between two events.
type Event struct {
	dev *Device
	e   backend.Event
}

// NewEvent makes an event of the GPU d.
func (d *Device) NewEvent() (*Event, error) {
	if d.IsHost() {
		return nil, errors.New("new event: events belong to a GPU, not the host")
	}
	be, err := d.m.b.NewEvent(d.info.Index)
	if err != nil {
		return nil, fmt.Errorf("new event on %s: %w", d.label(), err)
	}
	e := &Event{dev: d, e: be}
	goruntime.AddCleanup(e, func(be backend.Event) { be.Destroy() }, be)
	return e, nil
}

// Record marks the current end of stream s (nil: the device's default stream), which
// reaches the mark once the work queued before it has run.
func (e *Event) Record(s *Stream) error {
	var bs backend.Stream
	if s != nil {
		var err error
		if bs, err = s.live("record event"); err != nil {
			return err
		}
		if s.dev != e.dev {
			return fmt.Errorf("record event: the event belongs to %s, the stream to %s", e.dev.label(), s.dev.label())
		}
	}
	if err := e.e.Record(bs); err != nil {
		return fmt.Errorf("record event on %s: %w", e.dev.label(), err)
	}
	if tr := tracing.Load(); tr != nil {
		tr.endDevice(tr.beginDevice(opRecord, e.dev, s, bs, "event"), bs, nil)
	}
	return nil
}

// Synchronize waits until the stream reaches the event.
func (e *Event) Synchronize() (err error) {
	if tr := tracing.Load(); tr != nil {
		start := time.Now()
		defer func() {
			tr.host(opSync, e.dev.m, "synchronize event of GPU"+fmt.Sprint(e.dev.info.Index), start, err)
		}()
	}
	if err := e.e.Synchronize(); err != nil {
		return fmt.Errorf("synchronize event on %s: %w", e.dev.label(), backendError(err))
	}
	return nil
}

// Elapsed returns the time between e and end, two recorded events that the stream reached
// (Synchronize end first).
func (e *Event) Elapsed(end *Event) (time.Duration, error) {
	if end == nil {
		return 0, errors.New("elapsed: nil end event")
	}
	if end.dev.m != e.dev.m {
		return 0, errors.New("elapsed: the events belong to different device sets")
	}
	d, err := e.e.Elapsed(end.e)
	if err != nil {
		return 0, fmt.Errorf("elapsed: %w", err)
	}
	return d, nil
}

// Destroy releases the event.
func (e *Event) Destroy() error { return e.e.Destroy() }
