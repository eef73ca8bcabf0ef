// Package cudasrc prepares CUDA C++ source for run-time compilation: the Prelude that every
// cell's source gets (Peer<T>, Slice<T>, sync_system(), system-scope atomics and hand-off
// helpers; see docs/ARCHITECTURE.md, the Peer contract), Assemble to put the prelude before a
// cell's source so that diagnostics keep the cell's line numbers, Signatures and Kernels to
// read the __global__ functions a launcher must pack arguments for, and MapLog /
// CompileError to turn NVRTC's log into "cell[3]:7: error: ..." messages.
//
// Kernel parameters and how a launcher passes them (Kernel.Layouts):
//
//	T x (integers, float, double, __half, __nv_bfloat16)  ParamScalar  the value
//	T* x, const T* x, T x[]                               ParamBuffer  8-byte device pointer
//	Slice<T> x, Slice<const T> x                          ParamBuffer  {T* ptr; long long len}
//	Peer<T> x, Peer<const T> x                            ParamPeer    {T* ptr; long long len}
//
// Go kernels translated to CUDA C should declare []T parameters as Slice<T> and
// gpu.Peer[T] ones as Peer<T>. The package needs no GPU and no CUDA toolkit.
package cudasrc
