package cuda

import (
	"errors"
	"runtime"
	"strings"
	"sync"
	"testing"

	"github.com/peerbook/peerbook/gpu/internal/backend"
)

// queuedFakeBackend is a fake backend whose launches on streams are queued. With
// noGoroutine the queue has no submitting goroutine: what is queued stays there until a
// call flushes it, so the tests can see who submitted what.
func queuedFakeBackend(t *testing.T, noGoroutine bool) (*Backend, *fakeDriver, *kernel) {
	t.Helper()
	b, f := newFakeBackend(t, 1, ctxFused)
	b.queue = newLaunchQueue(b)
	if noGoroutine {
		b.queue.start.Do(func() {})
	}
	t.Cleanup(func() { b.Close() })
	f.set(func(f *fakeDriver) { f.paramCount = 5 })
	return b, f, fakeKernel(t, b, 0, fakeLaunchSrc)
}

// fakeArgs are arguments for fakeLaunchSrc, n its int parameter.
func fakeArgs(t *testing.T, b *Backend, n uint64) []backend.Arg {
	t.Helper()
	p, err := b.Alloc(0, 64, backend.AllocOptions{Shared: true})
	if err != nil {
		t.Fatal(err)
	}
	s, _ := b.Alloc(0, 64, backend.AllocOptions{})
	return []backend.Arg{{Memory: p}, {Memory: s}, {Memory: s}, {Scalar: n}, {Scalar: 0}}
}

// oneThreadOnAStream returns arguments for fakeLaunchSrc (n = 1), a new stream of device 0,
// and a launch of one thread on it.
func oneThreadOnAStream(t *testing.T, b *Backend) ([]backend.Arg, backend.Stream, backend.LaunchConfig) {
	t.Helper()
	st, err := b.NewStream(0)
	if err != nil {
		t.Fatal(err)
	}
	return fakeArgs(t, b, 1), st, backend.LaunchConfig{Device: 0, Grid: backend.Dim3{X: 1}, Block: backend.Dim3{X: 1}, Stream: st}
}

// TestQueuedLaunchesWaitForAFlush: a launch on a stream returns with the launch queued;
// every other call into the driver (here a synchronize, an allocation, a launch without a
// stream) submits what is queued first, in order, with each launch's own arguments.
func TestQueuedLaunchesWaitForAFlush(t *testing.T) {
	b, f, k := queuedFakeBackend(t, true)
	args := fakeArgs(t, b, 0)
	st, err := b.NewStream(0)
	if err != nil {
		t.Fatal(err)
	}
	cfg := backend.LaunchConfig{Device: 0, Grid: backend.Dim3{X: 2}, Block: backend.Dim3{X: 64}, Stream: st}
	launchN := func(from, to uint64) {
		for i := from; i < to; i++ {
			args[3].Scalar = i
			if err := k.Launch(cfg, args); err != nil {
				t.Fatal(err)
			}
		}
	}
	launchN(0, 3)
	if launches, _, _, _ := f.snapshot(); len(launches) != 0 {
		t.Fatalf("%d launches made before a flush; want them queued", len(launches))
	}
	if err := st.Synchronize(); err != nil {
		t.Fatal(err)
	}
	if launches, _, _, _ := f.snapshot(); len(launches) != 3 {
		t.Fatalf("after Synchronize: %d launches made, want 3", len(launches))
	}
	launchN(3, 5)
	if _, err := b.Alloc(0, 16, backend.AllocOptions{}); err != nil {
		t.Fatal(err)
	}
	if launches, _, _, _ := f.snapshot(); len(launches) != 5 {
		t.Fatalf("after Alloc: %d launches made, want 5", len(launches))
	}
	launchN(5, 7)
	args[3].Scalar = 99
	if err := k.Launch(backend.LaunchConfig{Device: 0}, args); err != nil {
		t.Fatal(err)
	}
	launches, _, _, _ := f.snapshot()
	if len(launches) != 8 {
		t.Fatalf("after a launch without a stream: %d launches made, want 8", len(launches))
	}
	for i, l := range launches {
		want := uint64(i)
		if i == 7 {
			want = 99
		}
		if l.params[3][0] != want {
			t.Errorf("launch %d got n=%d, want %d (launches out of order, or sharing an argument block)", i, l.params[3][0], want)
		}
		if i < 7 && (l.stream != st.(*stream).handle || l.grid != [3]uintptr{2, 1, 1} || l.block != [3]uintptr{64, 1, 1}) {
			t.Errorf("launch %d: %+v", i, l)
		}
		if l.ctx != b.devices[0].ctx.Load() {
			t.Errorf("launch %d made with context %#x current, want %#x", i, l.ctx, b.devices[0].ctx.Load())
		}
	}
}

// TestQueuedLaunchesInOrderUnderLoad: launches from several goroutines on streams of
// their own, more than the queue holds, with the submitting goroutine running: each
// stream's launches reach the driver in the order they were made, none lost.
func TestQueuedLaunchesInOrderUnderLoad(t *testing.T) {
	b, f, k := queuedFakeBackend(t, false)
	const workers, each = 4, 2 * launchQueueLen
	streams := map[uintptr]int{}
	var wg sync.WaitGroup
	errs := make(chan error, workers)
	for w := 0; w < workers; w++ {
		st, err := b.NewStream(0)
		if err != nil {
			t.Fatal(err)
		}
		streams[st.(*stream).handle] = w
		args := fakeArgs(t, b, 0)
		wg.Add(1)
		go func() {
			defer wg.Done()
			cfg := backend.LaunchConfig{Device: 0, Grid: backend.Dim3{X: 1}, Block: backend.Dim3{X: 1}, Stream: st}
			for i := 0; i < each; i++ {
				args[3].Scalar = uint64(i)
				if err := k.Launch(cfg, args); err != nil {
					errs <- err
					return
				}
			}
			errs <- st.Synchronize()
		}()
	}
	wg.Wait()
	for w := 0; w < workers; w++ {
		if err := <-errs; err != nil {
			t.Fatal(err)
		}
	}
	launches, _, _, _ := f.snapshot()
	if len(launches) != workers*each {
		t.Fatalf("%d launches made, want %d", len(launches), workers*each)
	}
	next := make([]uint64, workers)
	for _, l := range launches {
		w, ok := streams[l.stream]
		if !ok {
			t.Fatalf("a launch on unknown stream %#x", l.stream)
		}
		if l.params[3][0] != next[w] {
			t.Fatalf("stream %d: launch n=%d came where n=%d was due", w, l.params[3][0], next[w])
		}
		next[w]++
	}
	if p := b.queue.tail.Load() - b.queue.head.Load(); p != 0 {
		t.Errorf("%d launches still pending after every Synchronize", p)
	}
}

// TestQueuedLaunchErrorComesLater: a queued launch the driver refuses is reported once, by
// the stream's next call: Synchronize, or a later Launch (which is then not made), or the
// device's Synchronize; the message names the kernel and the driver's error.
func TestQueuedLaunchErrorComesLater(t *testing.T) {
	b, f, k := queuedFakeBackend(t, true)
	args, st, cfg := oneThreadOnAStream(t, b)
	const outOfResources = 701 // CUDA_ERROR_LAUNCH_OUT_OF_RESOURCES: not sticky
	f.set(func(f *fakeDriver) { f.launchResult = outOfResources })
	if err := k.Launch(cfg, args); err != nil {
		t.Fatalf("a queued launch returns before the driver sees it: %v", err)
	}
	err := st.Synchronize()
	if err == nil || !strings.Contains(err.Error(), "earlier launch of k") {
		t.Fatalf("Synchronize after a refused launch: %v", err)
	}
	var ce *Error
	if !errors.As(err, &ce) || ce.Code != outOfResources || ce.Op != "cuLaunchKernel" {
		t.Errorf("the driver's error is not wrapped: %#v", err)
	}
	if err := st.Synchronize(); err != nil {
		t.Errorf("the error is reported once; the second Synchronize: %v", err)
	}

	// A later launch returns it, and is not made.
	if err := k.Launch(cfg, args); err != nil {
		t.Fatal(err)
	}
	b.flushLaunches()
	before, _, _, _ := f.snapshot()
	f.set(func(f *fakeDriver) { f.launchResult = 0 })
	if err := k.Launch(cfg, args); err == nil || !strings.Contains(err.Error(), "not made") {
		t.Fatalf("the launch after a refused one: %v", err)
	}
	b.flushLaunches()
	if after, _, _, _ := f.snapshot(); len(after) != len(before) {
		t.Errorf("the launch that reported an earlier error was made anyway")
	}

	// The device's Synchronize reports it too.
	f.set(func(f *fakeDriver) { f.launchResult = outOfResources })
	if err := k.Launch(cfg, args); err != nil {
		t.Fatal(err)
	}
	if err := b.Synchronize(0); err == nil || !strings.Contains(err.Error(), "earlier launch of k") {
		t.Errorf("device Synchronize after a refused launch: %v", err)
	}
	f.set(func(f *fakeDriver) { f.launchResult = 0 })
	if err := k.Launch(cfg, args); err != nil {
		t.Errorf("after the error was reported, launches work again: %v", err)
	}
	if err := st.Destroy(); err != nil {
		t.Error(err)
	}
}

// TestQueuedLaunchAllocatesNothing: queueing a launch and submitting it make no garbage
// (each slot of the queue keeps its argument block). The driver's calls are libc's
// sched_yield, as in TestLaunchAllocatesNothing.
func TestQueuedLaunchAllocatesNothing(t *testing.T) {
	yield := libcSym(t, "sched_yield")
	b, _, k := queuedFakeBackend(t, false)
	args, _, cfg := oneThreadOnAStream(t, b)
	cfg.Block.X = 32
	for i := 0; i < 2*launchQueueLen; i++ { // loads the function, sizes every slot
		if err := k.Launch(cfg, args); err != nil {
			t.Fatal(err)
		}
	}
	b.flushLaunches()
	b.drv.cuLaunchKernel, b.drv.cuCtxGetCurrent, b.drv.cuCtxSetCurrent = yield, yield, yield
	allocs := testing.AllocsPerRun(2000, func() {
		if err := k.Launch(cfg, args); err != nil {
			t.Fatal(err)
		}
	})
	b.flushLaunches()
	t.Logf("%.3f allocations per queued launch", allocs)
	if allocs > 0.05 && !raceEnabled {
		t.Errorf("%.3f allocations per queued launch", allocs)
	}
}

// TestQueueAfterClose: Close submits what is queued; a launch after it is made at once.
func TestQueueAfterClose(t *testing.T) {
	b, f, k := queuedFakeBackend(t, true)
	args, _, cfg := oneThreadOnAStream(t, b)
	if err := k.Launch(cfg, args); err != nil {
		t.Fatal(err)
	}
	b.queue.close()
	if launches, _, _, _ := f.snapshot(); len(launches) != 1 {
		t.Fatalf("after close: %d launches made, want 1", len(launches))
	}
	if err := k.Launch(cfg, args); err != nil {
		t.Fatal(err)
	}
	if launches, _, _, _ := f.snapshot(); len(launches) != 2 {
		t.Fatalf("a launch after close: %d launches made, want 2", len(launches))
	}
}

// TestLaunchModeParsing: PEERBOOK_CUDA_LAUNCH takes queued (the default) or direct; anything
// else is an error naming both.
func TestLaunchModeParsing(t *testing.T) {
	for v, want := range map[string]bool{"": true, "queued": true, "direct": false} {
		t.Setenv("PEERBOOK_CUDA_LAUNCH", v)
		if got, err := launchMode(); err != nil || got != want {
			t.Errorf("PEERBOOK_CUDA_LAUNCH=%q: %v, %v; want %v", v, got, err, want)
		}
	}
	t.Setenv("PEERBOOK_CUDA_LAUNCH", "async")
	if _, err := launchMode(); err == nil || !strings.Contains(err.Error(), "queued or direct") {
		t.Errorf("a bad PEERBOOK_CUDA_LAUNCH: %v", err)
	}
}

// TestQueueCloseWhileLaunching: Close while another goroutine launches neither panics nor
// strands a launch in the queue: every launch is made by the time the launcher returns.
func TestQueueCloseWhileLaunching(t *testing.T) {
	b, f, k := queuedFakeBackend(t, false)
	args, _, cfg := oneThreadOnAStream(t, b)
	const n = 3000
	done := make(chan error)
	go func() {
		for i := 0; i < n; i++ {
			if err := k.Launch(cfg, args); err != nil {
				done <- err
				return
			}
		}
		done <- nil
	}()
	for {
		if launches, _, _, _ := f.snapshot(); len(launches) > 0 {
			break
		}
		runtime.Gosched()
	}
	b.queue.close()
	if err := <-done; err != nil {
		t.Fatal(err)
	}
	if launches, _, _, _ := f.snapshot(); len(launches) != n {
		t.Errorf("%d launches made, want %d", len(launches), n)
	}
}

// TestQueuedEventRecords: an event recorded on a stream while launches are queued is queued
// behind them, in order (a timeline brackets each launch with two), costs no flush, and is
// made in the event's context; a record the driver refuses is reported by the stream's
// next call.
func TestQueuedEventRecords(t *testing.T) {
	b, f, k := queuedFakeBackend(t, true)
	args, st, cfg := oneThreadOnAStream(t, b)
	var evs []backend.Event
	for range 4 {
		e, err := b.NewEvent(0)
		if err != nil {
			t.Fatal(err)
		}
		evs = append(evs, e)
	}
	// The kernel's first launch looks its function up (a call into the driver, which
	// flushes): made before the queue is watched.
	if err := k.Launch(cfg, args); err != nil {
		t.Fatal(err)
	}
	if err := st.Synchronize(); err != nil {
		t.Fatal(err)
	}
	f.set(func(f *fakeDriver) { f.launches = nil })
	for i := range 2 {
		if err := evs[2*i].Record(st); err != nil {
			t.Fatal(err)
		}
		if err := k.Launch(cfg, args); err != nil {
			t.Fatal(err)
		}
		if err := evs[2*i+1].Record(st); err != nil {
			t.Fatal(err)
		}
	}
	f.mu.Lock()
	made, recorded := len(f.launches), len(f.records)
	f.mu.Unlock()
	if made != 0 || recorded != 0 {
		t.Fatalf("%d launches and %d records made before a flush; want them queued", made, recorded)
	}
	if err := st.Synchronize(); err != nil {
		t.Fatal(err)
	}
	f.mu.Lock()
	records := append([]fakeRecord(nil), f.records...)
	launches := append([]fakeLaunch(nil), f.launches...)
	f.mu.Unlock()
	if len(launches) != 2 || len(records) != 4 {
		t.Fatalf("%d launches, %d records; want 2 and 4", len(launches), len(records))
	}
	h := st.(*stream).handle
	for i, r := range records {
		if r.event != evs[i].(*event).handle || r.stream != h || r.afterLaunches != (i+1)/2 || r.ctx != b.devices[0].ctx.Load() {
			t.Errorf("record %d: %+v; want event %#x on stream %#x after %d launches in context %#x",
				i, r, evs[i].(*event).handle, h, (i+1)/2, b.devices[0].ctx.Load())
		}
	}
	// A refused record: the stream's next call says so.
	f.set(func(f *fakeDriver) { f.recordResult = 700 })
	if err := evs[0].Record(st); err != nil {
		t.Fatal(err)
	}
	err := st.Synchronize()
	if err == nil || !strings.Contains(err.Error(), "cuEventRecord") {
		t.Errorf("synchronize after a refused record: %v", err)
	}
	f.set(func(f *fakeDriver) { f.recordResult = 0 })
}
