//go:build !linux

package zmtpnet

import "syscall"

// unsentBytes is 0 where the unsent bytes of a socket can't be read: a Pub's pacing then
// counts its send queue alone.
func unsentBytes(rc syscall.RawConn) int64 { return 0 }

// unreadBytes is 0 where the unread bytes of a socket can't be read: a Port's Mark then
// counts what its connections have read.
func unreadBytes(rc syscall.RawConn) int64 { return 0 }
