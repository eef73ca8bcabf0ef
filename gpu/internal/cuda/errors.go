package cuda

import (
	"errors"
	"fmt"
	"strings"

	"github.com/peerbook/peerbook/gpu/internal/backend"
)

// Error is a failed CUDA driver call: which call, on which device, and the driver's name
// and text for the result code.
type Error struct {
	Op     string // "cuMemAlloc"
	Device int    // -1 where no device was involved
	Code   int    // the CUresult
	Name   string // "CUDA_ERROR_OUT_OF_MEMORY"
	Text   string // "out of memory"
}

func (e *Error) Error() string {
	where := ""
	if e.Device >= 0 {
		where = fmt.Sprintf(" on device %d", e.Device)
	}
	return fmt.Sprintf("%s%s: %s (%s)", e.Op, where, e.Text, e.Name)
}

// Unwrap lets errors.Is(err, backend.ErrOutOfMemory) see an out-of-memory result.
func (e *Error) Unwrap() error {
	if cuResult(e.Code) == cudaErrorOutOfMemory {
		return backend.ErrOutOfMemory
	}
	return nil
}

// ErrLost is wrapped by the errors of memory that a device reset after a fault destroyed.
var ErrLost = errors.New("memory was lost when its device was reset after a fault")

// ErrNeedsRestart is wrapped by the error of a GPU fault that left CUDA unusable in this
// process (the driver refused every way to rebuild the context), and by the error of every
// later call of the backend. Only a new process can use the GPU again: the evaluator should
// report the error and exit, so that the kernel starts a fresh one. It is
// backend.ErrNeedsRestart, so that code above the backends tests for it without naming CUDA.
var ErrNeedsRestart = backend.ErrNeedsRestart

// FaultError is a sticky fault (an illegal address in a kernel, a trap, ...). Either the
// device's context was destroyed and rebuilt (the allocations it held are gone; kernels
// compiled before stay usable, streams and events of the device are not), or the driver
// refused to rebuild it: then NeedsRestart is true, the error wraps ErrNeedsRestart, and
// every later call of the backend fails at once with a FaultError (Repeated) that says so.
type FaultError struct {
	Device     int
	DeviceName string
	Err        *Error           // the fault as the driver reported it
	Lost       []backend.Memory // the allocations the fault destroyed (marked lost)
	LostBytes  int64
	ResetErr   error // non-nil when the context could not be rebuilt
	// NeedsRestart: CUDA can't be used again in this process (the driver refused to
	// rebuild the context; its documentation says as much of sticky errors). Lost then
	// holds the allocations of every device.
	NeedsRestart bool
	// Repeated: another call met the same fault first (and rebuilt the context, or found
	// that it can't be); that call's error lists the allocations.
	Repeated bool
	// Recovery lists the steps tried to rebuild the context and what each gave, for logs.
	Recovery []string
}

func (e *FaultError) Error() string {
	var b strings.Builder
	fault := fmt.Sprintf("device %d (%s) faulted: %s (%s, reported by %s)", e.Device, e.DeviceName, e.Err.Text, e.Err.Name, e.Err.Op)
	if e.NeedsRestart {
		if e.Repeated {
			fmt.Fprintf(&b, "CUDA is unusable in this process since %s: the process must restart", fault)
			if len(e.Lost) > 0 {
				fmt.Fprintf(&b, " (%d allocation(s), %s, were lost)", len(e.Lost), backend.FormatBytes(uint64(e.LostBytes)))
			}
			return b.String()
		}
		b.WriteString(fault)
		b.WriteString("; the GPU fault left CUDA unusable in this process")
		if e.ResetErr != nil {
			fmt.Fprintf(&b, " (rebuilding the context failed: %v)", e.ResetErr)
		}
		b.WriteString(": the process must restart; lost: ")
		e.writeLost(&b)
		b.WriteString(", and every compiled module, stream and event (host-resident buffers keep their bytes)")
		return b.String()
	}
	b.WriteString(fault)
	if e.ResetErr != nil {
		fmt.Fprintf(&b, "; rebuilding its context failed: %v", e.ResetErr)
		return b.String()
	}
	if e.Repeated {
		b.WriteString("; its context was already rebuilt after this fault (allocations on it were lost)")
		return b.String()
	}
	b.WriteString("; its context was rebuilt")
	if len(e.Lost) == 0 {
		b.WriteString(", no allocations were lost")
		return b.String()
	}
	b.WriteString("; lost: ")
	e.writeLost(&b)
	b.WriteString("; streams and events of the device must be made again")
	return b.String()
}

// writeLost lists the lost allocations (the first 8).
func (e *FaultError) writeLost(b *strings.Builder) {
	if len(e.Lost) == 0 {
		b.WriteString("no allocations")
		return
	}
	fmt.Fprintf(b, "%d allocation(s) (%s):", len(e.Lost), backend.FormatBytes(uint64(e.LostBytes)))
	for i, m := range e.Lost {
		if i == 8 {
			fmt.Fprintf(b, " and %d more", len(e.Lost)-i)
			break
		}
		if i > 0 {
			b.WriteByte(',')
		}
		fmt.Fprintf(b, " %s", describeMemory(m))
	}
}

// Unwrap returns the driver's error, and ErrNeedsRestart where the process must restart.
func (e *FaultError) Unwrap() []error {
	if e.NeedsRestart {
		return []error{e.Err, ErrNeedsRestart}
	}
	return []error{e.Err}
}

// describeMemory names an allocation for messages: its address and size.
func describeMemory(m backend.Memory) string {
	if mm, ok := m.(*memory); ok {
		return fmt.Sprintf("%#x (%s)", mm.addr, backend.FormatBytes(uint64(mm.size)))
	}
	return fmt.Sprintf("%T (%s)", m, backend.FormatBytes(uint64(m.Size())))
}
