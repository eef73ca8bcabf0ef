// Package sim is a backend of simulated devices on the CPU. Device memory is ordinary host
// memory, streams are worker goroutines, and kernels are Go kernels run by their own CPU
// executor (package gpu/internal/gokernel). Kernels on different devices and streams really run at the
// same time, so hand-offs between them behave as on GPUs: see the Peer contract in
// docs/ARCHITECTURE.md.
//
// A preset gives the simulated machine: its devices, their memory and the links between them.
// Sharing memory between two devices whose link has no P2P access is an error, as on CUDA.
package sim

import (
	"bufio"
	"fmt"
	"os"
	"strconv"
	"strings"
	"sync"

	"github.com/peerbook/peerbook/gpu/internal/backend"
)

// Alignment is the alignment of every allocation, in bytes (as cuMemAlloc's).
const Alignment = 256

// Backend is a set of simulated devices. It implements backend.Backend, backend.MemoryInfo,
// backend.PeerSharer and backend.Interruptible.
type Backend struct {
	preset Preset
	whole  *Preset // a rank's backend (NewRank): the machine its one device is part of
	infos  []backend.DeviceInfo

	mu        sync.Mutex
	used      []uint64 // bytes allocated per device
	hostUsed  uint64
	hostTotal uint64
	streams   map[*stream]struct{}

	intr interrupts
}

var (
	_ backend.Backend       = (*Backend)(nil)
	_ backend.MemoryInfo    = (*Backend)(nil)
	_ backend.PeerSharer    = (*Backend)(nil)
	_ backend.Interruptible = (*Backend)(nil)
	_ backend.PairLinker    = (*Backend)(nil)
)

// New returns a backend for the preset named name (see LookupPreset).
func New(name string) (*Backend, error) {
	p, err := LookupPreset(name)
	if err != nil {
		return nil, err
	}
	return NewPreset(p)
}

// NewPreset returns a backend that simulates p. Devices with no MemoryBytes get
// DefaultDeviceMemory; missing limits get CUDA's usual ones.
func NewPreset(p Preset) (*Backend, error) {
	n := len(p.Devices)
	if n < 1 || n > MaxDevices {
		return nil, fmt.Errorf("simulator preset %q: %d devices, want 1..%d", p.Name, n, MaxDevices)
	}
	if len(p.Links) != n {
		return nil, fmt.Errorf("simulator preset %q: %d rows of links for %d devices", p.Name, len(p.Links), n)
	}
	b := &Backend{preset: p, used: make([]uint64, n), streams: map[*stream]struct{}{},
		hostTotal: hostMemoryLimit()}
	for i, d := range p.Devices {
		if len(p.Links[i]) != n {
			return nil, fmt.Errorf("simulator preset %q: device %d has %d links, want %d", p.Name, i, len(p.Links[i]), n)
		}
		d.Index = i
		d.Backend = "sim"
		d.Simulated = true
		d.Arch = ""
		if d.Name == "" {
			d.Name = fmt.Sprintf("sim-GPU-%d", i)
		}
		if d.MemoryBytes == 0 {
			d.MemoryBytes = DefaultDeviceMemory
		}
		if d.MaxThreadsPerBlock == 0 {
			d.MaxThreadsPerBlock = 1024
		}
		if d.MaxSharedPerBlock == 0 {
			d.MaxSharedPerBlock = 48 << 10
		}
		if d.SMs == 0 {
			d.SMs = 4
		}
		if d.PCIBusID == "" {
			d.PCIBusID = fmt.Sprintf("0000:%02x:00.0", 0x10+i)
		}
		b.infos = append(b.infos, d)
	}
	return b, nil
}

// hostMemoryLimit is how much host memory simulated host buffers may take: half the
// machine's memory, so that a notebook can't exhaust it.
func hostMemoryLimit() uint64 {
	const fallback = 4 << 30
	f, err := os.Open("/proc/meminfo")
	if err != nil {
		return fallback
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		fields := strings.Fields(sc.Text())
		if len(fields) >= 2 && fields[0] == "MemTotal:" {
			kb, err := strconv.ParseUint(fields[1], 10, 64)
			if err == nil && kb > 0 {
				return kb * 1024 / 2
			}
		}
	}
	return fallback
}

// Name returns "sim".
func (b *Backend) Name() string { return "sim" }

// Preset returns the preset the backend simulates.
func (b *Backend) Preset() Preset { return b.preset }

var _ backend.Modelled = (*Backend)(nil)

// ModelName names the machine simulated: the whole machine's preset, also for a rank's
// backend (NewRank), which has one of its devices.
func (b *Backend) ModelName() string { return b.Whole().Name }

// ModelledLink returns the preset's link from device a to device b (HostDevice: its link
// with the host); a zero Link (no latency or bandwidth modelled) for a device it lacks.
func (b *Backend) ModelledLink(a, c int) backend.Link {
	if a == backend.HostDevice || c == backend.HostDevice {
		return b.preset.HostLink
	}
	if a < 0 || c < 0 || a >= len(b.preset.Links) || c >= len(b.preset.Links[a]) {
		return backend.Link{}
	}
	return b.preset.Links[a][c]
}

// Devices returns the simulated devices.
func (b *Backend) Devices() []backend.DeviceInfo {
	return append([]backend.DeviceInfo(nil), b.infos...)
}

// Topology returns the preset's links.
func (b *Backend) Topology() (backend.Topology, error) {
	t := backend.Topology{Devices: b.Devices(), Source: "sim preset " + b.preset.Name}
	for _, row := range b.preset.Links {
		t.Links = append(t.Links, append([]backend.Link(nil), row...))
	}
	return t, nil
}

func (b *Backend) checkDevice(dev int, hostOK bool) error {
	if dev == backend.HostDevice && hostOK {
		return nil
	}
	if dev < 0 || dev >= len(b.infos) {
		return fmt.Errorf("no device %d (the simulator has devices 0..%d)", dev, len(b.infos)-1)
	}
	return nil
}

// MemInfo returns the free and total memory of dev.
func (b *Backend) MemInfo(dev int) (free, total uint64, err error) {
	if err := b.checkDevice(dev, true); err != nil {
		return 0, 0, err
	}
	b.mu.Lock()
	defer b.mu.Unlock()
	if dev == backend.HostDevice {
		return b.hostTotal - b.hostUsed, b.hostTotal, nil
	}
	total = b.infos[dev].MemoryBytes
	return total - b.used[dev], total, nil
}

// Synchronize waits for the work queued on every stream of dev.
func (b *Backend) Synchronize(dev int) error {
	if err := b.checkDevice(dev, true); err != nil {
		return err
	}
	if dev == backend.HostDevice {
		return nil
	}
	b.mu.Lock()
	var list []*stream
	for s := range b.streams {
		if s.dev == dev {
			list = append(list, s)
		}
	}
	b.mu.Unlock()
	var first error
	for _, s := range list {
		if err := s.Synchronize(); err != nil && first == nil {
			first = err
		}
	}
	return first
}

// SetInterrupt sets the channel whose closing stops the kernels that run or are queued; see
// backend.Interruptible.
func (b *Backend) SetInterrupt(done <-chan struct{}) { b.intr.set(done) }
