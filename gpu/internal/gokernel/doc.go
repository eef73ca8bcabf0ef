// Package gokernel turns Go functions defined in notebook cells into GPU kernels: it checks
// them against the kernel subset of Go, runs them on the CPU for simulated devices
// (Kernel.Run), and translates them to CUDA C++ for real ones (Kernel.CUDA).
//
// # Kernels and device functions
//
// A kernel is a function whose first parameter is a gpu.Thread:
//
//	func saxpy(t gpu.Thread, n int, a float32, x []float32, y []float32) {
//		if i := t.GlobalX(); i < n {
//			y[i] = a*x[i] + y[i]
//		}
//	}
//
// Its other parameters are buffers ([]T), Peer buffers (gpu.Peer[T]) and scalars. T is int8,
// int16, int32, int64, int (64 bits), uint8 .. uint64, uint, float32, float64, gpu.F16 or
// gpu.BF16 (float16 and bfloat16, held as bits: h.Float32() reads one, gpu.ToF16(f) and
// gpu.ToBF16(f) make one, rounding to nearest even). Scalars are those types (not bool). A
// kernel returns nothing. The launch signature (Kernel.Signature) is the parameters after the
// gpu.Thread; a buffer the kernel never writes is Const.
//
// A device function is a function with a //gpu:device line in its doc comment. Kernels and
// device functions call device functions (recursion included). A device function may take a
// gpu.Thread first, buffers, scalars and arrays, and return scalars and arrays (several
// results, named or not). Device functions and constants stay defined in the Library for
// later cells; redefining one affects the kernels defined after.
//
// A //gpu:nobounds line in a kernel's doc comment removes the bounds checks of its CUDA
// translation (the simulator always checks).
//
// # The subset
//
// Inside kernels and device functions:
//
//   - values: the scalar types above, bool, untyped constants, and arrays of them ([4]float32,
//     [3][3]int), which are values: assignment and calls copy them;
//   - operators: arithmetic, comparison, logical and bit operators with Go's semantics:
//     integers wrap around, division truncates, division by zero panics, MinInt / -1 is MinInt,
//     shifts of any count (a count >= the width gives 0, or -1 for negative signed values; a
//     negative count panics), float32 arithmetic rounds to float32 after every operation (never
//     fused into a multiply-add), conversions between all numeric types;
//   - statements: declarations (var, :=, const), assignments including op= and tuples,
//     ++ and --, if, for (all three forms), for range over an integer or a buffer, switch
//     (with or without a tag, fallthrough), break and continue with or without labels,
//     return, blocks;
//   - builtins len and cap (of buffers and arrays), min and max;
//   - indexing of buffers and arrays, bounds-checked;
//   - thread geometry: t.ThreadIdx, t.BlockIdx, t.BlockDim, t.GridDim (.X, .Y, .Z, as int),
//     t.GlobalX(), t.GlobalY(), t.GlobalZ(), t.StrideX() (threads of the grid along X);
//   - t.Barrier(): the block barrier (CUDA __syncthreads), in kernels only;
//   - block shared memory: s := gpu.Shared[T](n) with n constant, or gpu.DynamicShared[T]()
//     sized by the launch's shared bytes, declared at the top level of a kernel's body; it
//     starts zeroed in every block;
//   - atomics on buffer and shared-memory elements: gpu.AtomicAdd, AtomicMax, AtomicMin,
//     AtomicExch, AtomicCAS (floats compare bitwise), AtomicLoad, AtomicStore on int32, int64,
//     int, uint32, uint64, uint, float32 and float64, and AtomicAnd, AtomicOr, AtomicXor on the
//     integers; the first argument is &buf[i]; they return the old value; they are relaxed;
//   - gpu.SyncSystem(): the system-scope fence of the Peer contract;
//   - vector access: v := gpu.Load4(x, i) reads x[i], x[i+1], x[i+2], x[i+3] as a [4]T, and
//     gpu.Store4(x, i, v) writes them, on buffers, Peer buffers and shared memory of any
//     element type; bounds-checked as a whole (an index out of range names the first one);
//     see the CUDA translation below for what they become on a GPU;
//   - package math: Abs, Acos, Asin, Atan, Atan2, Cbrt, Ceil, Copysign, Cos, Cosh, Erf,
//     Erfc, Exp, Exp2, Expm1, FMA, Float32bits, Float32frombits, Float64bits, Float64frombits,
//     Floor, Hypot, Inf, IsInf, IsNaN, Log, Log10, Log1p, Log2, Max, Min, Mod, NaN, Pow,
//     Round, RoundToEven, Signbit, Sin, Sinh, Sqrt, Tan, Tanh, Trunc, and its constants.
//
// Everything else is rejected when the cell defines the kernel, with an error at the cell
// line and column: maps, channels, goroutines, select, defer, go, goto, panic, closures and
// function values, pointers (except &buf[i] for atomics), structs, strings, interfaces,
// slicing, append, make, new, package-level variables and session values (pass them as
// parameters), calls to other packages and to functions that are not //gpu:device, generics,
// type declarations, method values. Because C++ does not order the operands of an
// expression as Go does, a statement that makes two calls with side effects (atomics,
// SyncSystem, device functions that write memory) is rejected too: write them as two
// statements.
//
// Some results are implementation-defined, in Go and here, and may differ between the
// simulator and a GPU (and between the simulator on amd64 and on arm64):
//   - converting a float to an integer type whose range does not hold the truncated value
//     (NaN and ±Inf included): the simulator gives what Go gives on its machine (amd64:
//     mostly 0x8000000000000000 truncated to the type), CUDA saturates (0 for NaN).
//     Check the range first where the result matters; the cross-device suite converts only
//     in-range values.
//   - the sign and payload of a NaN an operation makes: CUDA makes 0x7fffffff, Go on amd64
//     0x7fc00000 or 0xffc00000. Any NaN is a NaN; math.Signbit, math.Copysign and
//     math.Float32bits / Float64bits of a made NaN are not portable.
//
// Transcendental math functions may differ between the simulator (Go's math package) and
// CUDA (its libdevice) in the last bits; +, -, *, /, Sqrt, FMA, the rounding functions,
// min, max, math.Min, math.Max (signed zeros, NaN and infinities as Go defines them), Mod,
// Copysign and Abs are exact on both. Translations are compiled with CUDAFlags
// (--fmad=false): a*b + c is never fused into an FMA, as on amd64, so it rounds the same.
//
// # The simulator
//
// Define compiles each kernel to closures over typed slots (no reflection, no map lookups
// while running). Run runs the blocks of a launch in parallel on GOMAXPROCS goroutines; the
// threads of a block run one after another on their block's goroutine, each to its next
// barrier, so a barrier costs a function return. Spinning on a flag set by another thread of
// the same block (legal on Volta and later GPUs) therefore never ends, and neither does
// waiting for a block of the same launch that has not started; a spin on something another
// launch (another device) does works. Interrupts are noticed at every loop back-edge and
// between blocks. A failing thread (index out of range, division by zero, negative shift,
// device calls nested more than 200 deep) stops the launch with a *PanicError naming the
// kernel, block, thread and cell position.
//
// gpu.Load4 and gpu.Store4 are four element accesses on the simulator (on a Peer buffer,
// four Peer loads or four buffered stores), after one check of the whole range.
//
// Kernels on different simulated devices run at the same time in separate Run calls, and
// the simulator keeps the Peer contract (docs/ARCHITECTURE.md) so that a hand-off that works on
// it works on a GPU, and one that lacks a fence or an atomic breaks visibly:
//
//   - Atomics are real atomics (sync/atomic, compare-and-swap loops for floats and for the
//     operations sync/atomic lacks), on buffers, Peer buffers and shared memory. They are
//     relaxed: they order nothing but themselves.
//   - Reads of Peer buffers read memory (coherent: a spin on a Peer element sees another
//     device's atomic write). Plain stores to Peer buffers go to the storing thread's store
//     buffer: the thread sees its own stores, nobody else does until the buffer drains, at
//     gpu.SyncSystem(), at a barrier, when the thread ends, or oldest first when 64 stores
//     are pending. So data written before a flag is not visible with the flag unless
//     SyncSystem came between; a flag written with a plain store is not visible until the
//     thread ends; and when a thread ends with stores it published by an atomic but never
//     fenced, the drain waits 2 ms (8 times a launch at most), so the reader of the flag sees
//     stale data as it may on a GPU.
//   - Stores to other buffers and shared memory go straight to memory.
//
// # CUDA translation
//
// Kernel.CUDA returns CUDA C++ that needs cudasrc.Prelude before it (the CUDA compile path
// prepends it, as for %%cuda cells). It holds a small runtime (namespace gk: Go's integer
// semantics, min and max, float16 conversions, atomics of both scopes), the device functions
// the kernel calls (as go_NAME), a body function gk_NAME_body whose buffer parameters are
// __restrict__ pointers, except Peer buffers, which are plain pointers read and written with
// volatile accesses (never __ldg or ld.global.nc), and the entry point
//
//	extern "C" __global__ void NAME(params in Signature order)
//
// taking Slice<T> for buffers (Slice<const T> when Const), Peer<T> for Peer buffers (Peer<const
// T>) and scalars by value. Atomics on Peer buffers are system scope (atomicAdd_system, ...),
// on other buffers and shared memory device scope; AtomicLoad and AtomicStore are volatile
// accesses; gpu.SyncSystem() is sync_system() (__threadfence_system()); t.Barrier() is
// __syncthreads(). Every statement carries a "// cell[3]:12" comment.
//
// Integer arithmetic wraps as in Go, which a C++ compiler can't assume of a loop counter:
// it could not count the iterations of `for i := t.GlobalX(); i < n; i += t.StrideX()`,
// and would neither unroll it nor keep several loads in flight (a grid-stride reduction ran
// at 167% of the hand-written CUDA C's time). So a counted loop (a signed 32- or 64-bit
// counter compared with a bound by <, <=, > or >=, stepped by ++, --, += or -= a step, where
// the body changes none of them) is written twice: under a guard that no step can wrap
// (step > 0 and bound <= max - step), in plain signed arithmetic, and otherwise as before.
// With bounds checks on, the guard also proves the range of every buffer indexed by the
// counter alone (x[i]: first >= 0 and bound <= len(x), counting up), and those indexings go
// unchecked in the guarded copy; the other copy checks them all. Nests are written twice two
// levels deep at most, so code grows at most fourfold.
//
// gpu.Load4 and gpu.Store4 become the runtime's load4 and store4: where the address of x[i]
// is aligned to the access, one 16-byte vector access (float4, int4, uint4 for 4-byte
// elements; two, double2 or longlong2, for 8-byte ones; an 8-byte one for 2-byte elements and
// a 4-byte one for 1-byte elements), else four scalar accesses; plain C++ loads and stores
// (no __ldg, no inline asm), so loops around them still unroll. Buffers start aligned, so
// x[i] with i a multiple of 4 is one vector access. On Peer buffers they are four volatile
// element accesses. Their bounds check covers x[i..i+3]; a counted loop's guard does not
// cover them, so they stay checked in both copies of the loop.
//
// With bounds checks on, an out-of-range index, a division by zero or a negative shift count
// fills a fault record (the first fault wins) and ends the failing thread with PTX exit; the
// kernel's other threads run on (exited threads don't hold up __syncthreads) and the CUDA
// context stays usable. The module's device variable FaultSymbol ("gokernel_fault_record")
// holds the record's address; a launcher sets it to FaultRecordSize bytes of zeroed
// host-mapped memory, reads the record once the launch has completed and turns it into a
// *PanicError with Kernel.DecodeFault. Where it is 0, nothing could report the fault, so the
// thread traps (__trap(), which ends the kernel and poisons the CUDA context).
package gokernel
