package gpu_test

import (
	"errors"
	"fmt"

	"github.com/peerbook/peerbook/gpu"
)

// The devices: a preset of simulated devices here, the same calls on CUDA GPUs.
func ExampleUse() {
	if err := gpu.Use("sim:pcie4"); err != nil {
		fmt.Println(err)
		return
	}
	d := gpu.Dev(0)
	fmt.Println(len(gpu.Devices()), d.Simulated())
	// Output: 4 true
}

// Buffers hold elements of one dtype on one device; Write and Read take Go slices.
func ExampleDevice_Alloc() {
	if err := gpu.Use("sim"); err != nil {
		fmt.Println(err)
		return
	}
	x, err := gpu.Dev(0).Alloc(gpu.Float32, 4) // zeroed
	if err != nil {
		fmt.Println(err)
		return
	}
	defer x.Free()
	if err := x.Fill(1.5); err != nil {
		fmt.Println(err)
		return
	}
	if err := x.Write([]float32{1, 2}); err != nil { // into elements 0 and 1
		fmt.Println(err)
		return
	}
	vals, err := x.Float32s()
	fmt.Println(vals, err)
	fmt.Println(x.Write([]int32{1})) // another element type is an error naming the right one
	// Output:
	// [1 2 1.5 1.5] <nil>
	// write: the buffer holds float32, got []int32 (want []float32)
}

// Copy copies between any two devices, the host included.
func ExampleCopy() {
	if err := gpu.Use("sim"); err != nil {
		fmt.Println(err)
		return
	}
	src, err := gpu.Dev(0).AllocFrom([]float64{1, 2, 3})
	if err != nil {
		fmt.Println(err)
		return
	}
	dst, err := gpu.Host().Alloc(gpu.Float64, 3)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(gpu.Copy(dst, src))
	fmt.Println(dst.Values())
	// Output:
	// <nil>
	// [1 2 3] <nil>
}

// A Go kernel is a function whose first parameter is a gpu.Thread. In a notebook a cell
// defines it like any function, and a variable named after it holds the kernel; here
// DefineGo does what the cell does and returns the kernels.
func ExampleDefineGo() {
	if err := gpu.Use("sim"); err != nil {
		fmt.Println(err)
		return
	}
	kernels, err := gpu.DefineGo(`
func saxpy(t gpu.Thread, n int, a float32, x []float32, y []float32) {
	if i := t.GlobalX(); i < n {
		y[i] = a*x[i] + y[i]
	}
}`, "cell[1]", 1)
	if err != nil {
		fmt.Println(err)
		return
	}
	saxpy := kernels[0]
	fmt.Println(saxpy)

	d := gpu.Dev(0)
	x, _ := d.AllocFrom([]float32{1, 2, 3, 4})
	y, _ := d.AllocFrom([]float32{10, 20, 30, 40})
	n := 4
	if err := saxpy.Launch(d, (n+255)/256, 256, n, 2.0, x, y); err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(y.Float32s())
	// Every argument is checked before the kernel runs, with the same error on every backend.
	fmt.Println(saxpy.Launch(d, 1, 1, n, 2.0, x))
	// Output:
	// Go kernel saxpy(n int64, a float32, x []float32, y []float32)
	// [12 24 36 48] <nil>
	// launch saxpy: wants 4 arguments (n int64, a float32, x []float32, y []float32), got 3
}

// A kernel parameter declared gpu.Peer[T] takes only a buffer shared with the other
// devices: an unshared one is refused before launch.
func ExampleBuffer_ShareWithPeers() {
	if err := gpu.Use("sim"); err != nil {
		fmt.Println(err)
		return
	}
	kernels, err := gpu.DefineGo(`
func publish(t gpu.Thread, data gpu.Peer[float32], flag gpu.Peer[uint32]) {
	data[0] = 42
	gpu.SyncSystem()
	gpu.AtomicStore(&flag[0], 1)
}`, "cell[1]", 1)
	if err != nil {
		fmt.Println(err)
		return
	}
	publish := kernels[0]
	data, _ := gpu.Dev(0).Alloc(gpu.Float32, 1)
	flag, _ := gpu.Host().AllocShared(gpu.Uint32, 1)

	err = publish.Launch(gpu.Dev(1), 1, 1, data, flag)
	var ae *gpu.ArgumentError
	fmt.Println(errors.As(err, &ae))

	if err := data.ShareWithPeers(); err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(publish.Launch(gpu.Dev(1), 1, 1, data, flag))
	v, err := flag.AtomicLoad(0)
	fmt.Println(v, err)
	vals, _ := data.Float32s()
	fmt.Println(vals)
	// Output:
	// true
	// <nil>
	// 1 <nil>
	// [42]
}

// A thread's run-time failure in a Go kernel (here an index out of range) is a
// *gpu.PanicError naming the kernel, block, thread and cell position.
func ExamplePanicError() {
	if err := gpu.Use("sim"); err != nil {
		fmt.Println(err)
		return
	}
	kernels, err := gpu.DefineGo(`
func oob(t gpu.Thread, x []int32) {
	x[t.GlobalX()] = 1
}`, "cell[2]", 1)
	if err != nil {
		fmt.Println(err)
		return
	}
	x, _ := gpu.Dev(0).Alloc(gpu.Int32, 3)
	err = kernels[0].Launch(gpu.Dev(0), 1, 4, x)
	var pe *gpu.PanicError
	if errors.As(err, &pe) {
		fmt.Println(pe.Kernel, pe.Thread, pe.Msg)
	}
	// Output: oob [3 0 0] index out of range [3] with length 3
}

// A symmetric buffer and the collectives, outside a rank session: the process is the only
// rank, AllocSymmetric gives it one shared buffer, and AllReduce leaves it as it is. In a
// rank session (%ranks N) the same cell runs on every rank.
func ExampleAllocSymmetric() {
	if err := gpu.Use("sim:2"); err != nil {
		fmt.Println(err)
		return
	}
	sym, err := gpu.AllocSymmetric(gpu.Int32, 4)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(gpu.Rank(), gpu.Ranks(), len(sym.Buffers()), sym.Local().IsShared())
	x, _ := gpu.Dev(0).AllocFrom([]int32{1, 2, 3})
	if err := gpu.AllReduce(x, gpu.ReduceSum); err != nil {
		fmt.Println(err)
	}
	v, _ := x.Int32s()
	fmt.Println(v, gpu.Barrier())
	// Output:
	// 0 1 1 true
	// [1 2 3] <nil>
}

// Outside a rank session there is one rank and no engine: a collective leaves its buffer as
// it is. In one (%ranks N), Collectives says whether NCCL carries AllReduce and Broadcast,
// or the host-staged engine, and why.
func ExampleCollectives() {
	e, err := gpu.Collectives()
	fmt.Println(e.Engine, err)
	fmt.Println(e)
	// Output:
	// local <nil>
	// local: one process: a collective of one rank leaves its buffer as it is
}
