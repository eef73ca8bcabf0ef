package zmtpnet

import (
	"runtime/debug"
	"sync/atomic"
)

// trimEvery is how many closed connections (of all the Networks of the process) make the
// memory they used go back to the operating system. Go's runtime returns freed memory
// slowly, and an idle kernel collects no garbage for minutes: after a burst of thousands of
// connections closed, the process would keep their memory long after.
const trimEvery = 1024

var trimming atomic.Bool

// trimMemory collects garbage and returns free memory to the operating system, in the
// background, unless that is under way already.
func trimMemory() {
	if !trimming.CompareAndSwap(false, true) {
		return
	}
	go func() {
		defer trimming.Store(false)
		debug.FreeOSMemory()
	}()
}
