package cudatogo

// Translating CUDA C declarations (variables, arrays, shared memory, pointers) to Go.

import (
	"fmt"
)

// ---- declarations ----

// constInt evaluates an integer constant expression (an array size).
func (f *fgen) constInt(e expr, what string) int64 {
	var o operand
	pre := f.capture(func() { o = f.expr(e) })
	if o.cv == nil || len(pre) > 0 || !o.t.isArith() || o.t.kind == kFloat {
		f.fail(errUnsupported(e.pos(), what+" that is not an integer constant"))
	}
	v := o.cv.i
	if !o.t.signed && v < 0 {
		f.fail(errSource(e.pos(), "%s is too large", what))
	}
	return v
}

func (f *fgen) declare(d *varDecl) {
	switch {
	case d.static:
		f.fail(errUnsupported(d.p, "a static local variable"))
	case d.shared:
		f.declareShared(d)
		return
	case d.extern:
		f.fail(errUnsupported(d.p, "an extern declaration in a function"))
	case d.ptr:
		f.declarePointer(d)
		return
	case len(d.dims) > 0:
		f.declareArray(d)
		return
	}
	t := d.base
	var init *operand
	if d.init != nil {
		e := d.init
		if il, ok := e.(*initList); ok {
			switch len(il.elems) {
			case 0:
				e = nil
			case 1:
				e = il.elems[0]
				if _, nested := e.(*initList); nested {
					f.fail(errUnsupported(il.p, "nested braces around a scalar initializer"))
				}
			default:
				f.fail(errSource(il.p, "too many initializers for %s", d.name))
			}
		}
		if e != nil {
			o := f.expr(e)
			init = &o
		} else if t == nil {
			f.fail(errSource(d.p, "auto needs an initializer"))
		} else {
			zero := constOp(t, cval{})
			init = &zero
		}
	}
	if t == nil {
		if init == nil {
			f.fail(errSource(d.p, "auto needs an initializer"))
		}
		if init.t.isBuffer() || init.addr != nil {
			f.fail(errUnsupported(d.p, "an auto pointer variable (declare T* "+d.name+")"))
		}
		t = f.value(*init, d.p).t // auto keeps the value's exact type
	}
	if t == tVoid {
		f.fail(errSource(d.p, "variable %s has type void", d.name))
	}
	if !t.isArith() {
		f.fail(errUnsupported(d.p, "a local "+t.String()+" variable"))
	}
	v := &variable{name: d.name, goName: f.tr.goName(d.name), t: t, isConst: d.isConst, pos: d.p}
	if init != nil {
		c := f.conv(*init, t, d.p)
		init = &c
	}
	if d.isConst && init == nil {
		f.fail(errSource(d.p, "const variable %s needs an initializer", d.name))
	}
	if d.isConst && init.cv != nil {
		v.cv = init.cv
		f.scope.add(v)
		return
	}
	if init != nil {
		f.emit(d.p, "var "+v.goName+" "+t.goType()+" = "+init.code)
	} else {
		f.emit(d.p, "var "+v.goName+" "+t.goType())
	}
	f.emit(Pos{}, "_ = "+v.goName)
	f.scope.add(v)
}

func (f *fgen) declareArray(d *varDecl) {
	t := d.base
	if t == nil {
		f.fail(errSource(d.p, "an array can't be auto"))
	}
	if !t.isArith() {
		f.fail(errUnsupported(d.p, "an array of "+t.String()))
	}
	il, _ := d.init.(*initList)
	if d.init != nil && il == nil {
		if _, ok := d.init.(*stringLit); ok {
			f.fail(errUnsupported(d.p, "a string literal"))
		}
		f.fail(errSource(d.p, "an array is initialized with a braced list"))
	}
	dims := make([]int64, len(d.dims))
	for k, de := range d.dims {
		if de == nil {
			if il == nil {
				f.fail(errSource(d.p, "array %s needs a size", d.name))
			}
			dims[k] = int64(len(il.elems))
			continue
		}
		dims[k] = f.constInt(de, "an array size")
		if dims[k] <= 0 {
			f.fail(errSource(de.pos(), "array size must be positive"))
		}
	}
	at := t
	for k := len(dims) - 1; k >= 0; k-- {
		at = &ctype{kind: kArray, elem: at, n: dims[k]}
	}
	if at.n*int64(max(t.size, 1)) > 1<<20 {
		f.fail(errUnsupported(d.p, "a local array larger than 1 MiB"))
	}
	v := &variable{name: d.name, goName: f.tr.goName(d.name), t: at, isConst: d.isConst, pos: d.p}
	f.emit(d.p, "var "+v.goName+" "+at.goType())
	f.emit(Pos{}, "_ = "+v.goName)
	if il != nil {
		f.initArray(v.goName, at, il)
	}
	f.scope.add(v)
}

// initArray assigns a braced list's values to an array's elements.
func (f *fgen) initArray(code string, t *ctype, il *initList) {
	if int64(len(il.elems)) > t.n {
		f.fail(errSource(il.p, "too many initializers (the array has %d elements)", t.n))
	}
	for k, e := range il.elems {
		el := fmt.Sprintf("%s[%d]", code, k)
		if sub, ok := e.(*initList); ok {
			if t.elem.kind != kArray {
				f.fail(errUnsupported(sub.p, "braces around a scalar initializer"))
			}
			f.initArray(el, t.elem, sub)
			continue
		}
		if t.elem.kind == kArray {
			f.fail(errUnsupported(e.pos(), "initializing a multi-dimensional array without inner braces"))
		}
		v := f.conv(f.expr(e), t.elem, e.pos())
		if v.cv != nil && v.cv.i == 0 && v.cv.f == 0 {
			continue // arrays start zeroed
		}
		f.emit(e.pos(), el+" = "+v.code)
	}
}

func (f *fgen) declareShared(d *varDecl) {
	if !f.fn.global {
		f.fail(errUnsupported(d.p, "a __shared__ variable in a __device__ function (declare it in the kernel and pass it)"))
	}
	if d.init != nil {
		f.fail(errSource(d.p, "a __shared__ variable can't have an initializer"))
	}
	if d.ptr {
		f.fail(errUnsupported(d.p, "a __shared__ pointer"))
	}
	t := d.base
	if t == nil || !t.isArith() || t.kind == kBool {
		name := "auto"
		if t != nil {
			name = t.String()
		}
		f.fail(errUnsupported(d.p, "__shared__ memory of type "+name))
	}
	v := &variable{name: d.name, t: t, elem: t, storage: storeShared, pos: d.p}
	switch {
	case d.extern:
		if len(d.dims) != 1 || d.dims[0] != nil {
			f.fail(errUnsupported(d.p, "extern __shared__ memory not declared as "+d.name+"[]"))
		}
		v.dynamic = true
		v.dims = []int64{0}
		v.t = &ctype{kind: kArray, elem: t}
	case len(d.dims) == 0:
		v.sharedScalar = true
		v.dims = []int64{1}
	default:
		for _, de := range d.dims {
			if de == nil {
				f.fail(errSource(d.p, "__shared__ array %s needs a size (or extern for dynamic shared memory)", d.name))
			}
			n := f.constInt(de, "a __shared__ array size")
			if n <= 0 {
				f.fail(errSource(de.pos(), "array size must be positive"))
			}
			v.dims = append(v.dims, n)
		}
		at := t
		for k := len(v.dims) - 1; k >= 0; k-- {
			at = &ctype{kind: kArray, elem: at, n: v.dims[k]}
		}
		v.t = at
	}
	name := f.tr.goName(d.name)
	if f.declNames[d.name] > 1 || f.goNames[name] > 0 {
		f.goNames[name]++
		name = fmt.Sprintf("%s%ssh%d", name, f.tr.prefix, f.goNames[name])
	}
	f.goNames[name]++
	v.goName = name
	f.shared = append(f.shared, v)
	f.scope.add(v)
}

// declarePointer declares `T* p = buf + i`: an offset into a buffer.
func (f *fgen) declarePointer(d *varDecl) {
	if d.init == nil || len(d.dims) > 0 {
		f.fail(errUnsupported(d.p, "a pointer variable without an initializer"))
	}
	if d.base == nil || !d.base.isArith() {
		f.fail(errUnsupported(d.p, "a pointer to this type"))
	}
	base, idx := f.pointee(d.init, d.p)
	if !sameGo(base.elem(), d.base) {
		f.fail(errUnsupported(d.p, fmt.Sprintf("pointing a %s* at %s elements", d.base, base.elem())))
	}
	if base.constElem() && !d.isConst {
		f.fail(errSource(d.p, "%s points at a read-only (const) buffer: declare it const %s*", d.name, d.base))
	}
	v := &variable{name: d.name, goName: f.tr.goName(d.name), storage: storePtr, ptrBase: base.v, pos: d.p,
		t: &ctype{kind: kPointer, elem: base.elem(), constElem: d.isConst || base.constElem()}}
	f.emit(d.p, "var "+v.goName+" int64 = "+idx)
	f.emit(Pos{}, "_ = "+v.goName)
	f.scope.add(v)
}

// pointee is what a pointer variable may point into.
type pointee struct {
	v *variable // a buffer parameter or shared memory
}

func (p pointee) elem() *ctype {
	if p.v.storage == storeShared {
		return p.v.elem
	}
	return p.v.t.elem
}

func (p pointee) constElem() bool { return p.v.storage != storeShared && p.v.t.constElem }

// pointee translates a pointer value: a buffer, shared memory, &buf[i], buf + i or another
// pointer variable (plus an offset). It returns the buffer and the element index (int64).
func (f *fgen) pointee(e expr, p Pos) (pointee, string) {
	if c, ok := e.(*call); ok && len(c.args) == 0 {
		if m, ok := c.fn.(*member); ok && (m.name == "data" || m.name == "begin") && !m.arrow {
			if b := f.expr(m.x); b.t.kind == kSlice && b.v != nil {
				return pointee{v: b.v}, "0"
			}
		}
	}
	o := f.expr(e)
	switch {
	case o.addr != nil:
		if o.addr.peer {
			f.fail(errSource(p, "the address of a Peer<T> element is a PeerPtr<T>, not a pointer"))
		}
		b := o.addr.base
		_, idx := splitElem(o.addr.elem)
		if b.storage == storePtr {
			b = b.ptrBase
		}
		if b == nil || b.storage != storeParam && b.storage != storeShared {
			f.fail(errUnsupported(p, "pointing into this"))
		}
		if b.storage == storeShared && !b.dynamic && len(b.dims) > 1 {
			f.fail(errUnsupported(p, "a pointer into a multi-dimensional __shared__ array"))
		}
		return pointee{v: b}, "int64(" + idx + ")"
	case o.v != nil && o.v.storage == storePtr:
		return pointee{v: o.v.ptrBase}, o.v.goName
	case o.t.kind == kPeer:
		f.fail(errSource(p, "a Peer<T> is not a pointer (index it, or use its elements' addresses in atomics)"))
	case o.t.kind == kSlice:
		f.fail(errSource(p, "a Slice<T> is not a pointer (use .data())"))
	case o.t.isBuffer() && o.v != nil:
		return pointee{v: o.v}, "0"
	case o.v != nil && o.v.storage == storeShared && len(o.shIdx) == 0 && len(o.v.dims) == 1 && !o.v.sharedScalar:
		return pointee{v: o.v}, "0"
	}
	f.fail(errUnsupported(p, "a pointer to this"))
	return pointee{}, ""
}

// assignPointer translates p = ..., p += n and p -= n on a pointer variable.
func (f *fgen) assignPointer(pv *variable, x *assign) {
	switch x.op {
	case "+=", "-=":
		n := f.conv(f.expr(x.r), tLLong, x.r.pos())
		f.emit(x.p, pv.goName+" "+x.op+" "+n.code)
	case "=":
		b, idx := f.pointee(x.r, x.p)
		if b.v != pv.ptrBase {
			f.fail(errUnsupported(x.p, "pointing "+pv.name+" into another buffer"))
		}
		f.emit(x.p, pv.goName+" = "+idx)
	default:
		f.fail(errSource(x.p, "invalid operator %s on a pointer", x.op))
	}
}
