package sim

import (
	"fmt"
	"os"

	"github.com/peerbook/peerbook/gpu/internal/backend"
	"github.com/peerbook/peerbook/gpu/internal/fdpass"
)

var _ backend.Exporter = (*Backend)(nil)

// AllocExported allocates size bytes on dev (backend.HostDevice: host memory) in shared
// memory (memfd), mapped shared, so that the other rank processes of the host can map it
// (Import): plain stores and atomics on it reach them as the ones of this process reach its
// other threads, and the kernels' store buffers and fences (package gokernel) act on it as
// on any Peer buffer. The memory counts against dev's.
func (b *Backend) AllocExported(dev int, size int64) (backend.Memory, *os.File, error) {
	if err := b.checkDevice(dev, true); err != nil {
		return nil, nil, fmt.Errorf("alloc exported: %w", err)
	}
	if size <= 0 {
		return nil, nil, fmt.Errorf("alloc exported: size %d, want at least 1 byte", size)
	}
	if err := b.take(dev, size); err != nil {
		return nil, nil, err
	}
	f, err := fdpass.SharedMemory("peerbook-sim", size)
	if err == nil {
		var m *memory
		if m, err = b.mapped(dev, f, size, true); err == nil {
			return m, f, nil
		}
		f.Close()
	}
	b.give(dev, size)
	return nil, nil, fmt.Errorf("alloc exported on %s: %w", b.deviceName(dev), err)
}

// Import maps shared memory another rank exported, for the kernels of dev (and the host,
// where host is set). It does not count against dev's memory: its owner's holds it.
func (b *Backend) Import(dev int, f *os.File, size int64, host bool) (backend.Memory, error) {
	if err := b.checkDevice(dev, false); err != nil {
		return nil, fmt.Errorf("import: %w", err)
	}
	at := dev
	if host {
		at = backend.HostDevice
	}
	m, err := b.mapped(at, f, size, false)
	if err != nil {
		return nil, fmt.Errorf("import on %s: %w", b.deviceName(dev), err)
	}
	if host {
		m.peers |= 1 << uint(dev)
	}
	return m, nil
}

// mapped maps size bytes of f as memory of dev; owned says whether it counts against dev's.
func (b *Backend) mapped(dev int, f *os.File, size int64, owned bool) (*memory, error) {
	raw, err := fdpass.Map(f, size)
	if err != nil {
		return nil, err
	}
	return &memory{b: b, dev: dev, size: size, buf: raw[:size:size], mapping: raw, counted: owned}, nil
}

// take counts size bytes against dev's memory, or fails as Alloc does when they don't fit.
func (b *Backend) take(dev int, size int64) error {
	b.mu.Lock()
	defer b.mu.Unlock()
	free, total := b.hostTotal-b.hostUsed, b.hostTotal
	if dev != backend.HostDevice {
		total = b.infos[dev].MemoryBytes
		free = total - b.used[dev]
	}
	if uint64(size) > free {
		return fmt.Errorf("alloc on %s: %w: asked %d bytes, %d free of %d",
			b.deviceName(dev), backend.ErrOutOfMemory, size, free, total)
	}
	if dev == backend.HostDevice {
		b.hostUsed += uint64(size)
	} else {
		b.used[dev] += uint64(size)
	}
	return nil
}

// give returns size bytes of dev's memory.
func (b *Backend) give(dev int, size int64) {
	b.mu.Lock()
	defer b.mu.Unlock()
	if dev == backend.HostDevice {
		b.hostUsed -= uint64(size)
	} else {
		b.used[dev] -= uint64(size)
	}
}
