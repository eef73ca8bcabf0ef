package gpu

import (
	"errors"
	"fmt"
	"strings"

	"github.com/peerbook/peerbook/gpu/internal/backend"
	"github.com/peerbook/peerbook/gpu/internal/cudasrc"
)

// Caps are what a GPU can do with memory it shares with the host: host-native atomics,
// pageable memory access, whether that goes through the host's page tables, concurrent
// managed access, and the kind of its link to the host. Device.Caps returns them; on CUDA
// they are the driver's cuDeviceGetAttribute answers, on simulated devices the preset's
// (the capabilities of the machine it models). A capability that is unknown is false.
type Caps struct {
	// Known is set where every capability was read (a CUDA driver that answered each
	// attribute, or a simulator preset); a capability that could not be read is false.
	Known bool
	// HostNativeAtomics: the link to the host supports native atomics, so that a kernel's
	// atomic on host memory and the host CPU's atomic on the same word are atomic with
	// respect to each other (CU_DEVICE_ATTRIBUTE_HOST_NATIVE_ATOMIC_SUPPORTED). Without
	// it, host and device read-modify-writes of one word lose updates, and peerbook
	// refuses them (see the package doc, "What the hardware can do atomically").
	HostNativeAtomics bool
	// PageableMemoryAccess: kernels can access pageable host memory (malloc'ed, not
	// registered) coherently (CU_DEVICE_ATTRIBUTE_PAGEABLE_MEMORY_ACCESS).
	PageableMemoryAccess bool
	// PageableUsesHostPageTables: that access goes through the host's page tables
	// (CU_DEVICE_ATTRIBUTE_PAGEABLE_MEMORY_ACCESS_USES_HOST_PAGE_TABLES; ATS, as on Grace
	// Hopper).
	PageableUsesHostPageTables bool
	// ConcurrentManagedAccess: the device can access managed memory coherently while the
	// CPU does (CU_DEVICE_ATTRIBUTE_CONCURRENT_MANAGED_ACCESS).
	ConcurrentManagedAccess bool
	// HostLink is the link to host memory: NVLink-C2C where the device reaches host memory
	// through host page tables with native atomics (the CUDA driver has no attribute that
	// names the link; this is the combination only a C2C-attached device reports), PCIe
	// otherwise, "" where the capabilities are not known.
	HostLink HostLinkKind
}

// HostLinkKind is how a GPU reaches host memory: HostLinkPCIe or HostLinkC2C ("" where
// unknown).
type HostLinkKind string

// Host link kinds.
const (
	HostLinkPCIe HostLinkKind = "PCIe"       // PCIe (x86 boxes): no host-native atomics
	HostLinkC2C  HostLinkKind = "NVLink-C2C" // NVLink-C2C (Grace Hopper): native host atomics
)

// Caps returns the device's capabilities (see the Caps type). The host has none of its own:
// its Caps are zero.
func (d *Device) Caps() Caps {
	if d == nil || d.IsHost() {
		return Caps{}
	}
	return capsOf(d.info.Caps)
}

// PairCaps returns the link from GPU d to GPU other, with the capabilities of the pair:
// P2PAccess (kernels on d can reach other's shared memory), NativeAtomics (their atomics
// on it are native over the link: CU_DEVICE_P2P_ATTRIBUTE_NATIVE_ATOMIC_SUPPORTED), the
// link kind (NV#, PIX, PHB, SYS, ...) and its bandwidth. A device with itself is LinkSelf,
// with everything. The host is not a GPU: for it, see Caps.
func (d *Device) PairCaps(other *Device) (Link, error) {
	if d == nil || other == nil {
		return Link{}, errors.New("pair caps: nil device")
	}
	if d.m != other.m {
		return Link{}, errors.New("pair caps: the devices belong to different device sets")
	}
	if d.IsHost() || other.IsHost() {
		return Link{}, fmt.Errorf("pair caps of %s and %s: the host is not a GPU; its link to a GPU is in that GPU's Caps().HostLink", d.label(), other.label())
	}
	t := d.m.topology()
	if t.Err != nil {
		return Link{}, fmt.Errorf("pair caps of %s and %s: %w", d.label(), other.label(), t.Err)
	}
	return t.Links[d.info.Index][other.info.Index], nil
}

// ErrCapability is wrapped by every *CapabilityError.
var ErrCapability = errors.New("the hardware lacks a capability")

// CapabilityError is an operation refused because the hardware can't do it correctly: a
// read-modify-write atomic on memory that another device updates too, where the link between
// them has no native atomics, which would lose updates silently. The text is the same on
// every backend: the check is made from the capabilities before any backend sees the
// operation.
type CapabilityError struct {
	Op         string // "atomic add on uint64[1] on the host", "launch k: argument 1 (p gpu.Peer[uint32])"
	Device     string // the device without the capability: "device 0 (NVIDIA H200)"
	Capability string // "host-native atomics", "native P2P atomics with device 1 (...)"
	Attribute  string // the CUDA attribute that reports it, and its value
	Problem    string // what would go wrong
	Fix        string // what to do instead
}

func (e *CapabilityError) Error() string {
	return fmt.Sprintf("%s: %s has no %s (%s): %s. %s", e.Op, e.Device, e.Capability, e.Attribute, e.Problem, e.Fix)
}

// Unwrap returns ErrCapability.
func (e *CapabilityError) Unwrap() error { return ErrCapability }

// hostAtomicsAttr describes a device's host-native atomics attribute for messages.
func hostAtomicsAttr(d *Device) string {
	c := d.info.Caps
	if !c.Known {
		return "CU_DEVICE_ATTRIBUTE_HOST_NATIVE_ATOMIC_SUPPORTED unknown: the driver did not report it"
	}
	link := string(c.HostLink)
	if link == "" {
		link = "unknown"
	}
	return fmt.Sprintf("CU_DEVICE_ATTRIBUTE_HOST_NATIVE_ATOMIC_SUPPORTED = 0, host link %s", link)
}

// checkHostRMW refuses a host read-modify-write atomic on a host buffer that kernels of a
// GPU without host-native atomics can reach: the host's update and theirs would not be
// atomic with respect to each other (the CUDA programming guide: atomics on mapped
// page-locked memory are not atomic from the point of view of the host or other devices).
func (b *Buffer) checkHostRMW(op, via string) error {
	a := b.a
	if !a.dev.IsHost() || !a.isShared() {
		return nil // kernels can't reach it: host atomics are ordinary CPU atomics
	}
	a.mu.Lock()
	var lacking []*Device
	for i, p := range a.peers {
		if p && !a.m.devices[i].info.Caps.HostNativeAtomics {
			lacking = append(lacking, a.m.devices[i])
		}
	}
	a.mu.Unlock()
	if len(lacking) == 0 {
		return nil
	}
	d := lacking[0]
	who := d.label()
	if len(lacking) > 1 {
		who = fmt.Sprintf("%s (and %d other GPU%s it is shared with)", who, len(lacking)-1, plural(len(lacking)-1))
	}
	return &CapabilityError{
		Op:         fmt.Sprintf("%s on %s", op, b.describe()),
		Device:     who,
		Capability: "host-native atomics",
		Attribute:  hostAtomicsAttr(d),
		Problem:    "the buffer is shared with it, and a host read-modify-write racing its kernels' atomics on the same element would lose updates",
		Fix: fmt.Sprintf("Make the update on the device instead: buf.%s(gpu.Dev(%d), i, ...) runs it as a kernel atomic there; "+
			"host plain loads and stores (AtomicLoad, AtomicStore, WaitValue) stay safe for flags; or use a host buffer that no kernel reaches (gpu.Host().Alloc)",
			via, d.info.Index),
	}
}

// atomicUses reports which parameters the kernel updates with read-modify-write atomics,
// and why the answer is conservative where it is ("" where it is exact).
func (c *kernelCode) atomicUses() ([]bool, string) {
	if c.goK != nil {
		if ap, ok := c.goK.(interface{ AtomicParams() []bool }); ok {
			if uses := ap.AtomicParams(); len(uses) == len(c.sig.Params) {
				return uses, ""
			}
		}
		return allBuffers(c.sig), "peerbook can't tell which parameters this kernel updates atomically, so it counts every buffer"
	}
	u, ok := c.cuda.atomicUses()[c.sig.Name]
	if !ok || len(u.Params) != len(c.sig.Params) {
		return allBuffers(c.sig), "peerbook could not scan the CUDA source for atomics, so it counts every buffer"
	}
	if u.Conservative != "" {
		return u.Params, "counted on every buffer parameter: " + u.Conservative
	}
	return u.Params, ""
}

func allBuffers(sig backend.Signature) []bool {
	out := make([]bool, len(sig.Params))
	for i, p := range sig.Params {
		out[i] = p.Kind != backend.ParamScalar
	}
	return out
}

// checkAtomicLinks refuses a launch on dev whose kernel updates, with read-modify-write
// atomics, a buffer of another GPU over a link without native P2P atomics: the updates
// would not be atomic with respect to that GPU's (or even each other), and would be lost
// silently. Buffers on dev itself and host buffers pass (see checkHostRMW for the host).
func (c *kernelCode) checkAtomicLinks(dev *Device, args []backend.Arg) error {
	var uses []bool
	var why string
	for i, a := range args {
		if a.Memory == nil {
			continue
		}
		owner := a.Memory.Device()
		if owner == backend.HostDevice || owner == dev.info.Index {
			continue
		}
		if uses == nil {
			uses, why = c.atomicUses()
		}
		if !uses[i] {
			continue
		}
		t := dev.m.topology()
		l := t.Link(dev.info.Index, owner)
		if t.Err == nil && l.NativeAtomics {
			continue
		}
		od := dev.m.devices[owner]
		attr := fmt.Sprintf("CU_DEVICE_P2P_ATTRIBUTE_NATIVE_ATOMIC_SUPPORTED = 0, link %s", l.Label())
		if t.Err != nil {
			attr = "unknown: " + t.Err.Error()
		}
		problem := "the kernel updates this buffer of " + od.label() + " with read-modify-write atomics, and over this link they are not atomic with respect to that device's, nor each other's: updates would be lost"
		if why != "" {
			problem += " (" + why + ")"
		}
		return &CapabilityError{
			Op:         fmt.Sprintf("launch %s on %s: argument %d (%s)", c.sig.Name, dev.label(), i+1, paramString(a.Param)),
			Device:     dev.label(),
			Capability: "native P2P atomics with " + od.label(),
			Attribute:  attr,
			Problem:    problem,
			Fix: fmt.Sprintf("Launch the kernel on %s, where the buffer lives; or give each device its own counter and combine them after; "+
				"or pass the counter in host memory (gpu.Host().AllocShared) on a machine with host-native atomics. Plain loads and stores (flags) across the link stay safe",
				od.label()),
		}
	}
	return nil
}

// sharedWithLabel lists the GPUs a partly shared buffer reaches: "GPU0, GPU1".
func sharedWithLabel(devs []*Device) string {
	parts := make([]string, len(devs))
	for i, d := range devs {
		parts[i] = fmt.Sprintf("GPU%d", d.info.Index)
	}
	return strings.Join(parts, ", ")
}

// atomicUses scans the source for its kernels' atomics once (package cudasrc); a source
// the scan can't read gives no entries, and every kernel counts all its buffers.
func (cs *cudaSource) atomicUses() map[string]cudasrc.AtomicUse {
	cs.atomOnce.Do(func() {
		cs.atom, _ = cudasrc.AtomicUses(cs.src)
	})
	return cs.atom
}

// checkHostAtomicsAcrossGPUs refuses a launch on dev whose kernel updates a host buffer with
// read-modify-write atomics while kernels of another GPU, queued on a stream and not yet
// synchronized, update it too, where either GPU lacks host-native atomics: the atomics of
// two GPUs on host memory are then not atomic with respect to each other (the CUDA
// programming guide says so of mapped page-locked memory). It returns the host allocations
// the launch updates, for its stream to note (see noteHostRMW).
func (c *kernelCode) checkHostAtomicsAcrossGPUs(dev *Device, args []backend.Arg, values []any) ([]*allocation, error) {
	var uses []bool
	var out []*allocation
	for i, a := range args {
		if a.Memory == nil || a.Memory.Device() != backend.HostDevice {
			continue
		}
		if uses == nil {
			uses, _ = c.atomicUses()
		}
		b, ok := values[i].(*Buffer)
		if !uses[i] || !ok {
			continue
		}
		out = append(out, b.a)
		if other := dev.m.hostRMWElsewhere(b.a, dev); other != nil &&
			!(dev.info.Caps.HostNativeAtomics && other.info.Caps.HostNativeAtomics) {
			lacking := dev
			if dev.info.Caps.HostNativeAtomics {
				lacking = other
			}
			return nil, &CapabilityError{
				Op:         fmt.Sprintf("launch %s on %s: argument %d (%s)", c.sig.Name, dev.label(), i+1, paramString(a.Param)),
				Device:     lacking.label(),
				Capability: "host-native atomics",
				Attribute:  hostAtomicsAttr(lacking),
				Problem: fmt.Sprintf("the kernel updates %s with read-modify-write atomics while kernels of %s, queued on a stream not synchronized since, update it too, and without host-native atomics the atomics of two GPUs on host memory are not atomic with respect to each other: updates would be lost",
					b.describe(), other.label()),
				Fix: fmt.Sprintf("Synchronize %s's stream first if its kernels are done; or give each GPU its own counter and add them up after; "+
					"or keep the counter in the memory of one GPU with native P2P atomics to the other (see PairCaps)", other.label()),
			}
		}
	}
	return out, nil
}

// hostRMWElsewhere returns a GPU other than dev with a stream whose queued kernels update
// the host allocation a with read-modify-write atomics, or nil.
func (m *machine) hostRMWElsewhere(a *allocation, dev *Device) *Device {
	m.streams.mu.Lock()
	defer m.streams.mu.Unlock()
	for _, w := range m.streams.list {
		s := w.Value()
		if s == nil || s.dev == dev {
			continue
		}
		s.mu.Lock()
		found := false
		for _, x := range s.hostRMW {
			found = found || x == a
		}
		s.mu.Unlock()
		if found {
			return s.dev
		}
	}
	return nil
}

// noteHostRMW records host allocations that kernels queued on s update with atomics, until
// the stream is synchronized.
func (s *Stream) noteHostRMW(as []*allocation) {
	if len(as) == 0 {
		return
	}
	s.mu.Lock()
	s.hostRMW = append(s.hostRMW, as...)
	s.mu.Unlock()
}

// checkRankAtomics refuses a launch whose kernel updates, with read-modify-write atomics,
// a buffer of a symmetric allocation where the atomics would not be atomic: another rank's
// on another GPU over a link without native P2P atomics, or any rank's in host memory where some
// rank's GPU has no host-native atomics (its kernels' atomics and another rank's GPU's on
// host memory are not atomic with respect to each other).
func (c *kernelCode) checkRankAtomics(dev *Device, args []backend.Arg, values []any) error {
	var uses []bool
	var why string
	for i, a := range args {
		b, ok := values[i].(*Buffer)
		if a.Memory == nil || !ok || b.a.owner == nil {
			continue
		}
		o := b.a.owner
		hostMem := b.a.dev.IsHost()
		if !o.remote && !(hostMem && o.ranks > 1) {
			continue // this rank's GPU memory: checkAtomicLinks's case
		}
		if hostMem && o.hostAtomicsAll || !hostMem && o.link.NativeAtomics {
			continue
		}
		if uses == nil {
			uses, why = c.atomicUses()
		}
		if !uses[i] {
			continue
		}
		problem := "the kernel updates " + b.describe() + " with read-modify-write atomics"
		if why != "" {
			problem += " (" + why + ")"
		}
		e := &CapabilityError{
			Op:     fmt.Sprintf("launch %s on %s: argument %d (%s)", c.sig.Name, dev.label(), i+1, paramString(a.Param)),
			Device: dev.label(),
		}
		if hostMem {
			e.Capability = "host-native atomics on every rank's GPU"
			e.Attribute = hostAtomicsAttr(dev)
			e.Problem = problem + ", and the kernels of other ranks' GPUs may update it too: without host-native atomics the atomics of two GPUs on host memory are not atomic with respect to each other, and updates would be lost"
			e.Fix = "Keep the counter in GPU memory (AllocSymmetric on a GPU) where the GPUs have native P2P atomics, or give each rank its own counter and add them up after (AllReduce)"
		} else {
			e.Capability = "native P2P atomics with " + o.where
			e.Attribute = fmt.Sprintf("CU_DEVICE_P2P_ATTRIBUTE_NATIVE_ATOMIC_SUPPORTED = 0, link %s", o.link.Label())
			e.Problem = problem + ", and over this link they are not atomic with respect to that GPU's: updates would be lost"
			e.Fix = fmt.Sprintf("Update the counter from rank %d, whose GPU holds it; or give each rank its own counter and add them up after (AllReduce). Plain loads and stores (flags) across the link stay safe", o.rank)
		}
		return e
	}
	return nil
}
