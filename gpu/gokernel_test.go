package gpu

import (
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/peerbook/peerbook/gpu/internal/backend"
	"github.com/peerbook/peerbook/gpu/internal/gokernel"
)

// defineGo defines the Go kernels of src and returns them by name.
func defineGo(t *testing.T, src string) map[string]*Kernel {
	t.Helper()
	ks, err := DefineGo(src, "cell[1]", 1)
	if err != nil {
		t.Fatalf("DefineGo: %v", err)
	}
	out := map[string]*Kernel{}
	for _, k := range ks {
		if lookupKernel(k.Name()) != k {
			t.Fatalf("DefineGo's %s is not the kernel defined last under its name", k.Name())
		}
		out[k.Name()] = k
	}
	return out
}

func TestGoKernelSaxpyOnEveryDevice(t *testing.T) {
	use(t, "sim:nvswitch8")
	k := defineGo(t, `
func saxpyGo(t gpu.Thread, n int, a float32, x []float32, y []float32) {
	for i := t.GlobalX(); i < n; i += t.StrideX() {
		y[i] = a*x[i] + y[i]
	}
}`)["saxpyGo"]
	if k == nil || k.String() != "Go kernel saxpyGo(n int64, a float32, x []float32, y []float32)" {
		t.Fatalf("kernel %v", k)
	}
	const n = 10007
	xs := make([]float32, n)
	for i := range xs {
		xs[i] = float32(i)
	}
	for _, d := range Devices() {
		x := must(d.AllocFrom(xs))
		y := must(d.Alloc(Float32, n))
		must(0, y.Fill(1))
		if err := k.Launch(d, 8, 128, n, 2, x, y); err != nil {
			t.Fatalf("%v: %v", d, err)
		}
		got := must(y.Float32s())
		for i, v := range got {
			if v != 2*float32(i)+1 {
				t.Fatalf("%v: y[%d] = %v", d, i, v)
			}
		}
	}
	wantErr(t, k.Launch(Dev(0), 1, 1, n, 2, must(Dev(0).Alloc(Float32, n)), must(Dev(1).Alloc(Float32, n))),
		"launch saxpyGo: argument 4 (y []float32): float32[10007] on device 1 (sim-H200-1) is not shared, and the kernel runs on device 0 (sim-H200-0): copy it to that device, or share it (buf.ShareWithPeers())")
}

// handoffSrc is the Peer hand-off of docs/ARCHITECTURE.md rule 4: data, then a system fence, then
// the flag; on the other side the flag, a fence, then the data.
const handoffSrc = `
func produce(t gpu.Thread, data gpu.Peer[float32], flag gpu.Peer[uint32], round uint32) {
	i := t.GlobalX()
	if i < len(data) {
		data[i] = float32(i) + float32(round)
	}
	gpu.SyncSystem()
	t.Barrier()
	if i == 0 {
		gpu.AtomicStore(&flag[0], round)
	}
}

func consume(t gpu.Thread, data gpu.Peer[float32], flag gpu.Peer[uint32], round uint32, out []float32) {
	for gpu.AtomicLoad(&flag[0]) != round {
	}
	gpu.SyncSystem()
	i := t.GlobalX()
	if i < len(data) {
		out[i] = data[i]
	}
}`

func TestGoKernelPeerHandoffAcrossDevices(t *testing.T) {
	for _, preset := range []string{"sim:nvlink2", "sim:pcie4"} {
		use(t, preset)
		ks := defineGo(t, handoffSrc)
		produce, consume := ks["produce"], ks["consume"]
		const n = 256
		// On pcie4, GPU0 and GPU1 share a PCIe switch (P2P); the flag lives in host memory.
		data := must(Dev(0).Alloc(Float32, n))
		must(0, data.ShareWith(Dev(1)))
		flag := must(Host().AllocShared(Uint32, 1))
		out := must(Dev(1).Alloc(Float32, n))
		s1 := must(Dev(1).NewStream())
		for round := 1; round <= 30; round++ {
			// The consumer starts first and spins until the producer, running at the same
			// time on the other device, sets the flag.
			must(0, consume.Launch(Dev(1), 1, n, data, flag, round, out, OnStream(s1)))
			must(0, produce.Launch(Dev(0), 1, n, data, flag, round))
			must(0, s1.Synchronize())
			got := must(out.Float32s())
			for i, v := range got {
				if v != float32(i+round) {
					t.Fatalf("%s round %d: out[%d] = %v", preset, round, i, v)
				}
			}
		}
		// An unshared buffer for a Peer parameter is refused before launch.
		wantErr(t, produce.Launch(Dev(0), 1, n, must(Dev(0).Alloc(Float32, n)), flag, 1),
			"launch produce: argument 1 (data gpu.Peer[float32]): a Peer parameter takes a shared buffer, and float32[256] on device 0 ("+Dev(0).Name()+") is not shared: share it first (buf.ShareWithPeers()), or allocate it with AllocShared")
	}
}

func TestGoKernelHostHandoffAndInterrupt(t *testing.T) {
	use(t, "sim:nvlink2")
	ks := defineGo(t, handoffSrc)
	consume := ks["consume"]
	data := must(Host().AllocShared(Float32, 64))
	flag := must(Host().AllocShared(Uint32, 1))
	out := must(Dev(0).Alloc(Float32, 64))
	s := must(Dev(0).NewStream())
	// Host to device: host code writes the data and sets the flag while the kernel spins.
	must(0, consume.Launch(Dev(0), 1, 64, data, flag, 7, out, OnStream(s)))
	vals := make([]float32, 64)
	for i := range vals {
		vals[i] = float32(3 * i)
	}
	must(0, data.Write(vals))
	must(0, flag.AtomicStore(0, 7))
	must(0, s.Synchronize())
	if got := must(out.Float32s()); got[63] != 189 {
		t.Errorf("host hand-off: out[63] = %v", got[63])
	}
	// An interrupt stops a kernel whose flag never comes.
	done := make(chan struct{})
	setInterrupt(done)
	defer setInterrupt(nil)
	must(0, consume.Launch(Dev(0), 1, 64, data, flag, 8, out, OnStream(s)))
	time.AfterFunc(30*time.Millisecond, func() { close(done) })
	start := time.Now()
	err := s.Synchronize()
	if !errors.Is(err, gokernel.ErrInterrupted) || !errors.Is(err, backend.ErrInterrupted) {
		t.Errorf("interrupted kernel: %v", err)
	}
	if time.Since(start) > 2*time.Second {
		t.Errorf("the interrupt took %v", time.Since(start))
	}
}

func TestGoKernelReductionAndPanics(t *testing.T) {
	use(t, "sim:2")
	k := defineGo(t, `
func blockSum(t gpu.Thread, n int, x []float32, sums []float32) {
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

func oob(t gpu.Thread, x []int32) {
	x[t.GlobalX()] = 1
}`)
	for _, n := range []int{1, 255, 257, 1001} {
		xs := make([]float32, n)
		for i := range xs {
			xs[i] = 1
		}
		x := must(Dev(1).AllocFrom(xs))
		sums := must(Dev(1).Alloc(Float32, 1))
		must(0, k["blockSum"].Launch(Dev(1), (n+255)/256, 256, n, x, sums))
		if got := must(sums.At(0)); got != float64(n) {
			t.Errorf("sum of %d ones = %v", n, got)
		}
	}
	err := k["oob"].Launch(Dev(0), 2, 4, must(Dev(0).Alloc(Int32, 5)))
	var pe *PanicError
	if !errors.As(err, &pe) {
		t.Fatalf("out-of-bounds kernel: %v", err)
	}
	wantErrContains(t, err, "launch oob on device 0 (sim-GPU-0): kernel oob panicked in block (1,0,0) thread (1,0,0)", "index out of range")
}

func TestDefineGoErrorsPointAtTheCell(t *testing.T) {
	_, err := DefineGo("func bad(t gpu.Thread, m map[int]int) {\n}\n", "cell[4]", 3)
	if err == nil || !strings.HasPrefix(err.Error(), "cell[4]:3:") {
		t.Errorf("error %v", err)
	}
}

// The same kernel in Go and in CUDA C gets the same argument errors.
func TestCUDAAndGoKernelsCheckAlike(t *testing.T) {
	use(t, "sim:nvlink2")
	ks, err := DefineCUDA(`#include <stdint.h>
__global__ void twin(Peer<float> data, uint8_t n, float* out) {
}`, "cell[2]", 1)
	if err != nil || len(ks) != 1 || ks[0].Name() != "twin" || lookupKernel("twin") != ks[0] {
		t.Fatalf("DefineCUDA: %v %v", ks, err)
	}
	cudaTwin := ks[0]
	goTwin := defineGo(t, `
func twin(t gpu.Thread, data gpu.Peer[float32], n uint8, out []float32) {
}`)["twin"]
	if cudaTwin == goTwin || cudaTwin.Language() != "CUDA" || goTwin.Language() != "Go" {
		t.Fatal("the two kernels are not distinct")
	}
	d := Dev(0)
	unshared := must(d.Alloc(Float32, 4))
	shared := must(d.AllocShared(Float32, 4))
	for _, args := range [][]any{
		{unshared, 1, unshared},
		{shared, 256, unshared},
		{shared, 1, must(Dev(1).Alloc(Float32, 4))},
		{shared, 1, must(d.Alloc(Int32, 4))},
		{shared, 1},
	} {
		ec, eg := cudaTwin.Launch(d, 1, 1, args...), goTwin.Launch(d, 1, 1, args...)
		if ec == nil || eg == nil || ec.Error() != eg.Error() {
			t.Errorf("CUDA: %v\nGo:   %v", ec, eg)
		}
	}
	if err := cudaTwin.Launch(d, 1, 1, shared, 1, unshared); err != nil { // translated by gpu/internal/cudatogo
		t.Errorf("CUDA twin: %v", err)
	}
	if err := goTwin.Launch(d, 1, 1, shared, 1, unshared); err != nil {
		t.Errorf("Go twin: %v", err)
	}
	_, err = DefineCUDA("\n\n__global__ void bad(std::vector<int> v) {}\n", "cell[3]", 5)
	if err == nil || !strings.HasPrefix(err.Error(), "cell[3]:7: ") {
		t.Errorf("CUDA signature error: %v", err)
	}
	_, err = DefineCUDA("int x;\n", "cell[4]", 1)
	wantErr(t, err, "cell[4]: no __global__ kernel in the source")
}
