package gpu

import (
	"syscall"
	"time"
	"unsafe"
)

// hostClockName names the clock hostClock reads.
const hostClockName = "CLOCK_MONOTONIC"

// hostClock reads CLOCK_MONOTONIC in nanoseconds: one clock for every process of a host
// (Go's own monotonic readings count from each process's start, so they can't be compared
// between processes). Where the call fails, the wall clock stands in.
func hostClock() int64 {
	var ts syscall.Timespec
	const clockMonotonic = 1
	if _, _, errno := syscall.Syscall(syscall.SYS_CLOCK_GETTIME, clockMonotonic, uintptr(unsafe.Pointer(&ts)), 0); errno != 0 {
		return time.Now().UnixNano()
	}
	return ts.Nano()
}
