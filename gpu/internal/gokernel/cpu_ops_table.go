package gokernel

import (
	"unsafe"
)

// placeKind says where an assignable location lives.
type placeKind uint8

const (
	plLocal  placeKind = iota // a scalar slot (or the first slot of an array)
	plArray                   // an element of a local array at a run-time offset
	plBuffer                  // a buffer or shared-memory element
)

// place is an assignable location.
type place struct {
	kind placeKind
	k    kind // scalar kind; kInvalid for an array-valued place
	n    int  // slots of the value
	slot int
	off  ev[int64] // plArray: checked slot offset from slot
	view int       // plBuffer: view index
	idx  ev[int64] // plBuffer: element index
	isx  int       // plBuffer: >= 0 when the index is a plain read of this slot
	peer bool
	size uintptr // plBuffer: element size
	pos  string
}

// scalarOps are the kind-specific constructors of loads, stores and calls.
type scalarOps interface {
	slot(k int) val
	load(pl *place) val
	store(pl *place, v val, next int) instr
	update(pl *place, tmp int, v val, next int) instr
	discard(v val, next int) instr
	toSlot(dst int, v val) func(fr, cf *frame)
	result(call func(fr *frame) *frame, slot int) val
}

type ops[T any] struct{ k kind }

var opsByKind = [...]scalarOps{
	kI8: ops[int8]{kI8}, kI16: ops[int16]{kI16}, kI32: ops[int32]{kI32}, kI64: ops[int64]{kI64},
	kU8: ops[uint8]{kU8}, kU16: ops[uint16]{kU16}, kU32: ops[uint32]{kU32}, kU64: ops[uint64]{kU64},
	kF32: ops[float32]{kF32}, kF64: ops[float64]{kF64}, kBool: ops[bool]{kBool},
}

func (o ops[T]) slot(k int) val { return slotVal[T](k, o.k) }

func (o ops[T]) load(pl *place) val {
	switch pl.kind {
	case plLocal:
		return slotVal[T](pl.slot, o.k)
	case plArray:
		base, off := pl.slot, pl.off
		return exprVal(ev[T](func(fr *frame) T {
			return *(*T)(unsafe.Pointer(&fr.v[base+int(off(fr))]))
		}), o.k)
	}
	view, idx, size, pos := pl.view, pl.idx, pl.size, pl.pos
	if pl.peer {
		return exprVal(ev[T](func(fr *frame) T {
			v := &fr.s[view]
			i := idx(fr)
			if uint64(i) >= uint64(v.n) {
				panicIndex(i, v.n, pos)
			}
			return peerLoad[T](fr.th, unsafe.Add(v.p, uintptr(i)*size), size)
		}), o.k)
	}
	if s := pl.isx; s >= 0 {
		return exprVal(ev[T](func(fr *frame) T {
			v := &fr.s[view]
			i := *(*int64)(unsafe.Pointer(&fr.v[s]))
			if uint64(i) >= uint64(v.n) {
				panicIndex(i, v.n, pos)
			}
			return *(*T)(unsafe.Add(v.p, uintptr(i)*size))
		}), o.k)
	}
	return exprVal(ev[T](func(fr *frame) T {
		v := &fr.s[view]
		i := idx(fr)
		if uint64(i) >= uint64(v.n) {
			panicIndex(i, v.n, pos)
		}
		return *(*T)(unsafe.Add(v.p, uintptr(i)*size))
	}), o.k)
}

func (o ops[T]) store(pl *place, v val, next int) instr {
	e := v.e.(ev[T])
	switch pl.kind {
	case plLocal:
		s := pl.slot
		return func(fr *frame) int {
			*(*T)(unsafe.Pointer(&fr.v[s])) = e(fr)
			return next
		}
	case plArray:
		base, off := pl.slot, pl.off
		return func(fr *frame) int {
			o := base + int(off(fr))
			*(*T)(unsafe.Pointer(&fr.v[o])) = e(fr)
			return next
		}
	}
	view, idx, size, pos := pl.view, pl.idx, pl.size, pl.pos
	if pl.peer {
		return func(fr *frame) int {
			i := idx(fr)
			x := e(fr)
			v := &fr.s[view]
			if uint64(i) >= uint64(v.n) {
				panicIndex(i, v.n, pos)
			}
			peerStore(fr.th, unsafe.Add(v.p, uintptr(i)*size), size, x)
			return next
		}
	}
	return func(fr *frame) int {
		i := idx(fr)
		x := e(fr)
		v := &fr.s[view]
		if uint64(i) >= uint64(v.n) {
			panicIndex(i, v.n, pos)
		}
		*(*T)(unsafe.Add(v.p, uintptr(i)*size)) = x
		return next
	}
}

// update stores v, computed from the place's old value that it first copies to slot tmp
// (x op= y, x++): the location is computed once.
func (o ops[T]) update(pl *place, tmp int, v val, next int) instr {
	e := v.e.(ev[T])
	switch pl.kind {
	case plLocal:
		s := pl.slot
		return func(fr *frame) int {
			*(*T)(unsafe.Pointer(&fr.v[tmp])) = *(*T)(unsafe.Pointer(&fr.v[s]))
			*(*T)(unsafe.Pointer(&fr.v[s])) = e(fr)
			return next
		}
	case plArray:
		base, off := pl.slot, pl.off
		return func(fr *frame) int {
			o := base + int(off(fr))
			*(*T)(unsafe.Pointer(&fr.v[tmp])) = *(*T)(unsafe.Pointer(&fr.v[o]))
			*(*T)(unsafe.Pointer(&fr.v[o])) = e(fr)
			return next
		}
	}
	view, idx, size, pos, peer := pl.view, pl.idx, pl.size, pl.pos, pl.peer
	return func(fr *frame) int {
		i := idx(fr)
		v := &fr.s[view]
		if uint64(i) >= uint64(v.n) {
			panicIndex(i, v.n, pos)
		}
		p := unsafe.Add(v.p, uintptr(i)*size)
		if peer {
			*(*T)(unsafe.Pointer(&fr.v[tmp])) = peerLoad[T](fr.th, p, size)
			peerStore(fr.th, p, size, e(fr))
		} else {
			*(*T)(unsafe.Pointer(&fr.v[tmp])) = *(*T)(p)
			*(*T)(p) = e(fr)
		}
		return next
	}
}

func (o ops[T]) discard(v val, next int) instr {
	e := v.e.(ev[T])
	return func(fr *frame) int {
		e(fr)
		return next
	}
}

func (o ops[T]) toSlot(dst int, v val) func(fr, cf *frame) {
	e := v.e.(ev[T])
	return func(fr, cf *frame) { *(*T)(unsafe.Pointer(&cf.v[dst])) = e(fr) }
}

func (o ops[T]) result(call func(fr *frame) *frame, slot int) val {
	return exprVal(ev[T](func(fr *frame) T {
		cf := call(fr)
		return *(*T)(unsafe.Pointer(&cf.v[slot]))
	}), o.k)
}

// numOps are the kind-specific atomics.
type numOps interface {
	atomic(name string, pl *place, args []val) val
}

type nops[T number] struct{ k kind }

var numOpsByKind = [...]numOps{
	kI32: nops[int32]{kI32}, kI64: nops[int64]{kI64}, kU32: nops[uint32]{kU32},
	kU64: nops[uint64]{kU64}, kF32: nops[float32]{kF32}, kF64: nops[float64]{kF64},
}

// atomic compiles gpu.AtomicX(&buf[i], args...). On a Peer buffer, a pending plain store
// of the thread to the same element goes out first, and an atomic after buffered stores
// marks them published (see cpu_memory.go).
func (o nops[T]) atomic(name string, pl *place, args []val) val {
	f := atomicImpl[T](name, o.k)
	var v, w ev[T]
	zero := ev[T](func(*frame) T { var z T; return z })
	v, w = zero, zero
	if len(args) > 0 {
		v = args[0].e.(ev[T])
	}
	if len(args) > 1 {
		w = args[1].e.(ev[T])
	}
	view, idx, size, pos, peer := pl.view, pl.idx, pl.size, pl.pos, pl.peer
	publishes := name != "AtomicLoad"
	return exprVal(ev[T](func(fr *frame) T {
		i := idx(fr)
		a, b := v(fr), w(fr)
		vw := &fr.s[view]
		if uint64(i) >= uint64(vw.n) {
			panicIndex(i, vw.n, pos)
		}
		p := unsafe.Add(vw.p, uintptr(i)*size)
		if peer && len(fr.th.sb.e) > 0 {
			sb := &fr.th.sb
			sb.flush(p)
			if len(sb.e) > 0 && publishes {
				sb.published = true
			}
		}
		return f(p, a, b)
	}), o.k)
}
