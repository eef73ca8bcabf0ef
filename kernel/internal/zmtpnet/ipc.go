package zmtpnet

import (
	"fmt"
	"net"
	"os"
	"path/filepath"
	"sync"
)

// listenUnix listens on a Unix socket at path that only this user may connect to (mode
// 0600, whatever the umask): the socket is made in a new folder of its own (0700) beside
// path, its mode set there, and then linked to path, which must not exist (as bind
// requires). At no moment can another user reach it. Close removes path.
func listenUnix(path string) (net.Listener, error) {
	dir, err := os.MkdirTemp(filepath.Dir(path), ".pb")
	if err != nil {
		return nil, fmt.Errorf("zmtpnet: listen on %s: %w", path, err)
	}
	defer os.RemoveAll(dir)
	tmp := filepath.Join(dir, "s")
	l, err := net.ListenUnix("unix", &net.UnixAddr{Name: tmp, Net: "unix"})
	if err != nil {
		return nil, fmt.Errorf("zmtpnet: listen on %s: %w", path, err)
	}
	l.SetUnlinkOnClose(false)
	if err := os.Chmod(tmp, 0o600); err != nil {
		l.Close()
		return nil, fmt.Errorf("zmtpnet: listen on %s: %w", path, err)
	}
	if err := os.Link(tmp, path); err != nil {
		l.Close()
		return nil, fmt.Errorf("zmtpnet: listen on %s: %w", path, err)
	}
	return &unixListener{UnixListener: l, path: path}, nil
}

// unixListener is a Unix socket listener at path (see listenUnix).
type unixListener struct {
	*net.UnixListener
	path string
	once sync.Once
}

// Addr is the socket's path.
func (u *unixListener) Addr() net.Addr { return &net.UnixAddr{Name: u.path, Net: "unix"} }

// Close stops listening and removes the socket's path.
func (u *unixListener) Close() error {
	err := u.UnixListener.Close()
	u.once.Do(func() { os.Remove(u.path) })
	return err
}
