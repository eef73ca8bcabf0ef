package rt

import (
	"reflect"
	"sync"
)

// Deferred calls of a boxed error's Error method. `var e error = T{}; defer e.Error()`
// calls Error through the box (BoxError), from compiled code, where a recover() in the
// method could not find the panic the deferring function runs its deferred calls for.
// The cell registers, for each of its types with an Error method, a function literal
// that calls the method on its parameter (RegisterDeferred), and the interpreter, at a
// deferred call of Error on a box, calls that literal instead, as the deferring frame's
// deferred call (yaegi patch 266, PeerbookDeferredMethod): the literal hands the frame
// on to the method, whose recover() then stops the panic, as in Go.

// deferredErrors holds the registered literals by registry key ("*" before the key for
// the pointer's).
var deferredErrors = struct {
	sync.RWMutex
	m map[string]reflect.Value
}{m: map[string]reflect.Value{}}

// RegisterDeferred records the functions that call the Error method of the session type
// name, on a value (vm) and on a pointer (pm), each a func of the receiver returning
// the method's string, or nil when the receiver has no Error method.
func RegisterDeferred(session, name string, vm, pm any) {
	deferredErrors.Lock()
	defer deferredErrors.Unlock()
	k := key(session, name)
	for i, f := range []any{vm, pm} {
		kk := k
		if i == 1 {
			kk = "*" + k
		}
		if fv := funcValue(f); fv.IsValid() {
			deferredErrors.m[kk] = fv
		} else {
			delete(deferredErrors.m, kk)
		}
	}
}

// PeerbookDeferredMethod returns the function the interpreter calls for a deferred call
// of the box's method name, and the receiver to pass it: the registered literal calling
// the value's Error method (see RegisterDeferred); ok is false for another method, or a
// type that registered none.
func (b boxedError) PeerbookDeferredMethod(name string) (fn, recv reflect.Value, ok bool) {
	if name != "Error" {
		return fn, recv, false
	}
	deferredErrors.RLock()
	fn = deferredErrors.m[b.key]
	deferredErrors.RUnlock()
	if !fn.IsValid() || fn.Type().NumIn() != 1 {
		return reflect.Value{}, recv, false
	}
	return fn, argFor(fn, b.v), true
}

// forgetDeferred drops the literals registered by the session whose keys start with
// prefix (see Forget): they are functions of its interpreter.
func forgetDeferred(prefix string) {
	deferredErrors.Lock()
	defer deferredErrors.Unlock()
	deleteSessionKeys(deferredErrors.m, prefix)
}
