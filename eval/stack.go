package eval

import (
	"runtime/debug"
	"sync/atomic"
)

// callStackShare is the share of a goroutine's stack limit that its nested interpreted
// calls may use (yaegi patch 173 reads the stack in use where it can, patch 180 estimates
// it elsewhere): the rest is a margin for the estimate and for the stop.
const callStackShare = 0.75

// callStackLimit is the bound of the sessions made from now on (SetStackLimit); 0:
// derived from the process's stack limit when a session starts.
var callStackLimit atomic.Int64

// SetStackLimit bounds the stack of every goroutine of this process to bytes
// (runtime/debug.SetMaxStack) and the nested interpreted calls of the sessions made from
// now on to what fits in it: a recursion deeper than that ends its cell with a
// StackOverflow error that names the limit, where the stack's overflow would end the
// process (a fatal error no recover catches) and the session's state with it (yaegi patches
// 180, 172 and 173).
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
