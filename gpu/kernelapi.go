package gpu

// This file holds the declarations that let Go kernels type-check as ordinary Go, for
// editors and for the kernel checker: it is the one definition of the kernel API, and
// package gokernel type-checks kernels against this very file (embedded, see
// kernelapi_source.go; bodies are not part of the API). The simulator never runs these
// bodies: it runs the kernel's compiled form. Functions that only make sense inside a
// kernel panic when called from host code; the float16 conversions are real and work
// anywhere (package half, shared with the simulator).

import "github.com/peerbook/peerbook/gpu/internal/half"

const kernelOnly = "gpu: kernel-only function called outside a kernel"

// Index3 is a three-dimensional index or size inside a Go kernel.
type Index3 struct{ X, Y, Z int }

// Thread is the first parameter of a Go kernel (and, optionally, of a device function): the
// position of the running thread in its block and grid, and the block barrier.
type Thread struct {
	ThreadIdx Index3 // this thread's index in its block
	BlockIdx  Index3 // this block's index in the grid
	BlockDim  Index3 // threads per block
	GridDim   Index3 // blocks in the grid
}

// GlobalX is the thread's index along X in the whole grid: BlockIdx.X*BlockDim.X + ThreadIdx.X.
func (t Thread) GlobalX() int { return t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X }

// GlobalY is the thread's index along Y in the whole grid.
func (t Thread) GlobalY() int { return t.BlockIdx.Y*t.BlockDim.Y + t.ThreadIdx.Y }

// GlobalZ is the thread's index along Z in the whole grid.
func (t Thread) GlobalZ() int { return t.BlockIdx.Z*t.BlockDim.Z + t.ThreadIdx.Z }

// StrideX is the number of threads of the grid along X (GridDim.X*BlockDim.X), the step of a
// grid-stride loop.
func (t Thread) StrideX() int { return t.GridDim.X * t.BlockDim.X }

// Barrier waits until every thread of the block reaches a barrier, and makes the memory
// writes each made before it visible to the others (CUDA __syncthreads).
func (t Thread) Barrier() { panic(kernelOnly) }

// Peer is a kernel parameter type: a buffer shared with the other devices (see
// docs/ARCHITECTURE.md, the Peer contract). Inside a kernel it is a slice like any other, except
// that its reads are coherent, it never aliases-promises anything, and its atomics are system
// scope.
type Peer[T any] []T

// F16 is an IEEE 754 half-precision value (a float16 buffer's element), held as its bits.
type F16 uint16

// BF16 is a bfloat16 value (a bfloat16 buffer's element), held as its bits.
type BF16 uint16

// Float32 returns h as a float32 (exact).
func (h F16) Float32() float32 { return half.F16ToF32(uint16(h)) }

// ToF16 rounds f to the nearest half-precision value (ties to even).
func ToF16(f float32) F16 { return F16(half.F32ToF16(f)) }

// Float32 returns b as a float32 (exact).
func (b BF16) Float32() float32 { return half.BF16ToF32(uint16(b)) }

// ToBF16 rounds f to the nearest bfloat16 value (ties to even).
func ToBF16(f float32) BF16 { return BF16(half.F32ToBF16(f)) }

// KernelElem is the set of element types of kernel buffers and shared memory.
type KernelElem interface {
	~int8 | ~int16 | ~int32 | ~int64 | ~int | ~uint8 | ~uint16 | ~uint32 | ~uint64 | ~uint |
		~float32 | ~float64
}

// AtomicNumber is the set of types kernel atomics work on.
type AtomicNumber interface {
	~int32 | ~int64 | ~int | ~uint32 | ~uint64 | ~uint | ~float32 | ~float64
}

// AtomicInteger is the set of types the bitwise kernel atomics work on.
type AtomicInteger interface {
	~int32 | ~int64 | ~int | ~uint32 | ~uint64 | ~uint
}

// Shared returns block shared memory of n elements (n a constant), zeroed at block start and
// shared by every thread of the block. Declare it at the top level of a kernel's body.
func Shared[T KernelElem | F16 | BF16](n int) []T { panic(kernelOnly) }

// DynamicShared returns the block's dynamic shared memory (LaunchConfig.SharedBytes) as a
// slice of T. Every call in a kernel returns the same memory.
func DynamicShared[T KernelElem | F16 | BF16]() []T { panic(kernelOnly) }

// Load4 returns x[i], x[i+1], x[i+2] and x[i+3], read at once: x is a buffer, a Peer
// buffer or shared memory. On a GPU, where the address of x[i] is aligned to the access
// (16 bytes for 4- and 8-byte elements, 8 for 2-byte, 4 for 1-byte), it is one vector load
// (two for 8-byte elements), else four loads; a Peer buffer is read with four coherent
// loads. With bounds checks on, an index out of range panics as x[i] would, naming the
// first index out of range. i needs no alignment; x[i] at a multiple of 4 is what makes
// the access one vector on a GPU (buffers start aligned).
func Load4[T KernelElem | F16 | BF16](x []T, i int) [4]T { panic(kernelOnly) }

// Store4 writes v[0..3] to x[i], x[i+1], x[i+2] and x[i+3] at once, as Load4 reads them
// (one vector store where x[i] is aligned, else four stores; four plain Peer stores on a
// Peer buffer).
func Store4[T KernelElem | F16 | BF16](x []T, i int, v [4]T) { panic(kernelOnly) }

// AtomicAdd adds v to *p atomically and returns the old value. p is &buf[i] of a buffer or
// shared memory. Kernel atomics are relaxed: they order nothing else (use SyncSystem).
// Read-modify-write atomics (all but AtomicLoad and AtomicStore) are atomic only over links
// with native atomics: a launch whose kernel makes them on another GPU's buffer across a pair
// without native P2P atomics is refused (see "What the hardware can do atomically" in the
// package doc).
func AtomicAdd[T AtomicNumber](p *T, v T) T { panic(kernelOnly) }

// AtomicMax stores max(*p, v) atomically and returns the old value.
func AtomicMax[T AtomicNumber](p *T, v T) T { panic(kernelOnly) }

// AtomicMin stores min(*p, v) atomically and returns the old value.
func AtomicMin[T AtomicNumber](p *T, v T) T { panic(kernelOnly) }

// AtomicExch stores v in *p atomically and returns the old value.
func AtomicExch[T AtomicNumber](p *T, v T) T { panic(kernelOnly) }

// AtomicCAS stores v in *p if *p == old (bitwise for floats), atomically, and returns the
// value *p had.
func AtomicCAS[T AtomicNumber](p *T, old, v T) T { panic(kernelOnly) }

// AtomicLoad reads *p atomically.
func AtomicLoad[T AtomicNumber](p *T) T { panic(kernelOnly) }

// AtomicStore writes v to *p atomically.
func AtomicStore[T AtomicNumber](p *T, v T) { panic(kernelOnly) }

// AtomicAnd stores *p & v atomically and returns the old value.
func AtomicAnd[T AtomicInteger](p *T, v T) T { panic(kernelOnly) }

// AtomicOr stores *p | v atomically and returns the old value.
func AtomicOr[T AtomicInteger](p *T, v T) T { panic(kernelOnly) }

// AtomicXor stores *p ^ v atomically and returns the old value.
func AtomicXor[T AtomicInteger](p *T, v T) T { panic(kernelOnly) }

// SyncSystem is a system-scope memory fence (CUDA __threadfence_system()): the calling
// thread's writes before it are visible to every device and the host before its writes after
// it. Put it between data and flag on both sides of a hand-off.
func SyncSystem() { panic(kernelOnly) }
