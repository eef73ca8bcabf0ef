package cuda

import (
	"errors"
	"fmt"
	"strings"

	"github.com/peerbook/peerbook/gpu/backend"
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

// FaultError is a sticky fault (an illegal address in a kernel, a trap, ...): the device's
// context was destroyed and rebuilt, and the allocations it held are gone. Kernels compiled
// before stay usable (they are loaded again); streams and events of the device are not.
type FaultError struct {
	Device     int
	DeviceName string
	Err        *Error           // the fault as the driver reported it
	Lost       []backend.Memory // the allocations the reset destroyed (marked lost)
	LostBytes  int64
	ResetErr   error // non-nil when the context could not be rebuilt
	// Repeated: another call met the same fault first and rebuilt the context; Lost is
	// empty here (that call's error lists the allocations).
	Repeated bool
}

func (e *FaultError) Error() string {
	var b strings.Builder
	fmt.Fprintf(&b, "device %d (%s) faulted: %s (%s, reported by %s)", e.Device, e.DeviceName, e.Err.Text, e.Err.Name, e.Err.Op)
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
	fmt.Fprintf(&b, " and %d allocation(s) on it were lost (%s):", len(e.Lost), formatBytes(uint64(e.LostBytes)))
	for i, m := range e.Lost {
		if i == 8 {
			fmt.Fprintf(&b, " and %d more", len(e.Lost)-i)
			break
		}
		if i > 0 {
			b.WriteByte(',')
		}
		fmt.Fprintf(&b, " %s", describeMemory(m))
	}
	b.WriteString("; streams and events of the device must be made again")
	return b.String()
}

// Unwrap returns the driver's error.
func (e *FaultError) Unwrap() error { return e.Err }

// describeMemory names an allocation for messages: its address and size.
func describeMemory(m backend.Memory) string {
	if mm, ok := m.(*memory); ok {
		return fmt.Sprintf("%#x (%s)", mm.addr, formatBytes(uint64(mm.size)))
	}
	return fmt.Sprintf("%T (%s)", m, formatBytes(uint64(m.Size())))
}

// formatBytes writes n in binary units ("1.5 GiB").
func formatBytes(n uint64) string {
	const unit = 1024
	if n < unit {
		return fmt.Sprintf("%d B", n)
	}
	div, exp := uint64(unit), 0
	for m := n / unit; m >= unit && exp < 5; m /= unit {
		div *= unit
		exp++
	}
	return fmt.Sprintf("%.1f %ciB", float64(n)/float64(div), "KMGTPE"[exp])
}
