//go:build !linux

package gpu

import "time"

// hostClockName names the clock hostClock reads.
const hostClockName = "the wall clock"

// hostClock reads the wall clock in nanoseconds (CLOCK_MONOTONIC on Linux).
func hostClock() int64 { return time.Now().UnixNano() }
