package gpu

import (
	"errors"
	"fmt"
	"sync"
	"sync/atomic"
	"time"

	"github.com/peerbook/peerbook/gpu/internal/backend"
)

// Tracing records what the devices did while a Timeline is on: every launch, copy, fill
// (memset), synchronize, event record and host wait, each on its device and stream, with
// timestamps taken by the devices themselves. A launch on CUDA stamps itself (trace_stamps.go:
// its traced variant writes %globaltimer at its first block's start and last block's end
// into a slot that Stop reads; no event, no other call into the driver). Any other device
// operation, and a launch whose variant can't be used, is bracketed by two events of its
// backend recorded on the operation's stream: CUDA events on a GPU (cuEventRecord, read with
// cuEventElapsedTime), and on simulated devices the simulator's events, which take the
// simulator's clock when the stream reaches them. The events are read only when the
// timeline stops, so that the launch path pays for two event records and nothing else.
//
// Device clocks are put on the host's axis through one reference event per device,
// recorded and waited for when tracing starts (or at a device's first traced operation,
// for devices of a machine that gpu.Use made since): the host times before the record and
// after the wait bound when the device reached it, and the middle of the two is taken
// (Timeline.ClockError says how far off it can be). A simulated device's events carry the
// host's clock itself: its error is 0. The stamps are put on the reference event's axis by a
// calibration kernel launched between two events (stampRing.calibrate).
//
// On CUDA a launch timed by events hands its two events to the backend
// (backend.TimedKernel), which records them around the launch in the launch's own crossing
// into C: queued with the launch on a stream (so the cell makes no call into the driver),
// and without a stream on the device's stream, before the launch's wait in the same
// crossing. A copy without a stream goes, while traced, on a stream of the recorder's own
// and is waited for at once (see ownStream), so that its end event marks when the device
// finished.
//
// Timing events are made once per device (cuEventCreate is slow) and recycled: Stop gives
// them back to a pool that outlives the timeline (eventPool). The operations themselves are
// allocated in slabs, and a launch's tooltip is formatted only when the timeline is read.
//
// With no Timeline on, the hooks cost one atomic load each.

// tracing is the recorder while at least one Timeline is on, nil otherwise.
var tracing atomic.Pointer[recorder]

// traceMu serializes starting and stopping timelines.
var traceMu sync.Mutex

// opKind is what a traced operation was.
type opKind uint8

const (
	opLaunch opKind = iota // a kernel launch
	opCopy                 // a copy (Copy, CopyAsync, Write, Read)
	opFill                 // a memset (Fill)
	opRecord               // an event recorded on a stream (an instant)
	opSync                 // the host waiting for a stream, device or event
	opWait                 // the host waiting for a value (WaitValue)
	opFlag                 // the host setting a value in a shared buffer (an instant)
)

var opKindNames = [...]string{"kernel", "copy", "memset", "event", "sync", "wait", "flag"}

func (k opKind) String() string { return opKindNames[k] }

// laneKey is one lane of the chart: a device's stream, or the host (dev -1).
type laneKey struct {
	m      *machine
	dev    int
	stream int // 0: the device's own stream (work without gpu.OnStream); 1, 2, ...: streams
}

// traceOp is one recorded operation. Device operations carry their events until the
// timeline resolves them; host operations carry host times.
type traceOp struct {
	kind   opKind
	lane   laneKey
	name   string        // kernel name, "copy", "fill", "synchronize", ...
	launch *launchRecord // launches: what the tooltip describes (launchDetail), in rec
	rec    launchRecord
	bytes  int64
	dir    string // copies: H2D, D2H, D2D, P2P, H2H

	ref        *traceRef
	start, end backend.Event // device operations
	hostStart  time.Time     // host operations (and the host time of a device operation's call)
	hostEnd    time.Time

	// Launches that stamp themselves (trace_stamps.go): the device's ring, the slot, and
	// the stream the launch was made on (nil: the device's; the launch waited).
	ring       *stampRing
	slotMem    backend.Memory
	slotOff    int64
	slotStream backend.Stream

	resolved   bool
	unrecorded bool      // not kept (see keep): nothing to record
	t0, t1     time.Time // when it ran, on the host's axis (resolved)
	err        string
}

// hostTimer is an event whose time is on the host's clock (the simulator's events).
type hostTimer interface {
	HostTime() (time.Time, bool)
}

// traceRef is a device's reference event and the host time it stands for.
type traceRef struct {
	ev     backend.Event
	host   time.Time
	errBar time.Duration // half the time between the record and the wait's return
}

// recorder collects the operations of every Timeline that is on.
type recorder struct {
	mu      sync.Mutex
	ops     []*traceOp
	refs    map[loadKey]*traceRef
	refErr  map[loadKey]error
	slab    []traceOp       // where the next operations are put (newOp): one allocation per opSlab
	lslab   []launchRecord  // the same for launches' records
	streams map[*Stream]int // stream numbers, per device, in order of first use
	nextID  map[loadKey]int
	own     map[loadKey]backend.Stream       // see ownStream
	stamps  map[loadKey]*stampRing           // see stampRingOf
	notes   map[string]bool                  // lines for the timeline's note
	ended   map[backend.Stream]backend.Event // events recorded on streams their users destroyed (streamEnds)
	users   int
	closed  bool // every timeline stopped: a caller that loaded the recorder before records nothing
	dropped int  // operations not recorded, past maxTraceOps
}

// eventBatch is how many events a device's pool grows by.
const eventBatch = 64

// opSlab is how many operations a recorder allocates at once.
const opSlab = 256

// eventPool holds every device's timing events between uses: an operation takes two, and
// Stop gives them back once it has read them, so a device's events are made once
// (cuEventCreate is slow) and then recycled from one timeline to the next. At most
// maxPooledEvents per device are kept; a device reset makes them unusable, and the first
// operation to meet one (backend.ErrEventUnusable) empties the device's pool.
var eventPool struct {
	mu sync.Mutex
	m  map[loadKey][]backend.Event
}

// maxPooledEvents bounds the idle events kept per device (a timeline of many operations
// holds more while it is on; past this, Stop destroys them).
const maxPooledEvents = 8192

// putEvents gives events of device key back to the pool, destroying those past its bound.
func putEvents(key loadKey, evs ...backend.Event) {
	eventPool.mu.Lock()
	if eventPool.m == nil {
		eventPool.m = map[loadKey][]backend.Event{}
	}
	p := eventPool.m[key]
	n := min(len(evs), max(0, maxPooledEvents-len(p)))
	eventPool.m[key] = append(p, evs[:n]...)
	eventPool.mu.Unlock()
	for _, e := range evs[n:] {
		e.Destroy()
	}
}

// takeEvents takes two events of device key from the pool; nil where it has fewer.
func takeEvents(key loadKey) (backend.Event, backend.Event) {
	eventPool.mu.Lock()
	defer eventPool.mu.Unlock()
	p := eventPool.m[key]
	if len(p) < 2 {
		return nil, nil
	}
	a, b := p[len(p)-1], p[len(p)-2]
	p[len(p)-1], p[len(p)-2] = nil, nil
	eventPool.m[key] = p[:len(p)-2]
	return a, b
}

// dropEvents destroys the pooled events of device key (they died with a device reset).
func dropEvents(key loadKey) {
	eventPool.mu.Lock()
	p := eventPool.m[key]
	delete(eventPool.m, key)
	eventPool.mu.Unlock()
	for _, e := range p {
		e.Destroy()
	}
}

// pooledEvents is how many idle events device key has in the pool (tests).
func pooledEvents(key loadKey) int {
	eventPool.mu.Lock()
	defer eventPool.mu.Unlock()
	return len(eventPool.m[key])
}

// newOp returns a zeroed operation from the recorder's slab (r.mu held).
func (r *recorder) newOpLocked() *traceOp {
	if len(r.slab) == 0 {
		r.slab = make([]traceOp, opSlab)
	}
	op := &r.slab[0]
	r.slab = r.slab[1:]
	return op
}

// Timeline is a recording of what the devices did between gpu.Trace and Stop: kernel
// launches, copies, fills, synchronizes, event records and host waits, per device and
// stream, with the devices' timestamps. It renders as a chart (one lane per device and
// stream, one for the host), and as a table with Table; WriteTrace writes it for
// Perfetto or chrome://tracing.
type Timeline struct {
	rec         *recorder
	start       time.Time
	from        int
	droppedFrom int // rec.dropped at the start
	dropped     int // operations not recorded (past maxTraceOps), at Stop

	mu       sync.Mutex
	stopped  bool
	ops      []*traceOp
	err      error
	clockErr time.Duration
	notes    string // how the devices were timed, where not as usual

	// In a rank session, Stop merges every rank's timeline (trace_ranks.go).
	merged   *mergedTrace
	mergeErr error
}

// Trace starts recording what the devices do, until Stop. Timelines may nest (%%timeline
// around a cell that calls Trace): each records the operations made while it is on.
//
//	tl := gpu.Trace()
//	k.Launch(dev, 1, 256, data)
//	tl.Stop()
//	tl // the chart
func Trace() *Timeline {
	traceMu.Lock()
	defer traceMu.Unlock()
	r := tracing.Load()
	if r == nil {
		r = &recorder{refs: map[loadKey]*traceRef{}, refErr: map[loadKey]error{},
			streams: map[*Stream]int{}, nextID: map[loadKey]int{}, own: map[loadKey]backend.Stream{},
			stamps: map[loadKey]*stampRing{}}
	}
	r.mu.Lock()
	r.users++
	from, dropped := len(r.ops), r.dropped
	r.mu.Unlock()
	tl := &Timeline{rec: r, start: time.Now(), from: from, droppedFrom: dropped}
	if m, err := current(); err == nil {
		prepareStamps(m)
		// The reference events now, so that the first traced launch doesn't wait for one,
		// and a first batch of timing events where the pool has none.
		for _, d := range m.devices {
			if !d.IsHost() {
				r.ref(m, d.info.Index)
				if key := (loadKey{m, d.info.Index}); pooledEvents(key) < 2 {
					if a, b, err := r.events(key); err == nil {
						putEvents(key, a, b)
					}
				}
				r.stampRingOf(d) // the stamp slots and clock (a first compile of the clock kernel)
			}
		}
	}
	tracing.Store(r)
	return tl
}

// Stop ends the recording, waits for the recorded device work to finish and reads its
// timestamps. It returns the first error met reading them (an operation that failed is
// shown failed, not an error here). Stopping twice does nothing.
//
// In a rank session Stop is a collective (every rank calls it, as %%timeline does): the
// timeline then holds every rank's operations on one axis, rank 0 shows them in one chart
// with a lane group per rank, and the other ranks show a line saying so. Where the ranks
// can't merge (another rank called something else, or died), Stop returns why and the
// timeline holds this rank's operations.
func (t *Timeline) Stop() error {
	if t == nil {
		return errors.New("stop: nil timeline")
	}
	traceMu.Lock()
	t.mu.Lock()
	if t.stopped {
		t.mu.Unlock()
		traceMu.Unlock()
		return t.err
	}
	t.stopped = true
	r := t.rec
	r.mu.Lock()
	t.ops = append([]*traceOp(nil), r.ops[t.from:]...)
	t.dropped = r.dropped - t.droppedFrom
	r.users--
	last := r.users == 0
	if last {
		r.closed = true // an operation kept after the copy above would never be read
	}
	r.mu.Unlock()
	if last {
		tracing.Store(nil)
	}
	traceMu.Unlock()
	t.err = r.resolve(t.ops)
	t.clockErr = r.clockError()
	t.notes = r.notesText()
	if last {
		r.close()
	}
	err := t.err
	t.mu.Unlock()
	if w := currentWorld(); w != nil {
		// A collective: every rank's timeline, on one axis (trace_ranks.go).
		if merr := t.merge(w); merr != nil {
			t.mu.Lock()
			t.mergeErr = merr
			t.mu.Unlock()
			if err == nil {
				err = merr
			}
		}
	}
	return err
}

// ref returns the reference event of device dev of m, recording it on first use; nil where
// it can't be made (the error is kept for the timeline's notes).
func (r *recorder) ref(m *machine, dev int) *traceRef {
	key := loadKey{m, dev}
	r.mu.Lock()
	ref, done := r.refs[key], r.refErr[key] != nil
	r.mu.Unlock()
	if ref != nil || done {
		return ref
	}
	ev, err := m.b.NewEvent(dev)
	if err == nil {
		h0 := time.Now()
		if err = ev.Record(nil); err == nil {
			err = ev.Synchronize()
		}
		h1 := time.Now()
		ref = &traceRef{ev: ev, host: h0.Add(h1.Sub(h0) / 2), errBar: h1.Sub(h0) / 2}
		if ht, ok := ev.(hostTimer); ok {
			if at, ok := ht.HostTime(); ok {
				ref.host, ref.errBar = at, 0 // a simulated device: its clock is the host's
			}
		}
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.closed {
		err = errors.New("the timeline stopped")
	}
	if err != nil {
		if ev != nil {
			ev.Destroy()
		}
		r.refErr[key] = err
		return nil
	}
	if old := r.refs[key]; old != nil { // another goroutine made one meanwhile
		ev.Destroy()
		return old
	}
	r.refs[key] = ref
	return ref
}

// events takes two events of device key from the pool, growing it when empty.
func (r *recorder) events(key loadKey) (backend.Event, backend.Event, error) {
	if a, b := takeEvents(key); a != nil {
		return a, b, nil
	}
	fresh := make([]backend.Event, 0, eventBatch)
	for range eventBatch {
		ev, err := key.m.b.NewEvent(key.dev)
		if err != nil {
			for _, e := range fresh {
				e.Destroy()
			}
			return nil, nil, err
		}
		fresh = append(fresh, ev)
	}
	putEvents(key, fresh[2:]...)
	return fresh[0], fresh[1], nil
}

// giveBack returns an operation's events to the pool (Stop, once they are read).
func (r *recorder) giveBack(op *traceOp) {
	if op.start == nil {
		return
	}
	putEvents(loadKey{op.lane.m, op.lane.dev}, op.start, op.end)
	op.start, op.end = nil, nil
}

// discard destroys an operation's events, which could not be used, and the rest of the
// device's pool where they died with a device reset.
func (r *recorder) discard(op *traceOp, err error) {
	if op.start == nil {
		return
	}
	op.start.Destroy()
	op.end.Destroy()
	op.start, op.end = nil, nil
	if errors.Is(err, backend.ErrEventUnusable) {
		dropEvents(loadKey{op.lane.m, op.lane.dev})
	}
}

// close destroys the recorder's reference events and streams once no timeline uses it
// (its timing events are back in the pool: Stop read them).
func (r *recorder) close() {
	r.mu.Lock()
	defer r.mu.Unlock()
	for _, ref := range r.refs {
		ref.ev.Destroy()
	}
	for _, s := range r.own {
		s.Destroy()
	}
	for _, ev := range r.ended {
		ev.Destroy()
	}
	r.ended = nil
	for _, ring := range r.stamps {
		ring.free()
		if ring.err == nil {
			ring.err = errors.New("the timeline stopped")
		}
	}
	r.refs, r.own = map[loadKey]*traceRef{}, map[loadKey]backend.Stream{}
	r.closed = true
}

// ownStream returns the recorder's stream on dev, which work made without a stream goes on
// while it is traced (and is waited for at once, as without tracing): its end event then
// marks when the work ended, not when the host came back to record it. Every such piece of
// work is synchronous, so the device's own stream is idle meanwhile and the order of work
// is the same. Simulated devices need none: their events take the simulator's clock when
// recorded without a stream, which for synchronous work is when it starts and ends.
func (r *recorder) ownStream(dev *Device) (backend.Stream, error) {
	key := loadKey{dev.m, dev.info.Index}
	r.mu.Lock()
	s := r.own[key]
	r.mu.Unlock()
	if s != nil {
		return s, nil
	}
	s, err := dev.m.b.NewStream(dev.info.Index)
	if err != nil {
		return nil, err
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.closed {
		s.Destroy()
		return nil, errors.New("the timeline stopped")
	}
	if old := r.own[key]; old != nil {
		s.Destroy()
		return old, nil
	}
	r.own[key] = s
	return s, nil
}

// ownStreamOnSim makes simulated devices use ownStream too (for tests of that path).
var ownStreamOnSim = false

// needsOwnStream reports whether work without a stream on m goes on the recorder's stream.
func needsOwnStream(m *machine) bool { return !m.simulated() || ownStreamOnSim }

// launch makes a traced launch of bk on dev (s: the user's stream, nil for none). A backend
// kernel that can bracket its launch with the events itself (backend.TimedKernel: CUDA)
// records them in the launch's own submission, on the launch's stream or, without one,
// on the device's stream before the launch waits. Otherwise a launch without a stream goes
// on the recorder's stream of dev when own is set (not for Kernel.Time, whose events are on
// the device's stream) and is waited for.
func (r *recorder) launch(dev *Device, s *Stream, cfg backend.LaunchConfig, sig backend.Signature, args []backend.Arg, bk backend.Kernel, own bool) error {
	if sk, ok := bk.(backend.StampedKernel); ok && stampsOn {
		if err, made := r.launchStamped(dev, s, cfg, sig, args, sk); made {
			return err
		}
	}
	if tk, ok := bk.(backend.TimedKernel); ok {
		op := r.takeOp(opLaunch, dev, s, sig.Name)
		r.noteLaunch(op, sig, cfg, args)
		kept := r.keep(op) // before the launch, as the other operations: Stop may come meanwhile
		var err error
		if kept && op.start != nil {
			err = tk.LaunchTimed(cfg, args, op.start, op.end)
			if errors.Is(err, backend.ErrEventUnusable) {
				op.err = "not timed: " + err.Error()
				r.discard(op, err)
				err = bk.Launch(cfg, args)
			}
		} else {
			err = bk.Launch(cfg, args)
		}
		op.hostEnd = time.Now()
		if err != nil && op.err == "" {
			op.err = err.Error()
		}
		return err
	}
	wait := false
	if cfg.Stream == nil && own && needsOwnStream(dev.m) {
		if st, err := r.ownStream(dev); err == nil {
			cfg.Stream, wait = st, true
		}
	}
	op := r.beginDevice(opLaunch, dev, s, cfg.Stream, sig.Name)
	r.noteLaunch(op, sig, cfg, args)
	err := bk.Launch(cfg, args)
	r.endDevice(op, cfg.Stream, err)
	if err == nil && wait {
		if err = cfg.Stream.Synchronize(); err != nil && op.err == "" {
			op.err = err.Error()
		}
	}
	return err
}

// launchRecord is what a launch's tooltip describes, kept as given (args is the launch's
// own list, not reused) and formatted only when the timeline is read.
type launchRecord struct {
	sig         backend.Signature
	grid, block backend.Dim3
	shared      int
	args        []backend.Arg
}

// noteLaunch keeps what op's tooltip describes.
func (r *recorder) noteLaunch(op *traceOp, sig backend.Signature, cfg backend.LaunchConfig, args []backend.Arg) {
	op.rec = launchRecord{sig: sig, grid: cfg.Grid, block: cfg.Block, shared: cfg.SharedBytes, args: args}
	op.launch = &op.rec
}

// copyLane returns the device whose lane a copy goes in: the stream's, else the GPU the
// backend runs it on (the destination's, else the source's), else the host.
func copyLane(dst, src *Buffer, s *Stream) *Device {
	switch {
	case s != nil:
		return s.dev
	case !dst.a.dev.IsHost():
		return dst.a.dev
	}
	return src.a.dev
}

// beginCopy starts tracing a copy. For a copy without a stream between GPU memory it
// returns the recorder's stream to make it on (see ownStream), else bs.
func (r *recorder) beginCopy(dst, src *Buffer, s *Stream, bs backend.Stream, chunked bool) (*traceOp, backend.Stream) {
	dev := copyLane(dst, src, s)
	if s == nil && !chunked && !dev.IsHost() && needsOwnStream(dev.m) {
		if st, err := r.ownStream(dev); err == nil {
			bs = st
		}
	}
	op := r.beginDevice(opCopy, dev, s, bs, "copy")
	op.bytes, op.dir = src.Bytes(), copyDir(src.a.dev, dst.a.dev)
	return op, bs
}

// endCopy ends tracing a copy, and waits for it where beginCopy put it on the recorder's
// stream.
func (r *recorder) endCopy(op *traceOp, s *Stream, bs backend.Stream, err error) error {
	r.endDevice(op, bs, err)
	if err == nil && s == nil && bs != nil {
		if err = bs.Synchronize(); err != nil {
			if op.err == "" {
				op.err = err.Error()
			}
			return fmt.Errorf("copy on %s: %w", laneName(op.lane), err)
		}
	}
	return err
}

// traceBuffer starts tracing a synchronous operation on buffer b (Write, Read, Fill) of n
// bytes, on the device's own stream (the host's clock for host memory). It returns nil
// when no timeline is on, else the function that ends it.
func traceBuffer(b *Buffer, kind opKind, name string, n int64, toDevice bool) func(error) {
	r := tracing.Load()
	if r == nil {
		return nil
	}
	op := r.beginDevice(kind, b.a.dev, nil, nil, name)
	op.bytes = n
	if kind == opCopy {
		if toDevice {
			op.dir = copyDir(b.a.m.host, b.a.dev)
		} else {
			op.dir = copyDir(b.a.dev, b.a.m.host)
		}
	}
	return func(err error) { r.endDevice(op, nil, err) }
}

// streamLane returns the lane of work on s (nil: the device's own stream).
func (r *recorder) streamLane(dev *Device, s *Stream) laneKey {
	key := laneKey{m: dev.m, dev: dev.info.Index}
	if s == nil {
		return key
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	key.stream = r.streamIDLocked(loadKey{dev.m, dev.info.Index}, s)
	return key
}

// streamIDLocked returns the number of stream s of device dk (r.mu held).
func (r *recorder) streamIDLocked(dk loadKey, s *Stream) int {
	id, ok := r.streams[s]
	if !ok {
		r.nextID[dk]++
		id = r.nextID[dk]
		r.streams[s] = id
	}
	return id
}

// beginDevice records the start of a device operation on stream bs (nil: the device's own
// stream) of dev, in lane s. Where the events can't be had the operation goes untimed, and
// the timeline says so.
func (r *recorder) beginDevice(kind opKind, dev *Device, s *Stream, bs backend.Stream, name string) *traceOp {
	op := r.takeOp(kind, dev, s, name)
	if op.start != nil {
		if err := op.start.Record(bs); err != nil {
			op.err = "start event: " + err.Error()
			r.discard(op, err)
		}
	}
	return r.add(op)
}

// takeOp starts a device operation of dev in lane s: the host time, and two events from
// the pool for the caller to record (none on the host, and none where they can't be had:
// then op.err says why). The caller fills it in and keeps it with add.
func (r *recorder) takeOp(kind opKind, dev *Device, s *Stream, name string) *traceOp {
	now := time.Now()
	r.mu.Lock()
	if r.closed || len(r.ops) >= maxTraceOps {
		// Not recorded: the last timeline stopped meanwhile, or too many (see maxTraceOps).
		if !r.closed {
			r.dropped++
		}
		r.mu.Unlock()
		return &traceOp{kind: kind, name: name, lane: laneKey{m: dev.m, dev: dev.info.Index}, hostStart: now, unrecorded: true}
	}
	op := r.newOpLocked()
	*op = traceOp{kind: kind, name: name, lane: laneKey{m: dev.m, dev: dev.info.Index}, hostStart: now}
	if dev.IsHost() {
		// Host memory the host copies or fills: the host's clock.
		op.lane.dev = backend.HostDevice
		r.mu.Unlock()
		return op
	}
	key := loadKey{dev.m, dev.info.Index}
	op.ref = r.refs[key]
	if s != nil {
		op.lane.stream = r.streamIDLocked(key, s)
	}
	r.mu.Unlock()
	if op.ref == nil {
		if op.ref = r.ref(dev.m, dev.info.Index); op.ref == nil {
			op.err = "no reference event on this device"
			return op
		}
	}
	a, b, err := r.events(key)
	if err != nil {
		op.err = "start event: " + err.Error()
		return op
	}
	op.start, op.end = a, b
	return op
}

// endDevice records the end of a device operation (on the stream it began on).
func (r *recorder) endDevice(op *traceOp, bs backend.Stream, opErr error) {
	op.hostEnd = time.Now()
	if opErr != nil && op.err == "" {
		op.err = opErr.Error()
	}
	if op.lane.dev == backend.HostDevice {
		op.t0, op.t1, op.resolved = op.hostStart, op.hostEnd, true
		return
	}
	if op.start == nil {
		return
	}
	if err := op.end.Record(bs); err != nil && op.err == "" {
		op.err = "end event: " + err.Error()
	}
}

// host records a host operation that ran from start to now.
func (r *recorder) host(kind opKind, m *machine, name string, start time.Time, err error) {
	op := &traceOp{kind: kind, name: name, lane: laneKey{m: m, dev: backend.HostDevice},
		hostStart: start, hostEnd: time.Now(), resolved: true}
	if kind == opFlag {
		op.hostEnd = start // an instant
	}
	op.t0, op.t1 = op.hostStart, op.hostEnd
	if err != nil {
		op.err = err.Error()
	}
	r.add(op)
}

func (r *recorder) add(op *traceOp) *traceOp {
	r.keep(op)
	return op
}

// keep adds op to the recording; false where it is not kept (the last timeline stopped, or
// maxTraceOps), its events then back in the pool and op untimed.
func (r *recorder) keep(op *traceOp) bool {
	if op.unrecorded {
		return false
	}
	r.mu.Lock()
	ok := !r.closed && len(r.ops) < maxTraceOps
	if ok {
		r.ops = append(r.ops, op)
	} else if !r.closed {
		r.dropped++
	}
	r.mu.Unlock()
	if !ok {
		op.unrecorded = true
		r.giveBack(op)
	}
	return ok
}

// maxTraceOps bounds the operations a recording keeps (each holds two device events until
// Stop): past it, operations are counted, not recorded, and the timeline says so.
var maxTraceOps = 200_000

// resolve reads the events of ops: it waits for each to complete, then puts its times on
// the host's axis.
func (r *recorder) resolve(ops []*traceOp) error {
	first := r.resolveStamps(ops)
	for _, op := range ops {
		if op.resolved {
			continue
		}
		op.resolved = true
		if op.start == nil {
			op.t0, op.t1 = op.hostStart, op.hostEnd
			if op.err == "" {
				op.err = "not timed"
			}
			continue
		}
		err := op.end.Synchronize()
		var d0, d1 time.Duration
		if err == nil {
			d0, err = op.ref.ev.Elapsed(op.start)
		}
		if err == nil {
			d1, err = op.ref.ev.Elapsed(op.end)
		}
		if err != nil {
			// The host's times stand in, and the operation says why.
			op.t0, op.t1 = op.hostStart, op.hostEnd
			if op.err == "" {
				op.err = "timing: " + err.Error()
			}
			if first == nil {
				first = fmt.Errorf("timeline: %s on %s: %w", op.name, laneName(op.lane), err)
			}
		} else {
			op.t0, op.t1 = op.ref.host.Add(d0), op.ref.host.Add(d1)
			if op.t1.Before(op.t0) {
				op.t1 = op.t0
			}
		}
		r.giveBack(op)
	}
	return first
}
