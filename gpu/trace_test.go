package gpu

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/peerbook/peerbook/gpu/internal/backend"
)

// tutorialHandoffSrc is the hand-off of notebooks/02-peer-buffers.ipynb: the producer
// writes the data, fences and raises the flag (its block's last thread, after the barrier:
// on simulated devices, whose threads of a block run one after another, the kernel then
// ends when the flag goes up, as on a GPU, rather than after 255 more threads resume); the
// consumer, launched first, spins on the flag (boundedly), fences and copies the data out.
const tutorialHandoffSrc = `
func produce(t gpu.Thread, data gpu.Peer[float32], flag gpu.Peer[uint32], round uint32) {
	for i := t.ThreadIdx.X; i < len(data); i += t.BlockDim.X {
		data[i] = float32(round)*10000 + float32(i)
	}
	gpu.SyncSystem()
	t.Barrier()
	if t.ThreadIdx.X == t.BlockDim.X-1 {
		gpu.AtomicStore(&flag[0], round)
	}
}

func consume(t gpu.Thread, data gpu.Peer[float32], flag gpu.Peer[uint32], round uint32, out []float32) {
	if t.ThreadIdx.X == 0 {
		for spins := 0; gpu.AtomicLoad(&flag[0]) != round && spins < 50_000_000; spins++ {
		}
	}
	t.Barrier()
	gpu.SyncSystem()
	for i := t.ThreadIdx.X; i < len(data); i += t.BlockDim.X {
		out[i] = data[i]
	}
}`

// runTracedHandoff runs rounds of tutorial 02's hand-off under a timeline and checks, from
// the recorded intervals, that each round's consumer kernel started before its producer
// and ended after it, and that the received data is right.
func runTracedHandoff(t *testing.T, rounds int) *Timeline {
	t.Helper()
	ks := defineGo(t, tutorialHandoffSrc)
	produce, consume := ks["produce"], ks["consume"]
	producerDev, consumerDev := Dev(0), Dev(0)
	if NumDevices() > 1 && Dev(0).CanAccessPeer(Dev(1)) {
		consumerDev = Dev(1)
	}
	const n = 1024
	data := must(producerDev.AllocShared(Float32, n))
	flag := must(producerDev.AllocShared(Uint32, 1))
	received := must(consumerDev.Alloc(Float32, n))
	stream := must(consumerDev.NewStream())
	// Warm up (a GPU's first launch of a kernel is slower).
	must(0, consume.Launch(consumerDev, 1, 256, data, flag, uint32(1), received, OnStream(stream)))
	must(0, produce.Launch(producerDev, 1, 256, data, flag, uint32(1)))
	must(0, stream.Synchronize())

	tl := Trace()
	for r := 2; r < rounds+2; r++ {
		round := uint32(r)
		must(0, consume.Launch(consumerDev, 1, 256, data, flag, round, received, OnStream(stream)))
		must(0, produce.Launch(producerDev, 1, 256, data, flag, round))
		must(0, stream.Synchronize())
		got := must(received.Float32s())
		for i, v := range got {
			if v != float32(round)*10000+float32(i) {
				t.Fatalf("round %d: received[%d] = %v", round, i, v)
			}
		}
	}
	if err := tl.Stop(); err != nil {
		t.Fatalf("Stop: %v", err)
	}
	var prod, cons, syncs, reads []TraceOp
	for _, op := range tl.Ops() {
		if op.Err != "" {
			t.Errorf("%s on %s: %s", op.Name, op.Lane, op.Err)
		}
		switch {
		case op.Kind == "kernel" && op.Name == "produce":
			prod = append(prod, op)
		case op.Kind == "kernel" && op.Name == "consume":
			cons = append(cons, op)
		case op.Kind == "sync":
			syncs = append(syncs, op)
		case op.Kind == "copy" && op.Name == "read":
			reads = append(reads, op)
		}
	}
	if len(prod) != rounds || len(cons) != rounds || len(syncs) != rounds || len(reads) != rounds {
		t.Fatalf("recorded %d produce, %d consume, %d synchronize, %d read; want %d of each",
			len(prod), len(cons), len(syncs), len(reads), rounds)
	}
	// The consumer, launched first, waits on the flag the producer raises as its last act:
	// its bar starts before the producer's and, in nearly every round, ends after it. The
	// end is a race by nature (the consumer may see the flag and finish while the producer's
	// kernel is still being retired, or its thread descheduled on a loaded host), so every
	// round must overlap the producer, and most must cover it.
	covered := 0
	for i := range rounds {
		p, c := prod[i], cons[i]
		if !(c.Start < p.Start && c.End > p.Start) {
			t.Errorf("round %d: consumer %v-%v on %s, producer %v-%v on %s: want the consumer to start before the producer and still run when it starts (clock error %v)",
				i+2, c.Start, c.End, c.Lane, p.Start, p.End, p.Lane, tl.ClockError())
		}
		if c.End > p.End {
			covered++
		}
		if c.Stream != 1 || p.Stream != 0 || c.Device != consumerDev.Index() || p.Device != producerDev.Index() {
			t.Errorf("round %d: consumer on %s, producer on %s", i+2, c.Lane, p.Lane)
		}
		if !strings.Contains(c.Detail, "grid 1, block 256") || !strings.Contains(c.Detail, fmt.Sprintf("round = %d", i+2)) ||
			!strings.Contains(c.Detail, "flag = Peer uint32[1]") {
			t.Errorf("round %d: consumer detail %q", i+2, c.Detail)
		}
		// Host times against device times: within the clock error (0 on simulated devices).
		ce := tl.ClockError()
		if s := syncs[i]; s.Device != -1 || s.End+ce < c.End || s.Start+ce < p.End {
			t.Errorf("round %d: synchronize %v-%v on %s, producer ended at %v, consumer at %v: want it after the producer, returning after the consumer",
				i+2, s.Start, s.End, s.Lane, p.End, c.End)
		}
		if rd := reads[i]; rd.Bytes != 4*n || rd.Start < c.End {
			t.Errorf("round %d: read of %d bytes at %v, consumer ended at %v", i+2, rd.Bytes, rd.Start, c.End)
		}
	}
	if covered < rounds*3/4 {
		t.Errorf("the consumer ended after the producer in %d of %d rounds, want at least 3/4", covered, rounds)
	}
	return tl
}

func TestTimelineHandoffSimulated(t *testing.T) {
	for _, preset := range []string{"sim:nvlink2", "sim:1"} {
		t.Run(preset, func(t *testing.T) {
			use(t, preset)
			runTracedHandoff(t, 20)
		})
	}
}

func TestTimelineHandoffCUDA(t *testing.T) {
	defer catch(t)
	useCUDA(t)
	tl := runTracedHandoff(t, 20)
	note := tl.View().Note
	t.Logf("clock error %v; note: %s", tl.ClockError(), note)
	if !strings.Contains(note, "own %globaltimer stamps") || strings.Contains(note, "timed by events") {
		t.Errorf("note %q: want every launch timed by its own stamps", note)
	}
}

func TestTimelineRecordsEveryKind(t *testing.T) {
	use(t, "sim:nvlink2")
	ks := defineGo(t, `
func scale(t gpu.Thread, x []float32, a float32) {
	for i := t.GlobalX(); i < len(x); i += t.StrideX() {
		x[i] *= a
	}
}`)
	scale := ks["scale"]
	x := must(Dev(0).Alloc(Float32, 4096))
	y := must(Dev(1).Alloc(Float32, 4096))
	h := must(Host().AllocShared(Uint32, 2))
	s := must(Dev(0).NewStream())
	ev := must(Dev(0).NewEvent())

	tl := Trace()
	if ops := tl.Ops(); ops != nil {
		t.Errorf("Ops before Stop: %v", ops)
	}
	must(0, x.Fill(2))
	must(0, scale.Launch(Dev(0), 4, 128, x, float32(3), OnStream(s)))
	must(0, ev.Record(s))
	must(0, CopyAsync(y, x, s))
	must(0, ev.Synchronize())
	must(0, s.Synchronize())
	must(0, h.AtomicStore(1, 5))
	must(0, h.WaitValue(1, 5, time.Second))
	must(0, Dev(1).Synchronize())
	hx := must(Host().Alloc(Float32, 4096))
	must(0, Copy(hx, y))
	must(0, tl.Stop())
	must(0, tl.Stop()) // twice is nothing

	// Per lane, in the order they ran (the lanes run at the same time: their order between
	// them is the clocks').
	lanes := map[string][]string{}
	for _, op := range tl.Ops() {
		lanes[op.Lane] = append(lanes[op.Lane], op.Kind+":"+op.Name+"/"+op.Dir)
		if op.End < op.Start || op.Start < 0 {
			t.Errorf("%s: %v-%v", op.Name, op.Start, op.End)
		}
	}
	want := map[string][]string{
		"GPU0":          {"memset:fill/"},
		"GPU0 stream 1": {"kernel:scale/", "event:event/", "copy:copy/P2P"},
		"host": {"sync:synchronize event of GPU0/", "sync:synchronize GPU0 stream 1/",
			"flag:store [1] = 5/", "wait:wait [1] == 5/", "sync:synchronize GPU1/"},
		"GPU1": {"copy:copy/D2H"},
	}
	if fmt.Sprint(lanes) != fmt.Sprint(want) {
		t.Errorf("recorded:\n  %v\nwant:\n  %v", lanes, want)
	}
	// Work after Stop is not recorded; nothing records once every timeline stopped.
	must(0, x.Fill(1))
	if n := len(tl.Ops()); n != 10 {
		t.Errorf("%d ops after more work, want 10", n)
	}
	if tracing.Load() != nil {
		t.Error("still tracing after the last Stop")
	}
}

func TestTimelineNested(t *testing.T) {
	use(t, "sim:2")
	x := must(Dev(0).Alloc(Float32, 64))
	outer := Trace()
	must(0, x.Fill(1))
	inner := Trace()
	must(0, x.Fill(2))
	must(0, inner.Stop())
	must(0, x.Fill(3))
	if tracing.Load() == nil {
		t.Fatal("the outer timeline stopped with the inner one")
	}
	must(0, outer.Stop())
	if n, m := len(inner.Ops()), len(outer.Ops()); n != 1 || m != 3 {
		t.Errorf("inner %d ops, outer %d; want 1 and 3", n, m)
	}
}

func TestTimelineLimit(t *testing.T) {
	use(t, "sim:1")
	old := maxTraceOps
	maxTraceOps = 5
	defer func() { maxTraceOps = old }()
	x := must(Dev(0).Alloc(Float32, 16))
	tl := Trace()
	for range 8 {
		must(0, x.Fill(1))
	}
	must(0, tl.Stop())
	if n, d := len(tl.Ops()), tl.Dropped(); n != 5 || d != 3 {
		t.Errorf("%d operations recorded, %d dropped; want 5 and 3", n, d)
	}
	if note := tl.View().Note; !strings.Contains(note, "3 more operations were not recorded (a timeline keeps 5)") {
		t.Errorf("note %q", note)
	}
}

// TestTimelineOwnStream runs the path CUDA takes for traced work without a stream (on the
// recorder's own stream, waited for) on simulated devices: the work is done when Launch and
// Copy return, lands in the device's lane, and a failing kernel's error still comes back.
func TestTimelineOwnStream(t *testing.T) {
	use(t, "sim:2")
	ownStreamOnSim = true
	defer func() { ownStreamOnSim = false }()
	ks := defineGo(t, `
func addOne(t gpu.Thread, x []float32) {
	for i := t.GlobalX(); i < len(x); i += t.StrideX() {
		x[i]++
	}
}

func outOfRange(t gpu.Thread, x []float32) {
	x[len(x)+t.GlobalX()] = 1
}`)
	x := must(Dev(0).Alloc(Float32, 4096))
	y := must(Dev(1).Alloc(Float32, 4096))
	tl := Trace()
	must(0, ks["addOne"].Launch(Dev(0), 4, 128, x))
	must(0, Copy(y, x))
	err := ks["outOfRange"].Launch(Dev(0), 1, 1, x)
	must(0, tl.Stop())
	if got := must(y.Float32s()); got[4095] != 1 {
		t.Errorf("the copy after the launch read %v: they did not run in order, or not at all", got[4095])
	}
	wantErrContains(t, err, "launch outOfRange on device 0", "index out of range")
	var lanes []string
	for _, op := range tl.Ops() {
		lanes = append(lanes, op.Name+"@"+op.Lane)
		if op.Name == "outOfRange" && op.Err == "" {
			t.Errorf("the failed launch is not marked failed: %+v", op)
		}
	}
	if got := strings.Join(lanes, " "); got != "addOne@GPU0 copy@GPU1 outOfRange@GPU0" {
		t.Errorf("lanes %q", got)
	}
}

// TestTimelineEventPool: a device's timing events are made once and recycled: a timeline's
// operations take them from the pool, Stop reads them and gives them all back, and the next
// timeline's operations reuse them (the pool does not grow, none is lost).
func TestTimelineEventPool(t *testing.T) {
	use(t, "sim:1")
	x := must(Dev(0).Alloc(Float32, 64))
	y := must(Dev(0).Alloc(Float32, 64))
	s := must(Dev(0).NewStream())
	key := loadKey{Dev(0).m, 0}
	round := func() int {
		tl := Trace()
		for range 10 {
			must(0, CopyAsync(y, x, s))
		}
		during := pooledEvents(key)
		must(0, tl.Stop())
		for _, op := range tl.Ops() {
			if op.Err != "" || op.End < op.Start {
				t.Errorf("operation not resolved: %+v", op)
			}
		}
		if after := pooledEvents(key); after != during+20 {
			t.Errorf("Stop gave %d events back; want the 20 the 10 operations took", after-during)
		}
		return pooledEvents(key)
	}
	first := round()
	if first < 20 {
		t.Fatalf("%d events pooled after a timeline of 10 operations; want at least 20", first)
	}
	for range 3 {
		if n := round(); n != first {
			t.Errorf("%d events pooled after another timeline; want the same %d (reused, none made or lost)", n, first)
		}
	}
}

// timedKernel is a backend kernel that brackets its launches with the timeline's events
// itself (backend.TimedKernel, as CUDA's), or refuses them as unusable (refuse).
type timedKernel struct {
	sig          backendSig
	refuse       bool
	timed, plain int
}

func (k *timedKernel) Signature() backendSig { return k.sig }

func (k *timedKernel) Launch(backendConfig, []backendArg) error { k.plain++; return nil }

func (k *timedKernel) LaunchTimed(cfg backendConfig, _ []backendArg, start, end backend.Event) error {
	if k.refuse {
		return fmt.Errorf("test refusal: %w", backend.ErrEventUnusable)
	}
	if err := start.Record(cfg.Stream); err != nil {
		return err
	}
	k.timed++
	return end.Record(cfg.Stream)
}

// TestTimelineTimedKernel: a traced launch of a kernel that records its own events
// (backend.TimedKernel) hands it the timeline's events, which Stop reads; events it refuses
// as unusable (they died with a device reset) leave the launch made untimed, the timeline
// saying so, and the device's pooled events dropped.
func TestTimelineTimedKernel(t *testing.T) {
	use(t, "sim:1")
	d := Dev(0)
	s := must(d.NewStream())
	sig := backendSig{Name: "stamp"}
	bk := &timedKernel{sig: sig}
	k := newKernel(sig, &testKernel{sig: sig}, nil)
	k.code.loaded[loadKey{d.m, 0}] = bk
	key := loadKey{d.m, 0}

	tl := Trace()
	must(0, k.Launch(d, 1, 1, OnStream(s)))
	must(0, k.Launch(d, 1, 1))
	must(0, tl.Stop())
	if bk.timed != 2 || bk.plain != 0 {
		t.Fatalf("%d timed and %d plain launches; want the 2 timed", bk.timed, bk.plain)
	}
	for _, op := range tl.Ops() {
		if op.Err != "" || op.Kind != "kernel" {
			t.Errorf("timed launch: %+v", op)
		}
	}
	if pooledEvents(key) < 4 {
		t.Errorf("%d events pooled after Stop; want the 4 the launches used back", pooledEvents(key))
	}

	bk.refuse = true
	tl = Trace()
	must(0, k.Launch(d, 1, 1, OnStream(s)))
	must(0, tl.Stop())
	ops := tl.Ops()
	if bk.plain != 1 || len(ops) != 1 || !strings.Contains(ops[0].Err, "not timed") || !strings.Contains(ops[0].Err, "test refusal") {
		t.Errorf("refused events: %d plain launches, ops %+v; want the launch made and marked not timed", bk.plain, ops)
	}
	if n := pooledEvents(key); n != 0 {
		t.Errorf("%d events still pooled after the backend refused them as unusable; want none", n)
	}
}
