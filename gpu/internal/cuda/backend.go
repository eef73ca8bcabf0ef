package cuda

import (
	"bufio"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"
	"unsafe"

	"github.com/peerbook/peerbook/gpu/internal/backend"
)

// Backend is the CUDA backend: the devices the driver shows, their primary contexts, and
// NVRTC / NVML where they load. Every method may be called from any goroutine.
type Backend struct {
	drv           *driverAPI
	driverVersion int

	rtc     *nvrtcAPI // nil where NVRTC did not load (rtcErr says why)
	rtcErr  error
	nvml    *nvmlAPI // nil where NVML did not load or init (nvmlErr says why)
	nvmlErr error

	includeDir string // CUDA headers for NVRTC ("" where not found)
	devices    []*device
	infos      []backend.DeviceInfo

	interrupt atomic.Pointer[interruptChan]

	// ctxMode: how calls make their device's context current (PEERBOOK_CUDA_CTX).
	ctxMode ctxMode
	// poison is the fault that left CUDA unusable in this process (nil while it is usable):
	// every call fails with it at once.
	poison atomic.Pointer[FaultError]

	mu          sync.Mutex
	peerEnabled map[[2]int]bool      // {from, to}: from's context maps to's memory
	hostAllocs  map[*memory]struct{} // live host-resident allocations
	closed      bool

	topoOnce sync.Once
	topo     backend.Topology
	topoErr  error

	cache *moduleCache

	// queue: launches on streams, submitted by a goroutine of its own (queue.go); nil where
	// PEERBOOK_CUDA_LAUNCH=direct.
	queue *launchQueue
}

type interruptChan struct{ done <-chan struct{} }

// device is one CUDA device and its primary context.
type device struct {
	index  int
	handle uintptr // CUdevice
	info   backend.DeviceInfo

	ctx    atomic.Uintptr // the primary context; changes when a fault resets it
	ownCtx atomic.Bool    // ctx is one we created (cuCtxCreate), not the primary context
	stream atomic.Uintptr // the backend's own non-blocking stream: a nil Stream's work
	gen    atomic.Uint64  // bumped at every reset: handles of older generations are dead

	canMapHost  bool
	uva         bool
	sharedOptin int // max dynamic shared memory a kernel may opt in to

	mu      sync.Mutex
	allocs  map[*memory]struct{} // live device allocations (lost at a reset)
	streams map[*stream]struct{} // live streams made by NewStream (destroyed at a reset)
	events  map[*event]struct{}  // live events made by NewEvent (destroyed at a reset)
	reset   sync.Mutex           // one recovery at a time
}

var (
	_ backend.Backend       = (*Backend)(nil)
	_ backend.CUDACompiler  = (*Backend)(nil)
	_ backend.MemoryInfo    = (*Backend)(nil)
	_ backend.PeerSharer    = (*Backend)(nil)
	_ backend.Interruptible = (*Backend)(nil)
)

// Open loads the CUDA driver, initializes it and retains the primary context of every
// device. NVRTC (for CompileCUDA) and NVML (for Topology) are loaded too where present;
// their absence is reported by Report and by the calls that need them, not by Open. Open
// fails, without crashing, where there is no driver or no device.
func Open() (*Backend, error) {
	drv, err := loadDriver()
	if err != nil {
		return nil, fmt.Errorf("cuda: %w", err)
	}
	b := &Backend{drv: drv, peerEnabled: map[[2]int]bool{}, hostAllocs: map[*memory]struct{}{}}
	if b.ctxMode, err = parseCtxMode(os.Getenv("PEERBOOK_CUDA_CTX")); err != nil {
		return nil, fmt.Errorf("cuda: %w", err)
	}
	if queued, err := launchMode(); err != nil {
		return nil, fmt.Errorf("cuda: %w", err)
	} else if queued {
		b.queue = newLaunchQueue(b)
	}
	// Lazy module loading (the default since CUDA 12.2) loads a kernel's code at its first
	// launch, and that waits for the device to go idle: a producer launched while its
	// consumer spins on a flag would wait forever. Hand-offs are what peerbook is for, so
	// modules load eagerly unless the user chose otherwise. The driver reads this at cuInit.
	if _, set := os.LookupEnv("CUDA_MODULE_LOADING"); !set {
		os.Setenv("CUDA_MODULE_LOADING", "EAGER")
	}
	if r := ccall(drv.cuInit, 0); r != 0 {
		return nil, fmt.Errorf("cuda: %w (driver %s)", b.newError("cuInit", -1, r), drv.lib.describe())
	}
	var v, count int32
	if r := ccall(drv.cuDriverGetVersion, uintptr(unsafe.Pointer(&v))); r != 0 {
		return nil, fmt.Errorf("cuda: %w", b.newError("cuDriverGetVersion", -1, r))
	}
	b.driverVersion = int(v)
	if r := ccall(drv.cuDeviceGetCount, uintptr(unsafe.Pointer(&count))); r != 0 {
		return nil, fmt.Errorf("cuda: %w", b.newError("cuDeviceGetCount", -1, r))
	}
	if count == 0 {
		return nil, errors.New("cuda: the driver sees no CUDA device")
	}
	for i := 0; i < int(count); i++ {
		d, err := b.openDevice(i)
		if err != nil {
			b.Close()
			return nil, fmt.Errorf("cuda: device %d: %w", i, err)
		}
		b.devices = append(b.devices, d)
		b.infos = append(b.infos, d.info)
	}
	b.rtc, b.rtcErr = loadNVRTC()
	if b.rtc != nil {
		b.includeDir = cudaIncludeDir(b.rtc.lib.path)
	}
	b.nvml, b.nvmlErr = loadNVML()
	b.cache = newModuleCache()
	return b, nil
}

func newDevice(i int) *device {
	return &device{index: i, allocs: map[*memory]struct{}{}, streams: map[*stream]struct{}{}, events: map[*event]struct{}{}}
}

func (b *Backend) openDevice(i int) (*device, error) {
	drv := b.drv
	d := newDevice(i)
	var h int32
	if r := ccall(drv.cuDeviceGet, uintptr(unsafe.Pointer(&h)), uintptr(i)); r != 0 {
		return nil, b.newError("cuDeviceGet", i, r)
	}
	d.handle = uintptr(h)
	name := cbuf(256)
	if r := ccall(drv.cuDeviceGetName, cptr(name), uintptr(len(name)), d.handle); r != 0 {
		return nil, b.newError("cuDeviceGetName", i, r)
	}
	var total uint64
	if r := ccall(drv.cuDeviceTotalMem, uintptr(unsafe.Pointer(&total)), d.handle); r != 0 {
		return nil, b.newError("cuDeviceTotalMem", i, r)
	}
	attr := func(a int) int {
		var v int32
		if ccall(drv.cuDeviceGetAttribute, uintptr(unsafe.Pointer(&v)), uintptr(a), d.handle) != 0 {
			return 0
		}
		return int(v)
	}
	bus := cbuf(64)
	busID := ""
	if ccall(drv.cuDeviceGetPCIBusId, cptr(bus), uintptr(len(bus)), d.handle) == 0 {
		busID = normalizeBusID(goString(cptr(bus)))
	}
	major, minor := attr(attrComputeCapabilityMajor), attr(attrComputeCapabilityMinor)
	d.info = backend.DeviceInfo{
		Index:              i,
		Name:               goString(cptr(name)),
		Backend:            "cuda",
		ComputeCapability:  [2]int{major, minor},
		Arch:               fmt.Sprintf("sm_%d%d", major, minor),
		MemoryBytes:        total,
		SMs:                attr(attrMultiprocessorCount),
		PCIBusID:           busID,
		NUMANode:           -1,
		MaxThreadsPerBlock: attr(attrMaxThreadsPerBlock),
		MaxSharedPerBlock:  attr(attrMaxSharedPerBlock),
	}
	d.info.NUMANode, d.info.CPUAffinity = sysfsAffinity(busID)
	d.info.Caps = deviceCaps(drv, d.handle)
	d.canMapHost = attr(attrCanMapHostMemory) != 0
	d.uva = attr(attrUnifiedAddressing) != 0
	d.sharedOptin = attr(attrMaxSharedPerBlockOptin)
	if d.sharedOptin < d.info.MaxSharedPerBlock {
		d.sharedOptin = d.info.MaxSharedPerBlock
	}
	if err := b.retainContext(d); err != nil {
		return nil, err
	}
	return d, nil
}

// retainContext retains d's primary context and makes the backend's stream in it.
func (b *Backend) retainContext(d *device) error {
	var ctx uintptr
	if r := ccall(b.drv.cuDevicePrimaryCtxRetain, uintptr(unsafe.Pointer(&ctx)), d.handle); r != 0 {
		return b.newError("cuDevicePrimaryCtxRetain", d.index, r)
	}
	d.ctx.Store(ctx)
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	if r := ccall(b.drv.cuCtxSetCurrent, ctx); r != 0 {
		return b.newError("cuCtxSetCurrent", d.index, r)
	}
	var s uintptr
	if r := ccall(b.drv.cuStreamCreate, uintptr(unsafe.Pointer(&s)), streamNonBlocking); r != 0 {
		return b.newError("cuStreamCreate", d.index, r)
	}
	d.stream.Store(s)
	return nil
}

// Close releases the primary contexts. The backend must not be used afterwards. After a
// fault that left CUDA unusable (ErrNeedsRestart) it calls nothing in the driver.
func (b *Backend) Close() error {
	b.mu.Lock()
	if b.closed {
		b.mu.Unlock()
		return nil
	}
	b.closed = true
	b.mu.Unlock()
	if b.queue != nil {
		b.queue.close()
	}
	if b.poison.Load() == nil {
		for _, d := range b.devices {
			if s := d.stream.Swap(0); s != 0 {
				if _, err := b.enter(d); err == nil {
					ccall(b.drv.cuStreamDestroy, s)
					leave()
				}
			}
			if d.ownCtx.Load() {
				ccall(b.drv.cuCtxDestroy, d.ctx.Load())
			} else {
				ccall(b.drv.cuDevicePrimaryCtxRelease, d.handle)
			}
		}
	}
	if b.nvml != nil {
		b.nvml.shutdown()
	}
	return nil
}

// Name returns "cuda".
func (b *Backend) Name() string { return "cuda" }

// Devices describes the CUDA devices, in driver order.
func (b *Backend) Devices() []backend.DeviceInfo {
	return append([]backend.DeviceInfo(nil), b.infos...)
}

// DriverVersion is the CUDA version the driver supports (13000 for 13.0).
func (b *Backend) DriverVersion() int { return b.driverVersion }

// device returns device dev, or an error naming the valid range.
func (b *Backend) device(dev int) (*device, error) {
	if dev < 0 || dev >= len(b.devices) {
		if dev == backend.HostDevice {
			return nil, errors.New("the host has no CUDA context: name a device")
		}
		return nil, fmt.Errorf("no CUDA device %d (devices 0..%d)", dev, len(b.devices)-1)
	}
	return b.devices[dev], nil
}

func (b *Backend) deviceName(dev int) string {
	if dev == backend.HostDevice {
		return "the host"
	}
	if dev >= 0 && dev < len(b.infos) {
		return fmt.Sprintf("device %d (%s)", dev, b.infos[dev].Name)
	}
	return fmt.Sprintf("device %d", dev)
}

// enter locks the calling goroutine to its OS thread and makes d's context current there;
// leave undoes the lock. A CUDA context is current per OS thread. ctxSet sets it before
// each call (one purego call, see BenchmarkGPUCtxSetCurrent); ctxGet and ctxFused read the
// thread's current context first (cuCtxGetCurrent: a thread-local read in the driver) and
// set it only where another one is current. Either is cheaper than handing the work to a
// dedicated thread (a goroutine switch each way, BenchmarkGPULaunchDedicatedThread).
// Kernel launches don't come here in ctxFused mode: see kernel.Launch.
// It returns the generation of d's context, for check; after a fault that left CUDA
// unusable it fails at once with that fault (ErrNeedsRestart).
func (b *Backend) enter(d *device) (uint64, error) {
	if err := b.poisoned(); err != nil {
		return 0, err
	}
	b.flushLaunches() // every call into the driver comes after the launches queued before it
	runtime.LockOSThread()
	gen := d.gen.Load()
	ctx := d.ctx.Load()
	if b.ctxMode != ctxSet {
		if r, cur := callOut(b.drv.cuCtxGetCurrent); r == cudaSuccess && cur == ctx {
			return gen, nil
		}
	}
	if r := call1(b.drv.cuCtxSetCurrent, ctx); r != 0 {
		runtime.UnlockOSThread()
		return gen, b.newError("cuCtxSetCurrent", d.index, r)
	}
	return gen, nil
}

func leave() { runtime.UnlockOSThread() }

// newError describes result r of op.
func (b *Backend) newError(op string, dev int, r cuResult) *Error {
	name, text := b.drv.errorName(r)
	return &Error{Op: op, Device: dev, Code: int(r), Name: name, Text: text}
}

// check turns result r of op on d into an error. A sticky fault rebuilds d's context and
// returns a *FaultError saying which allocations were lost (or that CUDA is unusable in
// this process: ErrNeedsRestart); gen is the context generation the call ran in (a fault
// seen by several calls is recovered once).
func (b *Backend) check(d *device, gen uint64, op string, r cuResult) error {
	if r == cudaSuccess {
		return nil
	}
	if err := b.poisoned(); err != nil {
		return err
	}
	e := b.newError(op, d.index, r)
	if isSticky(r) {
		return b.recoverDevice(d, gen, e)
	}
	return e
}

// poisoned returns, once a fault left CUDA unusable in this process, the error every call
// fails with (a *FaultError wrapping ErrNeedsRestart); nil while CUDA is usable.
func (b *Backend) poisoned() error {
	fe := b.poison.Load()
	if fe == nil {
		return nil
	}
	again := *fe
	again.Repeated = true
	return &again
}

// Poisoned returns the fault that left CUDA unusable in this process (a *FaultError that
// wraps ErrNeedsRestart), or nil while the backend is usable. An evaluator that sees it
// should report it and exit, so that a new process gets a working driver.
func (b *Backend) Poisoned() error {
	if fe := b.poison.Load(); fe != nil {
		return fe
	}
	return nil
}

// recoverDevice rebuilds d's context after the sticky fault e. Every allocation on d is
// marked lost; the handles of the dead context (modules, streams, events) are destroyed;
// the context is unbound from this thread and reset; then, until one works, it tries to
// retain the primary context again (at once, then after short waits: the driver may still
// be cleaning up the fault), to release every reference and retain it anew, and to create
// a context of our own (cuCtxCreate). Each candidate must pass a probe (a stream, an
// allocation, a memset, a read back). Where one does, the backend's stream is made again,
// host memory registered again and peer access from d restored. Where none does, the
// driver keeps the process poisoned (its documentation says sticky errors need a new
// process): the backend marks every allocation of every device lost and fails every later
// call at once with the returned *FaultError, which wraps ErrNeedsRestart.
// fe.Recovery logs each step. Calls that ran in the dead context (generation gen) and fail
// meanwhile wait, then report the same fault (Repeated).
func (b *Backend) recoverDevice(d *device, gen uint64, e *Error) error {
	d.reset.Lock()
	defer d.reset.Unlock()
	if err := b.poisoned(); err != nil {
		return err
	}
	fe := &FaultError{Device: d.index, DeviceName: d.info.Name, Err: e}
	if d.gen.Load() != gen {
		fe.Repeated = true // another call already recovered from this fault
		return fe
	}
	// Handles of the old context die with it, whatever happens next.
	defer d.gen.Add(1)
	fe.Lost, fe.LostBytes = d.loseAllocations()
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	step := func(format string, args ...any) {
		fe.Recovery = append(fe.Recovery, fmt.Sprintf(format, args...))
	}
	res := func(r cuResult) string {
		if r == cudaSuccess {
			return "ok"
		}
		name, _ := b.drv.errorName(r)
		return name
	}

	old := d.ctx.Load()
	step("release the dead context's handles: %s", b.destroyHandles(d, gen, old))
	step("cuCtxSetCurrent(NULL): %s", res(ccall(b.drv.cuCtxSetCurrent, 0)))
	if d.ownCtx.Load() {
		step("cuCtxDestroy(old context): %s", res(ccall(b.drv.cuCtxDestroy, old)))
	} else {
		step("cuDevicePrimaryCtxReset: %s", res(ccall(b.drv.cuDevicePrimaryCtxReset, d.handle)))
	}

	var firstErr error // the first refusal, for the message (Recovery has them all)
	failed := func(err error) {
		if firstErr == nil {
			firstErr = err
		}
	}
	adopt := func(ctx uintptr, own bool, how string) bool {
		s, err := b.probeContext(d, ctx)
		if err != nil {
			step("%s: probe failed: %v", how, err)
			failed(err)
			return false
		}
		step("%s: probe ok (stream, alloc, memset, read back)", how)
		d.ctx.Store(ctx)
		d.ownCtx.Store(own)
		d.stream.Store(s)
		return true
	}
	retain := func(how string) (uintptr, bool) {
		var ctx uintptr
		r := ccall(b.drv.cuDevicePrimaryCtxRetain, uintptr(unsafe.Pointer(&ctx)), d.handle)
		step("%s: cuDevicePrimaryCtxRetain: %s", how, res(r))
		if r != cudaSuccess {
			failed(b.newError("cuDevicePrimaryCtxRetain", d.index, r))
			return 0, false
		}
		return ctx, true
	}
	ok := false
	// 1. Retain the reset primary context (our reference from Open survives the reset),
	// then drop the extra reference; again after waits, in case the driver is still busy.
	for i, wait := range []time.Duration{0, 50 * time.Millisecond, 500 * time.Millisecond} {
		if wait > 0 {
			time.Sleep(wait)
		}
		how := fmt.Sprintf("retain #%d (after %v)", i+1, wait)
		if ctx, got := retain(how); got {
			ccall(b.drv.cuDevicePrimaryCtxRelease, d.handle)
			if ok = adopt(ctx, false, how); ok {
				break
			}
		}
	}
	// 2. Drop every reference (the context is destroyed at zero), then retain it anew.
	if !ok && !d.ownCtx.Load() {
		released := 0
		for released < 8 && ccall(b.drv.cuDevicePrimaryCtxRelease, d.handle) == cudaSuccess {
			released++
		}
		how := fmt.Sprintf("release all (%d released) and retain", released)
		if ctx, got := retain(how); got {
			ok = adopt(ctx, false, how)
		}
	}
	// 3. A context of our own, where only the primary context is broken.
	if !ok && b.drv.cuCtxCreate != 0 && b.drv.cuCtxDestroy != 0 {
		var ctx uintptr
		r := ccall(b.drv.cuCtxCreate, uintptr(unsafe.Pointer(&ctx)), 0, d.handle)
		step("cuCtxCreate: %s", res(r))
		if r != cudaSuccess {
			failed(b.newError("cuCtxCreate", d.index, r))
		} else if ok = adopt(ctx, true, "created context"); !ok {
			ccall(b.drv.cuCtxDestroy, ctx)
		}
	}
	if !ok {
		fe.ResetErr = firstErr
		if n := len(fe.Recovery); n > 0 {
			fe.ResetErr = fmt.Errorf("%w; %d recovery steps tried, the last: %s", firstErr, n, fe.Recovery[n-1])
		}
		b.poisonAll(fe)
		return fe
	}
	// The new context works: what the backend set up in the old one, set up again.
	b.mu.Lock()
	var restore []int
	for pair := range b.peerEnabled {
		if pair[0] == d.index || pair[1] == d.index {
			if pair[0] == d.index {
				restore = append(restore, pair[1])
			}
			delete(b.peerEnabled, pair)
		}
	}
	hosts := make([]*memory, 0, len(b.hostAllocs))
	for m := range b.hostAllocs {
		hosts = append(hosts, m)
	}
	b.mu.Unlock()
	// No recovery inside recovery: these report driver errors as they are.
	for _, to := range restore {
		if err := b.enablePeer(d, b.devices[to], false); err != nil && fe.ResetErr == nil {
			fe.ResetErr = fmt.Errorf("restoring peer access to device %d: %w", to, err)
		}
	}
	for _, m := range hosts {
		if err := b.registerHost(m, false); err != nil && fe.ResetErr == nil {
			fe.ResetErr = fmt.Errorf("registering host memory again: %w", err)
		}
	}
	step("peer access restored to %d device(s), %d host allocation(s) registered again", len(restore), len(hosts))
	return fe
}

// loseAllocations marks every allocation on d lost and forgets them.
func (d *device) loseAllocations() (lost []backend.Memory, bytes int64) {
	d.mu.Lock()
	defer d.mu.Unlock()
	for m := range d.allocs {
		m.markLost(d.index)
		lost = append(lost, m)
		bytes += m.size
	}
	d.allocs = map[*memory]struct{}{}
	return lost, bytes
}

// destroyHandles destroys, in the dead context ctx (generation gen) of d, what the backend
// made there: the modules loaded in it, the streams and events made by NewStream and
// NewEvent, and the backend's own stream. A reset frees them anyway; destroying them first
// is what the reset's documentation asks of the caller. It says what it did, for logs.
func (b *Backend) destroyHandles(d *device, gen uint64, ctx uintptr) string {
	var results []string
	count := func(what string, n, failed int, first cuResult) {
		s := fmt.Sprintf("%d %s", n, what)
		if failed > 0 {
			name, _ := b.drv.errorName(first)
			s += fmt.Sprintf(" (%d failed: %s)", failed, name)
		}
		results = append(results, s)
	}
	if r := ccall(b.drv.cuCtxSetCurrent, ctx); r != cudaSuccess {
		name, _ := b.drv.errorName(r)
		return "cuCtxSetCurrent(dead context): " + name + "; nothing destroyed"
	}
	n, failed, first := 0, 0, cudaSuccess
	note := func(r cuResult) {
		n++
		if r != cudaSuccess {
			if failed == 0 {
				first = r
			}
			failed++
		}
	}
	busy := 0
	for _, m := range b.cache.loadedOn(d.index) {
		if !m.mu.TryLock() {
			busy++ // in use by a call that is failing: its handle dies with the context
			continue
		}
		if m.handle != 0 && m.gen == gen {
			note(ccall(b.drv.cuModuleUnload, m.handle))
		}
		m.handle = 0
		m.mu.Unlock()
	}
	count("module(s)", n, failed, first)
	if busy > 0 {
		results = append(results, fmt.Sprintf("%d module(s) busy", busy))
	}
	d.mu.Lock()
	streams, events := d.streams, d.events
	d.streams, d.events = map[*stream]struct{}{}, map[*event]struct{}{}
	d.mu.Unlock()
	n, failed, first = 0, 0, cudaSuccess
	for s := range streams {
		if s.gen == gen {
			note(ccall(b.drv.cuStreamDestroy, s.handle))
		}
	}
	if s := d.stream.Swap(0); s != 0 {
		note(ccall(b.drv.cuStreamDestroy, s))
	}
	count("stream(s)", n, failed, first)
	n, failed, first = 0, 0, cudaSuccess
	for e := range events {
		if e.gen == gen {
			note(ccall(b.drv.cuEventDestroy, e.handle))
		}
	}
	count("event(s)", n, failed, first)
	return strings.Join(results, ", ")
}

// probeContext makes ctx current on this (locked) thread and checks that it works: a
// stream, an allocation, a memset on the stream, a read back. It returns the stream (the
// backend's new stream of the device) or the first failure.
func (b *Backend) probeContext(d *device, ctx uintptr) (uintptr, error) {
	drv := b.drv
	if r := ccall(drv.cuCtxSetCurrent, ctx); r != cudaSuccess {
		return 0, b.newError("cuCtxSetCurrent", d.index, r)
	}
	var s, p uintptr
	if r := ccall(drv.cuStreamCreate, uintptr(unsafe.Pointer(&s)), streamNonBlocking); r != cudaSuccess {
		return 0, b.newError("cuStreamCreate", d.index, r)
	}
	fail := func(op string, r cuResult) (uintptr, error) {
		if p != 0 {
			ccall(drv.cuMemFree, p)
		}
		ccall(drv.cuStreamDestroy, s)
		return 0, b.newError(op, d.index, r)
	}
	const n = 4096
	if r := ccall(drv.cuMemAlloc, uintptr(unsafe.Pointer(&p)), n); r != cudaSuccess {
		p = 0
		return fail("cuMemAlloc", r)
	}
	if r := ccall(drv.cuMemsetD8Async, p, 0x5a, n, s); r != cudaSuccess {
		return fail("cuMemsetD8Async", r)
	}
	back := cbuf(16)
	if r := ccall(drv.cuMemcpyDtoHAsync, cptr(back), p+n-16, 16, s); r != cudaSuccess {
		return fail("cuMemcpyDtoHAsync", r)
	}
	if r := ccall(drv.cuStreamSynchronize, s); r != cudaSuccess {
		return fail("cuStreamSynchronize", r)
	}
	for _, v := range back {
		if v != 0x5a {
			ccall(drv.cuMemFree, p)
			ccall(drv.cuStreamDestroy, s)
			return 0, fmt.Errorf("probe of device %d: memset 0x5a read back as %#x", d.index, v)
		}
	}
	if r := ccall(drv.cuMemFree, p); r != cudaSuccess {
		p = 0
		return fail("cuMemFree", r)
	}
	return s, nil
}

// poisonAll records that CUDA is unusable in this process after fe: every allocation of
// every device is lost, every handle dead, and every later call fails with fe (Repeated).
func (b *Backend) poisonAll(fe *FaultError) {
	fe.NeedsRestart = true
	for _, o := range b.devices {
		if o != b.devices[fe.Device] {
			lost, bytes := o.loseAllocations()
			fe.Lost = append(fe.Lost, lost...)
			fe.LostBytes += bytes
			o.gen.Add(1)
		}
		o.stream.Store(0)
	}
	b.poison.CompareAndSwap(nil, fe)
}

// SetInterrupt makes waits for the GPU (Synchronize, a launch on the nil stream, ...) stop
// with an error wrapping backend.ErrInterrupted when done is closed; nil forgets it. The
// GPU work itself keeps running: a kernel can't be stopped from the host.
func (b *Backend) SetInterrupt(done <-chan struct{}) {
	if done == nil {
		b.interrupt.Store(nil)
		return
	}
	b.interrupt.Store(&interruptChan{done: done})
}

func (b *Backend) interruptDone() <-chan struct{} {
	if ic := b.interrupt.Load(); ic != nil {
		return ic.done
	}
	return nil
}

// waitStream waits (in d's context, entered at generation gen) for the work of stream st.
func (b *Backend) waitStream(d *device, gen uint64, st uintptr) error {
	done := b.interruptDone()
	if done == nil {
		return b.check(d, gen, "cuStreamSynchronize", call1(b.drv.cuStreamSynchronize, st))
	}
	return b.poll(d, gen, "cuStreamQuery", b.drv.cuStreamQuery, st, done)
}

// poll calls query(h) until it stops answering "not ready", or done closes.
func (b *Backend) poll(d *device, gen uint64, op string, query, h uintptr, done <-chan struct{}) error {
	var sleep time.Duration
	for i := 0; ; i++ {
		r := call1(query, h)
		if r != cudaErrorNotReady {
			return b.check(d, gen, op, r)
		}
		select {
		case <-done:
			return fmt.Errorf("waiting for %s: %w (the GPU work keeps running: a kernel can't be stopped from the host, and later work on the device queues behind it)",
				b.deviceName(d.index), backend.ErrInterrupted)
		default:
		}
		if i >= 2000 {
			if sleep < 200*time.Microsecond {
				sleep += 10 * time.Microsecond
			}
			time.Sleep(sleep)
		}
	}
}

// Synchronize waits for the work of every stream of dev: the backend's and the user's. An
// error of a launch queued on one of dev's streams that no call returned yet is returned
// here.
func (b *Backend) Synchronize(dev int) error {
	if dev == backend.HostDevice {
		return nil
	}
	d, err := b.device(dev)
	if err != nil {
		return fmt.Errorf("synchronize: %w", err)
	}
	err = b.synchronize(d)
	d.mu.Lock()
	streams := make([]*stream, 0, len(d.streams))
	for st := range d.streams {
		streams = append(streams, st)
	}
	d.mu.Unlock()
	for _, st := range streams {
		if aerr := st.takeAsyncErr(); aerr != nil && err == nil {
			err = aerr
		}
	}
	return err
}

// synchronize is Synchronize on device d.
func (b *Backend) synchronize(d *device) error {
	gen, err := b.enter(d)
	if err != nil {
		return err
	}
	defer leave()
	done := b.interruptDone()
	if done == nil {
		return b.check(d, gen, "cuCtxSynchronize", ccall(b.drv.cuCtxSynchronize))
	}
	// cuCtxSynchronize can't be polled: wait for it in the background.
	result := make(chan cuResult, 1)
	ctx := d.ctx.Load()
	go func() {
		runtime.LockOSThread()
		defer runtime.UnlockOSThread()
		if r := ccall(b.drv.cuCtxSetCurrent, ctx); r != 0 {
			result <- r
			return
		}
		result <- ccall(b.drv.cuCtxSynchronize)
	}()
	select {
	case r := <-result:
		return b.check(d, gen, "cuCtxSynchronize", r)
	case <-done:
		return fmt.Errorf("synchronize %s: %w (the GPU work keeps running)", b.deviceName(d.index), backend.ErrInterrupted)
	}
}

// MemInfo returns the free and total bytes of dev; backend.HostDevice: the host's
// available and total memory (/proc/meminfo).
func (b *Backend) MemInfo(dev int) (free, total uint64, err error) {
	if dev == backend.HostDevice {
		return hostMemInfo()
	}
	d, err := b.device(dev)
	if err != nil {
		return 0, 0, err
	}
	gen, err := b.enter(d)
	if err != nil {
		return 0, 0, err
	}
	defer leave()
	r := ccall(b.drv.cuMemGetInfo, uintptr(unsafe.Pointer(&free)), uintptr(unsafe.Pointer(&total)))
	return free, total, b.check(d, gen, "cuMemGetInfo", r)
}

func hostMemInfo() (free, total uint64, err error) {
	f, err := os.Open("/proc/meminfo")
	if err != nil {
		return 0, 0, fmt.Errorf("host memory: %w", err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		fields := strings.Fields(sc.Text())
		if len(fields) < 2 {
			continue
		}
		kb, _ := strconv.ParseUint(fields[1], 10, 64)
		switch fields[0] {
		case "MemTotal:":
			total = kb << 10
		case "MemAvailable:":
			free = kb << 10
		}
	}
	if total == 0 {
		return 0, 0, errors.New("host memory: /proc/meminfo has no MemTotal")
	}
	return free, total, nil
}

// sysfsAffinity reads the NUMA node and local CPUs of a PCI device from sysfs.
func sysfsAffinity(busID string) (numa int, cpus string) {
	numa = -1
	if busID == "" {
		return numa, ""
	}
	dir := filepath.Join("/sys/bus/pci/devices", busID)
	if data, err := os.ReadFile(filepath.Join(dir, "numa_node")); err == nil {
		if n, err := strconv.Atoi(strings.TrimSpace(string(data))); err == nil && n >= 0 {
			numa = n
		}
	}
	if data, err := os.ReadFile(filepath.Join(dir, "local_cpulist")); err == nil {
		cpus = strings.TrimSpace(string(data))
	}
	return numa, cpus
}

// Report says what was loaded from where, for logs and for diagnosing a machine.
func (b *Backend) Report() string {
	var s strings.Builder
	fmt.Fprintf(&s, "CUDA driver: %s, CUDA %d.%d\n", b.drv.lib.describe(), b.driverVersion/1000, b.driverVersion%1000/10)
	for _, d := range b.infos {
		fmt.Fprintf(&s, "device %d: %s, %s, %s, %d SMs, bus %s, NUMA node %d, CPUs %s\n", d.Index, d.Name, d.Arch,
			formatBytes(d.MemoryBytes), d.SMs, d.PCIBusID, d.NUMANode, d.CPUAffinity)
	}
	if b.rtc != nil {
		fmt.Fprintf(&s, "NVRTC: %s, version %d.%d, archs %v\n", b.rtc.lib.describe(), b.rtc.major, b.rtc.minor, b.rtc.archs)
		if b.rtc.builtins != "" {
			fmt.Fprintf(&s, "NVRTC builtins preloaded: %s\n", b.rtc.builtins)
		}
		if b.includeDir != "" {
			fmt.Fprintf(&s, "CUDA headers for NVRTC: %s\n", b.includeDir)
		} else {
			s.WriteString("CUDA headers for NVRTC: not found (sources that use __half need CUDA_HOME)\n")
		}
	} else {
		fmt.Fprintf(&s, "NVRTC: not available: %v\n", b.rtcErr)
	}
	if b.nvml != nil {
		fmt.Fprintf(&s, "NVML: %s, driver %s\n", b.nvml.lib.describe(), b.nvml.driverVersion())
	} else {
		fmt.Fprintf(&s, "NVML: not available: %v\n", b.nvmlErr)
	}
	fmt.Fprintf(&s, "module cache: %s\n", b.cache.dirDescription())
	fmt.Fprintf(&s, "contexts: primary; %s (PEERBOOK_CUDA_CTX=%s)\n", b.ctxMode.describe(), b.ctxMode)
	if b.queue != nil {
		s.WriteString("launches on streams: queued, submitted in order by a goroutine of their own (PEERBOOK_CUDA_LAUNCH=queued)\n")
	} else {
		s.WriteString("launches on streams: made on the caller's thread (PEERBOOK_CUDA_LAUNCH=direct)\n")
	}
	return s.String()
}
