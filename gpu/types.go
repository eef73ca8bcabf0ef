package gpu

// The plain types of the API: element types, grid sizes, kernel signatures, device facts
// and links. Each is the package's own, so that go doc shows its fields and methods; the
// backends keep their own types, and boundary.go converts between them, in one place.

// DType is the element type of a buffer or of a kernel parameter: gpu.Float32, gpu.Int32, ...
type DType uint8

// The element types of buffers.
const (
	Invalid DType = iota // no element type: the zero DType
	Int8
	Int16
	Int32
	Int64
	Uint8
	Uint16
	Uint32
	Uint64
	Float16  // IEEE half precision; Go slices of it are []gpu.F16
	BFloat16 // bfloat16; Go slices of it are []gpu.BF16
	Float32
	Float64
)

// String returns the Go-style name of the type ("float32", "bfloat16").
func (d DType) String() string { return d.backend().String() }

// Size returns the size of one element in bytes (0 for Invalid).
func (d DType) Size() int { return d.backend().Size() }

// IsFloat reports whether d is a floating-point type (Float16, BFloat16, Float32, Float64).
func (d DType) IsFloat() bool { return d.backend().IsFloat() }

// IsSigned reports whether d is a signed integer type (Int8 ... Int64).
func (d DType) IsSigned() bool { return d.backend().IsSigned() }

// Dim3 is a grid or block size; zero components count as 1.
type Dim3 struct{ X, Y, Z int }

// Signature is a kernel's name and parameters, as Kernel.Signature reads them from its
// source.
type Signature struct {
	Name   string
	Params []Param
}

// String writes the signature as a Go function signature: "saxpy(a float32, x []float32)".
func (s Signature) String() string { return s.backend().String() }

// Param is one parameter of a kernel.
type Param struct {
	Name  string
	Kind  ParamKind
	DType DType // the element type of a buffer, or the type of a scalar
	Const bool  // a read-only buffer (const T*, Slice<const T>)
}

// String writes the parameter as Go writes it: "x []float32", "flag gpu.Peer[uint32]",
// "n int64".
func (p Param) String() string { return p.backend().String() }

// ParamKind says what a kernel parameter takes.
type ParamKind uint8

// Parameter kinds.
const (
	ParamScalar ParamKind = iota // a number, passed by value
	ParamBuffer                  // a buffer of the launching device, or a shared one
	ParamPeer                    // a shared buffer only (gpu.Peer[T], Peer<T>)
)

// DeviceInfo is everything known about a device (Device.Info).
type DeviceInfo struct {
	Index              int    // 0-based; -1 for the host
	Name               string // "NVIDIA H200", "sim-H200-0", "host"
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
	MaxSharedPerBlock  int  // bytes
	Caps               Caps // what the device can do with host memory
}

// Link is the connection from one device to another (Device.PairCaps, Topo.Links).
type Link struct {
	Kind          LinkKind
	NVLinks       int     // number of NVLinks (Kind == LinkNV)
	NVLinkVersion int     // 0 where unknown
	P2PAccess     bool    // the devices can map each other's memory
	NativeAtomics bool    // atomics over the link are native
	PerfRank      int     // the driver's relative performance rank (lower is better)
	BandwidthGBps float64 // nominal one-direction bandwidth, 0 where unknown
	// LatencyUS is the one-way latency of a flag hand-off over the link in microseconds,
	// where a simulated preset models it (0: unknown; real devices are measured: see
	// MeasureFlagLatency).
	LatencyUS float64
}

// Label is the nvidia-smi style label of the link ("NV18", "PIX", "X").
func (l Link) Label() string { return l.backend().Label() }

// LinkKind is how two devices are connected, in nvidia-smi topo -m terms.
type LinkKind string

// Link kinds, from best to worst.
const (
	LinkSelf LinkKind = "X"    // a device with itself
	LinkNV   LinkKind = "NV"   // NVLink; Link.NVLinks says how many
	LinkPIX  LinkKind = "PIX"  // at most a single PCIe bridge
	LinkPXB  LinkKind = "PXB"  // multiple PCIe bridges, no host bridge
	LinkPHB  LinkKind = "PHB"  // a PCIe host bridge (CPU)
	LinkNODE LinkKind = "NODE" // PCIe and the interconnect between host bridges of a NUMA node
	LinkSYS  LinkKind = "SYS"  // PCIe and the SMP interconnect between NUMA nodes
	LinkNET  LinkKind = "NET"  // another host (ranks): no memory path without a fabric
)
