package interp

import (
	"fmt"
	"reflect"
)

// peerbook patch 180 (call depth): an interpreted call takes from several hundred bytes to
// a few kilobytes of the Go stack (a compiled Go call, tens of bytes), so a recursion that
// go run runs easily overflowed the evaluator's goroutine stack: a fatal error no recover
// catches, ending the process and the session's state with it. A frame now knows how many
// interpreted calls are nested under it on its goroutine and about how much of the
// goroutine's stack they take (frame.depth, frame.stack: counted by call for the functions
// it calls directly, and by the wrappers of methods and function values made where they
// are called), and a call past the interpreter's bound (SetCallStackLimit) does not run:
// the interpreter's hook (SetCallDepthHook) has the program stopped, as a Go program ends
// at a stack overflow (every interpreted frame stops, none runs its deferred calls), and
// the host reports the error; without a hook, or when the hook can't stop the program, the
// call panics with the CallDepthExceeded, which unwinds as a ProgramExit (no deferred call
// runs, no recover stops it). Calls of function literals start counting again from their
// own frame: their caller is not known there.

// The stack an interpreted call is taken to use, measured with Go 1.26 on amd64 (the
// deepest recursion that ran on a 32 MB stack): about 770 bytes for a direct call of a
// declared function, 4,050 for a method or function value called through its wrapper.
const (
	directCallStack  = 1024
	wrapperCallStack = 5120
)

// SetCallStackLimit bounds the stack that the nested interpreted calls of a goroutine of
// this interpreter are taken to use, in bytes (0, the default: no bound).
func (interp *Interpreter) SetCallStackLimit(bytes int64) { interp.callStackLimit.Store(bytes) }

// CallDepthExceeded is the error of a call nested past the interpreter's bound
// (SetCallStackLimit): the interpreted program's stack overflow. As a panic value it
// unwinds as a ProgramExit.
type CallDepthExceeded struct {
	Calls int    // the calls nested, the one past the bound included
	Limit int64  // the bound, in bytes
	Func  string // the function called past it
}

// Error names the limit.
func (e CallDepthExceeded) Error() string {
	return fmt.Sprintf("stack overflow: the call of %s went %d interpreted calls deep, past the %d MB of stack this interpreter gives a goroutine's calls",
		e.Func, e.Calls, e.Limit>>20)
}

// PeerbookProgramExit makes CallDepthExceeded a ProgramExit.
func (CallDepthExceeded) PeerbookProgramExit() {}

// SetCallDepthHook sets what a call past SetCallStackLimit's bound calls, on the goroutine
// that made it. The hook returns true when it has the program stopped as a cancelled
// ExecuteWithContext stops it (the call then waits for the stop and returns without
// running), false when it can't (the call then panics with e).
func (interp *Interpreter) SetCallDepthHook(hook func(e CallDepthExceeded) bool) {
	interp.callDepthHook.Store(&hook)
}

// nest counts the call that made frame callee from frame caller, costing cost bytes of
// stack, and reports whether it passes the bound.
func (interp *Interpreter) nest(caller, callee *frame, cost int64) bool {
	callee.depth = caller.depth + 1
	callee.stack = caller.stack + cost
	limit := interp.callStackLimit.Load()
	return limit > 0 && callee.stack > limit
}

// callDepthExceeded ends the call of def that made frame fr past the bound: it returns once
// the program is stopped, or panics.
func (interp *Interpreter) callDepthExceeded(def *node, fr *frame) {
	e := CallDepthExceeded{Calls: int(fr.depth), Limit: interp.callStackLimit.Load(), Func: "a function literal"}
	if def != nil && len(def.child) > 1 && def.child[1] != nil && def.child[1].ident != "" {
		e.Func = def.child[1].ident
	}
	if hook := interp.callDepthHook.Load(); hook != nil && *hook != nil {
		interp.mutex.RLock()
		done := interp.done
		interp.mutex.RUnlock()
		if done != nil && (*hook)(e) {
			<-done
			return
		}
	}
	panic(e)
}

// zeroResults returns the zero results of a function of type t.
func zeroResults(t reflect.Type) []reflect.Value {
	out := make([]reflect.Value, t.NumOut())
	for i := range out {
		out[i] = reflect.Zero(t.Out(i))
	}
	return out
}
