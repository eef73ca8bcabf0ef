//go:build !linux

package proctree

import "errors"

// Proc is what /proc/PID/stat says of one process (Linux's only).
type Proc struct {
	PID, PPID int
	// State is the state letter: 'R', 'S', 'T' stopped, 't' traced, 'Z' zombie, ...
	State byte
}

// BecomeSubreaper fails: child subreapers are Linux's only; elsewhere processes whose
// parent died go to init.
func BecomeSubreaper() error {
	return errors.New("a child subreaper needs Linux (PR_SET_CHILD_SUBREAPER)")
}

// List lists nothing without /proc.
func List() []Proc { return nil }

// Read reports false without /proc.
func Read(pid int) (Proc, bool) { return Proc{}, false }

// State is 0 without /proc: no liveness check.
func State(pid int) byte { return 0 }

// Zombies finds none without /proc.
func Zombies(parent int) []int { return nil }

// Reap does nothing without /proc: nothing was found to reap.
func Reap(pid int) {}

// EndDescendants ends nothing without /proc.
func EndDescendants(keep func(pid int) bool) int { return 0 }
