package interp

import (
	"reflect"
	"strings"
	"sync"
	"weak"
)

// peerbook patch 221 (recover in deferred calls). In Go, recover() stops a panic when it
// is called directly by a deferred function. yaegi's recover read the panic from the
// frame its caller's frame descends from (frame.anc): the panicking frame only for a
// function deferred by name in it. A deferred function literal now runs on a copy of
// the frame made at the defer statement, as a function literal's value does (a loop's
// per-iteration variable read by `defer func() {...}()` was the last pass's: seed 7273
// of the random programs), so its frame descends from the copy; a closure deferred
// through a variable, from the frame it was made in; a method the rewriter's function
// literal calls (`defer t.M()` is rewritten to `defer func(r T) { r.M() }(t)`, and a
// method value t.M or expression T.M to such a literal too), from the literal's frame.
// Each got nil and the panic went on.
//
// Now a deferred call of an interpreted function (declared, a method, a literal, a
// closure held in a variable) runs on a frame whose deferOf is the frame of the defer
// statement, and recover() reads the panic there. A function literal the rewriter made
// to stand for a method call (isRecoverForwarder) passes its deferOf on to the method
// it calls: that method is what Go defers.

// recoverForwarderPrefix begins the names the rewriter gives its receiver parameters
// (_pb_recv, _pb_r, _pb_p0). A cell is not stopped from declaring such names: a cell's
// own literal of that exact shape, deferred, would pass recover on to the method too.
const recoverForwarderPrefix = "_pb_"

// recoverFrame returns the frame whose panic a recover() called in the frame f takes.
func recoverFrame(f *frame) *frame {
	if f.deferOf != nil {
		return f.deferOf
	}
	if a := f.anc; a != nil && a.forwarder && a.deferOf != nil {
		return a.deferOf
	}
	return f.anc
}

// isRecoverForwarder reports whether def is a function literal whose body is one call
// of a method on a parameter the rewriter named: `func(_pb_recv T, ...) {
// _pb_recv.M(...) }`, or `return _pb_r.M(...)`.
func isRecoverForwarder(def *node) bool {
	if isCellDeferred(def) { // peerbook patch 265
		return true
	}
	if def == nil || def.kind != funcLit || len(def.child) < 4 {
		return false
	}
	body := def.child[3]
	if body == nil || len(body.child) != 1 {
		return false
	}
	s := body.child[0]
	if s.kind == returnStmt || s.kind == exprStmt {
		if len(s.child) != 1 {
			return false
		}
		s = s.child[0]
	}
	if s.kind != callExpr || len(s.child) == 0 {
		return false
	}
	sel := s.child[0]
	if sel.kind != selectorExpr || len(sel.child) != 2 {
		return false
	}
	r := sel.child[0]
	return r.kind == identExpr && strings.HasPrefix(r.ident, recoverForwarderPrefix)
}

// markRecovers marks the function whose body holds the call of recover n (the nearest
// declaration or literal around it): its function values are registered, to be called
// as deferred calls when they are deferred (genFunctionWrapperMode). Registering every
// function value cost microseconds each (weak pointers).
func markRecovers(n *node) {
	for a := n.anc; a != nil; a = a.anc {
		if a.kind == funcDecl || a.kind == funcLit {
			a.recovers = true
			return
		}
	}
}

// deferredClosure returns the function value fv to store for a defer statement of the
// frame f: a closure made by a function literal, or a function or method value made by
// genFunctionWrapper of a function that calls recover() or stands for a method call, is
// called with its frame's deferOf set to f; any other value is returned as it is (its
// recover, if any, is not reached: a compiled function's).
func deferredClosure(f *frame, fv reflect.Value) reflect.Value {
	if c := closureOf(fv); c != nil {
		return reflect.MakeFunc(fv.Type(), func(in []reflect.Value) []reflect.Value {
			return c.callFrom(nil, f, in, "")
		})
	}
	if w := wrapperOf(fv); w != nil {
		return reflect.MakeFunc(fv.Type(), func(in []reflect.Value) []reflect.Value {
			return w.call(f, in)
		})
	}
	return fv
}

// funcWrapper is what a function value made by genFunctionWrapper runs: call, with the
// frame of the defer statement calling it (nil for another call).
type funcWrapper struct {
	call func(deferOf *frame, in []reflect.Value) []reflect.Value
}

// wrappers maps the function values made by genFunctionWrapper to their funcWrapper, as
// closures does for function literals (and weakly, for the same reasons).
var wrappers = struct {
	sync.RWMutex
	m     map[uintptr]wrapperEntry
	sweep int
}{m: map[uintptr]wrapperEntry{}, sweep: 1024}

// wrapperEntry is a function value (its object) and its funcWrapper, held weakly.
type wrapperEntry struct {
	fv weak.Pointer[byte]
	w  weak.Pointer[funcWrapper]
}

// registerWrapper records that the function value fv runs w; fv's implementation holds
// w.
func registerWrapper(fv reflect.Value, w *funcWrapper) {
	p := funcObject(fv)
	e := wrapperEntry{fv: weak.Make((*byte)(p)), w: weak.Make(w)}
	wrappers.Lock()
	defer wrappers.Unlock()
	wrappers.m[uintptr(p)] = e
	if len(wrappers.m) >= wrappers.sweep {
		for k, e := range wrappers.m {
			if e.fv.Value() == nil {
				delete(wrappers.m, k)
			}
		}
		wrappers.sweep = max(1024, 2*len(wrappers.m))
	}
}

// wrapperOf returns the funcWrapper that the function value fv runs, nil if
// genFunctionWrapper did not make it.
func wrapperOf(fv reflect.Value) *funcWrapper {
	if fv.Kind() != reflect.Func || fv.IsNil() || !fv.CanInterface() {
		return nil
	}
	p := funcObject(fv)
	wrappers.RLock()
	e, ok := wrappers.m[uintptr(p)]
	wrappers.RUnlock()
	if !ok || e.fv.Value() != (*byte)(p) {
		return nil
	}
	return e.w.Value()
}
