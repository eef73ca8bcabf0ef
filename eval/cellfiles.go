package eval

import (
	"errors"
	"fmt"
	"os"
	"syscall"
)

// cellFiles are os.Stdout and os.Stderr as cells see them: each its own descriptor on the
// session's output pipe (a dup of it), so a cell that closes os.Stdout closes only its copy:
// the session's pipe and the interpreter's fmt.Print stay open. After each cell, a closed
// copy is replaced (and the cell is told), so later cells print again.
type cellFiles struct {
	stdout, stderr *os.File // the variables bound to os.Stdout and os.Stderr
}

// newCellFiles opens the cells' copies of the session's stdout and stderr pipes.
func newCellFiles(stdout, stderr *outStream) (*cellFiles, error) {
	out, err := dupFile(stdout.w, "stdout")
	if err != nil {
		return nil, err
	}
	errf, err := dupFile(stderr.w, "stderr")
	if err != nil {
		out.Close()
		return nil, err
	}
	return &cellFiles{stdout: out, stderr: errf}, nil
}

// dupFile returns a new *os.File on a duplicate of f's descriptor, closed on exec.
func dupFile(f *os.File, name string) (*os.File, error) {
	fd, err := syscall.Dup(int(f.Fd()))
	if err != nil {
		return nil, fmt.Errorf("eval: duplicate the %s pipe: %w", name, err)
	}
	syscall.CloseOnExec(fd)
	return os.NewFile(uintptr(fd), name), nil
}

// isClosed reports whether f was closed.
func isClosed(f *os.File) bool {
	_, err := f.Write(nil)
	return errors.Is(err, os.ErrClosed)
}

// repair replaces the copies a cell closed and returns a notice for each.
func (cf *cellFiles) repair(stdout, stderr *outStream) []string {
	var notes []string
	for _, v := range []struct {
		name string
		file **os.File
		pipe *outStream
	}{{"os.Stdout", &cf.stdout, stdout}, {"os.Stderr", &cf.stderr, stderr}} {
		if !isClosed(*v.file) {
			continue
		}
		f, err := dupFile(v.pipe.w, v.pipe.name)
		if err != nil {
			notes = append(notes, fmt.Sprintf("peerbook: the cell closed %s, and it could not be reopened: %v\n", v.name, err))
			continue
		}
		*v.file = f
		notes = append(notes, fmt.Sprintf("peerbook: the cell closed %s; it was reopened for the next cells\n", v.name))
	}
	return notes
}

// close closes the copies.
func (cf *cellFiles) close() {
	cf.stdout.Close()
	cf.stderr.Close()
}
