package gpu

import (
	"errors"
	"fmt"
	goruntime "runtime"
	"sort"
	"strings"
	"sync"
	"time"

	"github.com/peerbook/peerbook/gpu/internal/backend"
	"github.com/peerbook/peerbook/gpu/internal/cudasrc"
	"github.com/peerbook/peerbook/gpu/internal/cudatogo"
	"github.com/peerbook/peerbook/gpu/internal/gokernel"
)

// goKernel is what package gpu needs of a Go kernel (*gokernel.Kernel is one).
type goKernel interface {
	Name() string
	Signature() backend.Signature
	Run(cfg backend.LaunchConfig, args []backend.Arg, done <-chan struct{}) error
}

// cudaTranslator is a Go kernel that translates to CUDA C++.
type cudaTranslator interface {
	CUDA() (string, error)
}

// translate returns the CUDA C++ translation of a Go kernel.
func translate(k goKernel) (string, error) {
	tr, ok := k.(cudaTranslator)
	if !ok {
		return "", errNoTranslation
	}
	return tr.CUDA()
}

// cudaSource is the CUDA C source of a %%cuda cell, shared by the kernels it defines.
type cudaSource struct {
	src, file string
	line      int

	simOnce sync.Once
	sim     *cudatogo.Program // the source translated for simulated devices, on first need

	atomOnce sync.Once
	atom     map[string]cudasrc.AtomicUse // the kernels' atomics (caps.go), on first need
}

// simProgram returns the source translated to Go kernels for simulated devices (package
// gpu/internal/cudatogo), translating it on the first call.
func (cs *cudaSource) simProgram() *cudatogo.Program {
	cs.simOnce.Do(func() { cs.sim = cudatogo.Translate(cs.src, cs.file, cs.line) })
	return cs.sim
}

// simKernel returns kernel name of the source as a Go kernel, or why the simulator can't
// run it (an error at the cell's line and column).
func (cs *cudaSource) simKernel(name string) (goKernel, error) {
	k, err := cs.simProgram().Kernel(name)
	if err != nil {
		return nil, err
	}
	return k, nil
}

// loadKey is a device of a machine.
type loadKey struct {
	m   *machine
	dev int
}

// kernelCode is a defined kernel and what it was loaded as on each device.
type kernelCode struct {
	sig  backend.Signature
	goK  goKernel    // Go kernels
	cuda *cudaSource // CUDA C kernels

	mu      sync.Mutex
	loaded  map[loadKey]backend.Kernel
	modules map[loadKey]backend.Module // CUDA modules compiled for this kernel
	faults  map[loadKey]*faultRecord   // Go kernels on CUDA: the fault record of each module
}

// faultRecord returns the fault record of the kernel's module on dev, nil where it has none.
func (c *kernelCode) faultRecord(dev *Device) *faultRecord {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.faults[loadKey{dev.m, dev.info.Index}]
}

// Kernel is a kernel defined in a cell (a Go func taking gpu.Thread, or a __global__
// function of a %%cuda cell). Launch it with Launch; With returns a copy with launch options.
type Kernel struct {
	code *kernelCode
	opts launchOptions
}

type launchOptions struct {
	stream    *Stream
	shared    int
	hasShared bool
}

// LaunchOption changes how a kernel launches: pass it among Launch's arguments (anywhere;
// it is not a kernel argument) or to Kernel.With.
type LaunchOption struct {
	stream    *Stream
	shared    int
	setShared bool
}

// OnStream launches on stream s (asynchronously: Launch returns at once; s.Synchronize
// waits). Without it, Launch waits for the kernel to finish.
func OnStream(s *Stream) LaunchOption { return LaunchOption{stream: s} }

// SharedMem gives each block bytes of dynamic shared memory (gpu.DynamicShared in a Go
// kernel, extern __shared__ in CUDA C).
func SharedMem(bytes int) LaunchOption { return LaunchOption{shared: bytes, setShared: true} }

func (o *launchOptions) apply(opt LaunchOption) {
	if opt.stream != nil {
		o.stream = opt.stream
	}
	if opt.setShared {
		o.shared, o.hasShared = opt.shared, true
	}
}

// With returns the kernel with options applied to every launch of the copy.
func (k *Kernel) With(opts ...LaunchOption) *Kernel {
	c := &Kernel{code: k.code, opts: k.opts}
	for _, o := range opts {
		c.opts.apply(o)
	}
	return c
}

// Name returns the kernel's name.
func (k *Kernel) Name() string { return k.code.sig.Name }

// Signature returns the kernel's parameters.
func (k *Kernel) Signature() Signature { return signatureOf(k.code.sig) }

// Language returns "Go" or "CUDA".
func (k *Kernel) Language() string {
	if k.code.goK != nil {
		return "Go"
	}
	return "CUDA"
}

// String shows the kernel's signature and language.
func (k *Kernel) String() string {
	return fmt.Sprintf("%s kernel %s", k.Language(), signatureString(k.code.sig))
}

// CUDA returns the kernel's CUDA C++ source: a %%cuda cell's source, or a Go kernel's
// translation.
func (k *Kernel) CUDA() (string, error) {
	if k.code.goK != nil {
		src, err := translate(k.code.goK)
		if err != nil {
			return "", fmt.Errorf("translate %s to CUDA: %w", k.Name(), err)
		}
		return src, nil
	}
	return k.code.cuda.src, nil
}

// Source returns the CUDA C++ source the kernel runs as on a GPU (see CUDA); where a Go
// kernel can't be translated, a comment saying why.
func (k *Kernel) Source() string {
	src, err := k.CUDA()
	if err != nil {
		return "// " + strings.ReplaceAll(err.Error(), "\n", "\n// ") + "\n"
	}
	return src
}

// registry holds the kernels defined so far, by name.
var registry struct {
	mu      sync.Mutex
	kernels map[string]*Kernel
}

func register(k *Kernel) {
	registry.mu.Lock()
	defer registry.mu.Unlock()
	if registry.kernels == nil {
		registry.kernels = map[string]*Kernel{}
	}
	registry.kernels[k.Name()] = k
}

func newKernel(sig backend.Signature, goK goKernel, cuda *cudaSource) *Kernel {
	return &Kernel{code: &kernelCode{sig: sig, goK: goK, cuda: cuda,
		loaded: map[loadKey]backend.Kernel{}, modules: map[loadKey]backend.Module{}}}
}

// Kernels returns the names of the kernels defined so far, sorted.
func Kernels() []string {
	registry.mu.Lock()
	defer registry.mu.Unlock()
	names := make([]string, 0, len(registry.kernels))
	for n := range registry.kernels {
		names = append(names, n)
	}
	sort.Strings(names)
	return names
}

// DefineGo defines the Go kernels (funcs whose first parameter is gpu.Thread) and device
// functions of a cell's declarations, src. file names the cell in errors, and line is the
// cell line of src's first line. It returns the kernels, in source order (a cell's kernels
// become variables named after them; compiled code, such as the Examples, uses these).
// On CUDA devices every kernel is translated, compiled and loaded at once on each device,
// so that errors show here and the first launch is as fast as the next: a kernel that
// compiled at its first launch would start ~100 ms late, and a consumer already spinning
// on a hand-off flag would give up before its producer ran.
func DefineGo(src, file string, line int) ([]*Kernel, error) {
	ks, err := defineGoKernels(src, file, line)
	if err != nil {
		return nil, err
	}
	kernels := make([]*Kernel, len(ks))
	for i, gk := range ks {
		kernels[i] = newKernel(gk.Signature(), gk, nil)
	}
	if err := preloadCUDA(kernels); err != nil {
		return nil, err
	}
	registerAll(kernels)
	return kernels, nil
}

// registerAll records kernels as the ones defined last under their names (Kernels).
func registerAll(kernels []*Kernel) {
	for _, k := range kernels {
		register(k)
	}
}

// preloadCUDA compiles and loads kernels on every device of the current machine where it
// compiles CUDA C (nothing to do on simulated devices).
func preloadCUDA(kernels []*Kernel) error {
	m, err := current()
	if err != nil {
		return nil // no devices yet: the launch reports it
	}
	if _, ok := m.b.(backend.CUDACompiler); !ok {
		return nil
	}
	for _, dev := range m.devices {
		if dev.IsHost() {
			continue
		}
		for _, k := range kernels {
			if _, err := k.code.load(dev); err != nil {
				return err
			}
		}
	}
	return nil
}

// DefineCUDA defines the __global__ kernels of CUDA C++ source (a %%cuda cell; line is the
// cell line of src's first line). On CUDA devices it compiles the source at once for
// device 0, so that errors point at the cell; warnings go to stderr. On simulated devices
// it translates the source to Go kernels (package gpu/internal/cudatogo): source the translator finds
// invalid (a syntax error, an undeclared name) is an error here; a kernel that uses CUDA
// beyond the simulator's subset is defined, and launching it on a simulated device returns
// the error that names the construct.
func DefineCUDA(src, file string, line int) ([]*Kernel, error) {
	sigs, err := cudaSignatures(src, file, line)
	if err != nil {
		return nil, err
	}
	if len(sigs) == 0 {
		return nil, fmt.Errorf("%s: no __global__ kernel in the source", file)
	}
	cs := &cudaSource{src: src, file: file, line: line}
	kernels := make([]*Kernel, len(sigs))
	for i, sig := range sigs {
		kernels[i] = newKernel(sig, nil, cs)
	}
	if m, err := current(); err == nil && len(m.devices) > 0 {
		if _, ok := m.b.(backend.CUDACompiler); ok {
			mod, err := compileFor(kernels[0].code, m.devices[0])
			if err != nil {
				return nil, err
			}
			if log := mod.Log(); log != "" && state.notice != nil {
				fmt.Fprintln(state.notice, strings.TrimRight(log, "\n"))
			}
			for _, k := range kernels {
				k.code.modules[loadKey{m, 0}] = mod
			}
		} else if _, ok := m.b.(backend.GoKernelLoader); ok {
			if err := cs.simProgram().Err(); err != nil {
				return nil, err
			}
		}
	}
	registerAll(kernels)
	return kernels, nil
}

// compileFor compiles the CUDA source of c for dev.
func compileFor(c *kernelCode, dev *Device) (backend.Module, error) {
	cc, ok := dev.m.b.(backend.CUDACompiler)
	if !ok {
		return nil, fmt.Errorf("the %s backend can't compile CUDA C", dev.m.b.Name())
	}
	src, file, line := "", "", 1
	var flags []string
	if c.goK != nil {
		flags = gokernel.CUDAFlags()
		var err error
		if src, err = translate(c.goK); err != nil {
			return nil, fmt.Errorf("translate %s to CUDA: %w", c.sig.Name, err)
		}
		file = c.sig.Name + " (translated from Go)"
	} else {
		src, file, line = c.cuda.src, c.cuda.file, c.cuda.line
	}
	mod, err := cc.CompileCUDA(dev.info.Index, src, backend.CompileOptions{File: file, LineOffset: line - 1, Flags: flags})
	if err != nil {
		return nil, fmt.Errorf("compile %s for %s: %w", c.sig.Name, dev.label(), err)
	}
	return mod, nil
}

// load returns the kernel loaded on dev, compiling it there on first use.
func (c *kernelCode) load(dev *Device) (backend.Kernel, error) {
	key := loadKey{dev.m, dev.info.Index}
	c.mu.Lock()
	defer c.mu.Unlock()
	if bk := c.loaded[key]; bk != nil {
		return bk, nil
	}
	var bk backend.Kernel
	var err error
	if gl, ok := dev.m.b.(backend.GoKernelLoader); ok {
		gk := c.goK
		if gk == nil {
			if gk, err = c.cuda.simKernel(c.sig.Name); err != nil {
				return nil, err
			}
		}
		bk, err = gl.LoadGoKernel(gk)
	} else {
		bk, err = c.loadCompiled(dev, key) // cuda_glue.go
	}
	if err != nil {
		return nil, fmt.Errorf("load %s on %s: %w", c.sig.Name, dev.label(), err)
	}
	c.loaded[key] = bk
	return bk, nil
}

// Launch runs the kernel on dev with a grid of blocks (grid and block: an int or a
// gpu.Dim3) and args, one per parameter. Every argument is checked before launch: count,
// buffer dtype and device, Peer parameters take shared buffers only, numbers must fit the
// parameter's type. Without gpu.OnStream, Launch returns when the kernel has finished.
// With it, Launch returns as soon as the launch is queued (on CUDA a goroutine of the
// backend's makes it, in order, while the cell goes on); a launch the driver then refuses
// is reported by the stream's next Launch or Synchronize.
func (k *Kernel) Launch(dev *Device, grid, block any, args ...any) error {
	_, err := k.launch(dev, grid, block, args, false)
	return err
}

// Time launches like Launch, waits for the kernel, and returns how long it ran, measured
// with events on the launch's stream.
func (k *Kernel) Time(dev *Device, grid, block any, args ...any) (time.Duration, error) {
	return k.launch(dev, grid, block, args, true)
}

func (k *Kernel) launch(dev *Device, grid, block any, args []any, timed bool) (time.Duration, error) {
	if k == nil || k.code == nil {
		return 0, errors.New("launch: nil kernel (was it defined? gpu.Kernels() lists the kernels)")
	}
	name := k.Name()
	if dev == nil {
		return 0, fmt.Errorf("launch %s: nil device", name)
	}
	if dev.IsHost() {
		return 0, fmt.Errorf("launch %s: kernels run on a GPU, not the host", name)
	}
	opts := k.opts
	kernelArgs := args
	for i, a := range args {
		if _, ok := a.(LaunchOption); ok {
			kernelArgs = make([]any, 0, len(args))
			for _, a := range args[i:] {
				if o, ok := a.(LaunchOption); ok {
					opts.apply(o)
				} else {
					kernelArgs = append(kernelArgs, a)
				}
			}
			kernelArgs = append(args[:i:i], kernelArgs...)
			break
		}
	}
	g, err := toDim3(grid, "grid")
	if err != nil {
		return 0, fmt.Errorf("launch %s: %w", name, err)
	}
	b, err := toDim3(block, "block")
	if err != nil {
		return 0, fmt.Errorf("launch %s: %w", name, err)
	}
	if err := checkConfig(name, dev, g, b, opts.shared); err != nil {
		return 0, err
	}
	bargs, kept, err := checkArgs(k.code.sig, dev, kernelArgs, opts.stream != nil)
	if err != nil {
		return 0, err
	}
	if err := k.code.checkAtomicLinks(dev, bargs); err != nil {
		return 0, err
	}
	hostRMW, err := k.code.checkHostAtomicsAcrossGPUs(dev, bargs, kernelArgs)
	if err != nil {
		return 0, err
	}
	if err := k.code.checkRankAtomics(dev, bargs, kernelArgs); err != nil {
		return 0, err
	}
	cfg := backend.LaunchConfig{Device: dev.info.Index, Grid: g.backend(), Block: b.backend(), SharedBytes: opts.shared}
	if s := opts.stream; s != nil {
		if s.m != dev.m || s.dev != dev {
			return 0, fmt.Errorf("launch %s: the stream belongs to %s, the launch is on %s", name, s.dev.label(), dev.label())
		}
		if cfg.Stream, err = s.live("launch " + name); err != nil {
			return 0, err
		}
	}
	bk, err := k.code.load(dev)
	if err != nil {
		return 0, fmt.Errorf("launch %s: %w", name, err)
	}
	var start, end backend.Event
	if timed {
		if start, err = dev.m.b.NewEvent(dev.info.Index); err == nil {
			end, err = dev.m.b.NewEvent(dev.info.Index)
		}
		if err == nil {
			defer start.Destroy()
			defer end.Destroy()
			err = start.Record(cfg.Stream)
		}
		if err != nil {
			return 0, fmt.Errorf("time %s: %w", name, err)
		}
	}
	if tr := tracing.Load(); tr != nil {
		err = tr.launch(dev, opts.stream, cfg, k.code.sig, bargs, bk, !timed)
	} else {
		err = bk.Launch(cfg, bargs)
	}
	if err != nil {
		return 0, fmt.Errorf("launch %s on %s: %w", name, dev.label(), explainFault(dev, err))
	}
	if opts.stream != nil {
		opts.stream.keep(kept...)
		opts.stream.noteHostRMW(hostRMW)
	}
	goruntime.KeepAlive(kernelArgs)
	if !timed {
		if opts.stream == nil {
			// The launch has completed: a Go kernel's failed check left its fault here.
			if pe := takeFault(k.code.faultRecord(dev)); pe != nil {
				return 0, fmt.Errorf("launch %s on %s: %w", name, dev.label(), pe)
			}
		}
		return 0, nil
	}
	if err := end.Record(cfg.Stream); err != nil {
		return 0, fmt.Errorf("time %s: %w", name, err)
	}
	if err := end.Synchronize(); err != nil {
		return 0, fmt.Errorf("time %s: %w", name, explainFault(dev, err))
	}
	if opts.stream == nil {
		if pe := takeFault(k.code.faultRecord(dev)); pe != nil {
			return 0, fmt.Errorf("launch %s on %s: %w", name, dev.label(), pe)
		}
	}
	if opts.stream != nil {
		// The kernel's own error, if any, is the stream's.
		if err := opts.stream.Synchronize(); err != nil {
			return 0, err
		}
	}
	d, err := start.Elapsed(end)
	if err != nil {
		return 0, fmt.Errorf("time %s: %w", name, err)
	}
	return d, nil
}
