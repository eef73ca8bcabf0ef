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

	"github.com/peerbook/peerbook/eval/internal/namedpool"
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
	// Pool types (patch 53) are named as the cell types that hold them.
	return runtimeError{namedpool.Names(fmt.Sprintf(format, a...))}
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
			if err := indexError(int(vInt(operandValue(n.child[1])(f))), base.Len()); err != nil {
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

// indexError returns the runtime error of indexing a sequence of length n at i, raised
// by Go.
func indexError(i, n int) (err any) {
	defer func() { err = recover() }()
	_ = make([]struct{}, n)[i]
	return nil
}

// sliceError returns the runtime error of the slice expression n on base, raised by Go on
// a placeholder of the same length and capacity.
func sliceError(n *node, f *frame, base reflect.Value) (err any) {
	arg := func(i int) int { return int(vInt(operandValue(n.child[i])(f))) }
	length := base.Len()
	lo, hi, max, three := 0, length, 0, false
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
	defer func() { err = recover() }()
	switch {
	case base.Kind() == reflect.String || (base.Kind() == reflect.Array && !three):
		// Go reports the bounds of strings and arrays against their length.
		_ = strings.Repeat("\x00", length)[lo:hi]
	case three:
		s := make([]struct{}, length, base.Cap())
		_ = s[lo:hi:max]
	default:
		s := make([]struct{}, length, base.Cap())
		_ = s[lo:hi]
	}
	return nil
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
