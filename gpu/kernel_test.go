package gpu

import (
	"errors"
	"math"
	"reflect"
	"strings"
	"sync/atomic"
	"testing"
	"time"
	"unsafe"

	"github.com/peerbook/peerbook/gpu/internal/backend"
)

func f32s(a backend.Arg) []float32 {
	h := a.Memory.Host()[a.Offset:]
	return unsafe.Slice((*float32)(unsafe.Pointer(&h[0])), a.Len)
}

func u32p(a backend.Arg, i int) *uint32 {
	return (*uint32)(unsafe.Pointer(&a.Memory.Host()[a.Offset+int64(4*i)]))
}

// saxpy: y = a*x + y over n elements, one "thread" per element of the grid.
func defineSaxpy() *Kernel {
	return defineTest("saxpy", []backend.Param{scalar("n", Int64), scalar("a", Float32), buf("x", Float32), buf("y", Float32)},
		func(cfg backend.LaunchConfig, args []backend.Arg, done <-chan struct{}) error {
			n := int(int64(args[0].Scalar))
			a := math.Float32frombits(uint32(args[1].Scalar))
			x, y := f32s(args[2]), f32s(args[3])
			threads := cfg.Grid.X * cfg.Block.X
			for i := 0; i < threads && i < n; i++ {
				y[i] = a*x[i] + y[i]
			}
			return nil
		})
}

func TestLaunchSaxpy(t *testing.T) {
	use(t, "sim:nvlink2")
	k := defineSaxpy()
	if lookupKernel("saxpy") != k || k.Language() != "Go" || k.String() != "Go kernel saxpy(n int64, a float32, x []float32, y []float32)" {
		t.Errorf("kernel %v", k)
	}
	if !strings.Contains(k.Source(), "saxpy") {
		t.Errorf("source %q", k.Source())
	}
	d := Dev(1)
	x := must(d.AllocFrom([]float32{1, 2, 3, 4}))
	y := must(d.AllocFrom([]float32{10, 20, 30, 40}))
	if err := k.Launch(d, 1, 4, 4, 2, x, y); err != nil {
		t.Fatal(err)
	}
	if got := must(y.Float32s()); !reflect.DeepEqual(got, []float32{12, 24, 36, 48}) {
		t.Errorf("y = %v", got)
	}
	// grid and block as Dim3 and []int; int32 and float64 scalars convert.
	if err := k.Launch(d, Dim3{X: 2}, []int{2}, int32(4), 0.5, x, y); err != nil {
		t.Fatal(err)
	}
	if got := must(y.Float32s()); !reflect.DeepEqual(got, []float32{12.5, 25, 37.5, 50}) {
		t.Errorf("y = %v", got)
	}
	// A stream launch returns at once; Synchronize waits.
	s := must(d.NewStream())
	if err := k.Launch(d, 1, 4, 4, -1, x, y, OnStream(s)); err != nil {
		t.Fatal(err)
	}
	if err := s.Synchronize(); err != nil {
		t.Fatal(err)
	}
	if got := must(y.Float32s()); !reflect.DeepEqual(got, []float32{11.5, 23, 34.5, 46}) {
		t.Errorf("y after the stream launch = %v", got)
	}
	// With carries options.
	if err := k.With(OnStream(s), SharedMem(128)).Launch(d, 1, 4, 4, 0, x, y); err != nil {
		t.Fatal(err)
	}
	if err := d.Synchronize(); err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(Kernels(), []string{"saxpy"}) && !contains(Kernels(), "saxpy") {
		t.Errorf("Kernels() = %v", Kernels())
	}
}

func contains(list []string, s string) bool {
	for _, v := range list {
		if v == s {
			return true
		}
	}
	return false
}

func TestArgumentChecks(t *testing.T) {
	use(t, "sim:pcie4")
	k := defineTest("check", []backend.Param{scalar("n", Uint8), buf("x", Float32), peer("flag", Uint32), scalar("a", Float32)}, nil)
	d0, d1, d3 := Dev(0), Dev(1), Dev(3)
	x := must(d0.Alloc(Float32, 8))
	x64 := must(d0.Alloc(Float64, 8))
	flag := must(Host().AllocShared(Uint32, 1))
	unsharedFlag := must(d0.Alloc(Uint32, 1))
	flag01 := must(d0.Alloc(Uint32, 1))
	must(0, flag01.ShareWith(d1))
	x1 := must(d1.Alloc(Float32, 8))
	hostX := must(Host().Alloc(Float32, 8))
	freed := must(d0.Alloc(Float32, 8))
	freed.Free()
	cases := []struct {
		dev  *Device
		args []any
		want string
	}{
		{d0, []any{1, x, flag}, "launch check: wants 4 arguments (n uint8, x []float32, flag gpu.Peer[uint32], a float32), got 3"},
		{d0, []any{300, x, flag, 1}, "launch check: argument 1 (n uint8): 300 is out of range for uint8 [0, 255]"},
		{d0, []any{-1, x, flag, 1}, "launch check: argument 1 (n uint8): -1 is out of range for uint8 [0, 255]"},
		{d0, []any{2.5, x, flag, 1}, "launch check: argument 1 (n uint8): 2.5 is not an integer, and the parameter is uint8"},
		{d0, []any{x, x, flag, 1}, "launch check: argument 1 (n uint8): want a uint8 number, got *gpu.Buffer"},
		{d0, []any{true, x, flag, 1}, "launch check: argument 1 (n uint8): want a uint8 number, got bool"},
		{d0, []any{1, x, flag, 1e39}, "launch check: argument 4 (a float32): 1e+39 is out of range for float32 (largest finite value 3.4028234663852886e+38)"},
		{d0, []any{1, 5, flag, 1}, "launch check: argument 2 (x []float32): want a float32 buffer (*gpu.Buffer), got int"},
		{d0, []any{1, nil, flag, 1}, "launch check: argument 2 (x []float32): want a float32 buffer (*gpu.Buffer), got nil"},
		{d0, []any{1, (*Buffer)(nil), flag, 1}, "launch check: argument 2 (x []float32): want a float32 buffer (*gpu.Buffer), got a nil *gpu.Buffer"},
		{d0, []any{1, x64, flag, 1}, "launch check: argument 2 (x []float32): the buffer holds float64, the parameter takes float32"},
		{d0, []any{1, freed, flag, 1}, "launch check: argument 2 (x []float32): the buffer float32[8] on device 0 (sim-L40S-0) was freed"},
		{d0, []any{1, x1, flag, 1}, "launch check: argument 2 (x []float32): float32[8] on device 1 (sim-L40S-1) is not shared, and the kernel runs on device 0 (sim-L40S-0): copy it to that device, or share it (buf.ShareWithPeers())"},
		{d0, []any{1, hostX, flag, 1}, "launch check: argument 2 (x []float32): float32[8] on the host is not shared, and kernels reach host memory only when it is: share it (buf.ShareWithPeers()), or allocate it with gpu.Host().AllocShared"},
		{d0, []any{1, x, unsharedFlag, 1}, "launch check: argument 3 (flag gpu.Peer[uint32]): a Peer parameter takes a shared buffer, and uint32[1] on device 0 (sim-L40S-0) is not shared: share it first (buf.ShareWithPeers()), or allocate it with AllocShared"},
		{d3, []any{1, must(d3.Alloc(Float32, 8)), flag01, 1}, "launch check: argument 3 (flag gpu.Peer[uint32]): uint32[1] on device 0 (sim-L40S-0) is not shared with device 3 (sim-L40S-3), where the kernel runs: share it with that device too (buf.ShareWith)"},
		{d3, []any{1, x, flag, 1}, "launch check: argument 2 (x []float32): float32[8] on device 0 (sim-L40S-0) is not shared, and the kernel runs on device 3 (sim-L40S-3): copy it to that device, or share it (buf.ShareWithPeers())"},
		{Host(), []any{1, x, flag, 1}, "launch check: kernels run on a GPU, not the host"},
		{nil, []any{1, x, flag, 1}, "launch check: nil device"},
	}
	for _, c := range cases {
		err := k.Launch(c.dev, 1, 1, c.args...)
		wantErr(t, err, c.want)
		var ae *ArgumentError
		if strings.Contains(c.want, "argument ") && !errors.As(err, &ae) {
			t.Errorf("%v is not an *ArgumentError", err)
		}
	}
	// What is allowed: a shared buffer of another device for a plain parameter, a shared
	// host buffer anywhere, a view.
	if err := k.Launch(d1, 1, 1, 255, must(x.Slice(0, 4)), flag01, float32(2)); err == nil {
		t.Error("an unshared buffer of device 0 was accepted on device 1")
	}
	must(0, x.ShareWith(d1))
	for _, args := range [][]any{{255, x, flag01, float32(2)}, {0, x, flag, 2}, {uint64(7), must(x.Slice(2, 6)), flag, -1.5}} {
		if err := k.Launch(d1, 1, 1, args...); err != nil {
			t.Errorf("launch with %v: %v", args, err)
		}
	}
}

func TestConfigChecks(t *testing.T) {
	use(t, "sim:nvlink2")
	k := defineTest("cfg", nil, nil)
	d := Dev(0)
	other := must(Dev(1).NewStream())
	cases := []struct {
		grid, block any
		opts        []any
		want        string
	}{
		{0, 1, nil, "launch cfg: grid: 0 is not a size; want a positive int or gpu.Dim3{X: x, Y: y, Z: z}"},
		{1, "32", nil, "launch cfg: block: got string; want a positive int or gpu.Dim3{X: x, Y: y, Z: z}"},
		{1, 2.0, nil, "launch cfg: block: got float64; want a positive int or gpu.Dim3{X: x, Y: y, Z: z}"},
		{Dim3{X: -1}, 1, nil, "launch cfg: grid: (-1,0,0) has a negative size; want a positive int or gpu.Dim3{X: x, Y: y, Z: z}"},
		{[]int{1, 2, 3, 4}, 1, nil, "launch cfg: grid: 4 sizes; want a positive int or gpu.Dim3{X: x, Y: y, Z: z}"},
		{1, Dim3{X: 32, Y: 32, Z: 2}, nil, "launch cfg: block (32,32,2) has 2048 threads; device 0 (sim-H200-0) runs at most 1024 per block"},
		{1, 2048, nil, "launch cfg: block (2048,1,1) is too large: at most (1024,1024,64)"},
		{Dim3{X: 1, Y: 70000}, 1, nil, "launch cfg: grid (1,70000,1) is too large: at most (2147483647,65535,65535)"},
		{1, 1, []any{SharedMem(1 << 20)}, "launch cfg: 1048576 bytes of dynamic shared memory; device 0 (sim-H200-0) allows at most 49152 per block"},
		{1, 1, []any{SharedMem(-1)}, "launch cfg: -1 bytes of dynamic shared memory"},
		{1, 1, []any{OnStream(other)}, "launch cfg: the stream belongs to device 1 (sim-H200-1), the launch is on device 0 (sim-H200-0)"},
	}
	for _, c := range cases {
		wantErr(t, k.Launch(d, c.grid, c.block, c.opts...), c.want)
	}
	var nilKernel *Kernel
	wantErr(t, nilKernel.Launch(d, 1, 1), "launch: nil kernel (was it defined? gpu.Kernels() lists the kernels)")
	if err := k.Launch(d, Dim3{X: 2, Y: 3}, Index3{X: 4, Y: 4, Z: 4}, SharedMem(49152)); err != nil {
		t.Error(err)
	}
	must(0, other.Destroy())
	wantErr(t, k.Launch(Dev(1), 1, 1, OnStream(other)), "launch cfg: the stream on device 1 (sim-H200-1) was destroyed")
}

func TestCUDAKernelOnSimulator(t *testing.T) {
	use(t, "sim:nvlink2")
	sig := backend.Signature{Name: "scale", Params: []backend.Param{buf("x", Float32), scalar("n", Int32)}}
	k := newKernel(sig, nil, &cudaSource{src: "__global__ void scale(float* x, int n) {}", file: "cell[1]", line: 2})
	x := must(Dev(0).Alloc(Float32, 4))
	// Arguments are checked first, with the same texts as on CUDA.
	wantErr(t, k.Launch(Dev(0), 1, 1, x, 1<<40), "launch scale: argument 2 (n int32): 1099511627776 is out of range for int32 [-2147483648, 2147483647]")
	// Then the simulator runs the kernel translated to a Go kernel (package gpu/internal/cudatogo).
	if err := k.Launch(Dev(0), 1, 1, x, 4); err != nil {
		t.Errorf("launch on the simulator: %v", err)
	}
	// A kernel beyond the simulator's subset is defined, and its launch names the construct.
	pk := newKernel(backend.Signature{Name: "hello"}, nil, &cudaSource{src: "__global__ void hello() {\n  printf(\"hi\\n\");\n}", file: "cell[1]", line: 2})
	wantErr(t, pk.Launch(Dev(0), 1, 1), "launch hello: cell[1]:3:3: printf is not supported on simulated devices (it runs on a GPU)")
	if k.Language() != "CUDA" || k.Source() != "__global__ void scale(float* x, int n) {}" {
		t.Errorf("%s kernel, source %q", k.Language(), k.Source())
	}
}

func TestKernelErrorsAndTiming(t *testing.T) {
	use(t, "sim:nvlink2")
	boom := defineTest("boom", []backend.Param{scalar("i", Int32)}, func(backend.LaunchConfig, []backend.Arg, <-chan struct{}) error {
		return errors.New("index out of range [9] with length 4")
	})
	d := Dev(0)
	wantErr(t, boom.Launch(d, 1, 1, 9), "launch boom on device 0 (sim-H200-0): index out of range [9] with length 4")
	s := must(d.NewStream())
	if err := boom.Launch(d, 1, 1, 9, OnStream(s)); err != nil {
		t.Fatal(err)
	}
	wantErr(t, s.Synchronize(), "synchronize stream on device 0 (sim-H200-0): kernel boom on device 0 (sim-H200-0): index out of range [9] with length 4")
	if err := s.Synchronize(); err != nil {
		t.Errorf("the error came back twice: %v", err)
	}

	sleep := defineTest("sleep", []backend.Param{scalar("ms", Int32)}, func(_ backend.LaunchConfig, args []backend.Arg, _ <-chan struct{}) error {
		time.Sleep(time.Duration(args[0].Scalar) * time.Millisecond)
		return nil
	})
	dur, err := sleep.Time(d, 1, 1, 30)
	if err != nil || dur < 30*time.Millisecond || dur > 5*time.Second {
		t.Errorf("Time = %v, %v", dur, err)
	}
	dur, err = sleep.Time(d, 1, 1, 20, OnStream(s))
	if err != nil || dur < 20*time.Millisecond {
		t.Errorf("Time on a stream = %v, %v", dur, err)
	}

	e0, e1 := must(d.NewEvent()), must(d.NewEvent())
	_, err = e0.Elapsed(e1)
	wantErr(t, err, "elapsed: the start event was never recorded")
	must(0, e0.Record(s))
	must(0, sleep.Launch(d, 1, 1, 25, OnStream(s)))
	must(0, e1.Record(s))
	must(0, e1.Synchronize())
	if dt := must(e0.Elapsed(e1)); dt < 25*time.Millisecond {
		t.Errorf("events: %v", dt)
	}
	wantErr(t, must(Dev(1).NewEvent()).Record(s), "record event: the event belongs to device 1 (sim-H200-1), the stream to device 0 (sim-H200-0)")
	_, err = Host().NewStream()
	wantErr(t, err, "new stream: streams belong to a GPU, not the host")
}

// The Peer hand-off of docs/ARCHITECTURE.md, with test kernels standing in for Go kernels: the
// consumer on device 1 spins on a flag in a shared host buffer until the producer on device 0
// has written the data and set the flag; both run at the same time.
func TestPeerHandoffAcrossDevices(t *testing.T) {
	use(t, "sim:nvlink2")
	producer := defineTest("producer", []backend.Param{peer("data", Uint32), peer("flag", Uint32), scalar("round", Uint32)},
		func(_ backend.LaunchConfig, args []backend.Arg, _ <-chan struct{}) error {
			for i := 0; i < args[0].Len; i++ {
				atomic.StoreUint32(u32p(args[0], i), uint32(i)+uint32(args[2].Scalar))
			}
			atomic.StoreUint32(u32p(args[1], 0), uint32(args[2].Scalar))
			return nil
		})
	consumer := defineTest("consumer", []backend.Param{peer("data", Uint32), peer("flag", Uint32), scalar("round", Uint32), buf("out", Uint32)},
		func(_ backend.LaunchConfig, args []backend.Arg, done <-chan struct{}) error {
			for atomic.LoadUint32(u32p(args[1], 0)) != uint32(args[2].Scalar) {
				select {
				case <-done:
					return backend.ErrInterrupted
				default:
				}
			}
			for i := 0; i < args[0].Len; i++ {
				*u32p(args[3], i) = atomic.LoadUint32(u32p(args[0], i))
			}
			return nil
		})
	const n = 256
	data := must(Dev(0).AllocShared(Uint32, n))
	flag := must(Host().AllocShared(Uint32, 1))
	out := must(Dev(1).Alloc(Uint32, n))
	s1 := must(Dev(1).NewStream())
	for round := 1; round <= 50; round++ {
		must(0, consumer.Launch(Dev(1), 1, 1, data, flag, round, out, OnStream(s1)))
		must(0, producer.Launch(Dev(0), 1, 1, data, flag, round))
		must(0, s1.Synchronize())
		got := must(out.Uint32s())
		for i, v := range got {
			if v != uint32(i+round) {
				t.Fatalf("round %d: out[%d] = %d", round, i, v)
			}
		}
		if v := must(flag.AtomicLoad(0)); v != int64(round) {
			t.Fatalf("host sees flag %d in round %d", v, round)
		}
	}

	// An interrupt stops a consumer that waits for a producer that never comes.
	done := make(chan struct{})
	setInterrupt(done)
	defer setInterrupt(nil)
	must(0, consumer.Launch(Dev(1), 1, 1, data, flag, 999, out, OnStream(s1)))
	time.AfterFunc(20*time.Millisecond, func() { close(done) })
	err := s1.Synchronize()
	if !errors.Is(err, backend.ErrInterrupted) {
		t.Errorf("interrupted consumer: %v", err)
	}
}
