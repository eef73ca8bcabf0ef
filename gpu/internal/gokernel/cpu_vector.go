package gokernel

import (
	"go/ast"
	"unsafe"
)

// gpu.Load4 and gpu.Store4 on the simulator: four element accesses, checked as a whole
// before any of them (the CUDA translation checks the same way, then makes one vector
// access or four). On a Peer buffer they are four Peer loads or four buffered Peer stores,
// so the store-buffer model (cpu_memory.go) sees four element stores, as a GPU makes them.

// vecAccess is the buffer and index of a Load4 or Store4 call.
type vecAccess struct {
	view int
	idx  ev[int64]
	size uintptr
	peer bool
	pos  string
}

// vecAccess compiles the buffer and index of call.
func (f *fc) vecAccess(call *ast.CallExpr) vecAccess {
	xt := f.p.typeOf(call.Args[0])
	k := f.p.kindOf(sliceElem(xt))
	return vecAccess{view: f.views[f.p.varOf(call.Args[0])], idx: convert(f.expr(call.Args[1]), kI64).e.(ev[int64]),
		size: k.size(), peer: f.p.isPeer(xt), pos: f.pos(call)}
}

// check4 is Go's bounds check of x[i], x[i+1], x[i+2] and x[i+3] for a buffer of length n,
// failing with the first index out of range: i where i < 0, else max(i, n).
func check4(i int64, n int, pos string) {
	if i < 0 || i > int64(n)-4 {
		first := i
		if i >= 0 && i < int64(n) {
			first = int64(n)
		}
		panicIndex(first, n, pos)
	}
}

// load4 compiles gpu.Load4(x, i) to a function returning the four elements' slots.
func (f *fc) load4(call *ast.CallExpr) func(fr *frame) []uint64 {
	a := f.vecAccess(call)
	tmp := f.newSlots(4)
	view, idx, size, pos := a.view, a.idx, a.size, a.pos
	if a.peer {
		return func(fr *frame) []uint64 {
			i := idx(fr)
			v := &fr.s[view]
			check4(i, v.n, pos)
			p := unsafe.Add(v.p, uintptr(i)*size)
			for j := range 4 {
				fr.v[tmp+j] = peerLoad[uint64](fr.th, unsafe.Add(p, uintptr(j)*size), size)
			}
			return fr.v[tmp : tmp+4]
		}
	}
	read := plainLoad4ByWidth(size)
	return func(fr *frame) []uint64 {
		i := idx(fr)
		v := &fr.s[view]
		check4(i, v.n, pos)
		dst := fr.v[tmp : tmp+4]
		read(unsafe.Add(v.p, uintptr(i)*size), dst)
		return dst
	}
}

// store4 compiles the statement gpu.Store4(x, i, v): i, then v, then the check, as a Go
// call evaluates its arguments before its body runs.
func (f *fc) store4(call *ast.CallExpr) {
	a := f.vecAccess(call)
	src := f.arraySrc(call.Args[2])
	view, idx, size, pos, next := a.view, a.idx, a.size, a.pos, f.next()
	if a.peer {
		f.emit(func(fr *frame) int {
			i := idx(fr)
			s := src(fr)
			v := &fr.s[view]
			check4(i, v.n, pos)
			p := unsafe.Add(v.p, uintptr(i)*size)
			for j := range 4 {
				peerStore(fr.th, unsafe.Add(p, uintptr(j)*size), size, s[j])
			}
			return next
		})
		return
	}
	write := plainStore4ByWidth(size)
	f.emit(func(fr *frame) int {
		i := idx(fr)
		s := src(fr)
		v := &fr.s[view]
		check4(i, v.n, pos)
		write(unsafe.Add(v.p, uintptr(i)*size), s)
		return next
	})
}

// word is an element's bits, by width.
type word interface {
	~uint8 | ~uint16 | ~uint32 | ~uint64
}

// plainLoad4ByWidth returns a reader of four consecutive elements of size bytes into four
// slots (each element's bits in the slot's low bytes, as a slot of its kind holds it).
func plainLoad4ByWidth(size uintptr) func(p unsafe.Pointer, dst []uint64) {
	switch size {
	case 1:
		return plainLoad4[uint8]
	case 2:
		return plainLoad4[uint16]
	case 4:
		return plainLoad4[uint32]
	}
	return plainLoad4[uint64]
}

func plainLoad4[W word](p unsafe.Pointer, dst []uint64) {
	q := (*[4]W)(p)
	dst[0], dst[1], dst[2], dst[3] = uint64(q[0]), uint64(q[1]), uint64(q[2]), uint64(q[3])
}

// plainStore4ByWidth returns a writer of four slots to four consecutive elements of size
// bytes.
func plainStore4ByWidth(size uintptr) func(p unsafe.Pointer, src []uint64) {
	switch size {
	case 1:
		return plainStore4[uint8]
	case 2:
		return plainStore4[uint16]
	case 4:
		return plainStore4[uint32]
	}
	return plainStore4[uint64]
}

func plainStore4[W word](p unsafe.Pointer, src []uint64) {
	q := (*[4]W)(p)
	q[0], q[1], q[2], q[3] = W(src[0]), W(src[1]), W(src[2]), W(src[3])
}
