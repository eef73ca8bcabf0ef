package gokernel

import (
	"errors"
	"fmt"
	"sort"
	"strings"
)

// ErrInterrupted is wrapped by the error of a kernel run that stopped because its done
// channel was closed.
var ErrInterrupted = errors.New("kernel interrupted")

// Error is one problem found in a kernel's source, at a position of the cell.
type Error struct {
	File      string
	Line, Col int
	Msg       string
}

// Error formats the problem as "file:line:col: message".
func (e *Error) Error() string {
	return fmt.Sprintf("%s:%d:%d: %s", e.File, e.Line, e.Col, e.Msg)
}

// ErrorList is every problem found in a definition, in source order.
type ErrorList []*Error

// Error returns the problems, one a line.
func (l ErrorList) Error() string {
	lines := make([]string, len(l))
	for i, e := range l {
		lines[i] = e.Error()
	}
	return strings.Join(lines, "\n")
}

// Unwrap returns the problems, for errors.As.
func (l ErrorList) Unwrap() []error {
	errs := make([]error, len(l))
	for i, e := range l {
		errs[i] = e
	}
	return errs
}

func (l ErrorList) sorted() ErrorList {
	sort.SliceStable(l, func(i, j int) bool {
		a, b := l[i], l[j]
		if a.File != b.File {
			return a.File < b.File
		}
		if a.Line != b.Line {
			return a.Line < b.Line
		}
		return a.Col < b.Col
	})
	// drop exact duplicates
	out := l[:0]
	for i, e := range l {
		if i > 0 && *e == *l[i-1] {
			continue
		}
		out = append(out, e)
	}
	return out
}

// PanicError is a kernel thread's run-time failure on the simulator (index out of range,
// integer division by zero, ...).
type PanicError struct {
	Kernel string
	Block  [3]int // blockIdx
	Thread [3]int // threadIdx
	Pos    string // "cell[3]:12:5", the expression that failed
	Msg    string // "index out of range [10] with length 10"
}

// Error names the kernel, block, thread and position.
func (e *PanicError) Error() string {
	return fmt.Sprintf("kernel %s panicked in block (%d,%d,%d) thread (%d,%d,%d) at %s: %s",
		e.Kernel, e.Block[0], e.Block[1], e.Block[2], e.Thread[0], e.Thread[1], e.Thread[2],
		e.Pos, e.Msg)
}
