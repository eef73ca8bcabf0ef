package eval

import (
	"runtime/debug"
	"sync/atomic"
)

// callStackShare is the share of a goroutine's stack limit that its nested interpreted
// calls may be taken to use (yaegi patch 180 estimates what each call takes): the rest is
// a margin for the estimate and for the compiled code the calls go through.
const callStackShare = 0.75

// callStackLimit is the bound of the sessions made from now on (SetStackLimit); 0:
// derived from the process's stack limit when a session starts.
var callStackLimit atomic.Int64

// SetStackLimit bounds the stack of every goroutine of this process to bytes
// (runtime/debug.SetMaxStack) and the nested interpreted calls of the sessions made from
// now on to what fits in it: a recursion deeper than that ends its cell with a
// StackOverflow error that names the limit, where the stack's overflow would end the
// process (a fatal error no recover catches) and the session's state with it (yaegi patch
// 180). Recursion through function literals is not counted and can still overflow the
// stack.
func SetStackLimit(bytes int) {
	debug.SetMaxStack(bytes)
	callStackLimit.Store(int64(float64(bytes) * callStackShare))
}

// sessionCallStackLimit is the bound of a new session: SetStackLimit's, or derived from the
// process's stack limit (a session made by a test or by a program other than the
// evaluator).
func sessionCallStackLimit() int64 {
	if n := callStackLimit.Load(); n > 0 {
		return n
	}
	limit := debug.SetMaxStack(1 << 30)
	debug.SetMaxStack(limit)
	return int64(float64(limit) * callStackShare)
}
