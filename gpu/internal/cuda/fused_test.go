package cuda

import (
	"errors"
	"math"
	"strings"
	"testing"
	"time"

	"github.com/ebitengine/purego"
	"github.com/peerbook/peerbook/gpu/internal/backend"
)

// These tests need no GPU: the launch trampoline calls libc and the fake driver.

// modeFor is the mode that runs a fusedCall through the trampoline (asm) or purego.
func modeFor(asm bool) ctxMode {
	if asm {
		return ctxFused
	}
	return ctxGet
}

func libcSym(t testing.TB, name string) uintptr {
	t.Helper()
	libc, err := openLibrary("libc", []string{"libc.so.6"})
	if err != nil {
		t.Skipf("no libc.so.6: %v", err)
	}
	p, err := libc.sym(name)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// TestFusedTrampolinePassesElevenArguments calls snprintf(buf, n, fmt, 8 values) through
// the trampoline: six arguments in registers and five on the stack, read by real C code.
func TestFusedTrampolinePassesElevenArguments(t *testing.T) {
	snprintf := libcSym(t, "snprintf")
	for _, asm := range []bool{true, false} {
		buf := cbuf(256)
		format := cString("%lx %lx %lx %lx %lx %lx %lx %lx")
		c := new(fusedCall)
		c.fn = snprintf
		c.a = [11]uintptr{cptr(buf), uintptr(len(buf)), cptr(format), 1, 0x22, 0x333, 0x4444, 0x55555, 0x666666, 0x7777777, 0xfedcba9876543210}
		c.call(modeFor(asm))
		got := goString(cptr(buf))
		want := "1 22 333 4444 55555 666666 7777777 fedcba9876543210"
		if got != want || c.result() != cuResult(len(want)) {
			t.Errorf("asm=%v: snprintf wrote %q (returned %d), want %q", asm, got, c.r, want)
		}
		if c.syncR != fusedNotCalled || c.switched != 0 {
			t.Errorf("asm=%v: no sync and no context were asked: syncR %#x switched %d", asm, c.syncR, c.switched)
		}
	}
}

// TestFusedTrampolineAlignsTheStack: C code (SSE spills, printf of doubles) needs SP
// 16-byte aligned at a call; the probe returns SP mod 16 at its entry, 8 when aligned.
func TestFusedTrampolineAlignsTheStack(t *testing.T) {
	if !haveFusedTrampoline {
		t.Skip("no trampoline on this platform")
	}
	c := new(fusedCall)
	c.fn = spAlignProbe
	c.call(ctxFused)
	if c.r != 8 {
		t.Fatalf("SP mod 16 at the callee's entry = %d, want 8", c.r)
	}
	c.sync, c.stream = spAlignProbe, 0
	c.fn = libcSym(t, "abs") // abs(0) = 0: the wait runs
	c.a[0] = 0
	c.call(ctxFused)
	if c.r != 0 || c.syncR != 8 {
		t.Fatalf("sync step: fn result %d, SP mod 16 at sync's entry %d", c.r, c.syncR)
	}
	// Doubles through snprintf use SSE code that faults on a misaligned stack.
	snprintf := libcSym(t, "snprintf")
	buf := cbuf(64)
	format := cString("%s")
	s := cString("aligned")
	c = new(fusedCall)
	c.fn = snprintf
	c.a = [11]uintptr{cptr(buf), 64, cptr(format), cptr(s)}
	c.call(ctxFused)
	if goString(cptr(buf)) != "aligned" {
		t.Errorf("snprintf %%s = %q", goString(cptr(buf)))
	}
}

// TestFusedContextSteps checks the context step and the wait against the fake driver, for
// the trampoline and its purego form: the context is set only where another one is current,
// a failed set skips the call, a failed call skips the wait.
func TestFusedContextSteps(t *testing.T) {
	drv := fakeDriverAPI()
	abs := libcSym(t, "abs")
	for _, asm := range []bool{true, false} {
		onLockedThread(func() {
			f := newFakeDriver()
			fake.Store(f)
			c := new(fusedCall)
			c.getCurrent, c.setCurrent, c.ctx = drv.cuCtxGetCurrent, drv.cuCtxSetCurrent, 0x1234
			c.fn, c.sync, c.stream = abs, drv.cuStreamSynchronize, 0x77
			c.a[0] = 0
			c.call(modeFor(asm))
			_, sets, gets, syncs := f.snapshot()
			if c.switched != 1 || c.ctxR != 0 || c.r != 0 || c.syncR != 0 || sets != 1 || gets != 1 || syncs != 1 {
				t.Errorf("asm=%v first call: switched %d ctxR %d r %d syncR %d; fake sets %d gets %d syncs %d",
					asm, c.switched, c.ctxR, c.r, c.syncR, sets, gets, syncs)
			}
			c.call(modeFor(asm))
			_, sets, gets, syncs = f.snapshot()
			if c.switched != 0 || sets != 1 || gets != 2 || syncs != 2 {
				t.Errorf("asm=%v second call must not set the context again: switched %d sets %d gets %d syncs %d",
					asm, c.switched, sets, gets, syncs)
			}
			c.a[0] = uintptr(math.MaxUint32 - 6) // abs(-7) = 7: a failed call, no wait
			c.call(modeFor(asm))
			_, _, _, syncs = f.snapshot()
			if c.result() != 7 || c.syncR != fusedNotCalled || syncs != 2 {
				t.Errorf("asm=%v failing fn: r %d syncR %#x syncs %d", asm, c.r, c.syncR, syncs)
			}
			c.a[0] = 0
			f.set(func(f *fakeDriver) { f.faultNextSync = cudaErrorIllegalAddress })
			c.call(modeFor(asm))
			if c.syncResult() != cudaErrorIllegalAddress {
				t.Errorf("asm=%v: sync result %d, want 700", asm, c.syncResult())
			}
		})
	}
}

const fakeLaunchSrc = `__global__ void k(Peer<float> p, Slice<int> s, double* raw, int n, float a) {}`

// TestLaunchModesWithFakeDriver launches through each context mode and checks what the
// driver got: function, dimensions, shared memory, stream, packed parameters, the context
// current during the launch, the wait of a launch without a stream.
func TestLaunchModesWithFakeDriver(t *testing.T) {
	for _, mode := range []ctxMode{ctxFused, ctxGet, ctxSet} {
		t.Run(mode.String(), func(t *testing.T) {
			b, f := newFakeBackend(t, 1, mode)
			f.set(func(f *fakeDriver) { f.paramCount = 5 })
			k := fakeKernel(t, b, 0, fakeLaunchSrc)
			p, err := b.Alloc(0, 64, backend.AllocOptions{Shared: true})
			if err != nil {
				t.Fatal(err)
			}
			s, _ := b.Alloc(0, 40, backend.AllocOptions{})
			raw, _ := b.Alloc(0, 80, backend.AllocOptions{})
			st, err := b.NewStream(0)
			if err != nil {
				t.Fatal(err)
			}
			args := []backend.Arg{{Memory: p, Len: 16}, {Memory: s, Offset: 8}, {Memory: raw}, {Scalar: uint64(uint32(0xfffffff9))}, {Scalar: uint64(math.Float32bits(2.5))}}
			cfg := backend.LaunchConfig{Device: 0, Grid: backend.Dim3{X: 3, Y: 2}, Block: backend.Dim3{X: 128}, SharedBytes: 1024, Stream: st}
			var before int
			onLockedThread(func() {
				f.set(func(f *fakeDriver) { before = f.syncs })
				for i := 0; i < 3; i++ {
					if err := k.Launch(cfg, args); err != nil {
						t.Fatal(err)
					}
				}
				if err := k.Launch(backend.LaunchConfig{Device: 0}, args); err != nil {
					t.Fatal(err)
				}
			})
			launches, sets, gets, syncs := f.snapshot()
			if len(launches) != 4 {
				t.Fatalf("%d launches", len(launches))
			}
			l := launches[0]
			pp, _ := p.Pointer(0)
			sp, _ := s.Pointer(0)
			rp, _ := raw.Pointer(0)
			if l.fn != k.fn || l.grid != [3]uintptr{3, 2, 1} || l.block != [3]uintptr{128, 1, 1} || l.shared != 1024 || l.stream != st.(*stream).handle {
				t.Errorf("launch: %+v", l)
			}
			if l.ctx != b.devices[0].ctx.Load() {
				t.Errorf("context current during the launch %#x, want %#x", l.ctx, b.devices[0].ctx.Load())
			}
			want := [][2]uint64{{uint64(pp), 16}, {uint64(sp + 8), 8}, {uint64(rp)}, {0xfffffff9}, {uint64(math.Float32bits(2.5))}}
			for i, w := range want {
				if l.params[i][0] != w[0] || (i < 2 && l.params[i][1] != w[1]) {
					t.Errorf("parameter %d = %#x, want %#x", i, l.params[i], w)
				}
			}
			if last := launches[3]; last.stream != b.devices[0].stream.Load() || last.grid != [3]uintptr{1, 1, 1} {
				t.Errorf("a launch without a stream goes to the backend's stream with 1x1x1: %+v", last)
			}
			if syncs-before != 1 {
				t.Errorf("%d waits for 3 launches on a stream and 1 without", syncs-before)
			}
			t.Logf("mode %s: cuCtxSetCurrent %d, cuCtxGetCurrent %d calls in all", mode, sets, gets)
			if mode == ctxSet && sets < 4 {
				t.Errorf("ctxSet sets the context before every launch: %d sets", sets)
			}
		})
	}
}

// TestLaunchAllocatesNothing: the launch path (stream given, and the launch-and-wait of a
// nil stream) makes no garbage, so a launch loop never wakes the collector. The fake
// driver's callbacks allocate (purego builds reflect values), so the measured launches
// call libc's sched_yield instead: it takes any arguments and returns 0.
func TestLaunchAllocatesNothing(t *testing.T) {
	yield := libcSym(t, "sched_yield")
	for _, mode := range []ctxMode{ctxFused, ctxGet, ctxSet} {
		b, _ := newFakeBackend(t, 1, mode)
		k := fakeKernel(t, b, 0, fakeLaunchSrc)
		p, _ := b.Alloc(0, 64, backend.AllocOptions{Shared: true})
		s, _ := b.Alloc(0, 64, backend.AllocOptions{})
		st, _ := b.NewStream(0)
		args := []backend.Arg{{Memory: p}, {Memory: s}, {Memory: s}, {Scalar: 1}, {Scalar: 2}}
		if err := k.Launch(backend.LaunchConfig{Device: 0, Stream: st}, args); err != nil {
			t.Fatal(err) // the first launch loads the function
		}
		b.drv.cuLaunchKernel, b.drv.cuStreamSynchronize = yield, yield
		b.drv.cuCtxGetCurrent, b.drv.cuCtxSetCurrent = yield, yield
		for _, stream := range []backend.Stream{st, nil} {
			cfg := backend.LaunchConfig{Device: 0, Grid: backend.Dim3{X: 1}, Block: backend.Dim3{X: 32}, Stream: stream}
			allocs := testing.AllocsPerRun(500, func() {
				if err := k.Launch(cfg, args); err != nil {
					t.Fatal(err)
				}
			})
			t.Logf("mode %s, stream %v: %.3f allocations per launch", mode, stream != nil, allocs)
			// purego's SyscallN and enter take blocks from sync.Pools, which a GC may
			// empty: allow a rare refill, not one per launch.
			if allocs > 0.05 && !raceEnabled {
				t.Errorf("mode %s, stream %v: %.3f allocations per launch", mode, stream != nil, allocs)
			}
		}
	}
}

// TestFaultRecoveredWithFakeDriver: a driver that clears the fault at the reset gets a
// rebuilt context; the allocation is lost, the next launch works.
func TestFaultRecoveredWithFakeDriver(t *testing.T) {
	b, f := newFakeBackend(t, 1, ctxFused)
	k := fakeKernel(t, b, 0, `__global__ void k(int* p) {}`)
	victim, _ := b.Alloc(0, 1<<20, backend.AllocOptions{})
	st, _ := b.NewStream(0)
	f.set(func(f *fakeDriver) { f.faultNextSync, f.resetClears = cudaErrorIllegalAddress, true })
	err := k.Launch(backend.LaunchConfig{Device: 0}, []backend.Arg{{Memory: victim}})
	var fe *FaultError
	if !errors.As(err, &fe) || fe.NeedsRestart || fe.ResetErr != nil || errors.Is(err, ErrNeedsRestart) {
		t.Fatalf("fault: %v", err)
	}
	t.Logf("fault: %v\nrecovery:\n  %s", err, strings.Join(fe.Recovery, "\n  "))
	if len(fe.Lost) != 1 || fe.Lost[0] != victim || !strings.Contains(err.Error(), "rebuilt") {
		t.Errorf("lost %v", fe.Lost)
	}
	if !strings.Contains(strings.Join(fe.Recovery, "\n"), "retain #1 (after 0s): probe ok") {
		t.Errorf("the first retain should have worked: %q", fe.Recovery)
	}
	if err := st.Synchronize(); err == nil || !strings.Contains(err.Error(), "died") {
		t.Errorf("stream of the dead context: %v", err)
	}
	m, err := b.Alloc(0, 16, backend.AllocOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if err := k.Launch(backend.LaunchConfig{Device: 0}, []backend.Arg{{Memory: m}}); err != nil {
		t.Fatalf("launch after the recovery: %v", err)
	}
	if err := b.Write(m, 0, []byte{1, 2, 3}); err != nil {
		t.Fatal(err)
	}
	if b.Poisoned() != nil {
		t.Error("a recovered backend is not poisoned")
	}
}

// TestFaultPoisonsWithFakeDriver plays what the H200 did: after the fault every call
// fails, the reset included. The backend must say the process has to restart, and every
// later call must fail at once with that error, touching the driver no more.
func TestFaultPoisonsWithFakeDriver(t *testing.T) {
	b, f := newFakeBackend(t, 2, ctxFused)
	k := fakeKernel(t, b, 0, `__global__ void k(int* p) {}`)
	victim, _ := b.Alloc(0, 1<<20, backend.AllocOptions{})
	other, _ := b.Alloc(1, 4096, backend.AllocOptions{})
	host, err := b.Alloc(backend.HostDevice, 64, backend.AllocOptions{})
	if err != nil {
		t.Fatal(err)
	}
	copy(host.Host(), "kept")
	st, _ := b.NewStream(0)
	ev, _ := b.NewEvent(0)
	f.set(func(f *fakeDriver) { f.faultNextSync = cudaErrorIllegalAddress })
	start := time.Now()
	err = k.Launch(backend.LaunchConfig{Device: 0}, []backend.Arg{{Memory: victim}})
	var fe *FaultError
	if !errors.As(err, &fe) || !fe.NeedsRestart || !errors.Is(err, ErrNeedsRestart) || fe.Repeated {
		t.Fatalf("fault: %v", err)
	}
	t.Logf("fault after %v: %v\nrecovery:\n  %s", time.Since(start), err, strings.Join(fe.Recovery, "\n  "))
	if len(fe.Lost) != 2 || !strings.Contains(err.Error(), "must restart") || !strings.Contains(err.Error(), "lost: 2 allocation(s)") {
		t.Errorf("the fault must list both devices' allocations: %v", err)
	}
	if b.Poisoned() == nil {
		t.Fatal("Poisoned() = nil")
	}
	var calls int
	f.set(func(f *fakeDriver) { calls = f.sets + f.gets + f.retains + f.syncs + len(f.launches) })
	later := map[string]func() error{
		"Alloc":        func() error { _, err := b.Alloc(0, 16, backend.AllocOptions{}); return err },
		"Alloc host":   func() error { _, err := b.Alloc(backend.HostDevice, 16, backend.AllocOptions{}); return err },
		"Alloc dev 1":  func() error { _, err := b.Alloc(1, 16, backend.AllocOptions{}); return err },
		"Write":        func() error { return b.Write(victim, 0, []byte{1}) },
		"Read other":   func() error { return b.Read(other, 0, make([]byte, 1)) },
		"Launch":       func() error { return k.Launch(backend.LaunchConfig{Device: 0}, []backend.Arg{{Memory: victim}}) },
		"NewStream":    func() error { _, err := b.NewStream(1); return err },
		"NewEvent":     func() error { _, err := b.NewEvent(0); return err },
		"Stream sync":  st.Synchronize,
		"Event record": func() error { return ev.Record(nil) },
		"Synchronize":  func() error { return b.Synchronize(1) },
		"MemInfo":      func() error { _, _, err := b.MemInfo(0); return err },
		"Compile": func() error {
			_, err := b.CompileCUDA(0, "__global__ void x() {}", backend.CompileOptions{})
			return err
		},
		"Copy to host": func() error { return b.Copy(host, 0, other, 0, 8, nil) },
		"Fill":         func() error { return b.Fill(other, 0, 8, []byte{1}) },
		"Share":        func() error { return b.Share(host) },
	}
	for name, call := range later {
		start := time.Now()
		err := call()
		if !errors.Is(err, ErrNeedsRestart) || !errors.As(err, &fe) || !fe.Repeated {
			t.Errorf("%s after the fault: %v", name, err)
		}
		if el := time.Since(start); el > 100*time.Millisecond {
			t.Errorf("%s took %v: it must fail at once", name, el)
		}
	}
	var after int
	f.set(func(f *fakeDriver) { after = f.sets + f.gets + f.retains + f.syncs + len(f.launches) })
	if after != calls {
		t.Errorf("the driver was called %d more times after the backend knew it is unusable", after-calls)
	}
	// What needs no driver still works: host bytes, freeing.
	if string(host.Host()[:4]) != "kept" {
		t.Error("host-resident bytes must survive")
	}
	for _, m := range []backend.Memory{victim, other, host} {
		if err := m.Free(); err != nil {
			t.Errorf("free after the fault: %v", err)
		}
	}
	if err := st.Destroy(); err != nil {
		t.Errorf("destroying a dead stream: %v", err)
	}
	if err := b.Close(); err != nil {
		t.Errorf("close: %v", err)
	}
	msg := b.poisoned().Error()
	if !strings.HasPrefix(msg, "CUDA is unusable in this process since device 0 (Fake GPU) faulted") {
		t.Errorf("repeated error = %q", msg)
	}
}

// TestFaultOwnContextWithFakeDriver: where only the primary context stays broken, a
// context of our own (cuCtxCreate) takes over, and Close destroys it.
func TestFaultOwnContextWithFakeDriver(t *testing.T) {
	b, f := newFakeBackend(t, 1, ctxGet)
	k := fakeKernel(t, b, 0, `__global__ void k(int* p) {}`)
	victim, _ := b.Alloc(0, 64, backend.AllocOptions{})
	f.set(func(f *fakeDriver) { f.faultNextSync, f.createWorks = cudaErrorIllegalAddress, true })
	err := k.Launch(backend.LaunchConfig{Device: 0}, []backend.Arg{{Memory: victim}})
	var fe *FaultError
	if !errors.As(err, &fe) || fe.NeedsRestart {
		t.Fatalf("fault: %v", err)
	}
	t.Logf("recovery:\n  %s", strings.Join(fe.Recovery, "\n  "))
	if !b.devices[0].ownCtx.Load() {
		t.Fatal("the backend should run on a context of its own")
	}
	m, err := b.Alloc(0, 16, backend.AllocOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if err := k.Launch(backend.LaunchConfig{Device: 0}, []backend.Arg{{Memory: m}}); err != nil {
		t.Fatal(err)
	}
	launches, _, _, _ := f.snapshot()
	if ctx := launches[len(launches)-1].ctx; ctx != b.devices[0].ctx.Load() || ctx < 0x9000 {
		t.Errorf("launch ran in context %#x", ctx)
	}
	b.Close()
	f.set(func(f *fakeDriver) {
		if f.destroys != 1 || len(f.created) != 0 {
			t.Errorf("close: %d destroys, %d created contexts left", f.destroys, len(f.created))
		}
	})
}

// TestCtxModeParsing covers PEERBOOK_CUDA_CTX.
func TestCtxModeParsing(t *testing.T) {
	for in, want := range map[string]ctxMode{"": ctxFused, "fused": ctxFused, "get": ctxGet, "set": ctxSet} {
		if got, err := parseCtxMode(in); err != nil || got != want {
			t.Errorf("parseCtxMode(%q) = %v, %v", in, got, err)
		}
	}
	if _, err := parseCtxMode("always"); err == nil || !strings.Contains(err.Error(), "fused, get or set") {
		t.Errorf("bad mode: %v", err)
	}
}

// BenchmarkFusedCallFloor is the cost of one crossing into C through the trampoline
// (strlen), against BenchmarkCcall (purego): the floor under a fused launch.
func BenchmarkFusedCallFloor(b *testing.B) {
	strlen := libcSym(b, "strlen")
	s := cString("x")
	for _, v := range []struct {
		name string
		asm  bool
	}{{"trampoline", true}, {"purego", false}} {
		b.Run(v.name, func(b *testing.B) {
			c := new(fusedCall)
			c.fn, c.a[0] = strlen, cptr(s)
			b.ReportAllocs()
			for i := 0; i < b.N; i++ {
				c.call(modeFor(v.asm))
			}
		})
	}
	b.Run("SyscallN", func(b *testing.B) {
		p := cptr(s)
		b.ReportAllocs()
		for i := 0; i < b.N; i++ {
			purego.SyscallN(strlen, p)
		}
	})
}

// TestFaultInModuleCallsDoesNotDeadlock: a sticky error that surfaces in a module call
// (cuModuleGetFunction, during a kernel's first launch) is recovered from without the
// recovery waiting for the module's lock that the failing call holds.
func TestFaultInModuleCallsDoesNotDeadlock(t *testing.T) {
	b, f := newFakeBackend(t, 1, ctxFused)
	k := fakeKernel(t, b, 0, `__global__ void k(int* p) {}`)
	m, _ := b.Alloc(0, 64, backend.AllocOptions{})
	k.fn, k.m.funcs = 0, map[string]uintptr{} // the next launch looks the function up again
	f.set(func(f *fakeDriver) { f.sticky, f.resetClears = cudaErrorIllegalAddress, true })
	err, _, ok := within(5*time.Second, func() error {
		return k.Launch(backend.LaunchConfig{Device: 0}, []backend.Arg{{Memory: m}})
	})
	if !ok {
		t.Fatal("the launch hung: the recovery deadlocked")
	}
	var fe *FaultError
	if !errors.As(err, &fe) || fe.NeedsRestart || !strings.Contains(err.Error(), "cuModuleGetFunction") {
		t.Fatalf("fault in cuModuleGetFunction: %v", err)
	}
	m2, _ := b.Alloc(0, 64, backend.AllocOptions{})
	if err := k.Launch(backend.LaunchConfig{Device: 0}, []backend.Arg{{Memory: m2}}); err != nil {
		t.Fatalf("launch after the recovery (module loaded again): %v", err)
	}
}

// BenchmarkLaunchOverhead is the Go side of a launch (checks, packing, locks, one crossing
// into C) against a driver that does nothing (peerbook_cuda_zero), with no context step:
// compare with BenchmarkFusedCallFloor/trampoline (the crossing alone).
func BenchmarkLaunchOverhead(b *testing.B) {
	if !haveFusedTrampoline {
		b.Skip("no trampoline on this platform")
	}
	for _, v := range []struct {
		name string
		src  string
	}{{"no-args", `__global__ void k() {}`}, {"5-args", fakeLaunchSrc}} {
		b.Run(v.name, func(b *testing.B) {
			be, _ := newFakeBackend(b, 1, ctxFused)
			k := fakeKernel(b, be, 0, v.src)
			var args []backend.Arg
			if v.name == "5-args" {
				p, _ := be.Alloc(0, 64, backend.AllocOptions{Shared: true})
				s, _ := be.Alloc(0, 64, backend.AllocOptions{})
				args = []backend.Arg{{Memory: p}, {Memory: s}, {Memory: s}, {Scalar: 1}, {Scalar: 2}}
			}
			st, _ := be.NewStream(0)
			cfg := backend.LaunchConfig{Device: 0, Grid: backend.Dim3{X: 1}, Block: backend.Dim3{X: 32}, Stream: st}
			if err := k.Launch(cfg, args); err != nil {
				b.Fatal(err)
			}
			be.drv.cuLaunchKernel = zeroProbe
			be.devices[0].ctx.Store(0) // no context step
			b.ReportAllocs()
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				if err := k.Launch(cfg, args); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
