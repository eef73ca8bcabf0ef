package cuda

import (
	"errors"
	"fmt"

	"github.com/peerbook/peerbook/gpu/internal/backend"
	"github.com/peerbook/peerbook/gpu/internal/cudasrc"
)

// The traced variants of kernels: a timeline's launches time themselves with %globaltimer
// stamps (see cudasrc.Traced and gpu/trace_stamps.go).

// tracedModule returns the traced variant of m, compiling it on first use (an error that
// wraps backend.ErrStampUnusable where it can't be had).
func (m *module) tracedModule() (*module, error) {
	m.tracedMu.Lock()
	defer m.tracedMu.Unlock()
	if m.traced != nil || m.tracedErr != nil {
		return m.traced, m.tracedErr
	}
	err := func() error {
		if m.src == "" {
			return errors.New("the module's source is unknown")
		}
		src, err := cudasrc.Traced(m.src)
		if err != nil {
			return err
		}
		opts := m.opts
		opts.Flags = append(append([]string(nil), opts.Flags...), cudasrc.TraceStampsDefine)
		if opts.File == "" {
			opts.File = "cuda"
		}
		opts.File += " (traced)"
		tm, err := m.b.CompileCUDA(m.d.index, src, opts)
		if err != nil {
			return err
		}
		traced := tm.(*module)
		m.mu.Lock()
		globals := make(map[string][]byte, len(m.globals))
		for name, v := range m.globals {
			globals[name] = v
		}
		m.mu.Unlock()
		for name, v := range globals { // the same device variables (a Go kernel's fault record)
			if err := traced.setGlobal(name, v); err != nil {
				return err
			}
		}
		m.traced = traced
		return nil
	}()
	if err != nil {
		m.tracedErr = fmt.Errorf("the traced variant: %w: %w", err, backend.ErrStampUnusable)
	}
	return m.traced, m.tracedErr
}

// LaunchStamped launches the traced variant of k (compiled on first use) with args and the
// address of slot's 16 bytes at off: the kernel stamps its own start and end there, so the
// launch is what Launch makes, with one more parameter, and no event.
func (k *kernel) LaunchStamped(cfg backend.LaunchConfig, args []backend.Arg, slot backend.Memory, off int64) error {
	name := k.info.Signature.Name
	tk, err := k.stampedVariant(false)
	if err != nil {
		return fmt.Errorf("launch %s: %w", name, err)
	}
	mm, ok := slot.(*memory)
	if !ok || mm == nil || mm.b != k.m.b {
		return fmt.Errorf("launch %s: the stamp slot %T is not memory of this CUDA backend: %w", name, slot, backend.ErrStampUnusable)
	}
	if off < 0 || off%8 != 0 || off+16 > mm.size {
		return fmt.Errorf("launch %s: a stamp slot at %d of %d bytes: %w", name, off, mm.size, backend.ErrStampUnusable)
	}
	if err := mm.usable(); err != nil {
		return fmt.Errorf("launch %s: the stamp slot: %w: %w", name, err, backend.ErrStampUnusable)
	}
	p, err := mm.pointer(k.m.d.index)
	if err != nil {
		return fmt.Errorf("launch %s: the stamp slot: %w: %w", name, err, backend.ErrStampUnusable)
	}
	// Where the variant needs more than the kernel (registers, static shared memory), the
	// launch the user asked for may fit the kernel only: refused here, not by the driver.
	if _, bl, err := launchDims(cfg); err == nil {
		threads := int(bl[0] * bl[1] * bl[2])
		if tk.maxThreads > 0 && threads > tk.maxThreads && (k.maxThreads <= 0 || threads <= k.maxThreads) {
			return fmt.Errorf("launch %s: the traced variant allows %d threads a block, %d asked: %w", name, tk.maxThreads, threads, backend.ErrStampUnusable)
		}
	}
	d := k.m.d
	if cfg.SharedBytes >= 0 && tk.staticShared+cfg.SharedBytes > d.sharedOptin && k.staticShared+cfg.SharedBytes <= d.sharedOptin {
		return fmt.Errorf("launch %s: the traced variant's %d bytes of static shared memory leave no room for %d dynamic: %w",
			name, tk.staticShared, cfg.SharedBytes, backend.ErrStampUnusable)
	}
	return tk.launch(cfg, args, nil, nil, p+uintptr(off))
}

// PrepareStamped compiles and loads the traced variant of k where it isn't yet, and waits
// for it: LaunchStamped doesn't wait for a compile (see stampedVariant).
func (k *kernel) PrepareStamped() error {
	_, err := k.stampedVariant(true)
	return err
}

// stampedVariant returns the traced variant of k. The first call starts making it (NVRTC,
// on a goroutine); until it is made, a call that doesn't wait gets an error wrapping
// ErrStampUnusable, so that a launch never waits for a compile (a kernel spinning on the
// device for another's flag could give up meanwhile).
func (k *kernel) stampedVariant(wait bool) (*kernel, error) {
	k.stampMu.Lock()
	if k.stamped != nil || k.stampErr != nil {
		defer k.stampMu.Unlock()
		return k.stamped, k.stampErr
	}
	if k.stampReady == nil {
		k.stampReady = make(chan struct{})
		go k.makeStamped()
	}
	ready := k.stampReady
	k.stampMu.Unlock()
	if !wait {
		return nil, fmt.Errorf("its traced variant is still being compiled: %w", backend.ErrStampUnusable)
	}
	<-ready
	k.stampMu.Lock()
	defer k.stampMu.Unlock()
	return k.stamped, k.stampErr
}

// makeStamped makes the traced variant of k (stampedVariant's goroutine).
func (k *kernel) makeStamped() {
	var tk *kernel
	err := func() error {
		tm, err := k.m.tracedModule()
		if err != nil {
			return err
		}
		sig := k.sig
		sig.Params = append(append([]backend.Param(nil), sig.Params...),
			backend.Param{Name: cudasrc.TraceSlotParam, Kind: backend.ParamBuffer, DType: backend.Uint64})
		bk, err := tm.Kernel(k.info.Signature.Name, sig)
		if err != nil {
			return fmt.Errorf("the traced variant: %w: %w", err, backend.ErrStampUnusable)
		}
		tk = bk.(*kernel)
		tk.slotParam = true
		return nil
	}()
	k.stampMu.Lock()
	k.stamped, k.stampErr = tk, err
	close(k.stampReady)
	k.stampMu.Unlock()
}
