//go:build !(linux || darwin || dragonfly || freebsd || netbsd || openbsd)

package history

import "os"

// lock does nothing here: without flock, kernels started at the same moment may share a
// session number, and a compaction may drop another kernel's latest cells.
func lock(f *os.File) error { return nil }

func unlock(f *os.File) error { return nil }

// locking says whether kernels sharing a history file exclude each other.
const locking = false
