package gokernel

import (
	"sync/atomic"
	"time"
	"unsafe"
)

// The simulator's memory model for Peer buffers (see doc.go):
//
// Plain stores to a Peer buffer go into the storing thread's store buffer, not to memory.
// The thread's own loads see them (store-to-load forwarding); nobody else does until the
// buffer drains: at SyncSystem, at a barrier, when the thread ends, or oldest-first when it
// holds storeBufferCap entries. Atomics act on memory at once and drain nothing (they are
// relaxed), so a flag set with an atomic can be seen before the data stored before it, unless
// SyncSystem came between. When a buffer drains without a fence after the thread published
// something with an atomic, the simulator waits a little first (a few times per launch):
// the hand-off that forgot its fence then reads stale data, as it may on a GPU.

const (
	storeBufferCap = 64
	// unfencedDelay is how long a drain waits when an atomic followed unfenced stores, and
	// unfencedDelays how many times per launch it does.
	unfencedDelay  = 2 * time.Millisecond
	unfencedDelays = 8
)

type sbEntry struct {
	p    unsafe.Pointer
	size uintptr
	bits uint64
}

// storeBuffer holds a thread's plain stores to Peer buffers.
type storeBuffer struct {
	e         []sbEntry
	published bool // an atomic on a Peer buffer followed stores still buffered
}

func (sb *storeBuffer) lookup(p unsafe.Pointer) (uint64, bool) {
	for i := len(sb.e) - 1; i >= 0; i-- {
		if sb.e[i].p == p {
			return sb.e[i].bits, true
		}
	}
	return 0, false
}

func (sb *storeBuffer) store(p unsafe.Pointer, size uintptr, bits uint64) {
	for i := len(sb.e) - 1; i >= 0; i-- {
		if sb.e[i].p == p {
			sb.e[i].bits = bits
			return
		}
	}
	if len(sb.e) == storeBufferCap {
		half := storeBufferCap / 2
		for _, e := range sb.e[:half] {
			writeBits(e.p, e.size, e.bits)
		}
		n := copy(sb.e, sb.e[half:])
		sb.e = sb.e[:n]
	}
	sb.e = append(sb.e, sbEntry{p: p, size: size, bits: bits})
}

// flush writes out a pending store to p (before an atomic on p: a thread's accesses to one
// address stay in order).
func (sb *storeBuffer) flush(p unsafe.Pointer) {
	for i := len(sb.e) - 1; i >= 0; i-- {
		if sb.e[i].p == p {
			writeBits(p, sb.e[i].size, sb.e[i].bits)
			sb.e = append(sb.e[:i], sb.e[i+1:]...)
			return
		}
	}
}

// drain writes every pending store to memory, in program order.
func (sb *storeBuffer) drain() {
	for _, e := range sb.e {
		writeBits(e.p, e.size, e.bits)
	}
	sb.e = sb.e[:0]
	sb.published = false
}

// drainUnfenced drains at a barrier or thread end; see the model above.
func (th *thread) drainUnfenced() {
	if th.sb.published && th.l.delays.Add(-1) >= 0 {
		time.Sleep(unfencedDelay)
	}
	th.sb.drain()
}

func writeBits(p unsafe.Pointer, size uintptr, bits uint64) {
	switch size {
	case 8:
		atomic.StoreUint64((*uint64)(p), bits)
	case 4:
		atomic.StoreUint32((*uint32)(p), uint32(bits))
	case 2:
		*(*uint16)(p) = uint16(bits)
	default:
		*(*uint8)(p) = uint8(bits)
	}
}

func readBits(p unsafe.Pointer, size uintptr) uint64 {
	switch size {
	case 8:
		return atomic.LoadUint64((*uint64)(p))
	case 4:
		return uint64(atomic.LoadUint32((*uint32)(p)))
	case 2:
		return uint64(*(*uint16)(p))
	default:
		return uint64(*(*uint8)(p))
	}
}

func toBits[T any](v T) uint64 {
	var b uint64
	*(*T)(unsafe.Pointer(&b)) = v
	return b
}

func fromBits[T any](b uint64) T { return *(*T)(unsafe.Pointer(&b)) }

// peerLoad reads a Peer buffer element: the thread's own pending store, else memory.
func peerLoad[T any](th *thread, p unsafe.Pointer, size uintptr) T {
	if len(th.sb.e) > 0 {
		if b, ok := th.sb.lookup(p); ok {
			return fromBits[T](b)
		}
	}
	return fromBits[T](readBits(p, size))
}

// peerStore buffers a plain store to a Peer buffer element.
func peerStore[T any](th *thread, p unsafe.Pointer, size uintptr, v T) {
	th.sb.store(p, size, toBits(v))
}

// --- atomics ---

// atomicFn is an atomic read-modify-write on memory at p; it returns the old value.
type atomicFn[T any] func(p unsafe.Pointer, v, w T) T

// casLoop applies f atomically with compare-and-swap.
func casLoop[T any](p unsafe.Pointer, size uintptr, f func(old T) T) T {
	if size == 4 {
		for {
			ob := atomic.LoadUint32((*uint32)(p))
			old := fromBits[T](uint64(ob))
			if atomic.CompareAndSwapUint32((*uint32)(p), ob, uint32(toBits(f(old)))) {
				return old
			}
		}
	}
	for {
		ob := atomic.LoadUint64((*uint64)(p))
		old := fromBits[T](ob)
		if atomic.CompareAndSwapUint64((*uint64)(p), ob, toBits(f(old))) {
			return old
		}
	}
}

// atomicImpl returns the implementation of a gpu atomic on elements of kind k.
func atomicImpl[T number](name string, k kind) atomicFn[T] {
	size := k.size()
	switch name {
	case "AtomicAdd":
		if k.isInt() {
			if size == 4 {
				return func(p unsafe.Pointer, v, _ T) T {
					return fromBits[T](uint64(atomic.AddUint32((*uint32)(p), uint32(toBits(v))))) - v
				}
			}
			return func(p unsafe.Pointer, v, _ T) T {
				return fromBits[T](atomic.AddUint64((*uint64)(p), toBits(v))) - v
			}
		}
		return func(p unsafe.Pointer, v, _ T) T {
			return casLoop(p, size, func(old T) T { return old + v })
		}
	case "AtomicMax":
		return func(p unsafe.Pointer, v, _ T) T {
			return casLoop(p, size, func(old T) T { return max(old, v) })
		}
	case "AtomicMin":
		return func(p unsafe.Pointer, v, _ T) T {
			return casLoop(p, size, func(old T) T { return min(old, v) })
		}
	case "AtomicExch":
		if size == 4 {
			return func(p unsafe.Pointer, v, _ T) T {
				return fromBits[T](uint64(atomic.SwapUint32((*uint32)(p), uint32(toBits(v)))))
			}
		}
		return func(p unsafe.Pointer, v, _ T) T {
			return fromBits[T](atomic.SwapUint64((*uint64)(p), toBits(v)))
		}
	case "AtomicCAS":
		// v is the expected old value, w the new one; floats compare bitwise.
		if size == 4 {
			return func(p unsafe.Pointer, v, w T) T {
				ob, nb := uint32(toBits(v)), uint32(toBits(w))
				for {
					cur := atomic.LoadUint32((*uint32)(p))
					if cur != ob || atomic.CompareAndSwapUint32((*uint32)(p), ob, nb) {
						return fromBits[T](uint64(cur))
					}
				}
			}
		}
		return func(p unsafe.Pointer, v, w T) T {
			ob, nb := toBits(v), toBits(w)
			for {
				cur := atomic.LoadUint64((*uint64)(p))
				if cur != ob || atomic.CompareAndSwapUint64((*uint64)(p), ob, nb) {
					return fromBits[T](cur)
				}
			}
		}
	case "AtomicLoad":
		return func(p unsafe.Pointer, _, _ T) T { return fromBits[T](readBits(p, size)) }
	case "AtomicStore":
		return func(p unsafe.Pointer, v, _ T) T { writeBits(p, size, toBits(v)); return v }
	case "AtomicAnd":
		if size == 4 {
			return func(p unsafe.Pointer, v, _ T) T {
				return fromBits[T](uint64(atomic.AndUint32((*uint32)(p), uint32(toBits(v)))))
			}
		}
		return func(p unsafe.Pointer, v, _ T) T {
			return fromBits[T](atomic.AndUint64((*uint64)(p), toBits(v)))
		}
	case "AtomicOr":
		if size == 4 {
			return func(p unsafe.Pointer, v, _ T) T {
				return fromBits[T](uint64(atomic.OrUint32((*uint32)(p), uint32(toBits(v)))))
			}
		}
		return func(p unsafe.Pointer, v, _ T) T {
			return fromBits[T](atomic.OrUint64((*uint64)(p), toBits(v)))
		}
	case "AtomicXor":
		return func(p unsafe.Pointer, v, _ T) T {
			return casLoop(p, size, func(old T) T { return fromBits[T](toBits(old) ^ toBits(v)) })
		}
	}
	return nil
}
