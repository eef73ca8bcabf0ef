package interp

import "reflect"

// peerbook patch 265 (recover in a cell's top-level deferred calls). peerbook runs each
// top-level statement of a cell as a program of its own, so a defer statement at a
// cell's top level registers its call with the session (eval/celldefer.go, deferWrapper:
// `_pbs.Defer(serial, func() { CALL })`), which calls it when the cell ends. Called
// from compiled code after the statement that panicked had ended, the call had no frame
// whose panic recover() could take: `defer func() { fmt.Println(recover()) }(); panic(1)`
// printed <nil> and the cell failed with the panic, where a function stops it.
//
// CallDeferred now calls the registered calls as the deferred calls of a frame that
// panics with the statement's panic, and the literal registered for a defer statement
// (isCellDeferred) hands that frame on to the call it stands for, as the rewriter's
// literals for method calls do (patch 221): recover() in a deferred literal, function,
// method or closure stops the panic as in a function.

// cellDeferPackage and cellDeferFunc name the function a cell's top-level defer
// statement registers its call with: peerbook's bridge package as cells import it
// (eval/bridge.go, rtName).
const (
	cellDeferPackage = "_pbs"
	cellDeferFunc    = "Defer"
	cellDeferCallee  = "_pbf" // the variable holding a deferred function value
)

// isCellDeferred reports whether def is the function literal registered for a defer
// statement at a cell's top level: `_pbs.Defer(serial, func() { CALL })`, CALL a call of
// the function value bound to _pbf or of a selector (a method, a field, a package's
// function). A call of a builtin is not handed the frame: `defer recover()` recovers
// nothing, as in Go.
func isCellDeferred(def *node) bool {
	if def == nil || def.kind != funcLit || len(def.child) < 4 {
		return false
	}
	reg := def.anc
	if reg == nil || reg.kind != callExpr || len(reg.child) == 0 {
		return false
	}
	sel := reg.child[0]
	if sel.kind != selectorExpr || len(sel.child) != 2 ||
		sel.child[0].ident != cellDeferPackage || sel.child[1].ident != cellDeferFunc {
		return false
	}
	call := forwardedCall(def)
	if call == nil {
		return false
	}
	switch c := call.child[0]; c.kind {
	case identExpr:
		return c.ident == cellDeferCallee
	case selectorExpr:
		return true
	}
	return false
}

// forwardedCall returns the one call of the body of the function literal def (an
// expression statement or a return's), nil when the body is something else.
func forwardedCall(def *node) *node {
	body := def.child[3]
	if body == nil || len(body.child) != 1 {
		return nil
	}
	s := body.child[0]
	if s.kind == returnStmt || s.kind == exprStmt {
		if len(s.child) != 1 {
			return nil
		}
		s = s.child[0]
	}
	if s.kind != callExpr || len(s.child) == 0 {
		return nil
	}
	return s
}

// isForwardedCall reports whether the call n is the one call of a literal that hands its
// deferOf on (isRecoverForwarder): a function value it calls is called as that frame's
// deferred call.
func isForwardedCall(n *node) bool {
	for a := n.anc; a != nil; a = a.anc {
		if a.kind == funcLit || a.kind == funcDecl {
			return a.kind == funcLit && isRecoverForwarder(a) && forwardedCall(a) == n
		}
	}
	return false
}

// CallDeferred calls calls, last first, as the deferred calls of a function that is
// panicking with p when panicking is true (p must then not be nil), or that ends without
// a panic: a recover() in a call stops the panic, a call that panics replaces it, as in
// Go. It returns the panic left when they have run (left, still true: none stopped it),
// and whether a call panicked (replaced: left is that call's panic, or os.Exit's). An
// os.Exit or an interrupt in a call stops the calls after it.
func (interp *Interpreter) CallDeferred(calls []func(), p any, panicking bool) (left any, still, replaced bool) {
	a := newFrame(nil, 0, interp.runid())
	if panicking {
		a.recovered = p
	}
	for i := len(calls) - 1; i >= 0; i-- {
		a.mutex.RLock()
		stop := isProgramExit(a.recovered)
		a.mutex.RUnlock()
		if stop || a.runid() != interp.runid() {
			break
		}
		if calls[i] == nil {
			continue
		}
		fv := deferredClosure(a, reflect.ValueOf(calls[i]))
		func() {
			defer func() {
				if r := recover(); r != nil {
					a.mutex.Lock()
					a.recovered = cellNamedPanic(r)
					a.mutex.Unlock()
					replaced = true
				}
			}()
			fv.Call(nil)
		}()
	}
	a.mutex.RLock()
	defer a.mutex.RUnlock()
	return a.recovered, a.recovered != nil, replaced
}

// peerbook patch 266 (recover in a method deferred through a compiled value). A method
// called on a value of compiled type, which hands the call on to an interpreted
// function, ran that function outside the deferring frame: peerbook boxes a cell's
// error values in a compiled type (eval/internal/rewrite/rt, BoxError), so `var e error
// = T{}; defer e.Error()` with Error calling recover() printed <nil> and the panic went
// on. A compiled value that knows the interpreted function standing for its method
// (deferredMethoder) now has it called instead, as the deferring frame's deferred call.

// deferredMethoder is a compiled value that names the interpreted function to call for
// a deferred call of its method name, and the receiver to pass it (peerbook's boxed
// errors: rt.boxedError).
type deferredMethoder interface {
	PeerbookDeferredMethod(name string) (fn, recv reflect.Value, ok bool)
}

// genDeferredMethodValue returns the function to call for the method call c0 of a
// compiled value (value gives the method value), as the one call of a literal that
// hands a deferred call's frame on (isForwardedCall): when the frame is a deferred
// call's and the receiver is a deferredMethoder, its function, called as that
// frame's deferred call, with the receiver it gives.
func genDeferredMethodValue(c0 *node, value func(*frame) reflect.Value) func(*frame) reflect.Value {
	if c0.kind != selectorExpr || len(c0.child) != 2 {
		return value
	}
	recv := genValue(c0.child[0])
	name := c0.child[1].ident
	return func(f *frame) reflect.Value {
		v := value(f)
		if f.deferOf == nil || v.Kind() != reflect.Func {
			return v
		}
		r := recv(f)
		for r.IsValid() && r.Kind() == reflect.Interface && !r.IsNil() {
			r = r.Elem()
		}
		if !r.IsValid() || !r.CanInterface() {
			return v
		}
		d, ok := r.Interface().(deferredMethoder)
		if !ok {
			return v
		}
		fn, rv, ok := d.PeerbookDeferredMethod(name)
		if !ok || fn.Type().NumIn() != 1+v.Type().NumIn() || fn.Type().NumOut() != v.Type().NumOut() {
			return v
		}
		call := deferredClosure(f.deferOf, fn)
		return reflect.MakeFunc(v.Type(), func(in []reflect.Value) []reflect.Value {
			return call.Call(append([]reflect.Value{rv}, in...))
		})
	}
}
