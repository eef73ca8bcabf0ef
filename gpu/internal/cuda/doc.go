// Package cuda is the CUDA backend of package gpu: the CUDA driver API, NVRTC and NVML,
// loaded at run time with dlopen through github.com/ebitengine/purego. It needs no CUDA
// headers or toolkit to build and builds with CGO_ENABLED=0. Open fails with an error that
// says what was tried where there is no driver or no device; NVRTC and NVML are optional
// (CompileCUDA and Topology say what is missing).
//
// Libraries: libcuda.so.1, libnvrtc.so (then .13, .12, and the lib64 directories of
// $CUDA_HOME, $CUDA_PATH, /usr/local/cuda*, pip's nvidia/cuda_nvrtc), libnvidia-ml.so.1;
// PEERBOOK_LIBCUDA, PEERBOOK_LIBNVRTC and PEERBOOK_LIBNVML name a file to try first.
// Every symbol is looked up (dlsym) before use; a missing one is an error naming it, so an
// old driver can't kill the process. Backend.Report says what was loaded from where.
//
// Contexts: each device's primary context. A CUDA context is current per OS thread.
// PEERBOOK_CUDA_CTX says how calls make it current: "fused" (the default) launches a kernel
// in one crossing into C (fused_linux_amd64.s, called through runtime.cgocall like purego)
// that reads the thread's current context, sets it only where another one is current,
// launches, and for a launch without a stream waits too; other calls lock the goroutine to
// its OS thread and set the context where cuCtxGetCurrent shows another one. "get" does
// the launch's steps as separate purego calls; "set" sets the context before every call
// (the first design, ~0.2 us a call). The hot paths allocate nothing (purego.SyscallN with
// argument lists in heap scratch, never a variadic list built at the call). The benchmarks
// BenchmarkGPULaunchEmpty/ctx=..., BenchmarkGPULaunchRaw/... and bench/launch_drv.cu
// compare the ways; a dedicated locked thread per device costs a goroutine hand-off each
// way (BenchmarkGPULaunchDedicatedThread).
//
// Streams: the backend's own work (a nil Stream: launch then wait; synchronous copies) runs
// on a non-blocking stream per device, and NewStream makes non-blocking streams too, so
// kernels on different streams of a device run at the same time and a nil-stream operation
// never waits for a kernel spinning on another stream.
//
// Launch queue: a launch on a stream is checked and its arguments packed on the caller's
// thread, then queued; a goroutine of the backend submits the queue in order (queue.go), so
// a slow caller (a cell's interpreter) and the driver's launch path overlap. Every other
// call into the driver submits what is queued first, so the driver sees calls in program
// order; a queued launch's own error is returned by the stream's next Launch, Synchronize
// or Destroy, or by the device's Synchronize. PEERBOOK_CUDA_LAUNCH=direct makes launches on
// the caller's thread.
//
// Memory: device memory is cuMemAlloc'd and zeroed. Host memory is mapped by Go (mmap) and
// registered with the driver as portable and device-mapped (cuMemHostRegister), so a
// device reset never unmaps bytes that Go code holds. Share enables peer access from every
// other device (cuCtxEnablePeerAccess); a pair without it is a *backend.PeerAccessError.
//
// Faults: a sticky error (an illegal address in a kernel, a trap) marks the device's
// allocations lost (ErrLost), destroys the dead context's handles, resets the primary
// context, and tries to get a working context back: the primary one retained again (after
// short waits too), every reference released and retained anew, a context of our own; each
// must pass a probe. Where one does, the call returns a *FaultError listing the lost
// allocations, modules load themselves again, host memory is registered again, and the
// process goes on. Where none does (the driver's documentation says a sticky error leaves
// the process unusable; the H200 with driver 580 refused even cuDevicePrimaryCtxRetain),
// the *FaultError has NeedsRestart and wraps ErrNeedsRestart, and every later call fails at
// once with it (Backend.Poisoned): the evaluator must exit so that a new process gets a
// working driver. FaultError.Recovery logs the steps tried.
//
// Kernels: CompileCUDA puts the cudasrc prelude before the source, compiles it with NVRTC
// for the device's architecture (-arch=sm_XX, -default-device, --std=c++17) and caches the
// image by a hash of source, options, architecture, driver and NVRTC versions, in memory
// and on disk (os.UserCacheDir()/peerbook/cuda, or $PEERBOOK_CUDA_CACHE; "off" disables
// it). Kernel arguments are packed as cudasrc.Kernel.Layouts say: scalars by value, T* as a
// device pointer, Slice<T> and Peer<T> as {T* ptr; long long len}.
package cuda
