package interp

// Panics of interpreted index, slice, selector and conversion operations come from reflect
// ("reflect: slice index out of range"), where Go raises a runtime.Error with its own text
// ("runtime error: index out of range [5] with length 3"). guardRuntime wraps the exec of
// such nodes: a reflect panic becomes the runtime error compiled Go raises for the same
// operands, made by the Go runtime itself where it can be.

import (
	"fmt"
	"reflect"
	"strings"
)

// operandValue is genValue, set at init to break the initialization cycle through setExec.
var operandValue func(n *node) func(*frame) reflect.Value

func init() { operandValue = genValue }

// runtimeError is a runtime.Error with Go's message, for the cases no Go operation on
// placeholder operands reproduces.
type runtimeError struct{ msg string }

func (e runtimeError) Error() string { return e.msg }

// RuntimeError marks runtimeError as a runtime.Error.
func (runtimeError) RuntimeError() {}

// runtimeErrorf returns a runtimeError with the formatted message.
func runtimeErrorf(format string, a ...any) runtimeError {
	// Pool types (patch 53) are named as the cell types that hold them, struct types
	// by their identity tags (patch 120).
	return runtimeError{cellTypeNames(fmt.Sprintf(format, a...))}
}

// guardsRuntime reports whether the exec of n may panic in reflect where Go raises a
// runtime error.
func guardsRuntime(n *node) bool {
	switch n.kind {
	case indexExpr, sliceExpr, selectorExpr, starExpr, callExpr:
		return true
	case assignStmt:
		// *p = v: the store through a nil pointer.
		return len(n.child) == 2 && n.child[0].kind == starExpr
	}
	return false
}

// guardRuntime wraps exec, the code of n, so that a reflect panic becomes Go's runtime
// error.
func guardRuntime(n *node, exec bltn) bltn {
	return func(f *frame) (next bltn) {
		defer func() {
			if r := recover(); r != nil {
				panic(goRuntimeError(n, f, r))
			}
		}()
		return exec(f)
	}
}

// isReflectPanic reports whether r is a panic raised by package reflect.
func isReflectPanic(r any) bool {
	switch v := r.(type) {
	case *reflect.ValueError:
		return true
	case string:
		return strings.HasPrefix(v, "reflect")
	case error:
		return strings.HasPrefix(v.Error(), "reflect")
	}
	return false
}

// goRuntimeError returns the panic value Go raises where the reflect panic r happened in n;
// other panics are returned unchanged.
func goRuntimeError(n *node, f *frame, r any) (out any) {
	if err := sizeError(n, f, r); err != nil {
		return err
	}
	if !isReflectPanic(r) {
		return r
	}
	if n.kind != callExpr {
		// A zero Value is what a nil pointer gives on the way to a field or element.
		if ve, ok := r.(*reflect.ValueError); ok && ve.Kind == reflect.Invalid {
			return nilDereference()
		}
		if s, ok := r.(string); ok && strings.HasPrefix(s, "reflect: call of reflect.Value.") && strings.HasSuffix(s, "on zero Value") {
			return nilDereference()
		}
		// A method of a nil interface (an embedded interface field left nil: Go
		// dereferences the nil itab). peerbook patch 26.
		if s, ok := r.(string); ok && s == "reflect: Method on nil interface value" {
			return nilDereference()
		}
		// A field promoted through a nil embedded pointer (FieldByIndex).
		if s, ok := r.(string); ok && s == "reflect: indirection through nil pointer to embedded struct" {
			return nilDereference()
		}
	}
	defer func() {
		// Reading the operands again must not hide the panic: keep the original then.
		if recover() != nil {
			out = r
		}
	}()
	switch n.kind {
	case callExpr:
		if err := makeError(n, r); err != nil {
			return err
		}
		// A method promoted through a nil embedded pointer: the receiver's path.
		if len(n.child) > 0 && nilOnReceiverPath(n.child[0], f) {
			return nilDereference()
		}
		// Only a call of a nil func value: the callee's own panics pass through.
		if s, ok := r.(string); ok && strings.HasSuffix(s, "call of nil function") && len(n.child) > 0 {
			if fn := operandValue(n.child[0])(f); fn.Kind() == reflect.Func && fn.IsNil() {
				return nilDereference()
			}
		}
	case indexExpr:
		base := operand(n.child[0], f)
		if !base.IsValid() {
			return nilDereference()
		}
		switch base.Kind() {
		case reflect.Slice, reflect.Array, reflect.String:
			if err := indexError(operandValue(n.child[1])(f), base.Len()); err != nil {
				return err
			}
		}
	case sliceExpr:
		base := operand(n.child[0], f)
		if !base.IsValid() {
			return nilDereference()
		}
		if err := sliceError(n, f, base); err != nil {
			return err
		}
	}
	return r
}

// nilOnReceiverPath reports whether the receiver of the method value c is reached through
// a nil pointer to an embedded struct (the path yaegi's genValueRecv walks), or is a nil
// pointer at the end of the path while the method has a value receiver.
func nilOnReceiverPath(c *node, f *frame) bool {
	if c.recv == nil || c.recv.node == nil || len(c.recv.index) == 0 {
		return false
	}
	r := operandValue(c.recv.node)(f)
	for _, i := range c.recv.index {
		if r.Kind() == reflect.Interface {
			r = r.Elem()
		}
		if r.Kind() == reflect.Ptr {
			if r.IsNil() {
				return true
			}
			r = r.Elem()
		}
		if r.Kind() != reflect.Struct || i >= r.NumField() {
			return false
		}
		r = r.Field(i)
		if !r.CanInterface() {
			return false
		}
		if vi, ok := r.Interface().(valueInterface); ok {
			r = vi.value
		}
	}
	// A method with a value receiver reads the receiver through the last pointer too.
	return r.Kind() == reflect.Ptr && r.IsNil() && valueReceiver(c)
}

// valueReceiver reports whether c selects an interpreted method with a value receiver.
func valueReceiver(c *node) bool {
	m, ok := c.val.(*node)
	if !ok || m == nil || len(m.child) == 0 || len(m.child[0].child) == 0 {
		return false
	}
	rt := m.child[0].child[0].lastChild().typ
	return rt != nil && rt.cat != ptrT
}

// operand is the value of c in f, dereferenced when it is a pointer (to an array); the
// invalid Value for a nil pointer.
func operand(c *node, f *frame) reflect.Value {
	v := operandValue(c)(f)
	if v.Kind() == reflect.Interface {
		v = v.Elem()
	}
	if v.Kind() == reflect.Ptr {
		return v.Elem()
	}
	return v
}

// nilDereference returns the runtime error of a nil pointer dereference, raised by Go.
func nilDereference() (err any) {
	defer func() { err = recover() }()
	var p *struct{ x int }
	_ = p.x
	return nil
}

// A bound is an index or a slice bound as Go's bounds check sees it: its bits, and
// whether its operand is of an unsigned type (peerbook patch 81). The runtime prints an
// unsigned bound as unsigned: a uint64 of 1<<64-1 is [18446744073709551615], not [-1].
type bound struct {
	bits     uint64
	unsigned bool
}

// boundOf returns the bound of operand v.
func boundOf(v reflect.Value) bound {
	switch v.Kind() {
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		if vConstantValue(v) == nil {
			return bound{bits: v.Uint(), unsigned: true}
		}
	}
	return bound{bits: uint64(vInt(v))}
}

// boundInt is the type set of the placeholders' bounds: the runtime error of an
// expression on them is Go's for bounds of those signednesses.
type boundInt interface{ ~int | ~uint64 }

// boundKinds returns the index of the instance of a placeholder function for bounds bs: bit k
// set where bs[k] is unsigned.
func boundKinds(bs ...bound) int {
	k := 0
	for i, b := range bs {
		if b.unsigned {
			k |= 1 << i
		}
	}
	return k
}

func indexErrorOf[I boundInt](n int, i uint64) (err any) {
	defer func() { err = recover() }()
	_ = make([]struct{}, n)[I(i)]
	return nil
}

var indexFuncs = [2]func(n int, i uint64) any{indexErrorOf[int], indexErrorOf[uint64]}

func sliceErrorOf[L, H boundInt](n, c int, lo, hi uint64) (err any) {
	defer func() { err = recover() }()
	_ = make([]struct{}, n, c)[L(lo):H(hi)]
	return nil
}

var sliceFuncs = [4]func(n, c int, lo, hi uint64) any{
	sliceErrorOf[int, int], sliceErrorOf[uint64, int], sliceErrorOf[int, uint64], sliceErrorOf[uint64, uint64],
}

func stringSliceErrorOf[L, H boundInt](n int, lo, hi uint64) (err any) {
	defer func() { err = recover() }()
	_ = strings.Repeat("\x00", n)[L(lo):H(hi)]
	return nil
}

var stringSliceFuncs = [4]func(n int, lo, hi uint64) any{
	stringSliceErrorOf[int, int], stringSliceErrorOf[uint64, int], stringSliceErrorOf[int, uint64], stringSliceErrorOf[uint64, uint64],
}

func slice3ErrorOf[L, H, M boundInt](n, c int, lo, hi, max uint64) (err any) {
	defer func() { err = recover() }()
	_ = make([]struct{}, n, c)[L(lo):H(hi):M(max)]
	return nil
}

var slice3Funcs = [8]func(n, c int, lo, hi, max uint64) any{
	slice3ErrorOf[int, int, int], slice3ErrorOf[uint64, int, int], slice3ErrorOf[int, uint64, int], slice3ErrorOf[uint64, uint64, int],
	slice3ErrorOf[int, int, uint64], slice3ErrorOf[uint64, int, uint64], slice3ErrorOf[int, uint64, uint64], slice3ErrorOf[uint64, uint64, uint64],
}

// indexError returns the runtime error of indexing a sequence of length n with the
// operand i, raised by Go.
func indexError(i reflect.Value, n int) any {
	b := boundOf(i)
	return indexFuncs[boundKinds(b)](n, b.bits)
}

// sliceError returns the runtime error of the slice expression n on base, raised by Go on
// a placeholder of the same length and capacity, with bounds of the operands' signedness.
func sliceError(n *node, f *frame, base reflect.Value) any {
	arg := func(i int) bound { return boundOf(operandValue(n.child[i])(f)) }
	length := base.Len()
	lo, hi, max, three := bound{}, bound{bits: uint64(length)}, bound{}, false
	switch {
	case n.action == aSlice && len(n.child) == 2:
		lo = arg(1)
	case n.action == aSlice && len(n.child) == 3:
		lo, hi = arg(1), arg(2)
	case n.action == aSlice && len(n.child) == 4:
		lo, hi, max, three = arg(1), arg(2), arg(3), true
	case n.action == aSlice0 && len(n.child) == 2:
		hi = arg(1)
	case n.action == aSlice0 && len(n.child) == 3:
		hi, max, three = arg(1), arg(2), true
	}
	switch {
	case base.Kind() == reflect.String || (base.Kind() == reflect.Array && !three):
		// Go reports the bounds of strings and arrays against their length.
		return stringSliceFuncs[boundKinds(lo, hi)](length, lo.bits, hi.bits)
	case three:
		err := slice3Funcs[boundKinds(lo, hi, max)](length, base.Cap(), lo.bits, hi.bits, max.bits)
		if e, ok := err.(error); ok && base.Kind() == reflect.Array {
			// An array's capacity is its length, and Go names it so: "[::4] with
			// length 3" (peerbook patch 81).
			return runtimeError{strings.Replace(e.Error(), " with capacity ", " with length ", 1)}
		}
		return err
	default:
		return sliceFuncs[boundKinds(lo, hi)](length, base.Cap(), lo.bits, hi.bits)
	}
}

// convertError returns Go's runtime error for reflect's panic r in a conversion; other
// panics are returned unchanged.
func convertError(r any) any {
	if s, ok := r.(string); ok {
		const from = "reflect: cannot convert slice with length "
		if strings.HasPrefix(s, from) {
			// reflect: "... to array with length N"; Go: "... to array or pointer to array ...".
			rest := s[len(from):]
			if strings.Contains(rest, " to pointer to array with length ") {
				rest = strings.Replace(rest, " to pointer to array with length ", " to array or pointer to array with length ", 1)
			} else {
				rest = strings.Replace(rest, " to array with length ", " to array or pointer to array with length ", 1)
			}
			return runtimeError{"runtime error: cannot convert slice with length " + rest}
		}
	}
	return r
}

// makeError returns Go's runtime error for reflect's panic r in the builtin make (n) with
// a negative or too large length or capacity, raised by Go itself; nil for other panics.
func makeError(n *node, r any) (err any) {
	s, ok := r.(string)
	if !ok || len(n.child) == 0 || n.child[0].kind != identExpr || n.child[0].ident != "make" {
		return nil
	}
	neg := -1
	defer func() { err = recover() }()
	switch s {
	case "reflect.MakeSlice: negative len":
		_ = make([]struct{}, neg)
	case "reflect.MakeSlice: negative cap", "reflect.MakeSlice: len > cap":
		_ = make([]struct{}, 0, neg)
	case "reflect.MakeChan: negative buffer size":
		_ = make(chan struct{}, neg)
	}
	return nil
}

// maxAlloc is the runtime's largest allocation on 64-bit platforms (runtime.maxAlloc on
// linux/amd64 and the other 48-bit address spaces), past which make panics.
const maxAlloc = 1 << 48

// typeOfMade is (*itype).TypeOf, set at init: called straight from sizeError, which the
// code of every node may reach, it would close an initialization cycle through cfg.
var typeOfMade func(*itype) reflect.Type

func init() { typeOfMade = (*itype).TypeOf }

// sizeError returns Go's runtime error for the panic r of the builtin append or make (n)
// whose result would be too large, raised by Go itself; nil for other panics. peerbook
// patch 95: append past the largest length panicked with reflect's "reflect.Value.Grow:
// slice overflow", a string (Go: "growslice: len out of range", a runtime.Error), and
// make of a length too large to allocate with the runtime's "runtime: allocation size
// out of range" (Go: "makeslice: len out of range", or cap).
func sizeError(n *node, f *frame, r any) (err any) {
	if n.kind != callExpr || len(n.child) < 2 || n.child[0].kind != identExpr {
		return nil
	}
	switch n.child[0].ident {
	case "append":
		if s, ok := r.(string); !ok || s != "reflect.Value.Grow: slice overflow" {
			return nil
		}
		defer func() { err = recover() }()
		full := make([]struct{}, int(^uint(0)>>1))
		_ = append(full, struct{}{})
	case "make":
		e, ok := r.(error)
		if !ok || e.Error() != "runtime: allocation size out of range" || len(n.child) < 3 || n.child[1].typ == nil {
			return nil
		}
		t := typeOfMade(n.child[1].typ)
		if t == nil {
			return nil
		}
		neg := -1
		defer func() { err = recover() }()
		switch t.Kind() {
		case reflect.Chan:
			_ = make(chan struct{}, neg)
		case reflect.Slice:
			// As runtime.makeslice: the length's error when the length alone is too
			// large, else the capacity's.
			l := operandValue(n.child[2])(f)
			size := uint64(t.Elem().Size())
			var length uint64
			switch {
			case l.CanInt():
				length = uint64(l.Int())
			case l.CanUint():
				length = l.Uint()
			default:
				return nil
			}
			if size != 0 && (length > maxAlloc/size) {
				_ = make([]struct{}, neg)
			}
			_ = make([]struct{}, 0, neg)
		}
	}
	return nil
}

// genValueShift is genValueUint for the count of a shift: a negative count of a signed
// type panics with Go's runtime error, where its conversion to uint64 shifted everything
// out (1 << -1 gave 0 with status ok).
func genValueShift(n *node) func(*frame) (reflect.Value, uint64) {
	value := genValueUint(n)
	switch n.typ.TypeOf().Kind() {
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
	default:
		return value
	}
	return func(f *frame) (reflect.Value, uint64) {
		v, u := value(f)
		if v.Int() < 0 {
			panic(negativeShift())
		}
		return v, u
	}
}

// shiftSink keeps the shift in negativeShift from being optimized away.
var shiftSink int

// negativeShift returns the runtime error of a shift by a negative count, raised by Go.
func negativeShift() (err any) {
	defer func() { err = recover() }()
	n := -1
	shiftSink = 1 << n
	return nil
}

// nilValueReceiver is the runtime error of a value method called through a nil pointer
// that is not dereferenced where the call is written (through an interface holding a nil
// *T, a method value or expression of *T): Go's wrapper of the method panics with
// "value method main.T.F called using nil *T pointer" (peerbook patch 73; the receiver's
// copy panicked in reflect, "call of reflect.Value.Set on zero Value").
func nilValueReceiver(def *node) any {
	recv := def.typ.recv
	if recv == nil || recv.name == "" || len(def.child) < 2 {
		return nilDereference()
	}
	pkg := recv.path
	if pkg == "" {
		pkg = "main"
	}
	return runtimeErrorf("value method %s.%s.%s called using nil *%s pointer", pkg, recv.name, def.child[1].ident, recv.name)
}
