package cuda

import (
	"runtime"
	"sync"
	"unsafe"

	"github.com/ebitengine/purego"
)

// fusedCall is one crossing into C for a hot call (a kernel launch, a launch and its wait):
//
//  1. where ctx is set: read the calling thread's current context (cuCtxGetCurrent) and
//     make ctx current (cuCtxSetCurrent) only where it is another one;
//  2. where ev0 is set: record it on fn's stream (rec(ev0, a[8]): cuEventRecord before a
//     launch), and stop there if that fails;
//  3. call fn with the 11 word arguments a;
//  4. where ev1 is set and fn returned 0: record it on the same stream (after the launch);
//  5. where sync is set and fn returned 0: call sync(stream) (cuStreamSynchronize).
//
// Steps 2 and 4 bracket a traced launch with its timeline's events in the launch's own
// crossing (kernel.LaunchTimed), so tracing costs two cheap driver calls, not two more
// crossings.
//
// On linux/amd64 the three steps run in one runtime.cgocall (fused_amd64.s): one Go->C
// transition instead of one per step, on one OS thread, so no LockOSThread is needed and
// the context check costs a thread-local read in the driver instead of a purego call.
// Elsewhere callGo does the same steps with purego.SyscallN on a locked thread.
//
// A fusedCall is passed to C by address: it must live on the heap (a field of a heap
// object, or new'd and escaping) and not be used by two calls at once.
type fusedCall struct {
	getCurrent uintptr // cuCtxGetCurrent(CUcontext*)
	setCurrent uintptr // cuCtxSetCurrent(CUcontext)
	ctx        uintptr // the context fn needs current; 0: leave the thread's context alone
	fn         uintptr
	a          [11]uintptr
	sync       uintptr // cuStreamSynchronize(CUstream), or 0
	stream     uintptr
	rec        uintptr // cuEventRecord(CUevent, CUstream), where ev0 or ev1 is set
	ev0, ev1   uintptr // events recorded on a[8] before and after fn; 0: none

	// Results, written by the call.
	cur      uintptr // the context that was current before (where ctx is set)
	switched uintptr // 1 where cuCtxSetCurrent was called
	ctxR     uintptr // cuCtxSetCurrent's result where it was called
	r        uintptr // fn's result; fusedNotCalled where fn was not called
	syncR    uintptr // sync's result; fusedNotCalled where sync was not called
	ev0R     uintptr // ev0's record result; fusedNotCalled where it was not recorded
	ev1R     uintptr // ev1's record result; fusedNotCalled where it was not recorded

	w [2]uintptr // callGo's argument list for one- and two-argument calls
}

// setLaunch makes c a launch (cuLaunchKernel with arguments a) in context ctx, without a
// wait: the caller sets sync and stream for one.
func (c *fusedCall) setLaunch(drv *driverAPI, ctx uintptr, a [11]uintptr) {
	c.getCurrent, c.setCurrent, c.ctx = drv.cuCtxGetCurrent, drv.cuCtxSetCurrent, ctx
	c.fn, c.a = drv.cuLaunchKernel, a
	c.sync, c.stream = 0, 0
	c.rec, c.ev0, c.ev1 = drv.cuEventRecord, 0, 0
}

// fusedNotCalled marks a result of a step that did not run.
const fusedNotCalled = ^uintptr(0)

// call runs the steps: in one crossing where mode is ctxFused and the platform has the
// trampoline, through purego otherwise (ctxSet: without reading the context first).
func (c *fusedCall) call(mode ctxMode) {
	c.cur, c.switched, c.ctxR, c.r, c.syncR = 0, 0, 0, fusedNotCalled, fusedNotCalled
	c.ev0R, c.ev1R = fusedNotCalled, fusedNotCalled
	if mode == ctxFused && haveFusedTrampoline {
		runtime_cgocall(fusedTrampoline, unsafe.Pointer(c))
		return
	}
	c.callGo(mode == ctxSet)
}

// callGo is the portable form of the trampoline: the same steps, one purego call each, on
// one locked OS thread. With alwaysSet it sets the context without reading it first (the
// ctxSet design). Arguments go to purego.SyscallN as slices of c's own arrays: a variadic
// list built at the call would be allocated (SyscallN's arguments escape).
func (c *fusedCall) callGo(alwaysSet bool) {
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	if c.ctx != 0 {
		if !alwaysSet {
			c.w[0] = uintptr(unsafe.Pointer(&c.cur))
			purego.SyscallN(c.getCurrent, c.w[:1]...)
		}
		if alwaysSet || c.cur != c.ctx {
			c.switched = 1
			c.w[0] = c.ctx
			r, _, _ := purego.SyscallN(c.setCurrent, c.w[:1]...)
			c.ctxR = uintptr(uint32(r))
			if c.ctxR != 0 {
				return
			}
		}
	}
	if c.ev0 != 0 {
		c.w[0], c.w[1] = c.ev0, c.a[8]
		r, _, _ := purego.SyscallN(c.rec, c.w[:2]...)
		if c.ev0R = uintptr(uint32(r)); c.ev0R != 0 {
			return
		}
	}
	r, _, _ := purego.SyscallN(c.fn, c.a[:]...)
	c.r = uintptr(uint32(r))
	if c.r == 0 && c.ev1 != 0 {
		c.w[0], c.w[1] = c.ev1, c.a[8]
		r, _, _ := purego.SyscallN(c.rec, c.w[:2]...)
		c.ev1R = uintptr(uint32(r))
	}
	if c.r == 0 && c.sync != 0 {
		c.w[0] = c.stream
		r, _, _ = purego.SyscallN(c.sync, c.w[:1]...)
		c.syncR = uintptr(uint32(r))
	}
}

// result is fn's CUresult.
func (c *fusedCall) result() cuResult { return cuResult(uint32(c.r)) }

// ctxResult is cuCtxSetCurrent's CUresult (0 where it was not needed).
func (c *fusedCall) ctxResult() cuResult { return cuResult(uint32(c.ctxR)) }

// recResults are the CUresults of the records of ev0 and ev1 (0 where one did not run).
func (c *fusedCall) recResults() (cuResult, cuResult) {
	r0, r1 := cudaSuccess, cudaSuccess
	if c.ev0R != fusedNotCalled {
		r0 = cuResult(uint32(c.ev0R))
	}
	if c.ev1R != fusedNotCalled {
		r1 = cuResult(uint32(c.ev1R))
	}
	return r0, r1
}

// syncResult is the wait's CUresult (0 where it did not run).
func (c *fusedCall) syncResult() cuResult {
	if c.syncR == fusedNotCalled {
		return cudaSuccess
	}
	return cuResult(uint32(c.syncR))
}

// runtime_cgocall switches to the OS thread's system stack and calls fn(arg) with the C
// calling convention: how purego (and cgo) call C. CGO_ENABLED=0 builds get the runtime's
// cgo hooks from purego's fakecgo.
//
//go:linkname runtime_cgocall runtime.cgocall
func runtime_cgocall(fn uintptr, arg unsafe.Pointer) int32

// scratch is heap room for the arguments of a one-argument call (purego.SyscallN's
// arguments escape, so a list built at the call would be allocated) and for a word C
// writes (a goroutine's stack may move during a call: no pointers to it go to C).
type scratch struct{ w [2]uintptr }

var scratches = sync.Pool{New: func() any { return new(scratch) }}

// call1 calls fn(a1) through purego without allocating.
func call1(fn, a1 uintptr) cuResult {
	s := scratches.Get().(*scratch)
	s.w[0] = a1
	r, _, _ := purego.SyscallN(fn, s.w[:1]...)
	scratches.Put(s)
	return cuResult(uint32(r))
}

// callOut calls fn(&word) through purego without allocating, and returns the word.
func callOut(fn uintptr) (cuResult, uintptr) {
	s := scratches.Get().(*scratch)
	s.w[1] = 0
	s.w[0] = uintptr(unsafe.Pointer(&s.w[1]))
	r, _, _ := purego.SyscallN(fn, s.w[:1]...)
	out := s.w[1]
	scratches.Put(s)
	return cuResult(uint32(r)), out
}
