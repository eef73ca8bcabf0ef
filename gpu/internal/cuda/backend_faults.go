package cuda

// Faults: errors of driver calls, a device whose context a fault destroyed (recovered or poisoned), and the process-wide poisoning.

import (
	"fmt"
	"runtime"
	"strings"
	"time"
	"unsafe"

	"github.com/peerbook/peerbook/gpu/internal/backend"
)

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
