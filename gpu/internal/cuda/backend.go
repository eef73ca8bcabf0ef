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
	index   int
	ordinal int     // the driver's ordinal (index differs in a rank's backend: see OpenRank)
	handle  uintptr // CUdevice
	info    backend.DeviceInfo

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
	_ backend.PairLinker    = (*Backend)(nil)
)

// Open loads the CUDA driver, initializes it and retains the primary context of every
// device. NVRTC (for CompileCUDA) and NVML (for Topology) are loaded too where present;
// their absence is reported by Report and by the calls that need them, not by Open. Open
// fails, without crashing, where there is no driver or no device.
func Open() (*Backend, error) { return open(nil) }

// OpenRank opens the CUDA backend of a rank process: rank r takes device r mod the devices
// the driver shows (CUDA_VISIBLE_DEVICES applies), and the backend has that device only,
// as its device 0, with one context. Ranks that land on the same GPU each have their own
// context, as CUDA allows (the contexts time-slice the GPU unless MPS runs).
func OpenRank(rank int) (*Backend, error) {
	if rank < 0 {
		return nil, fmt.Errorf("cuda: rank %d", rank)
	}
	return open(func(count int) []int { return []int{rank % count} })
}

// open opens the backend with the driver's devices that pick chooses by ordinal (nil: all).
func open(pick func(count int) []int) (*Backend, error) {
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
	ordinals := make([]int, count)
	for i := range ordinals {
		ordinals[i] = i
	}
	if pick != nil {
		ordinals = pick(int(count))
	}
	for i, ord := range ordinals {
		d, err := b.openDevice(i, ord)
		if err != nil {
			b.Close()
			return nil, fmt.Errorf("cuda: device %d: %w", ord, err)
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

// openDevice opens the driver's device ordinal as the backend's device i.
func (b *Backend) openDevice(i, ordinal int) (*device, error) {
	drv := b.drv
	d := newDevice(i)
	d.ordinal = ordinal
	var h int32
	if r := ccall(drv.cuDeviceGet, uintptr(unsafe.Pointer(&h)), uintptr(ordinal)); r != 0 {
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

func (b *Backend) deviceName(dev int) string { return backend.DeviceName(dev, b.infos) }

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
			backend.FormatBytes(d.MemoryBytes), d.SMs, d.PCIBusID, d.NUMANode, d.CPUAffinity)
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
