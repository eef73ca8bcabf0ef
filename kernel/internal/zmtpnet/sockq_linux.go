package zmtpnet

import (
	"syscall"
	"unsafe"
)

// unsentBytes is how many bytes written to the socket its peer has not acknowledged yet
// (SIOCOUTQ), or 0 when that can't be read.
func unsentBytes(rc syscall.RawConn) int64 {
	if rc == nil {
		return 0
	}
	var n int32
	rc.Control(func(fd uintptr) {
		if _, _, e := syscall.Syscall(syscall.SYS_IOCTL, fd, syscall.TIOCOUTQ, uintptr(unsafe.Pointer(&n))); e != 0 {
			n = 0
		}
	})
	return int64(n)
}

// unreadBytes is how many bytes the socket has received that nobody read yet (SIOCINQ, which is TIOCINQ),
// or 0 when that can't be read.
func unreadBytes(rc syscall.RawConn) int64 {
	if rc == nil {
		return 0
	}
	var n int32
	rc.Control(func(fd uintptr) {
		if _, _, e := syscall.Syscall(syscall.SYS_IOCTL, fd, syscall.TIOCINQ, uintptr(unsafe.Pointer(&n))); e != 0 {
			n = 0
		}
	})
	return int64(n)
}
