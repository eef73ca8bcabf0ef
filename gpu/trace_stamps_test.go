package gpu

import (
	"encoding/binary"
	"errors"
	"fmt"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/peerbook/peerbook/gpu/internal/backend"
)

// stampBackend is the simulator with what the stamp path needs of CUDA, in Go: it
// "compiles" the clock kernel, and its kernels stamp their launches into the slot with a
// device clock of its own (the host's, shifted by offset ns), as a traced variant does.
type stampBackend struct {
	backend.Backend
	offset  uint64
	records atomic.Int64 // events recorded by launches (the clock kernel's included)
}

func (b *stampBackend) deviceNow() uint64 { return uint64(time.Now().UnixNano()) + b.offset }

func (b *stampBackend) CompileCUDA(dev int, src string, opts backend.CompileOptions) (backend.Module, error) {
	if !strings.Contains(src, "peerbook_clock") {
		return nil, fmt.Errorf("stampBackend compiles the clock kernel only")
	}
	return stampModule{b}, nil
}

type stampModule struct{ b *stampBackend }

func (m stampModule) Log() string { return "" }
func (m stampModule) Kernel(name string, sig backend.Signature) (backend.Kernel, error) {
	return &stampKernel{b: m.b, sig: sig, clock: true}, nil
}

// stampKernel is the clock kernel (clock), or a user's kernel that runs for dur, stamping
// itself on LaunchStamped (refusing with ErrStampUnusable where refuse is set).
type stampKernel struct {
	b        *stampBackend
	sig      backend.Signature
	clock    bool
	dur      time.Duration
	refuse   bool
	stamped  int
	timed    int
	prepared int
}

func (k *stampKernel) Signature() backend.Signature { return k.sig }

func (k *stampKernel) Launch(cfg backend.LaunchConfig, args []backend.Arg) error {
	if k.clock {
		mem := args[0].Memory.Host()[args[0].Offset:]
		binary.LittleEndian.PutUint64(mem, k.b.deviceNow())
		binary.LittleEndian.PutUint64(mem[8:], 32)
	}
	return nil
}

func (k *stampKernel) LaunchTimed(cfg backend.LaunchConfig, args []backend.Arg, start, end backend.Event) error {
	if err := start.Record(cfg.Stream); err != nil {
		return err
	}
	k.b.records.Add(2)
	k.timed++
	k.Launch(cfg, args)
	return end.Record(cfg.Stream)
}

func (k *stampKernel) PrepareStamped() error { k.prepared++; return nil }

func (k *stampKernel) LaunchStamped(cfg backend.LaunchConfig, args []backend.Arg, slot backend.Memory, off int64) error {
	if k.refuse {
		return fmt.Errorf("test refusal: %w", backend.ErrStampUnusable)
	}
	k.stamped++
	t0 := k.b.deviceNow()
	mem := slot.Host()[off:]
	binary.LittleEndian.PutUint64(mem, ^t0)
	binary.LittleEndian.PutUint64(mem[8:], t0+uint64(k.dur))
	return nil
}

// TestTimelineStampedLaunches: a traced launch of a kernel that stamps itself
// (backend.StampedKernel) takes a slot and no event; Stop reads the slot and puts the
// stamps on the host's axis through the clock calibrated at Trace (the device clock here is
// the host's plus an offset, so the launch must land where and as long as it stamped);
// a launch the backend refuses to stamp is timed by events, the note saying why.
func TestTimelineStampedLaunches(t *testing.T) {
	use(t, "sim:1")
	d := Dev(0)
	sb := &stampBackend{Backend: d.m.b, offset: 1 << 40}
	d.m.b = sb
	defer func() { d.m.b = sb.Backend }()
	s := must(d.NewStream())
	sig := backendSig{Name: "stamped"}
	bk := &stampKernel{b: sb, sig: sig, dur: 3 * time.Millisecond}
	k := newKernel(sig, &testKernel{sig: sig}, nil)
	k.code.loaded[loadKey{d.m, 0}] = bk
	register(k)
	defer func() {
		registry.mu.Lock()
		delete(registry.kernels, sig.Name)
		registry.mu.Unlock()
	}()

	before := time.Now()
	tl := Trace()
	if bk.prepared != 1 {
		t.Errorf("Trace prepared the traced variant %d times; want once, before the first launch", bk.prepared)
	}
	calib := sb.records.Load()
	if calib != 2*stampCalibrations {
		t.Errorf("%d events recorded calibrating; want %d", calib, 2*stampCalibrations)
	}
	key := loadKey{d.m, 0}
	pooled := pooledEvents(key)
	at := time.Now()
	must(0, k.Launch(d, 1, 1, OnStream(s)))
	must(0, k.Launch(d, 1, 1))
	if sb.records.Load() != calib || pooledEvents(key) != pooled {
		t.Errorf("stamped launches recorded %d events and took %d from the pool; want none", sb.records.Load()-calib, pooled-pooledEvents(key))
	}
	must(0, tl.Stop())
	if bk.stamped != 2 || bk.timed != 0 {
		t.Fatalf("%d stamped and %d timed launches; want 2 stamped", bk.stamped, bk.timed)
	}
	ops := tl.Ops()
	if len(ops) != 2 {
		t.Fatalf("ops %+v; want the 2 launches", ops)
	}
	for _, op := range ops {
		if op.Err != "" || op.Kind != "kernel" || op.Duration() != bk.dur {
			t.Errorf("stamped launch %+v: want no error and the stamped %v", op, bk.dur)
		}
		// The clock's calibration took the device's time between events on the host's clock:
		// the launch starts when it stamped, within the calibration's error (a few us here).
		if start := before.Add(op.Start); start.Before(at.Add(-time.Millisecond)) || start.After(time.Now()) {
			t.Errorf("stamped launch at %v on the host's axis, made at %v", start.Sub(before), at.Sub(before))
		}
	}
	if ce := tl.ClockError(); ce < 32*time.Nanosecond || ce > 5*time.Millisecond {
		t.Errorf("ClockError %v; want the calibration's bracket plus the 32 ns step", ce)
	}
	if note := tl.View().Note; !strings.Contains(note, "own %globaltimer stamps (step 32ns") {
		t.Errorf("note %q; want it to say the kernels stamped themselves", note)
	}

	// A stream destroyed before Stop: its launches are read once an event recorded on it
	// as it was destroyed has completed.
	tl = Trace()
	s2 := must(d.NewStream())
	must(0, k.Launch(d, 1, 1, OnStream(s2)))
	must(0, s2.Destroy())
	must(0, tl.Stop())
	if ops := tl.Ops(); len(ops) != 1 || ops[0].Err != "" || ops[0].Duration() != bk.dur {
		t.Errorf("a launch on a stream destroyed before Stop: %+v; want it timed by its stamps", ops)
	}

	// Refused: timed by events, and the note says why.
	bk.refuse = true
	tl = Trace()
	must(0, k.Launch(d, 1, 1, OnStream(s)))
	must(0, tl.Stop())
	ops = tl.Ops()
	if bk.timed != 1 || len(ops) != 1 || ops[0].Err != "" {
		t.Errorf("refused stamps: %d timed launches, ops %+v; want the launch timed by events", bk.timed, ops)
	}
	if note := tl.View().Note; !strings.Contains(note, "launches of stamped timed by events") || !strings.Contains(note, "test refusal") {
		t.Errorf("note %q; want it to say why the launch was timed by events", note)
	}

	// A device that can't calibrate (the backend can't compile the clock kernel) times its
	// launches by events, and says so.
	bk.refuse = false
	d.m.b = &noClockBackend{sb}
	tl = Trace()
	must(0, k.Launch(d, 1, 1))
	must(0, tl.Stop())
	if ops := tl.Ops(); len(ops) != 1 || ops[0].Err != "" || bk.timed != 2 {
		t.Errorf("no clock: ops %+v, %d timed; want the launch timed by events", ops, bk.timed)
	}
	if note := tl.View().Note; !strings.Contains(note, "no clock here") {
		t.Errorf("note %q; want the calibration's error", note)
	}
}

type noClockBackend struct{ *stampBackend }

func (b *noClockBackend) CompileCUDA(int, string, backend.CompileOptions) (backend.Module, error) {
	return nil, errors.New("no clock here")
}

// TestTimelineStampsMatchEventsCUDA: on a GPU, kernels that spin for a known time are
// traced twice, timed by their own stamps and then by events: each launch lasts at least
// its spin either way, the two timings agree within a few microseconds, and launches on
// one stream don't overlap.
func TestTimelineStampsMatchEventsCUDA(t *testing.T) {
	defer catch(t)
	useCUDA(t)
	if _, err := DefineCUDA(`extern "C" __global__ void stamp_spin(unsigned long long ns) {
  unsigned long long t0 = peerbook_time_ns();
  while (peerbook_time_ns() - t0 < ns) {}
}`, "cell[1]", 1); err != nil {
		t.Fatal(err)
	}
	k := lookupKernel("stamp_spin")
	d := Dev(0)
	s := must(d.NewStream())
	// Loaded before the timelines, so that Trace prepares its traced variant and every
	// launch of the stamped run is stamped (a kernel first loaded inside a timeline is timed
	// by events until its variant is compiled).
	must(0, k.Launch(d, 1, 1, uint64(0), OnStream(s)))
	must(0, s.Synchronize())
	spins := []time.Duration{200 * time.Microsecond, 50 * time.Microsecond, time.Millisecond, 20 * time.Microsecond}
	run := func(stamps bool) []TraceOp {
		defer func(was bool) { stampsOn = was }(stampsOn)
		stampsOn = stamps
		tl := Trace()
		for _, sp := range spins {
			must(0, k.Launch(d, 4, 128, uint64(sp), OnStream(s)))
		}
		must(0, k.Launch(d, 1, 1, uint64(spins[0])))
		must(0, s.Synchronize())
		must(0, tl.Stop())
		note := tl.View().Note
		t.Logf("stamps %v: clock error %v, note %q", stamps, tl.ClockError(), note)
		if stamped := strings.Contains(note, "own %globaltimer stamps"); stamped != stamps {
			t.Errorf("stamps %v: note %q", stamps, note)
		}
		// The stream's launches in order, then the one on the device's own stream (which may
		// run alongside them).
		var ops []TraceOp
		var own *TraceOp
		for _, op := range tl.Ops() {
			switch {
			case op.Kind == "kernel" && op.Stream != 0:
				ops = append(ops, op)
			case op.Kind == "kernel" && own == nil:
				own = &op
			}
		}
		if own != nil {
			ops = append(ops, *own)
		}
		if len(ops) != len(spins)+1 {
			t.Fatalf("stamps %v: %d launches recorded; want %d", stamps, len(ops), len(spins)+1)
		}
		for i, op := range ops {
			spin := spins[0]
			if i < len(spins) {
				spin = spins[i]
			}
			if op.Err != "" || op.Duration() < spin || op.Duration() > spin+time.Millisecond {
				t.Errorf("stamps %v: launch %d %+v; want about %v", stamps, i, op, spin)
			}
			if i > 0 && i < len(spins) && op.Start < ops[i-1].End {
				t.Errorf("stamps %v: launch %d starts %v before launch %d ends, on one stream", stamps, i, ops[i-1].End-op.Start, i-1)
			}
		}
		return ops
	}
	// The two runs are different launches: a launch's first microseconds (the grid's
	// dispatch, a stream's first launch) vary by several microseconds from run to run, so
	// the runs agree within 25 us, and the stamps, which bound the kernel's own execution,
	// within 15 us of the spin.
	stamped, evented := run(true), run(false)
	for i := range stamped {
		spin := spins[0]
		if i < len(spins) {
			spin = spins[i]
		}
		ds, de := stamped[i].Duration(), evented[i].Duration()
		t.Logf("launch %d (spin %v): %v by stamps, %v by events", i, spin, ds, de)
		if ds > spin+15*time.Microsecond {
			t.Errorf("launch %d: %v by stamps for a spin of %v: more than 15 us over", i, ds, spin)
		}
		if diff := ds - de; diff > 25*time.Microsecond || diff < -25*time.Microsecond {
			t.Errorf("launch %d: %v by stamps, %v by events: more than 25 us apart", i, ds, de)
		}
	}
}
