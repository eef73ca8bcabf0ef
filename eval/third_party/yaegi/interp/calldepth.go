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
// runs, no recover stops it). Calls of function literals are counted too (patch 172,
// closure.go).

// The stack an interpreted call is taken to use, measured with Go 1.26 on amd64 (the
// deepest recursion that ran on a 32 MB stack): about 770 bytes for a direct call of a
// declared function, 1,190 for a direct call of a function literal's closure (patch
// 172), 4,050 for a method or function value called through its wrapper.
const (
	directCallStack  = 1024
	closureCallStack = 1536
	wrapperCallStack = 5120
)

// SetCallStackLimit bounds the stack that the nested interpreted calls of a goroutine of
// this interpreter are taken to use, in bytes (0, the default: no bound).
func (interp *Interpreter) SetCallStackLimit(bytes int64) { interp.callStackLimit.Store(bytes) }

// CallDepthExceeded is the error of a call nested past the interpreter's bound
// (SetCallStackLimit): the interpreted program's stack overflow. As a panic value it
// unwinds as a ProgramExit.
type CallDepthExceeded struct {
	Calls int    // the interpreted calls nested, the one past the bound included (as far as they are known)
	Limit int64  // the bound, in bytes
	Func  string // the function called past it
}

// Error names the limit.
func (e CallDepthExceeded) Error() string {
	deep := ""
	if e.Calls > 1 {
		deep = fmt.Sprintf(", %d interpreted calls deep,", e.Calls)
	}
	return fmt.Sprintf("stack overflow: the call of %s%s went past the %d MB of stack this interpreter gives a goroutine's calls",
		e.Func, deep, e.Limit>>20)
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

// nest counts the call that made frame callee from frame caller, taken to cost cost
// bytes of stack, and reports whether it passes the bound: the stack in use where it can
// be read (patch 173), else the estimate.
func (interp *Interpreter) nest(caller, callee *frame, cost int64) bool {
	callee.depth = caller.depth + 1
	callee.stack = caller.stack + cost
	limit := interp.callStackLimit.Load()
	if limit <= 0 {
		return false
	}
	if stackMeasured { // patch 173: the stack in use, read
		return int64(stackUsed()) > limit
	}
	return callee.stack > limit
}

// callDepthExceeded ends the call of def that made frame fr past the bound: it returns once
// the program is stopped, or panics.
func (interp *Interpreter) callDepthExceeded(def *node, fr *frame) {
	name := ""
	if def != nil && len(def.child) > 1 && def.child[1] != nil {
		name = def.child[1].ident
	}
	interp.callDepthExceededBy(name, fr)
}

// callDepthExceededBy is callDepthExceeded for a call of a function named name ("": a
// function literal not called by a name).
func (interp *Interpreter) callDepthExceededBy(name string, fr *frame) {
	e := CallDepthExceeded{Calls: int(fr.depth), Limit: interp.callStackLimit.Load(), Func: "a function literal"}
	if name != "" {
		e.Func = name
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

// stackUsedWorks reports whether stackUsed reads the stack in use: positive, below the
// largest stack Go allows, and growing by at least the frames of a nested call.
func stackUsedWorks() bool {
	outer := stackUsed()
	inner := stackUsedAfter(16)
	return outer > 0 && outer < 1<<31 && inner > outer+16*256 && inner < outer+1<<20
}

// stackUsedAfter returns stackUsed read n nested calls deeper, each with a 256-byte local.
//
//go:noinline
func stackUsedAfter(n int) uintptr {
	var pad [256]byte
	if n == 0 {
		return stackUsed() + uintptr(pad[0])
	}
	r := stackUsedAfter(n - 1)
	pad[n%256] = byte(r)
	return r + uintptr(pad[0]&0)
}
