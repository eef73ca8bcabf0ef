package gpu

import (
	"testing"
)

func benchKernels(b *testing.B) map[string]*Kernel {
	if err := Use("sim:2"); err != nil {
		b.Fatal(err)
	}
	kernels, err := DefineGo(`
func benchSaxpy(t gpu.Thread, n int, a float32, x []float32, y []float32) {
	i := t.GlobalX()
	if i < n {
		y[i] = a*x[i] + y[i]
	}
}

func benchReduce(t gpu.Thread, n int, x []float32, sums []float32) {
	tile := gpu.Shared[float32](256)
	i := t.GlobalX()
	v := float32(0)
	if i < n {
		v = x[i]
	}
	tile[t.ThreadIdx.X] = v
	t.Barrier()
	for s := t.BlockDim.X / 2; s > 0; s /= 2 {
		if t.ThreadIdx.X < s {
			tile[t.ThreadIdx.X] += tile[t.ThreadIdx.X+s]
		}
		t.Barrier()
	}
	if t.ThreadIdx.X == 0 {
		gpu.AtomicAdd(&sums[0], tile[0])
	}
}

func benchEmpty(t gpu.Thread) {
}`, "bench", 1)
	if err != nil {
		b.Fatal(err)
	}
	ks := map[string]*Kernel{}
	for _, k := range kernels {
		ks[k.Name()] = k
	}
	return ks
}

// BenchmarkSimSaxpy1M is SAXPY over 1M float32 on a simulated device, through Launch.
func BenchmarkSimSaxpy1M(b *testing.B) {
	k := benchKernels(b)["benchSaxpy"]
	const n = 1 << 20
	d := Dev(0)
	x := must(d.Alloc(Float32, n))
	y := must(d.Alloc(Float32, n))
	x.Fill(1)
	y.Fill(0) // touch the pages before timing
	b.SetBytes(3 * 4 * n)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if err := k.Launch(d, n/256, 256, n, 2, x, y); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkSimBlockReduce1M is a shared-memory block reduction over 1M float32.
func BenchmarkSimBlockReduce1M(b *testing.B) {
	k := benchKernels(b)["benchReduce"]
	const n = 1 << 20
	d := Dev(0)
	x := must(d.Alloc(Float32, n))
	sums := must(d.Alloc(Float32, 1))
	x.Fill(1)
	b.SetBytes(4 * n)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if err := k.Launch(d, n/256, 256, n, x, sums); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkSimEmptyLaunch is the cost of checking and launching an empty kernel of one
// thread on a simulated device.
func BenchmarkSimEmptyLaunch(b *testing.B) {
	k := benchKernels(b)["benchEmpty"]
	d := Dev(0)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if err := k.Launch(d, 1, 1); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkArgumentCheck is the cost of checking saxpy's four arguments.
func BenchmarkArgumentCheck(b *testing.B) {
	k := benchKernels(b)["benchSaxpy"]
	d := Dev(0)
	x := must(d.Alloc(Float32, 16))
	y := must(d.Alloc(Float32, 16))
	args := []any{16, 2.0, x, y}
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if _, _, err := checkArgs(k.code.sig, d, args, false); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkHostAtomicAdd is a host atomic on a shared host buffer, on a machine with
// host-native atomics (gh200; the others refuse it: see BenchmarkHostCounter).
func BenchmarkHostAtomicAdd(b *testing.B) {
	if err := Use("sim:gh200"); err != nil {
		b.Fatal(err)
	}
	f := must(Host().AllocShared(Uint32, 1))
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if _, err := f.AtomicAdd(0, 1); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkSimCopy64MiB copies 64 MiB between two simulated devices.
func BenchmarkSimCopy64MiB(b *testing.B) {
	if err := Use("sim:2"); err != nil {
		b.Fatal(err)
	}
	const n = 16 << 20
	src := must(Dev(0).Alloc(Float32, n))
	dst := must(Dev(1).Alloc(Float32, n))
	src.Fill(1) // touch the pages before timing
	dst.Fill(0)
	b.SetBytes(4 * n)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if err := Copy(dst, src); err != nil {
			b.Fatal(err)
		}
	}
}

// nopKernel is a backend kernel that does nothing, to measure package gpu's own cost.
type nopKernel struct{ sig backendSig }

func (k nopKernel) Signature() backendSig                  { return k.sig }
func (nopKernel) Launch(backendConfig, []backendArg) error { return nil }

// BenchmarkLaunchOverhead is what Launch adds to the backend's launch: option and size
// parsing, argument checks and conversion, finding the loaded kernel.
func BenchmarkLaunchOverhead(b *testing.B) {
	for _, withArgs := range []bool{false, true} {
		name := "empty"
		if withArgs {
			name = "saxpy"
		}
		b.Run(name, func(b *testing.B) {
			if err := Use("sim:2"); err != nil {
				b.Fatal(err)
			}
			d := Dev(0)
			sig := backendSig{Name: "nop"}
			var args []any
			if withArgs {
				sig.Params = []backendParam{scalar("n", Int64), scalar("a", Float32), buf("x", Float32), buf("y", Float32)}
				args = []any{16, float32(2), must(d.Alloc(Float32, 16)), must(d.Alloc(Float32, 16))}
			}
			k := newKernel(sig, &testKernel{sig: sig}, nil)
			k.code.loaded[loadKey{d.m, 0}] = nopKernel{sig}
			b.ReportAllocs()
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				if err := k.Launch(d, 1, 1, args...); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
