package backend

// HostLinkKind is how a device is connected to the host's memory.
type HostLinkKind string

// Host link kinds.
const (
	HostLinkUnknown HostLinkKind = ""
	HostLinkPCIe    HostLinkKind = "PCIe"       // PCIe: no host-native atomics (x86 boxes)
	HostLinkC2C     HostLinkKind = "NVLink-C2C" // a coherent chip-to-chip link (Grace Hopper)
)

// DeviceCaps are what a device can do with host memory, as the CUDA driver reports them
// (cuDeviceGetAttribute). A capability that is unknown counts as absent: peerbook never
// assumes the hardware can do what it could not confirm.
type DeviceCaps struct {
	// Known is set where the backend read every capability (a CUDA driver that answered
	// each attribute, or a simulator preset); a capability it could not read is false.
	Known bool
	// HostNativeAtomics: the link to the host supports native atomics, so that a kernel's
	// atomic on host memory and the host CPU's atomic on the same word are atomic with
	// respect to each other (CU_DEVICE_ATTRIBUTE_HOST_NATIVE_ATOMIC_SUPPORTED). Without
	// it, host and device read-modify-writes of one word lose updates.
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
	// otherwise.
	HostLink HostLinkKind
}

// HostLinkOf derives the host link from the other capabilities: see DeviceCaps.HostLink.
func HostLinkOf(c DeviceCaps) HostLinkKind {
	if !c.Known {
		return HostLinkUnknown
	}
	if c.HostNativeAtomics && c.PageableUsesHostPageTables {
		return HostLinkC2C
	}
	return HostLinkPCIe
}
