package evaluator

import (
	"fmt"
	"os"
	"syscall"

	"github.com/peerbook/peerbook/internal/evalproto"
)

// channelFDMin is the lowest descriptor the evaluator moves its channels to: far from the
// numbers a cell would use or guess (3, 4), in the range Go's runtime opens up by raising
// the soft limit on open files to the hard one at start.
const channelFDMin = 1000

// moveHigh duplicates fd to the lowest free descriptor at or above channelFDMin (or, where
// the limit on open files forbids it, above 100), marked close-on-exec.
func moveHigh(fd int) (int, error) {
	for _, min := range []int{channelFDMin, 100} {
		r, _, errno := syscall.Syscall(syscall.SYS_FCNTL, uintptr(fd), syscall.F_DUPFD_CLOEXEC, uintptr(min))
		if errno == 0 {
			return int(r), nil
		}
		if errno != syscall.EINVAL && errno != syscall.EMFILE {
			return -1, fmt.Errorf("duplicate descriptor %d: %w", fd, errno)
		}
	}
	return -1, fmt.Errorf("duplicate descriptor %d: no free descriptor above 100", fd)
}

// channels moves the kernel's pipes (fd 3 and 4) and the evaluator's own copies of fd 1
// and 2 to high descriptors a cell does not reach by accident, closed on exec, and puts
// /dev/null on 3 and 4: a cell that closes or writes to "fd 4" changes nothing. A cell that
// finds the real descriptors can still break them; the kernel detects that (a line that is
// not an event, or the channel's end while the process lives) and says so.
func channels() (requests, events, stdout, stderr *os.File, err error) {
	var fds [4]int
	for i, fd := range []int{evalproto.RequestFD, evalproto.EventFD, 1, 2} {
		if fds[i], err = moveHigh(fd); err != nil {
			return nil, nil, nil, nil, err
		}
	}
	null, err := os.OpenFile(os.DevNull, os.O_RDWR, 0)
	if err != nil {
		return nil, nil, nil, nil, fmt.Errorf("open %s: %w", os.DevNull, err)
	}
	for _, fd := range []int{evalproto.RequestFD, evalproto.EventFD} {
		if err := syscall.Dup3(int(null.Fd()), fd, syscall.O_CLOEXEC); err != nil {
			null.Close()
			return nil, nil, nil, nil, fmt.Errorf("put %s on descriptor %d: %w", os.DevNull, fd, err)
		}
	}
	null.Close()
	return os.NewFile(uintptr(fds[0]), "requests"), os.NewFile(uintptr(fds[1]), "events"),
		os.NewFile(uintptr(fds[2]), "stdout"), os.NewFile(uintptr(fds[3]), "stderr"), nil
}

// stdioGuard puts the process's fd 1 and 2 back when a cell closed or replaced them, so
// that what compiled code and C libraries write, and the Go runtime's crash reports, still
// reach the kernel.
type stdioGuard struct {
	saved [2]*os.File // the pipes to the kernel, at high descriptors
	ids   [2][2]uint64
}

func newStdioGuard(stdout, stderr *os.File) *stdioGuard {
	g := &stdioGuard{saved: [2]*os.File{stdout, stderr}}
	for i, f := range g.saved {
		g.ids[i] = fileID(int(f.Fd()))
	}
	return g
}

// fileID is the device and inode of what fd refers to ({0, 0}: not open).
func fileID(fd int) [2]uint64 {
	var st syscall.Stat_t
	if syscall.Fstat(fd, &st) != nil {
		return [2]uint64{}
	}
	return [2]uint64{uint64(st.Dev), st.Ino}
}

// restore checks fd 1 and 2 and puts back what a cell changed; it returns a notice for
// each.
func (g *stdioGuard) restore() []string {
	var notes []string
	for i, name := range []string{"stdout", "stderr"} {
		fd := i + 1
		if fileID(fd) == g.ids[i] {
			continue
		}
		if err := syscall.Dup3(int(g.saved[i].Fd()), fd, 0); err != nil {
			notes = append(notes, fmt.Sprintf("peerbook: the cell closed or replaced file descriptor %d (%s), and it could not be restored: %v\n", fd, name, err))
			continue
		}
		notes = append(notes, fmt.Sprintf("peerbook: the cell closed or replaced file descriptor %d (%s); the kernel restored it\n", fd, name))
	}
	return notes
}
