// Package cudatogo runs CUDA C++ kernels on simulated devices: it translates a subset of CUDA
// C++ (a %%cuda cell, with the cudasrc prelude's Peer<T>, Slice<T>, sync_system and flag
// helpers) into Go kernel source, which package gokernel checks and runs on the CPU like any
// Go kernel, under the same Peer memory model.
//
// Translate reads a cell with a hand-written lexer, preprocessor and recursive-descent
// parser, type-checks it with C's rules, and emits Go with explicit conversions, so that
// results are those of CUDA: integer promotions and the usual arithmetic conversions,
// unsigned wraparound, signed/unsigned comparisons, truncating integer division, float
// arithmetic in float (double where C says double), float-to-integer conversions that
// saturate with NaN giving 0 (cvt.rzi), shifts by the width or more giving 0, constant
// expressions folded with C's types. Each kernel translates on its own: one outside the
// subset keeps only itself (and no other kernel) off the simulator.
//
// Errors name the cell's line and column. Where the source is valid CUDA that the subset
// lacks, the message says "X is not supported on simulated devices (it runs on a GPU)"
// (Error.Unsupported); Program.Err reports only what makes the source invalid (syntax
// errors, undeclared names, type errors), as NVRTC would. A failing thread at run time (an
// index out of range) names its CUDA source line too.
//
// # The subset
//
// Declarations: __global__ kernels (extern "C" or not, __launch_bounds__ ignored) and
// __device__ functions (inline, __forceinline__, __host__ __device__; prototypes, recursion,
// default arguments), object-like #define, #undef, #if / #ifdef / #ifndef / #elif / #else
// (with defined(); __CUDACC__, __CUDA_ARCH__ = 900 and __cplusplus are defined), typedef and
// using of scalar types, namespace-scope const / constexpr scalars. #include, #pragma and
// [[attributes]] are ignored.
//
// Types: bool, char, signed/unsigned char, short, int, long, long long (and unsigned),
// float, double, the prelude's int8_t..uint64_t, size_t, ptrdiff_t; auto with an
// initializer. Kernel parameters: scalars (bool arrives as a byte), T* and const T* and
// T x[] (Go []T), Slice<T> and Slice<const T> ([]T), Peer<T> and Peer<const T>
// (gpu.Peer[T]); a kernel's Signature is exactly cudasrc.Signatures' (names, kinds, types,
// Const). Device functions take and return scalars, and take the same buffers and
// __shared__ arrays.
//
// Locals: declarations with initializers, several per line; fixed-size arrays of any rank
// with braced initializers; const locals with a constant value are constants; __shared__
// scalars and arrays of constant size of any rank (flattened), anywhere in a kernel;
// extern __shared__ T s[] (the launch's dynamic shared memory); pointer variables that point
// into one buffer or shared array (T* p = x + i; p[k], *p, p++, p += n, p = x + j).
//
// Statements: if/else, for, while, do-while, break, continue, return, switch with case
// fallthrough, default anywhere and several labels per case, blocks.
//
// Expressions: the full C grammar with C precedence; ?: (its arms evaluated only when
// chosen), && and || short-circuiting, comma, assignment and compound assignment as
// expressions, ++ and -- (pre and post), casts (T)x, T(x) and static_cast<T>(x) between
// scalar types, sizeof, integer literals with u/l/ll suffixes (hex, octal, binary, '
// separators), float literals with f, character literals. Side effects inside expressions
// are sequenced left to right (right before left in assignments, as C++17 says).
//
// Built-ins: threadIdx, blockIdx, blockDim, gridDim (.x .y .z, unsigned int), warpSize,
// __syncthreads() (in kernels), __threadfence(), __threadfence_block(),
// __threadfence_system(), sync_system(), sync_device() (all a system fence on the
// simulator), __nanosleep (no-op); atomicAdd, atomicSub, atomicExch, atomicMin, atomicMax,
// atomicCAS, atomicAnd, atomicOr, atomicXor, atomicInc, atomicDec and their _block and
// _system forms, on &buf[i], buf + i, buf, &s[i] of shared memory and Peer elements (4- and
// 8-byte elements; float and double for add, exch, min, max); the prelude's p.len(),
// p.size(), p.load(i), p.store(i, v), p.load_acquire(i), p.store_release(i, v), p.at(i),
// peer_load, peer_store, peer_load_acquire, peer_store_release, flag_set, flag_wait and
// flag_wait_at_least (the simulator has no clock: a wait gives up after timeout/4 polls,
// later than on a GPU), global_thread_id(), global_thread_count(); math: sqrt, cbrt, rsqrt,
// exp, exp2, exp10, expm1, log, log2, log10, log1p, sin, cos, tan, asin, acos, atan, atan2,
// sinh, cosh, tanh, pow, fabs, floor, ceil, trunc, round, rint, nearbyint, fmod, hypot, erf,
// erfc, copysign, fma, fmin, fmax in float (f suffix) and overloaded forms, the fast
// intrinsics (__expf, __sinf, __fdividef, __saturatef, __fadd_rn, ...), isnan, isinf,
// isfinite, signbit, abs, labs, llabs, min, max, umin, umax, llmin, llmax, ullmin, ullmax,
// __float_as_int and the other bit casts, __float2int_rn and the other conversion
// intrinsics, __popc, __clz, __ffs, __brev (and ll forms), __umulhi, __mulhi; INT_MAX,
// FLT_MAX, INFINITY, NAN, M_PI and their kind.
//
// # Not supported (the kernel runs on GPUs only)
//
// printf, assert, malloc and other host-like functions; warp functions (__shfl_*_sync,
// __ballot_sync, __syncwarp, __activemask, ...), cooperative groups, __ldg, clock() and
// clock64(), peerbook_time_ns(); templates, classes, structs, unions, enums, namespaces,
// lambdas, references, function pointers, operator overloading; vector types (float4, dim3,
// ...), __half and __nv_bfloat16; __device__, __constant__ and __managed__ variables,
// namespace-scope arrays; static locals, __shared__ in __device__ functions, __syncthreads()
// in __device__ functions; pointer casts, pointers to pointers, pointers that change buffers,
// passing pointer variables, element addresses or local arrays to functions, pointer
// subtraction; goto and labels, inline asm; function-like macros; string literals; float
// atomics other than those above and atomics on 1- and 2-byte elements. Transcendental math
// functions may differ from CUDA's in the last bits, and float arithmetic is never fused
// into a multiply-add on the simulator (nvcc fuses by default).
package cudatogo
