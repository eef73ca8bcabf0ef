package gpu

import (
	"errors"
	"fmt"
	"sync/atomic"
	"time"
	"unsafe"

	"github.com/peerbook/peerbook/gpu/internal/backend"
)

// shareHint follows a peer-access error: what to do instead.
const shareHint = "share it with fewer devices (ShareWith), or put it in host memory (gpu.Host().AllocShared)"

// checkShare returns the error for sharing memory of owner with devs where a link has no
// P2P access; the text is the same on every backend.
func (m *machine) checkShare(owner *Device, devs []*Device) error {
	if owner.IsHost() {
		return nil // every GPU maps pinned host memory
	}
	t := m.topology()
	if t.Err != nil {
		return nil // the backend decides
	}
	for _, d := range devs {
		if d.IsHost() || d == owner {
			continue
		}
		l := t.Links[owner.info.Index][d.info.Index]
		if !l.P2PAccess {
			return fmt.Errorf("%w; %s", &backend.PeerAccessError{Owner: owner.info, Peer: d.info, Link: l.backend()}, shareHint)
		}
	}
	return nil
}

// ShareWithPeers makes the buffer reachable by kernels on every GPU, so that it can be
// passed to Peer parameters; a host buffer becomes reachable from host code and every GPU
// at once. Sharing that a pair of devices can't do (no P2P access) is an error naming them.
func (b *Buffer) ShareWithPeers() error {
	return b.share("share", b.a.m.devices)
}

// ShareWith makes the buffer reachable by kernels on the given GPUs only (on a machine
// where some pairs of GPUs have no P2P access). Sharing with the buffer's own device makes
// it a Peer buffer for the kernels of that device, which run concurrently as peers do.
func (b *Buffer) ShareWith(devs ...*Device) error {
	if len(devs) == 0 {
		return errors.New("share with: no devices")
	}
	for _, d := range devs {
		if d == nil || d.m != b.a.m {
			return errors.New("share with: a device is nil or belongs to another device set")
		}
	}
	return b.share("share with", devs)
}

func (b *Buffer) share(op string, devs []*Device) error {
	mem, err := b.live(op)
	if err != nil {
		return err
	}
	a := b.a
	if err := a.m.checkShare(a.dev, devs); err != nil {
		return fmt.Errorf("%s %s: %w", op, b.describe(), err)
	}
	all := len(devs) == len(a.m.devices)
	if ps, ok := a.m.b.(backend.PeerSharer); ok && !all {
		idx := make([]int, 0, len(devs))
		for _, d := range devs {
			if !d.IsHost() {
				idx = append(idx, d.info.Index)
			}
		}
		err = ps.ShareWith(mem, idx)
	} else {
		err = a.m.b.Share(mem)
		devs = a.m.devices
	}
	if err != nil {
		return fmt.Errorf("%s %s: %w", op, b.describe(), err)
	}
	a.mu.Lock()
	a.markShared(devs)
	a.mu.Unlock()
	return nil
}

// IsShared reports whether the buffer is shared, and so can go to Peer parameters: a host
// buffer with every GPU, a GPU buffer with the GPUs SharedWith lists (perhaps only its own:
// concurrent kernels on one device are peers too).
func (b *Buffer) IsShared() bool { return b.a.isShared() }

// SharedWith returns the GPUs whose kernels can use the buffer (its own device included).
func (b *Buffer) SharedWith() []*Device {
	b.a.mu.Lock()
	defer b.a.mu.Unlock()
	var out []*Device
	for i, p := range b.a.peers {
		if p {
			out = append(out, b.a.m.devices[i])
		}
	}
	return out
}

// atomicPtr returns the address of element i for a host atomic.
func (b *Buffer) atomicPtr(op string, i int) (unsafe.Pointer, error) {
	mem, err := b.live(op)
	if err != nil {
		return nil, err
	}
	switch b.dtype {
	case Int32, Uint32, Int64, Uint64:
	default:
		return nil, fmt.Errorf("%s: %s holds %s; host atomics work on int32, uint32, int64 and uint64 buffers", op, b.describe(), b.dtype)
	}
	host := mem.Host()
	if !b.a.dev.IsHost() || host == nil {
		return nil, fmt.Errorf("%s: %s is not in host memory; host atomics need a host buffer (gpu.Host().AllocShared)", op, b.describe())
	}
	if i < 0 || i >= b.n {
		return nil, fmt.Errorf("%s: index %d out of range [0, %d) of %s", op, i, b.n, b.describe())
	}
	off := b.off + int64(i)*int64(b.dtype.Size())
	return unsafe.Pointer(&host[off]), nil
}

func (b *Buffer) loadAt(p unsafe.Pointer) int64 {
	switch b.dtype {
	case Int32:
		return int64(int32(atomic.LoadUint32((*uint32)(p))))
	case Uint32:
		return int64(atomic.LoadUint32((*uint32)(p)))
	}
	return int64(atomic.LoadUint64((*uint64)(p)))
}

// AtomicLoad reads element i of a shared host buffer atomically (int32, uint32, int64 or
// uint64; a uint64 above 2^63-1 comes back negative), while kernels may be writing it.
func (b *Buffer) AtomicLoad(i int) (int64, error) {
	p, err := b.atomicPtr("atomic load", i)
	if err != nil {
		return 0, err
	}
	return b.loadAt(p), nil
}

// AtomicStore writes v to element i of a host buffer atomically; v must fit the dtype.
func (b *Buffer) AtomicStore(i int, v int64) error {
	p, err := b.atomicPtr("atomic store", i)
	if err != nil {
		return err
	}
	bits, err := scalarBits(v, b.dtype)
	if err != nil {
		return fmt.Errorf("atomic store to %s: %w", b.describe(), err)
	}
	if b.dtype.Size() == 4 {
		atomic.StoreUint32((*uint32)(p), uint32(bits))
	} else {
		atomic.StoreUint64((*uint64)(p), bits)
	}
	if tr := tracing.Load(); tr != nil {
		tr.host(opFlag, b.a.m, fmt.Sprintf("store [%d] = %d", i, v), time.Now(), nil)
	}
	return nil
}

// AtomicAdd adds delta to element i of a host buffer atomically (wrapping around as the
// hardware does) and returns the value it had before, as kernel atomics do.
//
// On a host buffer shared with a GPU that has no host-native atomics (every x86 machine;
// see Device.Caps), it is an error wrapping ErrCapability: the host's add and the kernels'
// atomics on the same element would lose updates. AtomicAddVia makes the add on a device.
func (b *Buffer) AtomicAdd(i int, delta int64) (int64, error) {
	p, err := b.atomicPtr("atomic add", i)
	if err != nil {
		return 0, err
	}
	if err := b.checkHostRMW("atomic add", "AtomicAddVia"); err != nil {
		return 0, err
	}
	var oldBits uint64
	if b.dtype.Size() == 4 {
		oldBits = uint64(atomic.AddUint32((*uint32)(p), uint32(delta)) - uint32(delta))
	} else {
		oldBits = atomic.AddUint64((*uint64)(p), uint64(delta)) - uint64(delta)
	}
	if tr := tracing.Load(); tr != nil {
		tr.host(opFlag, b.a.m, fmt.Sprintf("add [%d] += %d", i, delta), time.Now(), nil)
	}
	switch b.dtype {
	case Int32:
		return int64(int32(oldBits)), nil
	case Uint32:
		return int64(uint32(oldBits)), nil
	}
	return int64(oldBits), nil
}

// AtomicCAS stores v in element i of a host buffer if it holds old, atomically, and reports
// whether it did. Like AtomicAdd, it is refused on a host buffer shared with a GPU without
// host-native atomics; AtomicCASVia makes it on a device.
func (b *Buffer) AtomicCAS(i int, old, v int64) (bool, error) {
	p, err := b.atomicPtr("atomic compare-and-swap", i)
	if err != nil {
		return false, err
	}
	if err := b.checkHostRMW("atomic compare-and-swap", "AtomicCASVia"); err != nil {
		return false, err
	}
	oldBits, err := scalarBits(old, b.dtype)
	if err != nil {
		return false, fmt.Errorf("atomic compare-and-swap on %s: old value: %w", b.describe(), err)
	}
	newBits, err := scalarBits(v, b.dtype)
	if err != nil {
		return false, fmt.Errorf("atomic compare-and-swap on %s: new value: %w", b.describe(), err)
	}
	if b.dtype.Size() == 4 {
		return atomic.CompareAndSwapUint32((*uint32)(p), uint32(oldBits), uint32(newBits)), nil
	}
	return atomic.CompareAndSwapUint64((*uint64)(p), oldBits, newBits), nil
}

// WaitValue waits until element i of a host buffer holds want (read atomically), polling;
// it gives up after timeout (0: no limit) or when the cell is interrupted.
func (b *Buffer) WaitValue(i int, want int64, timeout time.Duration) (err error) {
	p, err := b.atomicPtr("wait value", i)
	if err != nil {
		return err
	}
	state.mu.Lock()
	interrupt := state.interrupt
	state.mu.Unlock()
	start := time.Now()
	if tr := tracing.Load(); tr != nil {
		defer func() {
			tr.host(opWait, b.a.m, fmt.Sprintf("wait [%d] == %d", i, want), start, err)
		}()
	}
	pause := time.Microsecond
	for spins := 0; ; spins++ {
		got := b.loadAt(p)
		if got == want {
			return nil
		}
		if timeout > 0 && time.Since(start) > timeout {
			return fmt.Errorf("wait value: element %d of %s is %d, not %d, after %v", i, b.describe(), got, want, timeout)
		}
		select {
		case <-interrupt:
			return fmt.Errorf("wait value: element %d of %s is %d, not %d: %w", i, b.describe(), got, want, backend.ErrInterrupted)
		default:
		}
		if spins > 1000 {
			time.Sleep(pause)
			if pause < time.Millisecond {
				pause *= 2
			}
		}
	}
}
