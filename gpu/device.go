package gpu

import (
	"fmt"
	"strings"
	"time"

	"github.com/peerbook/peerbook/gpu/internal/backend"
)

// Device is a GPU (real or simulated) or the host. Get one with Dev, Devices or Host.
type Device struct {
	m    *machine
	info backend.DeviceInfo
}

// Index returns the device's index (-1 for the host).
func (d *Device) Index() int { return d.info.Index }

// Name returns the device's name ("NVIDIA H200", "sim-H200-0", "host").
func (d *Device) Name() string { return d.info.Name }

// IsHost reports whether d is the host.
func (d *Device) IsHost() bool { return d.info.Index == backend.HostDevice }

// Simulated reports whether d is a simulated GPU. The host is never simulated.
func (d *Device) Simulated() bool { return d.info.Simulated }

// Backend returns "cuda" or "sim".
func (d *Device) Backend() string { return d.m.b.Name() }

// ComputeCapability returns "major.minor" ("9.0"), or "" where the device has none (the host).
func (d *Device) ComputeCapability() string {
	cc := d.info.ComputeCapability
	if cc == [2]int{} {
		return ""
	}
	return fmt.Sprintf("%d.%d", cc[0], cc[1])
}

// Memory returns the device's total memory in bytes.
func (d *Device) Memory() uint64 { return d.info.MemoryBytes }

// FreeMemory returns the bytes the device has free now.
func (d *Device) FreeMemory() (uint64, error) {
	mi, ok := d.m.b.(backend.MemoryInfo)
	if !ok {
		return 0, fmt.Errorf("free memory of %s: the %s backend can't tell", d.label(), d.m.b.Name())
	}
	free, _, err := mi.MemInfo(d.info.Index)
	if err != nil {
		return 0, fmt.Errorf("free memory of %s: %w", d.label(), err)
	}
	return free, nil
}

// SMs returns the number of multiprocessors (simulated devices: worker goroutines).
func (d *Device) SMs() int { return d.info.SMs }

// PCIBusID returns the PCI bus id ("0000:18:00.0"), "" where unknown.
func (d *Device) PCIBusID() string { return d.info.PCIBusID }

// NUMANode returns the NUMA node nearest the device, -1 where unknown.
func (d *Device) NUMANode() int { return d.info.NUMANode }

// CPUAffinity returns the CPUs nearest the device ("0-47"), "" where unknown.
func (d *Device) CPUAffinity() string { return d.info.CPUAffinity }

// Info returns everything known about the device.
func (d *Device) Info() DeviceInfo { return deviceInfoOf(d.info) }

// String describes the device in one line.
func (d *Device) String() string {
	if d.IsHost() {
		return fmt.Sprintf("host (%s memory, %s backend)", formatBytes(d.info.MemoryBytes), d.m.b.Name())
	}
	kind := "CUDA"
	if d.info.Simulated {
		kind = "simulated"
	}
	s := fmt.Sprintf("device %d: %s (%s", d.info.Index, d.info.Name, kind)
	if cc := d.ComputeCapability(); cc != "" {
		s += ", compute " + cc
	}
	s += fmt.Sprintf(", %s, %d SMs", formatBytes(d.info.MemoryBytes), d.info.SMs)
	if d.info.PCIBusID != "" {
		s += ", PCI " + d.info.PCIBusID
	}
	if d.info.NUMANode >= 0 {
		s += fmt.Sprintf(", NUMA %d", d.info.NUMANode)
	}
	return s + ")"
}

// label names the device in messages: "device 0 (sim-H200-0)" or "the host".
func (d *Device) label() string {
	if d.IsHost() {
		return "the host"
	}
	return fmt.Sprintf("device %d (%s)", d.info.Index, d.info.Name)
}

// Synchronize waits for the work queued on the device's streams and returns the first
// error of it.
func (d *Device) Synchronize() (err error) {
	if d.IsHost() {
		return nil // host code is synchronous
	}
	if tr := tracing.Load(); tr != nil {
		start := time.Now()
		defer func() { tr.host(opSync, d.m, fmt.Sprintf("synchronize GPU%d", d.info.Index), start, err) }()
	}
	if err := d.m.b.Synchronize(d.info.Index); err != nil {
		return fmt.Errorf("synchronize %s: %w", d.label(), explainFault(d, err))
	}
	d.m.releaseKept(d.info.Index)
	if pe := takeDeviceFault(d); pe != nil {
		return fmt.Errorf("synchronize %s: %w", d.label(), pe)
	}
	return nil
}

// CanAccessPeer reports whether kernels on d can reach memory of other once it is shared
// (the link between them has P2P access). Every GPU can reach shared host memory.
func (d *Device) CanAccessPeer(other *Device) bool {
	if d == nil || other == nil || d.m != other.m {
		return false
	}
	if d.IsHost() || other.IsHost() || d == other {
		return true
	}
	t := d.m.topology()
	if t.Err != nil {
		return false
	}
	return t.Links[d.info.Index][other.info.Index].P2PAccess
}

// formatBytes formats n bytes with a binary unit ("1.5 GiB"); a whole number of its unit
// has no decimal ("16 GiB").
func formatBytes(n uint64) string {
	s := backend.FormatBytes(n)
	div := uint64(1) // the unit: the largest power of 1024 up to n (at most 1 EiB)
	for div < 1<<60 && div*1024 <= n {
		div *= 1024
	}
	if v := float64(n) / float64(div); n >= 1024 && v == float64(int64(v)) {
		s = strings.Replace(s, ".0 ", " ", 1)
	}
	return s
}
