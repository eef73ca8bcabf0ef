package gpu

import (
	"encoding/binary"
	"errors"
	"fmt"
	goruntime "runtime"
	"sort"
	"strings"
	"sync"
	"time"

	"github.com/peerbook/peerbook/gpu/internal/backend"
	"github.com/peerbook/peerbook/gpu/internal/cudasrc"
)

// Device stamps: a traced launch of a CUDA kernel times itself. Its traced variant
// (cudasrc.Traced, compiled on first traced use: backend.StampedKernel) takes one more
// parameter, a 16-byte slot of the device's stamp ring, where the kernel writes the
// device's %globaltimer when its first block starts and when its last block ends. The launch
// is then the kernel's own launch with one more argument: no event record, no other call
// into the driver. The slots are read when the timeline stops.
//
// The stamps are put on the timeline's axis by a calibration made once per device and
// timeline: a one-thread kernel that stamps the moment %globaltimer steps, launched between
// two events on the device's stream (LaunchTimed), which are read against the device's
// reference event. The stamp lies between the two events: the middle is taken, and half
// the time between them is its error bar (the best of stampCalibrations tries), on top of
// the reference event's own and of the timer's step (measured by the same kernel).
//
// A launch whose variant can't stand in for the kernel (it doesn't compile, or needs more
// registers or shared memory than the launch leaves: backend.ErrStampUnusable) is timed by
// events, as copies are, and the timeline's note says why.

// stampChunk is how many 16-byte slots a chunk of a device's stamp ring holds.
const stampChunk = 4096

// stampCalibrations is how many times a device's stamp clock is calibrated (the tightest
// bracket is kept).
const stampCalibrations = 3

// stampRing is a device's stamp slots (zeroed chunks of device memory, handed out in
// order) and the clock that puts their stamps on the host's axis.
type stampRing struct {
	key    loadKey
	chunks []backend.Memory
	used   int   // slots handed out
	err    error // why the device's launches are timed by events (nil: they stamp)
	clock  stampClock
}

// stampClock maps the device's %globaltimer to the host's axis.
type stampClock struct {
	ref    *traceRef
	at     time.Duration // when the calibration stamp was taken, after ref's event
	stamp  uint64        // the calibration stamp
	errBar time.Duration // half the time between the events around the calibration kernel
	step   time.Duration // the timer's step, as the calibration kernel saw it
}

// host returns the host time of stamp ns.
func (c *stampClock) host(ns uint64) time.Time {
	return c.ref.host.Add(c.at + time.Duration(int64(ns-c.stamp)))
}

// clockSrc stamps the moment %globaltimer steps, and the step.
const clockSrc = `extern "C" __global__ void peerbook_clock(unsigned long long* out) {
  unsigned long long t0 = peerbook_time_ns(), t1;
  do { t1 = peerbook_time_ns(); } while (t1 == t0);
  out[0] = t1;
  out[1] = t1 - t0;
}
`

// stampsOn turns device stamps on where a backend's kernels can stamp (tests turn it off
// to compare with events).
var stampsOn = true

// prepareStamps compiles the traced variants of the kernels loaded on m's devices, in
// parallel, and waits for them: a timeline's launches then stamp from the first (a launch
// doesn't wait for its variant's compile, it is timed by events meanwhile). The variants
// are cached like the kernels (in memory and on disk), so this costs NVRTC once.
func prepareStamps(m *machine) {
	if !stampsOn {
		return
	}
	if _, ok := m.b.(backend.CUDACompiler); !ok {
		return
	}
	registry.mu.Lock()
	codes := make([]*kernelCode, 0, len(registry.kernels))
	for _, k := range registry.kernels {
		codes = append(codes, k.code)
	}
	registry.mu.Unlock()
	var todo []backend.StampedKernel
	for _, c := range codes {
		c.mu.Lock()
		for key, bk := range c.loaded {
			if sk, ok := bk.(backend.StampedKernel); ok && key.m == m {
				todo = append(todo, sk)
			}
		}
		c.mu.Unlock()
	}
	sem := make(chan struct{}, max(1, goruntime.NumCPU()))
	var wg sync.WaitGroup
	for _, sk := range todo {
		wg.Add(1)
		sem <- struct{}{}
		go func() {
			defer wg.Done()
			sk.PrepareStamped() // an error is LaunchStamped's too: the launch says it then
			<-sem
		}()
	}
	wg.Wait()
}

// stampRingOf returns the stamp ring of dev, making it on first use (its err says why the
// device can't stamp); nil where dev's backend has no stamping kernels.
func (r *recorder) stampRingOf(dev *Device) *stampRing {
	if !stampsOn || dev.IsHost() {
		return nil
	}
	if _, ok := dev.m.b.(backend.CUDACompiler); !ok {
		return nil
	}
	key := loadKey{dev.m, dev.info.Index}
	r.mu.Lock()
	ring := r.stamps[key]
	r.mu.Unlock()
	if ring != nil {
		return ring
	}
	ring = r.newStampRing(dev)
	r.mu.Lock()
	defer r.mu.Unlock()
	if old := r.stamps[key]; old != nil || r.closed {
		ring.free()
		if old == nil {
			old = &stampRing{key: key, err: errors.New("the timeline stopped")}
		}
		return old
	}
	r.stamps[key] = ring
	if ring.err != nil {
		r.noteLocked(fmt.Sprintf("%s: launches timed by events: %v", laneName(laneKey{m: dev.m, dev: dev.info.Index}), ring.err))
	}
	return ring
}

// newStampRing allocates the first chunk of dev's ring and calibrates its clock.
func (r *recorder) newStampRing(dev *Device) *stampRing {
	key := loadKey{dev.m, dev.info.Index}
	ring := &stampRing{key: key}
	ref := r.ref(dev.m, dev.info.Index)
	if ref == nil {
		ring.err = errors.New("no reference event on this device")
		return ring
	}
	if err := ring.grow(); err != nil {
		ring.err = err
		return ring
	}
	if err := ring.calibrate(r, dev, ref); err != nil {
		ring.err = fmt.Errorf("calibrating the device's clock: %w", err)
		ring.free()
	}
	return ring
}

// grow adds a zeroed chunk to the ring.
func (ring *stampRing) grow() error {
	b := ring.key.m.b
	mem, err := b.Alloc(ring.key.dev, 16*stampChunk, backend.AllocOptions{})
	if err != nil {
		return fmt.Errorf("stamp slots: %w", err)
	}
	if err := b.Fill(mem, 0, 16*stampChunk, []byte{0}); err != nil {
		mem.Free()
		return fmt.Errorf("stamp slots: %w", err)
	}
	ring.chunks = append(ring.chunks, mem)
	return nil
}

// free gives the ring's memory back.
func (ring *stampRing) free() {
	for _, c := range ring.chunks {
		c.Free()
	}
	ring.chunks = nil
}

// take hands out the next slot (r.mu held, or the ring not shared yet): its chunk and
// offset.
func (ring *stampRing) take() (backend.Memory, int64, error) {
	if ring.err != nil {
		return nil, 0, ring.err
	}
	if ring.used == len(ring.chunks)*stampChunk {
		if err := ring.grow(); err != nil {
			return nil, 0, err
		}
	}
	i := ring.used
	ring.used++
	return ring.chunks[i/stampChunk], int64(16 * (i % stampChunk)), nil
}

// calibrate launches the clock kernel between two events, stampCalibrations times, into
// the ring's first slots, and keeps the tightest bracket.
func (ring *stampRing) calibrate(r *recorder, dev *Device, ref *traceRef) error {
	cc := dev.m.b.(backend.CUDACompiler)
	mod, err := cc.CompileCUDA(dev.info.Index, clockSrc, backend.CompileOptions{File: "peerbook-clock"})
	if err != nil {
		return err
	}
	sigs, err := cudasrc.Signatures(clockSrc)
	if err != nil {
		return err
	}
	bk, err := mod.Kernel(sigs[0].Name, sigs[0])
	if err != nil {
		return err
	}
	tk, ok := bk.(backend.TimedKernel)
	if !ok {
		return fmt.Errorf("the %s backend's kernels can't be launched between events", dev.m.b.Name())
	}
	a, b, err := r.events(ring.key)
	if err != nil {
		return err
	}
	defer putEvents(ring.key, a, b)
	cfg := backend.LaunchConfig{Device: dev.info.Index, Grid: backend.Dim3{X: 1, Y: 1, Z: 1}, Block: backend.Dim3{X: 1, Y: 1, Z: 1}}
	best := stampClock{errBar: -1}
	for i := range stampCalibrations {
		mem, off, err := ring.take()
		if err != nil {
			return err
		}
		arg := backend.Arg{Param: sigs[0].Params[0], Memory: mem, Offset: off, Len: 2}
		if err := tk.LaunchTimed(cfg, []backend.Arg{arg}, a, b); err != nil {
			return err
		}
		d0, err := ref.ev.Elapsed(a)
		if err != nil {
			return err
		}
		d1, err := ref.ev.Elapsed(b)
		if err != nil {
			return err
		}
		var raw [16]byte
		if err := dev.m.b.Read(mem, off, raw[:]); err != nil {
			return err
		}
		c := stampClock{ref: ref, at: (d0 + d1) / 2, stamp: binary.LittleEndian.Uint64(raw[:]),
			errBar: (d1 - d0) / 2, step: time.Duration(binary.LittleEndian.Uint64(raw[8:]))}
		if c.stamp == 0 || d1 < d0 {
			return fmt.Errorf("calibration %d: stamp %d between events at %v and %v", i, c.stamp, d0, d1)
		}
		if best.errBar < 0 || c.errBar < best.errBar {
			best = c
		}
	}
	ring.clock = best
	return nil
}

// launchStamped makes a traced launch of sk, which stamps itself into a slot of dev's ring.
// ok is false where it was not made because the device can't stamp, or the kernel's variant
// can't stand in for it (backend.ErrStampUnusable): the caller times it by events instead.
func (r *recorder) launchStamped(dev *Device, s *Stream, cfg backend.LaunchConfig, sig backend.Signature, args []backend.Arg, sk backend.StampedKernel) (err error, ok bool) {
	now := time.Now()
	key := loadKey{dev.m, dev.info.Index}
	r.mu.Lock()
	ring := r.stamps[key]
	if ring == nil { // a device of a machine made since Trace: set it up now
		r.mu.Unlock()
		if ring = r.stampRingOf(dev); ring == nil {
			return nil, false
		}
		r.mu.Lock()
	}
	if ring.err != nil {
		r.mu.Unlock()
		return nil, false
	}
	if r.closed || len(r.ops) >= maxTraceOps {
		if !r.closed {
			r.dropped++
		}
		r.mu.Unlock()
		return sk.Launch(cfg, args), true
	}
	mem, off, terr := ring.take()
	if terr != nil {
		r.noteLocked(fmt.Sprintf("%s: launches timed by events: %v", laneName(laneKey{m: dev.m, dev: dev.info.Index}), terr))
		r.mu.Unlock()
		return nil, false
	}
	op := r.newOpLocked()
	*op = traceOp{kind: opLaunch, name: sig.Name, lane: laneKey{m: dev.m, dev: dev.info.Index}, hostStart: now,
		ref: ring.clock.ref, ring: ring, slotMem: mem, slotOff: off, slotStream: cfg.Stream}
	if s != nil {
		op.lane.stream = r.streamIDLocked(ring.key, s)
	}
	r.noteLaunch(op, sig, cfg, args)
	r.ops = append(r.ops, op)
	r.mu.Unlock()
	err = sk.LaunchStamped(cfg, args, mem, off)
	op.hostEnd = time.Now()
	if errors.Is(err, backend.ErrStampUnusable) {
		// Nothing was launched: the operation is timed by events instead, its slot unused.
		r.note(fmt.Sprintf("%s: launches of %s timed by events: %v", laneName(op.lane), sig.Name, err))
		op.ring, op.slotMem = nil, nil
		a, b, eerr := r.events(ring.key)
		if eerr != nil {
			op.err = "start event: " + eerr.Error()
			err = sk.Launch(cfg, args)
		} else if tk, ok := sk.(backend.TimedKernel); ok {
			op.start, op.end = a, b
			if err = tk.LaunchTimed(cfg, args, a, b); errors.Is(err, backend.ErrEventUnusable) {
				op.err = "not timed: " + err.Error()
				r.discard(op, err)
				err = sk.Launch(cfg, args)
			}
		} else {
			putEvents(ring.key, a, b)
			op.err = "not timed"
			err = sk.Launch(cfg, args)
		}
		op.hostEnd = time.Now()
	}
	if err != nil && op.err == "" {
		op.err = err.Error()
	}
	return err, true
}

// note keeps a line for the timeline's note (once).
func (r *recorder) note(line string) {
	r.mu.Lock()
	r.noteLocked(line)
	r.mu.Unlock()
}

func (r *recorder) noteLocked(line string) {
	if r.notes == nil {
		r.notes = map[string]bool{}
	}
	if len(r.notes) < 8 {
		r.notes[line] = true
	}
}

// notesText returns the recorder's notes, sorted, joined by "; ".
func (r *recorder) notesText() string {
	r.mu.Lock()
	defer r.mu.Unlock()
	var lines []string
	for l := range r.notes {
		lines = append(lines, l)
	}
	for _, ring := range r.stamps {
		if ring.err == nil && ring.used > stampCalibrations {
			lines = append(lines, fmt.Sprintf("%s: kernels timed by their own %%globaltimer stamps (step %v, placed within %v of the events)",
				laneName(laneKey{m: ring.key.m, dev: ring.key.dev}), ring.clock.step, ring.clock.errBar+ring.clock.step))
		}
	}
	sort.Strings(lines)
	return strings.Join(lines, "; ")
}

// resolveStamps reads the stamps of the stamped launches among ops: it waits for each
// stream they were made on (an event recorded there now), reads the rings' slots, and puts
// the launches on the host's axis.
func (r *recorder) resolveStamps(ops []*traceOp) error {
	type streamKey struct {
		key loadKey
		s   backend.Stream
	}
	waited := map[streamKey]error{}
	read := map[*stampRing]map[backend.Memory][]byte{}
	var first error
	for _, op := range ops {
		if op.resolved || op.ring == nil {
			continue
		}
		op.resolved = true
		ring := op.ring
		sk := streamKey{ring.key, op.slotStream}
		err, done := waited[sk]
		if !done && op.slotStream != nil {
			err = waitStream(r, ring.key, op.slotStream)
			waited[sk] = err
		}
		var raw []byte
		if err == nil {
			chunks, ok := read[ring]
			if !ok {
				chunks, err = ring.read(r)
				if err == nil {
					read[ring] = chunks
				}
			}
			if c := chunks[op.slotMem]; err == nil && c != nil && op.slotOff+16 <= int64(len(c)) {
				raw = c[op.slotOff : op.slotOff+16]
			}
		}
		var start, end uint64
		if raw != nil {
			start, end = ^binary.LittleEndian.Uint64(raw), binary.LittleEndian.Uint64(raw[8:])
		}
		switch {
		case err != nil:
		case raw == nil || start == ^uint64(0) || end == 0:
			if op.err == "" {
				err = errors.New("the kernel left no stamps (it did not run to its end)")
			}
		}
		if err != nil || raw == nil || start == ^uint64(0) || end == 0 {
			op.t0, op.t1 = op.hostStart, op.hostEnd
			if op.err == "" {
				op.err = "timing: " + err.Error()
				if first == nil {
					first = fmt.Errorf("timeline: %s on %s: %w", op.name, laneName(op.lane), err)
				}
			}
			continue
		}
		op.t0, op.t1 = ring.clock.host(start), ring.clock.host(end)
		if op.t1.Before(op.t0) {
			op.t1 = op.t0
		}
	}
	return first
}

// waitStream waits for the work queued on s so far, with an event of the pool (a stream's
// Synchronize would take its pending launch error, which the stream's user should get); for
// a stream destroyed since, with the event recorded on it then (streamEnds).
func waitStream(r *recorder, key loadKey, s backend.Stream) error {
	r.mu.Lock()
	last := r.ended[s]
	r.mu.Unlock()
	if last != nil {
		return last.Synchronize()
	}
	a, b, err := r.events(key)
	if err != nil {
		return err
	}
	defer putEvents(key, a, b)
	if err := a.Record(s); err != nil {
		return fmt.Errorf("waiting for the launch's stream: %w", err)
	}
	return a.Synchronize()
}

// streamEnds records an event on stream s of dev, which its user is destroying, for
// waitStream: the launches on it that stamped themselves are read once it has completed.
func (r *recorder) streamEnds(dev *Device, s backend.Stream) {
	key := loadKey{dev.m, dev.info.Index}
	r.mu.Lock()
	ring := r.stamps[key]
	r.mu.Unlock()
	if ring == nil || dev.IsHost() {
		return // no launch on dev stamped itself
	}
	a, b, err := r.events(key)
	if err != nil {
		return // its launches will say "not timed" and why
	}
	putEvents(key, b)
	if a.Record(s) != nil {
		putEvents(key, a)
		return
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.closed {
		putEvents(key, a)
		return
	}
	if r.ended == nil {
		r.ended = map[backend.Stream]backend.Event{}
	}
	r.ended[s] = a
}

// read returns the used part of each of the ring's chunks, by chunk.
func (ring *stampRing) read(r *recorder) (map[backend.Memory][]byte, error) {
	r.mu.Lock()
	chunks, used := append([]backend.Memory(nil), ring.chunks...), ring.used
	r.mu.Unlock()
	out := make(map[backend.Memory][]byte, len(chunks))
	for i, c := range chunks {
		n := min(stampChunk, used-i*stampChunk)
		if n <= 0 {
			break
		}
		buf := make([]byte, 16*n)
		if err := ring.key.m.b.Read(c, 0, buf); err != nil {
			return nil, fmt.Errorf("reading the stamps: %w", err)
		}
		out[c] = buf
	}
	return out, nil
}
