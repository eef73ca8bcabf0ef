package gpu

import (
	"fmt"
	"sync"

	"github.com/peerbook/peerbook/gpu/internal/gokernel"
)

// The device-side alternative to host read-modify-write atomics on machines without
// host-native atomics: the update is a kernel atomic made by one thread of a GPU, so it is
// atomic with respect to that GPU's kernels (a GPU's atomics on host memory are atomic among
// themselves; only the host's are not, with respect to them).

// viaSrc are the kernels AtomicAddVia and AtomicCASVia launch, one per element type.
const viaSrc = `
func pbViaAddInt32(t gpu.Thread, p gpu.Peer[int32], i int, d int32, old gpu.Peer[int32]) { old[0] = gpu.AtomicAdd(&p[i], d) }
func pbViaAddUint32(t gpu.Thread, p gpu.Peer[uint32], i int, d uint32, old gpu.Peer[uint32]) { old[0] = gpu.AtomicAdd(&p[i], d) }
func pbViaAddInt64(t gpu.Thread, p gpu.Peer[int64], i int, d int64, old gpu.Peer[int64]) { old[0] = gpu.AtomicAdd(&p[i], d) }
func pbViaAddUint64(t gpu.Thread, p gpu.Peer[uint64], i int, d uint64, old gpu.Peer[uint64]) { old[0] = gpu.AtomicAdd(&p[i], d) }
func pbViaCASInt32(t gpu.Thread, p gpu.Peer[int32], i int, o int32, v int32, old gpu.Peer[int32]) { old[0] = gpu.AtomicCAS(&p[i], o, v) }
func pbViaCASUint32(t gpu.Thread, p gpu.Peer[uint32], i int, o uint32, v uint32, old gpu.Peer[uint32]) { old[0] = gpu.AtomicCAS(&p[i], o, v) }
func pbViaCASInt64(t gpu.Thread, p gpu.Peer[int64], i int, o int64, v int64, old gpu.Peer[int64]) { old[0] = gpu.AtomicCAS(&p[i], o, v) }
func pbViaCASUint64(t gpu.Thread, p gpu.Peer[uint64], i int, o uint64, v uint64, old gpu.Peer[uint64]) { old[0] = gpu.AtomicCAS(&p[i], o, v) }
`

var via struct {
	once    sync.Once
	kernels map[string]*Kernel
	err     error

	mu  sync.Mutex
	out map[viaKey]*Buffer // a host buffer of one element per device set and type, for the old value
}

type viaKey struct {
	m  *machine
	dt DType
}

// viaKernel returns the helper kernel op ("Add", "CAS") for dt.
func viaKernel(op string, dt DType) (*Kernel, error) {
	via.once.Do(func() {
		// A library of their own: the session's (goLibrary) holds the cells' kernels.
		ks, err := gokernel.NewLibrary().Define(viaSrc, "peerbook atomics", 1)
		if err != nil {
			via.err = fmt.Errorf("the device atomics' kernels: %w", err)
			return
		}
		via.kernels = map[string]*Kernel{}
		for _, gk := range ks {
			via.kernels[gk.Name()] = newKernel(gk.Signature(), gk, nil)
		}
	})
	if via.err != nil {
		return nil, via.err
	}
	name := map[DType]string{Int32: "Int32", Uint32: "Uint32", Int64: "Int64", Uint64: "Uint64"}[dt]
	if name == "" {
		return nil, fmt.Errorf("device atomics work on int32, uint32, int64 and uint64 buffers, not %s", dt)
	}
	return via.kernels["pbVia"+op+name], nil
}

// typed converts v to dt's Go type, wrapping as the hardware does.
func typed(v int64, dt DType) any {
	switch dt {
	case Int32:
		return int32(v)
	case Uint32:
		return uint32(v)
	case Uint64:
		return uint64(v)
	}
	return v
}

// viaLaunch runs the helper op on dev with the target element and the extra arguments, and
// returns the element's old value.
func (b *Buffer) viaLaunch(op, what string, dev *Device, i int, extra ...any) (int64, error) {
	if _, err := b.live(what); err != nil {
		return 0, err
	}
	fail := func(err error) (int64, error) {
		return 0, fmt.Errorf("%s via %s on %s: %w", what, dev.label(), b.describe(), err)
	}
	if dev == nil {
		return 0, fmt.Errorf("%s on %s: nil device", what, b.describe())
	}
	if dev.m != b.a.m {
		return 0, fmt.Errorf("%s on %s: the device belongs to another device set", what, b.describe())
	}
	if dev.IsHost() {
		return 0, fmt.Errorf("%s on %s: the update is made by a GPU's kernel; name a GPU (gpu.Dev(0)), not the host", what, b.describe())
	}
	if i < 0 || i >= b.n {
		return fail(fmt.Errorf("index %d out of range [0, %d)", i, b.n))
	}
	k, err := viaKernel(op, b.dtype)
	if err != nil {
		return fail(err)
	}
	via.mu.Lock()
	defer via.mu.Unlock()
	key := viaKey{b.a.m, b.dtype}
	if via.out == nil {
		via.out = map[viaKey]*Buffer{}
	}
	out := via.out[key]
	if out == nil || out.Freed() {
		if out, err = b.a.m.host.AllocShared(b.dtype, 1); err != nil {
			return fail(err)
		}
		via.out[key] = out
	}
	args := append([]any{b, i}, extra...)
	args = append(args, out)
	if err := k.Launch(dev, 1, 1, args...); err != nil {
		return fail(err)
	}
	return out.AtomicLoad(0)
}

// AtomicAddVia adds delta to element i atomically, as AtomicAdd does, but makes the add on
// GPU dev: a kernel atomic there (one thread of a one-block launch), which is atomic with
// respect to that GPU's kernels whatever the link to the host (while another GPU's kernels
// update a host buffer on a machine without host-native atomics, it is refused as their
// launches are: see the package doc). It is the way out where
// AtomicAdd is refused (a shared host buffer on a GPU without host-native atomics), and
// works on any buffer dev reaches as a Peer parameter. It returns the element's old value
// once the add is done. It costs a launch and a wait (microseconds on a GPU, where a host
// atomic takes nanoseconds): see BenchmarkAtomicAddVia.
func (b *Buffer) AtomicAddVia(dev *Device, i int, delta int64) (int64, error) {
	return b.viaLaunch("Add", "atomic add", dev, i, typed(delta, b.dtype))
}

// AtomicCASVia stores v in element i if it holds old, atomically, as AtomicCAS does, but on
// GPU dev (see AtomicAddVia), and reports whether it did. old and v must fit the dtype.
func (b *Buffer) AtomicCASVia(dev *Device, i int, old, v int64) (bool, error) {
	oldBits, err := scalarBits(old, b.dtype)
	if err == nil {
		_, err = scalarBits(v, b.dtype)
	}
	if err != nil {
		return false, fmt.Errorf("atomic compare-and-swap on %s: %w", b.describe(), err)
	}
	got, err := b.viaLaunch("CAS", "atomic compare-and-swap", dev, i, typed(old, b.dtype), typed(v, b.dtype))
	if err != nil {
		return false, err
	}
	mask := ^uint64(0)
	if b.dtype.Size() == 4 {
		mask = 0xffffffff
	}
	return uint64(got)&mask == oldBits&mask, nil
}
