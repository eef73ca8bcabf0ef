//go:build !linux

package kernel

// becomeSubreaper is Linux's only: elsewhere processes whose parent died go to init, and
// the kernel ends only the process groups it knows of.
func becomeSubreaper() bool { return false }

// procState is 0 where /proc/PID/stat does not exist: no liveness check.
func procState(pid int) byte { return 0 }

// endOrphans is a no-op without a subreaper.
func endOrphans(keep func(pid int) bool) int { return 0 }

// reapZombies is a no-op without a subreaper.
func reapZombies(keep func(pid int) bool) {}
