//go:build linux || darwin || dragonfly || freebsd || netbsd || openbsd

package history

import (
	"os"
	"syscall"
)

// lock takes f's exclusive advisory lock (flock), waiting for other processes' turn.
func lock(f *os.File) error {
	for {
		err := syscall.Flock(int(f.Fd()), syscall.LOCK_EX)
		if err != syscall.EINTR {
			return err
		}
	}
}

// unlock releases f's lock.
func unlock(f *os.File) error { return syscall.Flock(int(f.Fd()), syscall.LOCK_UN) }

// locking says whether kernels sharing a history file exclude each other.
const locking = true
