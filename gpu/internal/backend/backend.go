// Package backend defines what a device backend (CUDA, the simulator) provides to the gpu
// package, and the plain types that the gpu package, its backends and the kernel front ends
// share. Cells never see this package; they use package gpu.
package backend

import (
	"errors"
	"fmt"
	"os"
	"strings"
	"time"
	"unsafe"
)

// DType is the element type of a buffer or a kernel parameter.
type DType uint8

// The element types a buffer can hold.
const (
	Invalid DType = iota
	Int8
	Int16
	Int32
	Int64
	Uint8
	Uint16
	Uint32
	Uint64
	Float16
	BFloat16
	Float32
	Float64
)

var dtypeNames = [...]string{"invalid", "int8", "int16", "int32", "int64", "uint8", "uint16",
	"uint32", "uint64", "float16", "bfloat16", "float32", "float64"}

var dtypeSizes = [...]int{0, 1, 2, 4, 8, 1, 2, 4, 8, 2, 2, 4, 8}

// String returns the Go-style name of the type ("float32").
func (d DType) String() string {
	if int(d) < len(dtypeNames) {
		return dtypeNames[d]
	}
	return fmt.Sprintf("dtype(%d)", uint8(d))
}

// Size returns the size of one element in bytes (0 for Invalid).
func (d DType) Size() int {
	if int(d) < len(dtypeSizes) {
		return dtypeSizes[d]
	}
	return 0
}

// IsFloat reports whether d is a floating-point type.
func (d DType) IsFloat() bool { return d >= Float16 && d <= Float64 }

// IsSigned reports whether d is a signed integer type.
func (d DType) IsSigned() bool { return d >= Int8 && d <= Int64 }

// ParseDType returns the DType named s ("float32", "f32", "int", ...).
func ParseDType(s string) (DType, error) {
	for i, n := range dtypeNames {
		if n == s && i != 0 {
			return DType(i), nil
		}
	}
	switch s {
	case "int":
		return Int64, nil
	case "uint":
		return Uint64, nil
	case "byte":
		return Uint8, nil
	case "rune":
		return Int32, nil
	case "f16", "half", "__half":
		return Float16, nil
	case "bf16", "__nv_bfloat16":
		return BFloat16, nil
	case "f32", "float":
		return Float32, nil
	case "f64", "double":
		return Float64, nil
	}
	return Invalid, fmt.Errorf("unknown dtype %q", s)
}

// HostDevice is the device index of host (CPU) memory.
const HostDevice = -1

// DeviceInfo describes one device of a backend.
type DeviceInfo struct {
	Index              int    // 0-based, within its backend
	Name               string // "NVIDIA H200", "sim-H200-0"
	Backend            string // "cuda" or "sim"
	Simulated          bool
	ComputeCapability  [2]int // major, minor; {0,0} where it has none
	Arch               string // "sm_90" for NVRTC; "" for simulated devices
	MemoryBytes        uint64 // total memory
	SMs                int    // multiprocessors (simulated: worker goroutines)
	PCIBusID           string // "0000:18:00.0"; "" where unknown
	NUMANode           int    // -1 where unknown
	CPUAffinity        string // "0-31,64-95"; "" where unknown
	MaxThreadsPerBlock int
	MaxSharedPerBlock  int        // bytes
	Caps               DeviceCaps // what the device can do with host memory
}

// LinkKind is how two devices are connected, in nvidia-smi topo -m terms.
type LinkKind string

// Link kinds, from best to worst.
const (
	LinkSelf LinkKind = "X"
	LinkNV   LinkKind = "NV"   // NVLink; Link.NVLinks says how many
	LinkPIX  LinkKind = "PIX"  // at most a single PCIe bridge
	LinkPXB  LinkKind = "PXB"  // multiple PCIe bridges, no host bridge
	LinkPHB  LinkKind = "PHB"  // a PCIe host bridge (CPU)
	LinkNODE LinkKind = "NODE" // PCIe and the interconnect between host bridges of a NUMA node
	LinkSYS  LinkKind = "SYS"  // PCIe and the SMP interconnect between NUMA nodes
	LinkNET  LinkKind = "NET"  // another host (ranks): no memory path without a fabric
)

// Link describes the connection from one device to another.
type Link struct {
	Kind          LinkKind
	NVLinks       int     // number of NVLinks (Kind == LinkNV)
	NVLinkVersion int     // 0 where unknown
	P2PAccess     bool    // the devices can map each other's memory
	NativeAtomics bool    // atomics over the link are native
	PerfRank      int     // the driver's relative performance rank (lower is better)
	BandwidthGBps float64 // nominal one-direction bandwidth, 0 where unknown
	// LatencyUS is the one-way latency of a flag hand-off over the link in microseconds,
	// where a simulated preset models it (0: unknown; real devices are measured).
	LatencyUS float64
}

// Label is the nvidia-smi style label of the link ("NV18", "PIX", "X").
func (l Link) Label() string {
	if l.Kind == LinkNV {
		return fmt.Sprintf("NV%d", l.NVLinks)
	}
	return string(l.Kind)
}

// Topology is the device graph of a backend: Links[i][j] is the link from device i to j.
type Topology struct {
	Devices []DeviceInfo
	Links   [][]Link
	Source  string // where the facts came from: "nvml", "driver", "sim preset nvswitch8"
}

// AllocOptions are the options of Backend.Alloc.
type AllocOptions struct {
	Shared bool // allocate shared with every device (see Backend.Share)
}

// Memory is an allocation made by a backend. It is valid until Free.
type Memory interface {
	Device() int  // device index, or HostDevice
	Size() int64  // bytes
	Shared() bool // shared with every device of the backend
	Free() error  // release; later use is an error
	// Pointer is the address kernels on dev use for it (a CUdeviceptr on CUDA, a host address
	// on the simulator). It fails where dev can't reach the memory.
	Pointer(dev int) (uintptr, error)
	// Host returns the memory as bytes where the host can address it directly (host-resident
	// memory, and every simulated buffer); nil otherwise.
	Host() []byte
}

// Stream is an ordered queue of work on one device.
type Stream interface {
	Device() int
	Synchronize() error
	Destroy() error
}

// Event marks a point in a stream.
type Event interface {
	Record(s Stream) error
	Synchronize() error
	// Elapsed is the time between two recorded, completed events.
	Elapsed(end Event) (time.Duration, error)
	Destroy() error
}

// ParamKind classifies a kernel parameter.
type ParamKind uint8

// Parameter kinds.
const (
	ParamScalar ParamKind = iota // passed by value
	ParamBuffer                  // a buffer of the launching device (or a shared one)
	ParamPeer                    // a shared buffer only; see docs/ARCHITECTURE.md, the Peer contract
)

// Param is one parameter of a kernel's signature.
type Param struct {
	Name  string
	Kind  ParamKind
	DType DType
	Const bool // read-only buffer (const T*, Slice<const T>)
}

// Signature is a kernel's name and parameters, read from its source.
type Signature struct {
	Name   string
	Params []Param
}

// Dim3 is a grid or block size.
type Dim3 struct{ X, Y, Z int }

// LaunchConfig is everything about a launch except the arguments.
type LaunchConfig struct {
	Device      int
	Grid, Block Dim3
	SharedBytes int    // dynamic shared memory
	Stream      Stream // nil: the device's default stream, and Launch waits for completion
}

// Arg is one checked launch argument, in signature order.
type Arg struct {
	Param  Param
	Memory Memory // buffers: the memory; nil for scalars
	Offset int64  // buffers: byte offset into Memory
	Len    int    // buffers: number of elements
	Scalar uint64 // scalars: the value's bits, little-endian, in Param.DType's size
}

// Kernel is a kernel a backend compiled and can launch.
type Kernel interface {
	Signature() Signature
	Launch(cfg LaunchConfig, args []Arg) error
}

// TimedKernel is a Kernel that can bracket a launch with two events in the same submission
// (a timeline's events, package gpu's tracing): start is recorded on the launch's stream
// just before the kernel, end just after, in one call into the driver with the launch.
// With a nil stream the events go on the device's stream and the launch waits, as Launch
// does. Events it can't use (destroyed, of another device, from before a device reset) are
// refused before anything is launched, with an error wrapping ErrEventUnusable.
type TimedKernel interface {
	Kernel
	LaunchTimed(cfg LaunchConfig, args []Arg, start, end Event) error
}

// StampedKernel is a Kernel with a traced variant that times itself (package gpu's tracing,
// without events): LaunchStamped launches the variant, compiled on first use, with args and
// then the address of the 16 bytes at off of slot, where the kernel writes, in the device's
// global timer's nanoseconds, ^(its block 0's start) and its latest block's end
// (see cudasrc.Traced; slot must be zeroed). It records no event and makes no call into the
// driver besides the launch's own. What keeps the variant from being launched in place of
// the kernel (it doesn't compile, it is still being compiled, or it needs more threads'
// registers or shared memory than cfg leaves) is refused before anything is launched, with
// an error wrapping ErrStampUnusable: the caller may launch again without stamps.
// LaunchStamped never waits for the variant's compile: PrepareStamped does (and returns
// why the variant can't be made, if it can't).
type StampedKernel interface {
	Kernel
	LaunchStamped(cfg LaunchConfig, args []Arg, slot Memory, off int64) error
	PrepareStamped() error
}

// ErrStampUnusable is wrapped by LaunchStamped's error when the traced variant can't stand in
// for the kernel: nothing was launched.
var ErrStampUnusable = errors.New("device timestamps unavailable")

// ErrEventUnusable is wrapped by LaunchTimed's error when an event can't be recorded:
// nothing was launched, and the caller may launch again without the events.
var ErrEventUnusable = errors.New("event unusable")

// Backend is a set of devices and the operations on them.
type Backend interface {
	Name() string
	Devices() []DeviceInfo
	Topology() (Topology, error)
	Alloc(dev int, size int64, opts AllocOptions) (Memory, error)
	// Share makes m reachable by kernels on every device (and by the host where m is
	// host-resident). Sharing the hardware can't do is an error naming the device pair.
	Share(m Memory) error
	// Copy copies n bytes; s may be nil (synchronous).
	Copy(dst Memory, dstOff int64, src Memory, srcOff int64, n int64, s Stream) error
	Write(dst Memory, off int64, src []byte) error
	Read(src Memory, off int64, dst []byte) error
	Fill(m Memory, off, n int64, pattern []byte) error
	NewStream(dev int) (Stream, error)
	NewEvent(dev int) (Event, error)
	Synchronize(dev int) error
}

// Bytes views n bytes at p as a slice (simulator and host-resident memory).
func Bytes(p unsafe.Pointer, n int) []byte { return unsafe.Slice((*byte)(p), n) }

// CompileOptions are the options of a run-time compilation.
type CompileOptions struct {
	Flags []string // extra compiler flags ("-lineinfo", "-DN=4")
	// LineOffset is added to line numbers in diagnostics, so that they point at the
	// cell's lines rather than the source's (the prelude and a %%cuda line come first).
	LineOffset int
	File       string // name diagnostics use ("cell[3]")
}

// Module is compiled code loaded on a device.
type Module interface {
	// Kernel returns the entry point name, to be launched with the given signature.
	Kernel(name string, sig Signature) (Kernel, error)
	Log() string // compiler warnings, "" when none
}

// GoKernel is a kernel the CPU can run: *gokernel.Kernel is one. Run executes every thread
// of the launch, reading buffers through Arg.Memory.Host(), and returns early with an error
// wrapping ErrInterrupted (or gokernel.ErrInterrupted) when done is closed.
type GoKernel interface {
	Signature() Signature
	Run(cfg LaunchConfig, args []Arg, done <-chan struct{}) error
}

// GoKernelLoader is implemented by backends that run Go kernels on the CPU (the simulated
// devices). Their CUDA C kernels reach them translated to Go kernels.
type GoKernelLoader interface {
	LoadGoKernel(k GoKernel) (Kernel, error)
}

// CUDACompiler is implemented by backends that compile CUDA C++ source at run time.
type CUDACompiler interface {
	CompileCUDA(dev int, src string, opts CompileOptions) (Module, error)
}

// ErrOutOfMemory is wrapped by the error of an allocation that a device has no room for.
var ErrOutOfMemory = errors.New("out of memory")

// ErrFreed is wrapped by the error of an operation on memory that was freed.
var ErrFreed = errors.New("memory was freed")

// ErrInterrupted is wrapped by the error of work that stopped because the running cell was
// interrupted (see Interruptible).
var ErrInterrupted = errors.New("interrupted")

// MemoryInfo is implemented by backends that can tell how much memory a device has free.
type MemoryInfo interface {
	// MemInfo returns the free and total bytes of dev (HostDevice: host memory).
	MemInfo(dev int) (free, total uint64, err error)
}

// PeerSharer is implemented by backends that can share memory with some devices only, as
// peer access between a pair of devices allows. Backend.Share shares with all of them.
type PeerSharer interface {
	// ShareWith makes m reachable by kernels on each device in devs. Sharing the hardware
	// can't do is a *PeerAccessError.
	ShareWith(m Memory, devs []int) error
}

// PairLinker is implemented by backends that can describe the link between one of their
// devices and a device of the same host that they did not open (another rank's: a rank's
// backend has its own device only).
type PairLinker interface {
	// LinkTo returns the link from device dev to the device whose PCI bus id is bus, as
	// Topology would describe it; a device with itself (two ranks on one GPU) is LinkSelf.
	LinkTo(dev int, bus string) (Link, error)
}

// Modelled is implemented by backends whose devices model a machine instead of being one
// (the simulated devices): timing them would measure the CPU, so package gpu reports the
// model's figures, and ranks compare their machines by the model's name.
type Modelled interface {
	// ModelName names the machine modelled ("pcie4", "sim:2"): the whole machine, also in a
	// rank's backend that has one of its devices.
	ModelName() string
	// ModelledLink returns the link from device a to device b as the model has it; either
	// may be HostDevice (the link between the host and the other one).
	ModelledLink(a, b int) Link
}

// Exporter is implemented by backends whose memory the other processes of a host can map:
// the ranks' symmetric buffers. The file descriptor passes between processes (package
// gpu/internal/fdpass); the memory lives until every process that mapped it freed it.
type Exporter interface {
	// AllocExported allocates size bytes, zeroed, on dev (HostDevice: host memory, reachable
	// by dev's kernels), and returns it with a file descriptor other processes can import.
	// The caller closes the file once the others imported it.
	AllocExported(dev int, size int64) (Memory, *os.File, error)
	// Import maps memory another process exported (AllocExported's file and size) for the
	// kernels of dev; host memory (host set) for the host too, as a host allocation.
	Import(dev int, f *os.File, size int64, host bool) (Memory, error)
}

// ExportReporter is implemented by backends that can say what their shareable memory can do
// (shown by the topology of a rank session).
type ExportReporter interface {
	// ExportCaps reports, for device dev, virtual memory management, POSIX file-descriptor
	// handles (sharing within a host) and fabric handles (across hosts).
	ExportCaps(dev int) (vmm, posixFD, fabric bool, err error)
}

// NativeStreamer is implemented by backends whose devices a library loaded beside them can
// work on, in the backend's own context and stream: NCCL's collectives on CUDA.
type NativeStreamer interface {
	// OnStream runs fn on a locked OS thread where dev's context is current, after the work
	// queued on dev before it was submitted. fn gets the driver's ordinal of dev and the
	// stream where the backend's own work on dev goes (a CUstream), and may enqueue work
	// there; when fn succeeds, OnStream waits for that stream (an interrupt ends the wait).
	OnStream(dev int, fn func(ordinal int, stream uintptr) error) error
}

// Interruptible is implemented by backends whose running work can be stopped from outside:
// when done is closed, work running or queued on any stream stops with an error wrapping
// ErrInterrupted. SetInterrupt(nil) forgets the channel (a cell ended without interrupt).
type Interruptible interface {
	SetInterrupt(done <-chan struct{})
}

// PeerAccessError is the error of sharing memory between two devices that can't reach each
// other. Both backends return it, so the text is the same everywhere.
type PeerAccessError struct {
	Owner, Peer DeviceInfo // the device the memory lives on, and the one that can't reach it
	Link        Link       // the link between them
}

func (e *PeerAccessError) Error() string {
	return fmt.Sprintf("cannot share memory of device %d (%s) with device %d (%s): no peer access between them (link %s)",
		e.Owner.Index, e.Owner.Name, e.Peer.Index, e.Peer.Name, e.Link.Label())
}

// ErrNeedsRestart is wrapped by the errors of a backend that a fault left unusable for the
// rest of the process (CUDA after a sticky fault that the driver can't recover from in the
// same process). Only a new process can use the devices again: the evaluator should report
// the error and exit, so that the kernel starts a fresh one.
var ErrNeedsRestart = errors.New("the devices can't be used again in this process: it must restart")

// Poisonable is implemented by backends that a fault can leave unusable for the rest of the
// process.
type Poisonable interface {
	// Poisoned returns nil while the backend is usable, and otherwise the error that left it
	// unusable, which wraps ErrNeedsRestart.
	Poisoned() error
}

// GlobalSetter is implemented by modules whose device variables the host can set (a Go
// kernel's fault record pointer).
type GlobalSetter interface {
	// SetGlobal writes value to the module's device variable name, whose size must be
	// len(value), now and whenever the module is loaded again (after a device reset).
	SetGlobal(name string, value []byte) error
}

// PTXCompiler is implemented by backends that can show the PTX that CUDA C++ source
// compiles to (for tests and for people who want to see it).
type PTXCompiler interface {
	// CompilePTX compiles src as CompileCUDA does, for the virtual architecture of device
	// dev (compute_XX), and returns the PTX text.
	CompilePTX(dev int, src string, opts CompileOptions) (string, error)
}

// String writes the parameter as Go writes it: "x []float32", "flag gpu.Peer[uint32]", "n int64".
func (p Param) String() string {
	switch p.Kind {
	case ParamPeer:
		return fmt.Sprintf("%s gpu.Peer[%s]", p.Name, p.DType)
	case ParamBuffer:
		if p.Const {
			return fmt.Sprintf("%s []%s (read-only)", p.Name, p.DType)
		}
		return fmt.Sprintf("%s []%s", p.Name, p.DType)
	}
	return fmt.Sprintf("%s %s", p.Name, p.DType)
}

// String writes the signature as a Go function signature: "saxpy(a float32, x []float32)".
func (s Signature) String() string {
	var b strings.Builder
	b.WriteString(s.Name)
	b.WriteByte('(')
	for i, p := range s.Params {
		if i > 0 {
			b.WriteString(", ")
		}
		b.WriteString(p.String())
	}
	b.WriteByte(')')
	return b.String()
}

// FormatBytes writes n in binary units with one decimal ("1.5 GiB", "1.0 KiB"; under
// 1 KiB, "1023 B").
func FormatBytes(n uint64) string {
	const unit = 1024
	if n < unit {
		return fmt.Sprintf("%d B", n)
	}
	div, exp := uint64(unit), 0
	for m := n / unit; m >= unit && exp < 5; m /= unit {
		div *= unit
		exp++
	}
	return fmt.Sprintf("%.1f %ciB", float64(n)/float64(div), "KMGTPE"[exp])
}

// DeviceName names device dev of a backend whose devices are infos in error messages:
// "the host", "device 1 (NVIDIA H200)", or "device 7" for one it does not have.
func DeviceName(dev int, infos []DeviceInfo) string {
	if dev == HostDevice {
		return "the host"
	}
	if dev >= 0 && dev < len(infos) {
		return fmt.Sprintf("device %d (%s)", dev, infos[dev].Name)
	}
	return fmt.Sprintf("device %d", dev)
}
