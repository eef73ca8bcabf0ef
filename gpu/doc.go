// Package gpu is what notebook cells use to work with GPUs: devices, buffers, Peer buffers
// shared between devices, kernels defined in a cell, streams and events, and the device
// topology. The same cells run on CUDA GPUs and on simulated devices on the CPU.
//
// # Devices
//
// The first use chooses the devices from PEERBOOK_DEVICES: "cuda", "sim" (2 simulated
// GPUs), "sim:N", or a preset: "sim:nvswitch8" (8 GPUs, NV18 between every pair),
// "sim:pcie4" (4 GPUs on PCIe; GPU3 is on the other socket and has no P2P access to the
// others) or "sim:nvlink2" (2 GPUs, NV18). Unset, it takes CUDA where the driver loads and
// sees a GPU, and simulated devices otherwise, saying so in one line on stderr. gpu.Use
// switches in the middle of a notebook:
//
//	gpu.Use("sim:pcie4")
//	gpu.Topology()          // the device graph and the nvidia-smi topo -m matrix
//	d := gpu.Dev(0)         // GPU 0 (panics, like indexing, when there is none)
//	d.Name(), d.ComputeCapability(), d.Memory(), d.SMs(), d.PCIBusID(), d.NUMANode(), d.Simulated()
//	len(gpu.Devices())      // every GPU
//	gpu.Host()              // host memory, as a device for buffers
//
// # Buffers
//
// A buffer is Len elements of a DType (gpu.Int8 ... gpu.Uint64, gpu.Float16, gpu.BFloat16,
// gpu.Float32, gpu.Float64) on one device. Write and Read take Go slices of the same element
// type ([]float32 for Float32, []gpu.F16 for Float16, []int or []int64 for Int64); a slice of
// another type is an error that names the right one.
//
//	x, err := gpu.Dev(0).Alloc(gpu.Float32, 1<<20)  // zeroed
//	err = x.Fill(1.5)
//	err = x.Write([]float32{1, 2, 3})               // into elements 0, 1, 2
//	vals, err := x.Float32s()                       // every element; Values() converts any dtype to float64
//	y, err := gpu.Dev(1).AllocFrom([]float32{4, 5, 6})
//	err = gpu.Copy(y, x)                            // any two devices, the host included
//	err = x.Reshape(1024, 1024)                     // shown as a picture
//	x                                               // as a cell's value: statistics and a plot
//	err = x.Free()                                  // or let it go: unreachable buffers are freed
//
// Out of memory is an *OutOfMemoryError with the bytes asked and free; the session goes on.
// Using a freed buffer is an error wrapping ErrFreed.
//
// # Peer buffers
//
// A buffer belongs to one device. ShareWithPeers (or AllocShared) makes it reachable by
// kernels on every GPU; a shared host buffer is also read, written and updated atomically by
// host code while kernels run. A kernel parameter declared gpu.Peer[T] takes only a shared
// buffer. Sharing the hardware can't do (no P2P between two GPUs) is an error naming the
// pair; ShareWith shares with some GPUs only.
//
//	flag, err := gpu.Host().AllocShared(gpu.Uint32, 1)
//	data, err := gpu.Dev(0).AllocShared(gpu.Float32, n)
//	err = data.ShareWith(gpu.Dev(1))                // on pcie4, where GPU3 can't reach GPU0
//	err = flag.AtomicStore(0, 1)                    // host atomics: AtomicLoad, AtomicAdd, AtomicCAS
//	err = flag.WaitValue(0, 2, 5*time.Second)       // until a kernel sets it to 2
//
// Nothing orders the accesses of different devices: hand data off through an atomic flag in
// a Peer buffer, with gpu.SyncSystem() between data and flag on both sides.
//
// # Kernels
//
// A Go kernel is a func in a cell whose first parameter is a gpu.Thread; a %%cuda cell
// defines kernels in CUDA C++. Both become values named after the kernel.
//
//	func saxpy(t gpu.Thread, n int, a float32, x []float32, y []float32) {
//		if i := t.GlobalX(); i < n {
//			y[i] = a*x[i] + y[i]
//		}
//	}
//
//	err := saxpy.Launch(gpu.Dev(0), (n+255)/256, 256, n, 2.0, x, y)
//
// grid and block are an int or a gpu.Dim3{X: x, Y: y, Z: z}. Launch checks every argument
// before the kernel runs, with the same error on every backend: the count, buffer dtypes,
// the device of each buffer (another device's buffer must be shared), Peer parameters (a
// shared buffer only), and numbers converted to the parameter's type with range checks (300
// for a uint8 is an error naming the parameter). Without a stream, Launch returns when the
// kernel has finished. Options go among the arguments or to With:
//
//	s, err := gpu.Dev(1).NewStream()
//	err = consume.Launch(gpu.Dev(1), 1, 256, data, flag, out, gpu.OnStream(s)) // returns at once
//	err = produce.Launch(gpu.Dev(0), 1, 256, data, flag)                       // runs alongside
//	err = s.Synchronize()                                                      // the consumer's error, if any
//	big := reduce.With(gpu.SharedMem(4096))                                    // dynamic shared memory
//	took, err := saxpy.Time(gpu.Dev(0), blocks, 256, n, 2.0, x, y)             // timed with events
//	fmt.Println(saxpy.Source())                                                // the CUDA C++ it runs as
//
// Streams do not wait for work launched without one, nor for each other; Synchronize a
// stream (or a device, or gpu.Synchronize for every device) before reading what its kernels
// wrote. Events mark points in a stream: e.Record(s), e.Synchronize(), start.Elapsed(end).
//
// On simulated devices, kernels on different devices and streams really run at the same
// time, atomics are real atomics, and an interrupt stops running kernels: a hand-off that
// works there works on GPUs. CUDA C kernels run there too, translated from a subset of CUDA C
// (see package gpu/csim); outside it they need a GPU.
//
// # Timelines
//
// Trace records what the devices do until Stop: launches, copies, fills, synchronizes, event
// records, host waits and host flag stores, per device and stream, timed by the devices
// (CUDA events, the simulator's clock). A Timeline renders as a chart; Ops returns the
// intervals, WriteTrace a Chrome/Perfetto trace. A %%timeline cell does the same around the
// cell.
//
//	tl := gpu.Trace()
//	err = consume.Launch(gpu.Dev(1), 1, 256, data, flag, out, gpu.OnStream(s))
//	err = produce.Launch(gpu.Dev(0), 1, 256, data, flag)
//	err = s.Synchronize()
//	err = tl.Stop()
//	err = tl.WriteTrace("handoff.json")
//	tl // the chart
//
// # Faults
//
// On a CUDA device a Go kernel keeps Go's bounds checks (unless its doc comment has a
// //gpu:nobounds line): an index out of range, an integer division by zero or a negative
// shift makes the launch (or the Synchronize of its stream) fail with the same
// *gokernel.PanicError as on simulated devices, naming the kernel, block, thread, cell line
// and index. The failing thread records the fault (the first one wins) and ends; the
// kernel's other threads run to their end, and the device stays usable. The fault is read
// from host-mapped memory when the launch completes: a launch without gpu.OnStream reports
// it, an asynchronous one at Stream.Synchronize, Device.Synchronize or gpu.Synchronize.
// A CUDA C kernel that traps or touches an illegal address is different: that is a sticky
// fault, the driver may refuse to let the process use the GPU again (on an H200 it does).
// The error then wraps ErrNeedsRestart, every later GPU call fails at once with it, and
// Poisoned returns it; the evaluator reports it and exits, so that the kernel starts a
// fresh process (buffers and kernels must be made again there).
package gpu
