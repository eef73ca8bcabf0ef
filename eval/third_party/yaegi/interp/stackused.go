//go:build (linux && (amd64 || arm64)) || (darwin && arm64)

package interp

// peerbook patch 173 (stack measured): the nesting bound of patch 180 was an estimate, a
// fixed number of bytes per interpreted call, and the frames of compiled code between
// interpreted calls were not counted: a String method recursing through fmt.Sprint takes
// about 11 KB of stack per level where 5 KB was counted, and 100,000 levels (go run runs
// 300,000) overflowed the 1 GB stack and ended the process. Where the stack in use can be
// read (stackUsed, in assembly: the goroutine's stack top less its stack pointer), the
// bound is checked against it at every interpreted call; elsewhere, and if the reading
// fails its check at start-up, against the estimate.

// stackUsed returns the bytes of the calling goroutine's stack in use.
func stackUsed() uintptr

// stackMeasured reports whether stackUsed reads the stack: checked once, at start-up.
var stackMeasured = stackUsedWorks()
