// Package gpu is what notebook cells use to work with GPUs: devices, buffers, Peer buffers
// shared between devices, kernels defined in a cell, streams and events, and the device
// topology. The same cells run on CUDA GPUs and on simulated devices on the CPU.
//
// # Devices
//
// The first use chooses the devices from PEERBOOK_DEVICES: "cuda", "sim" (2 simulated
// GPUs), "sim:N", or a preset: "sim:nvswitch8" (8 GPUs, NV18 between every pair),
// "sim:pcie4" (4 GPUs on PCIe; GPU3 is on the other socket and has no P2P access to the
// others), "sim:nvlink2" (2 GPUs, NV18) or "sim:gh200" (2 Grace Hopper superchips:
// NVLink-C2C to the host, host-native atomics). Unset, it takes CUDA where the driver loads
// and sees a GPU, and simulated devices otherwise, saying so in one line on stderr (the
// running cell's, in Jupyter and under peerbook run). gpu.Use switches in the middle of a
// notebook:
//
//	gpu.Use("sim:pcie4")
//	gpu.Topology()          // the device graph and the nvidia-smi topo -m matrix
//	d := gpu.Dev(0)         // GPU 0 (panics, like indexing, when there is none)
//	d.Name(), d.ComputeCapability(), d.Memory(), d.SMs(), d.PCIBusID(), d.NUMANode(), d.Simulated()
//	len(gpu.Devices())      // every GPU
//	gpu.Host()              // host memory, as a device for buffers
//	d.Caps()                // host-native atomics, pageable access, host page tables, managed, host link
//	d.PairCaps(gpu.Dev(1))  // the link to GPU 1: kind, P2PAccess, NativeAtomics, bandwidth
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
// A buffer belongs to one device. ShareWithPeers makes it reachable by kernels on every GPU;
// a shared host buffer is also read and written by host code while kernels run. A kernel
// parameter declared gpu.Peer[T] takes only a shared buffer. Sharing the hardware can't do
// (no P2P between two GPUs) is an error naming the pair; ShareWith shares with some GPUs
// only, and ShareWith(b.Device()) with the buffer's own GPU only (concurrent kernels on one
// GPU are peers too). AllocShared shares with every GPU that can reach the device: where
// some can't (GPU3 of sim:pcie4), the buffer reaches the others, SharedWith lists them and a
// notice says which are left out.
//
//	flag, err := gpu.Host().AllocShared(gpu.Uint32, 1)
//	data, err := gpu.Dev(0).AllocShared(gpu.Float32, n)
//	err = data.ShareWith(gpu.Dev(1))                // on pcie4, where GPU3 can't reach GPU0
//	err = flag.AtomicStore(0, 1)                    // host plain accesses: AtomicLoad, AtomicStore
//	err = flag.WaitValue(0, 2, 5*time.Second)       // until a kernel sets it to 2
//	old, err := count.AtomicAddVia(gpu.Dev(0), 0, 1) // an add made by GPU0: see below
//
// Nothing orders the accesses of different devices: hand data off through an atomic flag in
// a Peer buffer, with gpu.SyncSystem() between data and flag on both sides.
//
// # What the hardware can do atomically
//
// Loads and stores of a Peer element (flags: gpu.AtomicLoad, gpu.AtomicStore, plain reads
// and writes, Buffer.AtomicLoad, AtomicStore and WaitValue on the host) are safe between
// any devices that reach the buffer, and between them and the host. Read-modify-write
// atomics (AtomicAdd, AtomicCAS, AtomicExch, AtomicMin/Max, AtomicAnd/Or/Xor) are atomic
// only among agents whose links carry native atomics; without them updates are lost,
// silently, so peerbook refuses them with an error wrapping ErrCapability that names the
// capability and the way out (*CapabilityError), the same on CUDA and on simulated devices:
//
//   - Host-native atomics (Device.Caps().HostNativeAtomics,
//     CU_DEVICE_ATTRIBUTE_HOST_NATIVE_ATOMIC_SUPPORTED): with them (NVLink-C2C, sim:gh200)
//     host AtomicAdd and AtomicCAS on a shared host buffer are atomic with the kernels'
//     atomics. Without them (every x86 machine with GPUs on PCIe, the other presets), they
//     are refused on a host buffer shared with such a GPU. Make the update on a GPU instead:
//     buf.AtomicAddVia(gpu.Dev(0), i, delta) and AtomicCASVia run it as a kernel atomic
//     there (a launch and a wait: microseconds, against nanoseconds for a host atomic; see
//     BenchmarkHostCounter). Host atomics on a host buffer no kernel reaches
//     (gpu.Host().Alloc) are plain CPU atomics and always work.
//   - Native P2P atomics (PairCaps(...).NativeAtomics,
//     CU_DEVICE_P2P_ATTRIBUTE_NATIVE_ATOMIC_SUPPORTED): a kernel whose read-modify-write
//     atomics update a buffer of another GPU is refused at launch across a pair without them
//     (PHB pairs of sim:pcie4). Go kernels know which parameters they update atomically; for
//     CUDA C the source is scanned, and where the scan can't tell (atomics in device
//     functions, inline PTX, cuda::atomic_ref, macros) every buffer parameter counts, as the
//     error says. Launch such a kernel on the buffer's own GPU, or give each GPU its own
//     counter and combine them after.
//   - Kernel atomics on host memory from several GPUs at once are, on a machine without
//     host-native atomics, not atomic with respect to each other either (the CUDA
//     programming guide says so of mapped page-locked memory). A launch (or AtomicAddVia)
//     whose kernel updates a host buffer with atomics while kernels of another GPU, queued
//     on a stream not synchronized since, update it too is refused. Synchronize the other
//     stream first, keep such counters on one GPU, or use one host counter per GPU.
//
// The other capabilities (PageableMemoryAccess, PageableUsesHostPageTables,
// ConcurrentManagedAccess, HostLink) are shown by gpu.Topology() and Device.Caps for what
// they tell about the machine; peerbook's buffers are pinned or device memory, which every
// GPU reaches without them.
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
// time (a kernel yields between its blocks and a stream between its tasks, so a copy on one
// stream runs beside a kernel on another even where CPUs are fewer than streams), atomics
// are real atomics, and an interrupt stops running kernels; each preset
// carries the capabilities of the machine it models and refuses what that machine can't do
// atomically: a hand-off that works there works on GPUs. CUDA C kernels run there too,
// translated from a subset of CUDA C (see package gpu/internal/cudatogo); outside it they
// need a GPU. Timing them times the CPU, so MeasureCopyBandwidth, MeasureCopySweep and
// MeasureFlagLatency report there what the preset's link table models for the machine it
// simulates, and say so (Modelled).
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
// In a rank session Stop is a collective, as Barrier is: every rank stops its recording and
// the ranks exchange them, so every rank's timeline holds every rank's operations on one
// axis (TraceOp.Rank says whose). Rank 0 shows them in one chart, a lane group per rank, and
// writes one trace file with a process per rank (pid rank+1); the other ranks show a line
// saying the chart is rank 0's (the kernel shows rank 0's rich output; N copies of one chart
// would say nothing more) and leave the file to rank 0. A %%timeline cell does this on every
// rank. The ranks of one host share its CLOCK_MONOTONIC, so their times are placed exactly
// (up to reading it); ranks on other hosts are aligned through the session's all-gather,
// within a bound the chart's note gives.
//
// # Ranks: one process per GPU
//
// In a rank session (%ranks N, peerbook run --ranks N) every cell runs in N processes, the
// ranks, as MPI, NCCL and PyTorch distributed programs run; gpu.Rank() and gpu.Ranks() tell a
// cell which one it is (0 and 1 outside a session). Rank r takes device r mod the devices
// the machine shows, and sees that device only: gpu.Dev(0) and gpu.Devices() are its own
// GPU, on every rank, as torch.cuda.set_device(local_rank) makes "cuda" mean the rank's own
// GPU and as a launcher's per-rank CUDA_VISIBLE_DEVICES does, so one cell is right on every
// rank. Several ranks may share a GPU (on a machine with one GPU they all do), each with its
// own context; without MPS the contexts time-slice it. gpu.Topology() is then a collective
// that shows the ranks on their GPUs and the links between them. gpu.Use in a rank session
// chooses the same way: after gpu.Use("sim:pcie4") rank r is on pcie4's GPU r mod 4, as
// gpu.Dev(0); every rank should make the same Use (a cell does), for symmetric allocations
// and the topology refuse ranks on different machines, naming them.
//
// AllocSymmetric is the collective that gives every rank a buffer and every other rank's
// mapped into its address space; each is a shared *Buffer that kernels take as a
// gpu.Peer[T] argument, with the Peer contract unchanged (coherent reads, system-scope
// atomics, SyncSystem, capability checks per pair of the ranks' GPUs, host-native atomics
// for host-resident ones):
//
//	data, err := gpu.AllocSymmetric(gpu.Float32, n)    // on every rank's GPU (gpu.Host().AllocSymmetric: host memory)
//	flag, err := gpu.AllocSymmetric(gpu.Uint32, 1)
//	if gpu.Rank() == 0 {                                // rank 0 hands off to rank 1
//		err = produce.Launch(gpu.Dev(0), 1, n, data.Rank(1), flag.Rank(1), round)
//	} else {
//		err = consume.Launch(gpu.Dev(0), 1, n, data.Local(), flag.Local(), round, out)
//	}
//	err = gpu.Barrier()                                 // every rank's work done, every rank here
//	err = gpu.AllReduce(x, gpu.ReduceSum)               // every rank's x becomes the sum of all
//	err = gpu.Broadcast(x, 0)                           // every rank's x becomes rank 0's
//
// A collective (AllocSymmetric, Barrier, AllReduce, Broadcast, Topology, Collectives, and a
// Timeline's Stop: see Timelines) must be called by every rank, in the same order, with the
// same arguments: a call that differs fails on every rank with an error naming the ranks and
// their calls, and a rank that dies makes the others' collective fail, naming it, instead of
// hanging. On simulated devices the ranks'
// symmetric memory is shared memory and kernels keep the simulator's memory model (store
// buffers until a fence, real atomics): a hand-off missing its fence breaks across ranks as
// within one process. On CUDA a GPU's symmetric buffer is virtual memory (cuMemCreate),
// exported as a file descriptor that passes to the other ranks of the host over a Unix
// socket; memory can't be mapped across hosts without a fabric, and Topology says what the
// driver offers (fabric handles).
//
// On CUDA, NCCL carries AllReduce and Broadcast where every rank can use it: libnccl.so.2 is
// loaded at run time (PEERBOOK_LIBNCCL names a file to try first), rank 0 makes NCCL's unique
// id at the first collective, the others get it through the session, and each rank makes its
// part of the communicator on its GPU; NCCL reduces in its own order, on the GPU. Where it
// can't, the host-staged engine serves and says so once, with why: on simulated devices (it
// is the simulator's engine, and says nothing there), where NCCL is missing on some rank,
// where two ranks share a GPU (NCCL refuses them, "duplicate GPU"; on a machine with one GPU
// every rank does), where NCCL refused the communicator or one failed, and for a call NCCL
// can't carry (a host buffer, 16-bit integers). It reduces in rank order through host shared
// memory, so every rank gets the same bits. gpu.Collectives() tells which engine serves
// (gpu.Topology() too); PEERBOOK_NCCL=off never uses NCCL, PEERBOOK_NCCL=ask asks it even for
// ranks that share a GPU (to see its own refusal).
//
//	e, err := gpu.Collectives()   // a collective: {Engine: "nccl", Version: "2.28.3"}, or "host-staged" and Why
//
// # Faults
//
// On a CUDA device a Go kernel keeps Go's bounds checks (unless its doc comment has a
// //gpu:nobounds line): an index out of range, an integer division by zero or a negative
// shift makes the launch (or the Synchronize of its stream) fail with the same
// *gpu.PanicError as on simulated devices, naming the kernel, block, thread, cell line
// and index. The failing thread records the fault (the first one wins) and ends; the
// kernel's other threads run to their end, and the device stays usable. The fault is read
// from host-mapped memory when the launch completes: a launch without gpu.OnStream reports
// it, an asynchronous one at Stream.Synchronize, Device.Synchronize or gpu.Synchronize.
// A CUDA C kernel that traps or touches an illegal address is different: that is a sticky
// fault, the driver may refuse to let the process use the GPU again (on an H200 it does).
// The error then wraps ErrNeedsRestart and every later GPU call fails at once with it; the
// evaluator reports it after the cell and exits, so that the kernel starts a fresh process
// (buffers and kernels must be made again there).
package gpu
