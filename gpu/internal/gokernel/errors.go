package gokernel

import (
	"errors"
	"fmt"

	"github.com/peerbook/peerbook/gpu/internal/srcerr"
)

// ErrInterrupted is wrapped by the error of a kernel run that stopped because its done
// channel was closed.
var ErrInterrupted = errors.New("kernel interrupted")

// Error is one problem found in a kernel's source, at a position of the cell.
type Error = srcerr.Error

// ErrorList is every problem found in a definition, in source order.
type ErrorList = srcerr.ErrorList

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
