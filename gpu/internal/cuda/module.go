package cuda

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"unsafe"

	"github.com/peerbook/peerbook/gpu/internal/backend"
	"github.com/peerbook/peerbook/gpu/internal/cudasrc"
)

// moduleCache keeps compiled modules in memory, by key and device, and their images on
// disk (os.UserCacheDir()/peerbook/cuda, or $PEERBOOK_CUDA_CACHE; "off" disables it).
type moduleCache struct {
	dir    string
	dirErr error

	mu      sync.Mutex
	images  map[string]*compiled
	modules map[moduleKey]*module
}

type moduleKey struct {
	key string
	dev int
}

func newModuleCache() *moduleCache {
	c := &moduleCache{images: map[string]*compiled{}, modules: map[moduleKey]*module{}}
	switch v := os.Getenv("PEERBOOK_CUDA_CACHE"); v {
	case "off":
		c.dirErr = errors.New("disabled by PEERBOOK_CUDA_CACHE=off")
	case "":
		base, err := os.UserCacheDir()
		if err != nil {
			c.dirErr = err
			break
		}
		c.dir = filepath.Join(base, "peerbook", "cuda")
	default:
		c.dir = v
	}
	return c
}

func (c *moduleCache) dirDescription() string {
	if c.dir == "" {
		return fmt.Sprintf("memory only (%v)", c.dirErr)
	}
	return "memory and " + c.dir
}

// load reads an image from disk; nil where there is none.
func (c *moduleCache) load(key string) *compiled {
	if c.dir == "" {
		return nil
	}
	data, err := os.ReadFile(filepath.Join(c.dir, key+".json"))
	if err != nil {
		return nil
	}
	var out compiled
	if json.Unmarshal(data, &out) != nil || len(out.Image) == 0 {
		return nil
	}
	return &out
}

// store writes an image to disk, atomically; failures only cost a later compile.
func (c *moduleCache) store(key string, img *compiled) {
	if c.dir == "" {
		return
	}
	if err := os.MkdirAll(c.dir, 0o755); err != nil {
		return
	}
	data, err := json.Marshal(img)
	if err != nil {
		return
	}
	tmp, err := os.CreateTemp(c.dir, key+".*.tmp")
	if err != nil {
		return
	}
	_, werr := tmp.Write(data)
	cerr := tmp.Close()
	if werr != nil || cerr != nil || os.Rename(tmp.Name(), filepath.Join(c.dir, key+".json")) != nil {
		os.Remove(tmp.Name())
	}
}

// loadedOn returns the modules of device dev.
func (c *moduleCache) loadedOn(dev int) []*module {
	c.mu.Lock()
	defer c.mu.Unlock()
	var out []*module
	for k, m := range c.modules {
		if k.dev == dev {
			out = append(out, m)
		}
	}
	return out
}

// forget drops the in-memory entries (benchmarks of the disk cache use it).
func (c *moduleCache) forget() {
	c.mu.Lock()
	c.images = map[string]*compiled{}
	c.modules = map[moduleKey]*module{}
	c.mu.Unlock()
}

// CompileCUDA compiles CUDA C++ source for device dev with NVRTC (the cudasrc prelude
// first; diagnostics name opts.File and the cell's lines) and loads it there. Modules are
// cached by source, options, architecture, driver and NVRTC version: in memory (a hit costs
// a hash and a map lookup) and on disk (a hit costs a file read and a module load).
func (b *Backend) CompileCUDA(dev int, src string, opts backend.CompileOptions) (backend.Module, error) {
	d, err := b.device(dev)
	if err != nil {
		return nil, fmt.Errorf("compile: %w", err)
	}
	if err := b.poisoned(); err != nil {
		return nil, fmt.Errorf("compile: %w", err)
	}
	file := opts.File
	if file == "" {
		file = "cuda"
	}
	if b.rtc == nil {
		return nil, fmt.Errorf("compile %s: CUDA C needs NVRTC: %v (set PEERBOOK_LIBNVRTC or CUDA_HOME)", file, b.rtcErr)
	}
	cc := d.info.ComputeCapability[0]*10 + d.info.ComputeCapability[1]
	arch, cubin, err := b.rtc.target(cc)
	if err != nil {
		return nil, fmt.Errorf("compile %s for %s: %w", file, b.deviceName(dev), err)
	}
	options := []string{"--gpu-architecture=" + arch, "-default-device", "--std=c++17"}
	if b.includeDir != "" {
		options = append(options, "-I"+b.includeDir)
	}
	options = append(options, opts.Flags...)
	key := b.cacheKey(src, file, opts.LineOffset, options, cubin)

	c := b.cache
	c.mu.Lock()
	if m := c.modules[moduleKey{key, dev}]; m != nil {
		c.mu.Unlock()
		return m, nil
	}
	img := c.images[key]
	c.mu.Unlock()

	kernels, err := cudasrc.Kernels(src)
	if err != nil {
		var se *cudasrc.SourceError
		if errors.As(err, &se) {
			d := cudasrc.Diagnostic{File: file, Line: se.Line + opts.LineOffset, Severity: "error", Message: se.Msg}
			return nil, &cudasrc.CompileError{File: file, Log: d.String(), Diagnostics: []cudasrc.Diagnostic{d}}
		}
		return nil, err
	}
	if img == nil {
		img = c.load(key)
	}
	if img == nil {
		prog := cudasrc.Assemble(src, file, 1+opts.LineOffset)
		if img, err = b.rtc.compileProgram(prog, kernels, options, cubin); err != nil {
			return nil, err
		}
		c.store(key, img)
	}
	m := &module{b: b, d: d, key: key, img: img, kernels: map[string]cudasrc.Kernel{}, funcs: map[string]uintptr{},
		src: src, opts: opts}
	for _, k := range kernels {
		m.kernels[k.Signature.Name] = k
		m.order = append(m.order, k.Signature.Name)
	}
	gen, err := b.enter(d)
	if err != nil {
		return nil, err
	}
	err = m.ensureLoaded(gen)
	leave()
	if err != nil {
		return nil, fmt.Errorf("load %s on %s: %w", file, b.deviceName(dev), err)
	}
	c.mu.Lock()
	c.images[key] = img
	if prev := c.modules[moduleKey{key, dev}]; prev != nil {
		m = prev // a concurrent compile won
	} else {
		c.modules[moduleKey{key, dev}] = m
	}
	c.mu.Unlock()
	return m, nil
}

func (b *Backend) cacheKey(src, file string, offset int, options []string, cubin bool) string {
	h := sha256.New()
	fmt.Fprintf(h, "prelude %s\nfile %s:%d\ndriver %d\nnvrtc %d.%d\ncubin %v\n", cudasrc.PreludeHash, file, offset,
		b.driverVersion, b.rtc.major, b.rtc.minor, cubin)
	for _, o := range options {
		h.Write([]byte(o))
		h.Write([]byte{0})
	}
	h.Write([]byte(src))
	return hex.EncodeToString(h.Sum(nil)[:16])
}

// module is compiled code for one device. It loads itself again after a fault reset.
type module struct {
	b       *Backend
	d       *device
	key     string
	img     *compiled
	kernels map[string]cudasrc.Kernel
	order   []string

	mu      sync.Mutex
	handle  uintptr // CUmodule, valid in generation gen
	gen     uint64
	funcs   map[string]uintptr
	globals map[string][]byte // device variables set by SetGlobal, written again on every load

	src  string                 // what it was compiled from (for its traced variant)
	opts backend.CompileOptions // and how

	tracedMu  sync.Mutex
	traced    *module // the traced variant (cudasrc.Traced), compiled on first use
	tracedErr error
}

var _ backend.Module = (*module)(nil)

// Log returns the compiler's warnings ("" when none).
func (m *module) Log() string { return m.img.Log }

// ensureLoaded loads the image in the current context (generation gen) where it isn't.
// The device's context must be current.
func (m *module) ensureLoaded(gen uint64) error {
	m.mu.Lock()
	r := m.loadLocked(gen)
	m.mu.Unlock()
	// Checked without m.mu: a sticky fault's recovery unloads modules, this one too.
	return m.b.check(m.d, gen, "cuModuleLoadData", r)
}

// loadLocked loads the image where it isn't loaded in generation gen (m.mu held).
func (m *module) loadLocked(gen uint64) cuResult {
	if m.handle != 0 && m.gen == gen {
		return cudaSuccess
	}
	var h uintptr
	r := ccall(m.b.drv.cuModuleLoadData, uintptr(unsafe.Pointer(&h)), cptr(m.img.Image))
	if r == cudaSuccess {
		m.handle, m.gen = h, gen
		m.funcs = map[string]uintptr{}
		for name, value := range m.globals {
			if r, _ = m.writeGlobal(name, value); r != cudaSuccess {
				return r
			}
		}
	}
	return r
}

// function returns the CUfunction of symbol in generation gen (context current).
func (m *module) function(gen uint64, symbol string) (uintptr, error) {
	m.mu.Lock()
	op, r := "cuModuleLoadData", m.loadLocked(gen)
	f := m.funcs[symbol]
	if r == cudaSuccess && f == 0 {
		name := cString(symbol)
		op, r = "cuModuleGetFunction", ccall(m.b.drv.cuModuleGetFunction, uintptr(unsafe.Pointer(&f)), m.handle, cptr(name))
		runtime.KeepAlive(name)
		if r == cudaSuccess {
			m.funcs[symbol] = f
		}
	}
	m.mu.Unlock()
	// Checked without m.mu: a sticky fault's recovery unloads modules, this one too.
	if err := m.b.check(m.d, gen, op, r); err != nil {
		if op == "cuModuleGetFunction" {
			return 0, fmt.Errorf("kernel symbol %s: %w", symbol, err)
		}
		return 0, err
	}
	return f, nil
}

// Kernel returns the kernel name of the module, to be launched with sig, which must match
// the parameters in the source (count, kinds, element types).
func (m *module) Kernel(name string, sig backend.Signature) (backend.Kernel, error) {
	info, ok := m.kernels[name]
	if !ok {
		return nil, fmt.Errorf("no kernel %s in this module (kernels: %s)", name, strings.Join(m.order, ", "))
	}
	if err := matchSignature(info, sig); err != nil {
		return nil, fmt.Errorf("kernel %s: %w", name, err)
	}
	symbol := m.img.Lowered[name]
	if symbol == "" {
		return nil, fmt.Errorf("kernel %s: the compiler gave no symbol for it", name)
	}
	gen, err := m.b.enter(m.d)
	if err != nil {
		return nil, err
	}
	fn, err := m.function(gen, symbol)
	var maxThreads, static int32
	if err == nil {
		ccall(m.b.drv.cuFuncGetAttr, uintptr(unsafe.Pointer(&maxThreads)), funcAttrMaxThreadsPerBlock, fn)
		ccall(m.b.drv.cuFuncGetAttr, uintptr(unsafe.Pointer(&static)), funcAttrSharedSizeBytes, fn)
	}
	leave()
	if err != nil {
		return nil, err
	}
	n := len(info.Layouts)
	k := &kernel{m: m, sig: sig, info: info, symbol: symbol, maxThreads: int(maxThreads), staticShared: int(static),
		slots: make([]uint64, 2*n), params: make([]uintptr, n)}
	for i := range k.params {
		k.params[i] = uintptr(unsafe.Pointer(&k.slots[2*i]))
	}
	return k, nil
}

// matchSignature checks that sig describes the kernel as its source declares it.
func matchSignature(info cudasrc.Kernel, sig backend.Signature) error {
	src := info.Signature.Params
	if len(sig.Params) != len(src) {
		return fmt.Errorf("the source declares %d parameters, the signature %d", len(src), len(sig.Params))
	}
	kinds := [...]string{"scalar", "buffer", "Peer"}
	for i, p := range sig.Params {
		s := src[i]
		if p.Kind != s.Kind {
			return fmt.Errorf("parameter %d (%s) is a %s in the source, a %s in the signature", i, s.Name, kinds[s.Kind%3], kinds[p.Kind%3])
		}
		if p.DType != s.DType {
			return fmt.Errorf("parameter %d (%s) is %s in the source, %s in the signature", i, s.Name, s.DType, p.DType)
		}
	}
	return nil
}

// kernel is a loaded kernel with its argument block.
type kernel struct {
	m          *module
	sig        backend.Signature
	info       cudasrc.Kernel
	symbol     string
	maxThreads int
	// staticShared is the function's static shared memory per block.
	staticShared int
	// slotParam: the traced variant of a kernel, whose last parameter (not in args) is the
	// launch's stamp slot.
	slotParam bool

	stampMu    sync.Mutex
	stamped    *kernel       // the traced variant (LaunchStamped), once made
	stampErr   error         // or why it can't be
	stampReady chan struct{} // closed when stamped or stampErr is set (nil: not started)

	mu        sync.Mutex
	slots     []uint64  // two words per parameter: the argument values
	params    []uintptr // kernelParams: &slots[2i]
	dynShared int       // the dynamic shared memory the function was opted in to
	fn        uintptr   // the CUfunction in context generation fnGen
	fnGen     uint64
	call      fusedCall // the launch's crossing(s) into C
}

var _ backend.Kernel = (*kernel)(nil)

func (k *kernel) Signature() backend.Signature { return k.sig }

// launchDims checks cfg's grid and block; zero dimensions count as 1.
func launchDims(cfg backend.LaunchConfig) (g, bl [3]uintptr, err error) {
	dims := [6]int{cfg.Grid.X, cfg.Grid.Y, cfg.Grid.Z, cfg.Block.X, cfg.Block.Y, cfg.Block.Z}
	for i, v := range dims {
		x := uintptr(v)
		if v == 0 {
			x = 1
		} else if v < 0 || v > 1<<31-1 {
			what := "grid"
			if i >= 3 {
				what = "block"
			}
			return g, bl, fmt.Errorf("launch: %s %d out of range", what, v)
		}
		if i < 3 {
			g[i] = x
		} else {
			bl[i-3] = x
		}
	}
	return g, bl, nil
}

// Launch packs args (checked by the caller against the signature) and launches the kernel
// on cfg.Stream; with a nil stream it waits for the kernel to finish. Zero grid or block
// dimensions count as 1. The launch itself allocates nothing and, in ctxFused mode, is one
// crossing into C (with the wait, where there is no stream and no interrupt channel).
func (k *kernel) Launch(cfg backend.LaunchConfig, args []backend.Arg) error {
	return k.launch(cfg, args, nil, nil, 0)
}

var _ backend.TimedKernel = (*kernel)(nil)

// LaunchTimed is Launch with start recorded on the launch's stream just before the kernel
// and end just after, in the launch's own crossing into C (queued with it on a stream):
// a timeline's events cost two cuEventRecord calls and no crossing of their own.
func (k *kernel) LaunchTimed(cfg backend.LaunchConfig, args []backend.Arg, start, end backend.Event) error {
	e0, err := k.timingEvent(start)
	if err != nil {
		return fmt.Errorf("launch %s: start event: %w", k.info.Signature.Name, err)
	}
	e1, err := k.timingEvent(end)
	if err != nil {
		return fmt.Errorf("launch %s: end event: %w", k.info.Signature.Name, err)
	}
	if e0 == e1 {
		return fmt.Errorf("launch %s: the start and end events are one event: %w", k.info.Signature.Name, backend.ErrEventUnusable)
	}
	return k.launch(cfg, args, e0, e1, 0)
}

var _ backend.StampedKernel = (*kernel)(nil)

// timingEvent returns the *event behind ev, an error wrapping ErrEventUnusable where it
// can't be recorded around a launch of k.
func (k *kernel) timingEvent(ev backend.Event) (*event, error) {
	e, ok := ev.(*event)
	if !ok || e == nil || e.b != k.m.b {
		return nil, fmt.Errorf("event %T was not made by this CUDA backend: %w", ev, backend.ErrEventUnusable)
	}
	if e.d != k.m.d {
		return nil, fmt.Errorf("the event belongs to device %d, the kernel to device %d: %w", e.d.index, k.m.d.index, backend.ErrEventUnusable)
	}
	e.mu.Lock()
	err := e.live()
	e.mu.Unlock()
	if err != nil {
		return nil, err // wraps ErrEventUnusable, or says the device is unusable
	}
	return e, nil
}

// markRecorded notes that e was recorded (by a launch that bracketed itself with it).
func (e *event) markRecorded() {
	e.mu.Lock()
	e.recorded = true
	e.mu.Unlock()
}

// launch is Launch, bracketed by the records of e0 and e1 where they are not nil; slot is
// the stamp slot's address for a traced variant (slotParam), 0 otherwise.
func (k *kernel) launch(cfg backend.LaunchConfig, args []backend.Arg, e0, e1 *event, slot uintptr) error {
	b, d := k.m.b, k.m.d
	if cfg.Device != d.index {
		return fmt.Errorf("launch %s: compiled for device %d, launched on device %d", k.info.Signature.Name, d.index, cfg.Device)
	}
	if nparams := k.userParams(); len(args) != nparams {
		return fmt.Errorf("launch %s: %d arguments for %d parameters", k.info.Signature.Name, len(args), nparams)
	}
	if k.slotParam != (slot != 0) {
		return fmt.Errorf("launch %s: a stamp slot (%#x) for a kernel that takes none, or none for its traced variant", k.info.Signature.Name, slot)
	}
	g, bl, err := launchDims(cfg)
	if err != nil {
		return err
	}
	if threads := int(bl[0] * bl[1] * bl[2]); k.maxThreads > 0 && threads > k.maxThreads {
		return fmt.Errorf("launch %s: a block of %d threads, the kernel allows at most %d on %s",
			k.info.Signature.Name, threads, k.maxThreads, b.deviceName(d.index))
	}
	if cfg.SharedBytes < 0 || cfg.SharedBytes > d.sharedOptin {
		return fmt.Errorf("launch %s: %d bytes of dynamic shared memory, %s allows %d per block",
			k.info.Signature.Name, cfg.SharedBytes, b.deviceName(d.index), d.sharedOptin)
	}
	if err := b.poisoned(); err != nil {
		return fmt.Errorf("launch %s: %w", k.info.Signature.Name, err)
	}
	var handle uintptr // a nil stream: the backend's, read below with the generation
	var st *stream
	if cfg.Stream != nil {
		if st, err = b.stream(cfg.Stream); err != nil {
			return fmt.Errorf("launch %s: %w", k.info.Signature.Name, err)
		}
		if st.d != d {
			return fmt.Errorf("launch %s on device %d: the stream belongs to device %d", k.info.Signature.Name, d.index, st.d.index)
		}
		if handle, err = st.live(); err != nil {
			return fmt.Errorf("launch %s: %w", k.info.Signature.Name, err)
		}
	}
	if q := b.queue; q != nil && st != nil {
		return k.queue(q, st, cfg.SharedBytes, g, bl, args, e0, e1, slot)
	}
	b.flushLaunches() // after the launches queued before it
	wait := cfg.Stream == nil
	waitInC := wait && b.interruptDone() == nil

	k.mu.Lock()
	gen := d.gen.Load()
	if cfg.Stream == nil {
		if handle = d.stream.Load(); handle == 0 {
			k.mu.Unlock()
			if err := b.poisoned(); err != nil {
				return fmt.Errorf("launch %s: %w", k.info.Signature.Name, err)
			}
			return fmt.Errorf("launch %s: %s is being reset after a fault: try again", k.info.Signature.Name, b.deviceName(d.index))
		}
	}
	if err := k.prepare(gen, cfg.SharedBytes); err != nil {
		k.mu.Unlock()
		return fmt.Errorf("launch %s: %w", k.info.Signature.Name, err)
	}
	if err := k.pack(args, d.index, slot); err != nil {
		k.mu.Unlock()
		return fmt.Errorf("launch %s: %w", k.info.Signature.Name, err)
	}
	if e0 != nil && (e0.gen != gen || e1.gen != gen) {
		k.mu.Unlock()
		return fmt.Errorf("launch %s: an event died when device %d was reset after a fault: %w", k.info.Signature.Name, d.index, backend.ErrEventUnusable)
	}
	var r, syncR, ctxR, rec0, rec1 cuResult
	c := &k.call
	c.setLaunch(b.drv, d.ctx.Load(), [11]uintptr{k.fn, g[0], g[1], g[2], bl[0], bl[1], bl[2], uintptr(cfg.SharedBytes), handle, cptr(k.params), 0})
	if e0 != nil {
		c.ev0, c.ev1 = e0.handle, e1.handle
	}
	if waitInC {
		c.sync, c.stream = b.drv.cuStreamSynchronize, handle
	}
	c.call(b.ctxMode)
	if c.switched != 0 {
		ctxR = c.ctxResult()
	}
	if ctxR == cudaSuccess {
		rec0, rec1 = c.recResults()
		r, syncR = c.result(), c.syncResult()
		if rec0 != cudaSuccess {
			r = cudaSuccess // the launch was not made
		}
	}
	k.mu.Unlock()
	if err := b.check(d, gen, "cuCtxSetCurrent", ctxR); err != nil {
		return fmt.Errorf("launch %s: %w", k.info.Signature.Name, err)
	}
	if err := b.check(d, gen, "cuEventRecord", rec0); err != nil {
		return fmt.Errorf("launch %s not made: start event: %w", k.info.Signature.Name, err)
	}
	if e0 != nil && ctxR == cudaSuccess {
		e0.markRecorded()
	}
	if err := b.check(d, gen, "cuLaunchKernel", r); err != nil {
		return fmt.Errorf("launch %s: %w", k.info.Signature.Name, err)
	}
	if err := b.check(d, gen, "cuEventRecord", rec1); err != nil {
		return fmt.Errorf("launch %s: end event: %w", k.info.Signature.Name, err)
	}
	if e1 != nil {
		e1.markRecorded()
	}
	if err := b.check(d, gen, "cuStreamSynchronize", syncR); err != nil {
		return fmt.Errorf("kernel %s: %w", k.info.Signature.Name, err)
	}
	if wait && !waitInC {
		gen, err := b.enter(d)
		if err != nil {
			return fmt.Errorf("kernel %s: %w", k.info.Signature.Name, err)
		}
		err = b.waitStream(d, gen, handle)
		leave()
		if err != nil {
			return fmt.Errorf("kernel %s: %w", k.info.Signature.Name, err)
		}
	}
	return nil
}

// queue is Launch on stream st, its checks done: it packs the arguments and puts the
// launch in the backend's queue (queue.go), returning an earlier queued launch's error on
// the stream instead where there is one.
func (k *kernel) queue(q *launchQueue, st *stream, shared int, g, bl [3]uintptr, args []backend.Arg, e0, e1 *event, slot uintptr) error {
	d, name := k.m.d, k.info.Signature.Name
	if err := st.takeAsyncErr(); err != nil {
		return fmt.Errorf("launch %s not made: %w", name, err)
	}
	k.mu.Lock()
	defer k.mu.Unlock()
	gen := d.gen.Load()
	if gen != st.gen {
		return fmt.Errorf("launch %s: the stream died when device %d was reset after a fault: make a new one", name, d.index)
	}
	if err := k.prepare(gen, shared); err != nil {
		return fmt.Errorf("launch %s: %w", name, err)
	}
	if err := k.pack(args, d.index, slot); err != nil {
		return fmt.Errorf("launch %s: %w", name, err)
	}
	var ev0, ev1 uintptr
	if e0 != nil {
		if e0.gen != gen || e1.gen != gen {
			return fmt.Errorf("launch %s: an event died when device %d was reset after a fault: %w", name, d.index, backend.ErrEventUnusable)
		}
		ev0, ev1 = e0.handle, e1.handle
	}
	l := q.reserve(len(k.params))
	copy(l.slots, k.slots)
	l.st, l.gen, l.kernel, l.ctx, l.event = st, gen, name, d.ctx.Load(), 0
	l.ev0, l.ev1 = ev0, ev1
	l.a = [11]uintptr{k.fn, g[0], g[1], g[2], bl[0], bl[1], bl[2], uintptr(shared), st.handle, 0, 0}
	q.push()
	if e0 != nil {
		// Recorded as far as the caller can tell: the submitter makes both records with the
		// launch, in order, and a failure is the stream's next error (as for the launch).
		e0.markRecorded()
		e1.markRecorded()
	}
	return nil
}

// prepare makes k.fn the function of context generation gen and opts it in to shared
// bytes of dynamic shared memory where that is more than the default (k.mu held). It calls
// the driver only the first time, after a reset, or for more shared memory than before.
func (k *kernel) prepare(gen uint64, shared int) error {
	b := k.m.b
	needAttr := shared > maxDefaultDynamicSharedSize && shared > k.dynShared && b.drv.cuFuncSetAttribute != 0
	if k.fnGen == gen && k.fn != 0 && !needAttr {
		return nil
	}
	egen, err := b.enter(k.m.d)
	if err != nil {
		return err
	}
	defer leave()
	if k.fnGen != egen || k.fn == 0 {
		fn, err := k.m.function(egen, k.symbol)
		if err != nil {
			return err
		}
		k.fn, k.fnGen, k.dynShared = fn, egen, 0
	}
	if needAttr && shared > k.dynShared {
		r := ccall(b.drv.cuFuncSetAttribute, k.fn, funcAttrMaxDynamicShared, uintptr(shared))
		if err := b.check(k.m.d, egen, "cuFuncSetAttribute", r); err != nil {
			return err
		}
		k.dynShared = shared
	}
	return nil
}

// userParams is how many arguments a launch of k takes (its traced variant's stamp slot is
// not one of them).
func (k *kernel) userParams() int {
	if k.slotParam {
		return len(k.info.Layouts) - 1
	}
	return len(k.info.Layouts)
}

// pack writes the arguments, and the stamp slot of a traced variant, into the kernel's
// argument block (k.mu held).
func (k *kernel) pack(args []backend.Arg, dev int, slot uintptr) error {
	if k.slotParam {
		k.slots[2*len(args)] = uint64(slot)
	}
	for i, a := range args {
		layout := k.info.Layouts[i]
		prm := k.info.Signature.Params[i]
		if layout == cudasrc.LayoutScalar {
			k.slots[2*i] = a.Scalar
			continue
		}
		mm, ok := a.Memory.(*memory)
		if !ok || mm == nil || mm.b != k.m.b {
			return fmt.Errorf("parameter %s: %T is not memory of this CUDA backend", prm.Name, a.Memory)
		}
		if err := mm.usable(); err != nil {
			return fmt.Errorf("parameter %s: %w", prm.Name, err)
		}
		if prm.Kind == backend.ParamPeer && !mm.Shared() {
			return fmt.Errorf("parameter %s is a Peer: pass a buffer shared with every device (ShareWithPeers), not one of %s only",
				prm.Name, k.m.b.deviceName(mm.dev))
		}
		p, err := mm.pointer(dev)
		if err != nil {
			return fmt.Errorf("parameter %s: %w", prm.Name, err)
		}
		if a.Offset < 0 || a.Offset > mm.size {
			return fmt.Errorf("parameter %s: offset %d outside a %d-byte buffer", prm.Name, a.Offset, mm.size)
		}
		k.slots[2*i] = uint64(p + uintptr(a.Offset))
		if layout == cudasrc.LayoutSlice {
			n := int64(a.Len)
			if n == 0 && prm.DType.Size() > 0 {
				n = (mm.size - a.Offset) / int64(prm.DType.Size())
			}
			k.slots[2*i+1] = uint64(n)
		}
	}
	return nil
}

// String describes the kernel for logs ("saxpy on device 0, symbol saxpy").
func (k *kernel) String() string {
	return k.info.Signature.Name + " on device " + strconv.Itoa(k.m.d.index) + ", symbol " + k.symbol
}
