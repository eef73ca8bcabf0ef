package cuda

import (
	"encoding/binary"
	"math"
	"testing"
	"time"
	"unsafe"

	"github.com/peerbook/peerbook/gpu/internal/backend"
)

// stampedSrc is what a traced variant must keep working: __launch_bounds__, extern
// __shared__, a barrier, an early return, a namespace; clock_tick measures %globaltimer's
// resolution.
const stampedSrc = `#define BLOCK 128
extern __shared__ float tile[];
extern "C" __global__ void __launch_bounds__(BLOCK) reverse_block(Slice<float> x, int n, unsigned long long spin) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  tile[threadIdx.x] = i < n ? x[i] : -1.0f;
  __syncthreads();
  if (i >= n) return;
  unsigned long long t0 = peerbook_time_ns();
  while (peerbook_time_ns() - t0 < spin) {}
  x[i] = tile[blockDim.x - 1 - threadIdx.x];
}
namespace ns {
__global__ void nothing(void) {}
}
extern "C" __global__ void scale_shared(Slice<float> x, float a, int n) {
  extern __shared__ float buf[];
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  buf[threadIdx.x] = x[i] * a;
  x[i] = buf[threadIdx.x];
}
extern "C" __global__ void clock_tick(unsigned long long* out) {
  unsigned long long least = ~0ull;
  for (int k = 0; k < 16; k++) {
    unsigned long long t0 = peerbook_time_ns(), t1;
    do { t1 = peerbook_time_ns(); } while (t1 == t0);
    if (t1 - t0 < least) least = t1 - t0;
  }
  out[0] = least;
}
`

// TestGPULaunchStamped compiles the traced variant of stampedSrc with NVRTC, checks that it
// computes what the kernel computes (early return, extern __shared__ and launch bounds
// kept), and that its stamps bound the kernel: a launch that spins 200 us on every thread
// lasts at least that between its stamps, and two launches on one stream don't overlap.
// Long function: one compiled variant checked step after step (results, resources, stamps),
// each step needing the state the one before it left.
func TestGPULaunchStamped(t *testing.T) {
	b := gpuRTC(t)
	ks := build(t, b, 0, stampedSrc)
	rev := ks["reverse_block"].(*kernel)
	const n, block = 1000, 128
	grid := (n + block - 1) / block
	data := make([]byte, 4*n)
	want := make([]float32, n)
	for i := range n {
		binary.LittleEndian.PutUint32(data[4*i:], math.Float32bits(float32(i)))
	}
	for i := range n {
		base, j := i/block*block, block-1-i%block
		if base+j < n {
			want[i] = float32(base + j)
		} else {
			want[i] = -1
		}
	}
	bufs := make([]backend.Memory, 2)
	for i := range bufs {
		m, err := b.Alloc(0, 4*n, backend.AllocOptions{})
		if err != nil {
			t.Fatal(err)
		}
		defer m.Free()
		if err := b.Write(m, 0, data); err != nil {
			t.Fatal(err)
		}
		bufs[i] = m
	}
	slot, err := b.Alloc(0, 64, backend.AllocOptions{})
	if err != nil {
		t.Fatal(err)
	}
	defer slot.Free()
	if err := b.Fill(slot, 0, 64, []byte{0}); err != nil {
		t.Fatal(err)
	}
	cfg := backend.LaunchConfig{Device: 0, Grid: backend.Dim3{X: grid}, Block: backend.Dim3{X: block}, SharedBytes: 4 * block}
	const spin = 200_000
	if err := rev.Launch(cfg, args(t, rev, bufs[0], n, uint64(spin))); err != nil {
		t.Fatal(err)
	}
	if err := rev.PrepareStamped(); err != nil {
		t.Fatalf("the traced variant: %v", err)
	}
	if err := ks["nothing"].(*kernel).PrepareStamped(); err != nil {
		t.Fatalf("the traced variant: %v", err)
	}
	if err := rev.LaunchStamped(cfg, args(t, rev, bufs[1], n, uint64(spin)), slot, 0); err != nil {
		t.Fatalf("stamped launch: %v", err)
	}
	tk := rev.stamped
	// What the variant costs the kernel: registers and local memory (CU_FUNC_ATTRIBUTE_NUM_REGS
	// 4, LOCAL_SIZE_BYTES 3). A lambda that spilled the kernel's parameters to local memory
	// would show here.
	attr := func(fn uintptr, a uintptr) int32 {
		var v int32
		if _, err := b.enter(rev.m.d); err != nil {
			t.Fatal(err)
		}
		ccall(b.drv.cuFuncGetAttr, uintptr(unsafe.Pointer(&v)), a, fn)
		leave()
		return v
	}
	regs, local := attr(rev.fn, 4), attr(rev.fn, 3)
	tregs, tlocal := attr(tk.fn, 4), attr(tk.fn, 3)
	t.Logf("kernel: %d threads a block at most, %d bytes of static shared, %d registers, %d bytes local; traced variant: %d, %d, %d, %d",
		rev.maxThreads, rev.staticShared, regs, local, tk.maxThreads, tk.staticShared, tregs, tlocal)
	if tlocal > local {
		t.Errorf("the traced variant uses %d bytes of local memory, the kernel %d", tlocal, local)
	}
	if tk.maxThreads < rev.maxThreads {
		t.Errorf("the traced variant allows %d threads a block, the kernel %d", tk.maxThreads, rev.maxThreads)
	}
	for i, m := range bufs {
		got := make([]byte, 4*n)
		if err := b.Read(m, 0, got); err != nil {
			t.Fatal(err)
		}
		for j := range n {
			if v := math.Float32frombits(binary.LittleEndian.Uint32(got[4*j:])); v != want[j] {
				t.Fatalf("launch %d (traced %v): x[%d] = %v, want %v", i, i == 1, j, v, want[j])
			}
		}
	}
	// Two more on a stream, into the next slots, and one of a kernel of a namespace.
	s, err := b.NewStream(0)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Destroy()
	cfg.Stream = s
	for i := 1; i <= 2; i++ {
		if err := rev.LaunchStamped(cfg, args(t, rev, bufs[1], n, uint64(spin)), slot, int64(16*i)); err != nil {
			t.Fatal(err)
		}
	}
	nothing := ks["nothing"].(*kernel)
	if err := nothing.LaunchStamped(backend.LaunchConfig{Device: 0, Grid: backend.Dim3{X: 1}, Block: backend.Dim3{X: 1}, Stream: s}, nil, slot, 48); err != nil {
		t.Fatal(err)
	}
	if err := s.Synchronize(); err != nil {
		t.Fatal(err)
	}
	raw := make([]byte, 64)
	if err := b.Read(slot, 0, raw); err != nil {
		t.Fatal(err)
	}
	var starts, ends [4]uint64
	for i := range 4 {
		starts[i], ends[i] = ^binary.LittleEndian.Uint64(raw[16*i:]), binary.LittleEndian.Uint64(raw[16*i+8:])
		if raw := binary.LittleEndian.Uint64(raw[16*i:]); raw == 0 || ends[i] == 0 || ends[i] < starts[i] {
			t.Fatalf("slot %d: start %d end %d: not stamped", i, starts[i], ends[i])
		}
		d := time.Duration(ends[i] - starts[i])
		t.Logf("launch %d: %v between its stamps", i, d)
		if i < 3 && (d < spin || d > time.Second) {
			t.Errorf("launch %d: %v between its stamps; the kernel spins %v", i, d, time.Duration(spin))
		}
	}
	for i := 2; i <= 3; i++ {
		if starts[i] < ends[i-1] {
			t.Errorf("launch %d started %v before launch %d ended, on one stream", i, time.Duration(ends[i-1]-starts[i]), i-1)
		}
	}
	// extern __shared__ declared in the body (in the variant's lambda), with an early return.
	sc := ks["scale_shared"].(*kernel)
	if err := sc.PrepareStamped(); err != nil {
		t.Fatalf("the traced variant: %v", err)
	}
	cfg = backend.LaunchConfig{Device: 0, Grid: backend.Dim3{X: grid}, Block: backend.Dim3{X: block}, SharedBytes: 4 * block}
	if err := b.Write(bufs[1], 0, data); err != nil {
		t.Fatal(err)
	}
	if err := sc.LaunchStamped(cfg, args(t, sc, bufs[1], 2.0, n), slot, 0); err != nil {
		t.Fatal(err)
	}
	got := make([]byte, 4*n)
	if err := b.Read(bufs[1], 0, got); err != nil {
		t.Fatal(err)
	}
	for j := range n {
		if v := math.Float32frombits(binary.LittleEndian.Uint32(got[4*j:])); v != 2*float32(j) {
			t.Fatalf("scale_shared traced: x[%d] = %v, want %v", j, v, 2*float32(j))
		}
	}
	// The timer's resolution, for the docs.
	tick := ks["clock_tick"].(*kernel)
	out, err := b.Alloc(0, 8, backend.AllocOptions{})
	if err != nil {
		t.Fatal(err)
	}
	defer out.Free()
	if err := tick.Launch(backend.LaunchConfig{Device: 0, Grid: backend.Dim3{X: 1}, Block: backend.Dim3{X: 1}}, args(t, tick, out)); err != nil {
		t.Fatal(err)
	}
	got = make([]byte, 8)
	if err := b.Read(out, 0, got); err != nil {
		t.Fatal(err)
	}
	t.Logf("%%globaltimer's smallest step: %d ns", binary.LittleEndian.Uint64(got))
}
