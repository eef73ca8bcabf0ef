// Package gpuctl is how the evaluator drives package gpu where cells must not: it gives the
// devices the running cell's interrupt, hands gpu the rank session's World, and asks
// whether a GPU fault left the process unable to use its devices.
//
// None of this is gpu's API. Cells see every exported name of gpu (through the yaegi symbol
// tables, completion and go doc), so gpu exports none of it: it hands its functions to this
// package when it is initialized (Register), the shape of x/tools' internal/packagesinternal,
// and the evaluator, which links gpu, calls them here. Go's internal rule keeps the package
// out of reach of code outside this module; the symbol tables keep it out of cells'.
//
// In a process without package gpu there are no devices to drive: the functions do nothing
// and Poisoned reports nil.
package gpuctl

import (
	"sync/atomic"

	"github.com/peerbook/peerbook/internal/ranks"
)

// Controls are package gpu's functions the evaluator calls.
type Controls struct {
	// SetInterrupt gives the devices the running cell's interrupt channel: when it is
	// closed, kernels and copies running or queued stop with an error. nil: the cell ended
	// without interrupt, and the channel is forgotten.
	SetInterrupt func(done <-chan struct{})
	// SetWorld tells gpu its place in a rank session (nil: not ranked). It chooses the
	// devices again for the rank.
	SetWorld func(w ranks.World)
	// Poisoned returns nil while the devices can be used, and otherwise the error that
	// left them unusable for the rest of the process (wrapping gpu.ErrNeedsRestart).
	Poisoned func() error
}

var registered atomic.Pointer[Controls]

// Register is called once, by package gpu's init, with its functions. A second call, or a
// missing function, panics: it is a programming error, found by any test.
func Register(c Controls) {
	if c.SetInterrupt == nil || c.SetWorld == nil || c.Poisoned == nil {
		panic("gpuctl.Register: a function is missing")
	}
	if !registered.CompareAndSwap(nil, &c) {
		panic("gpuctl.Register: called twice")
	}
}

// Registered reports whether package gpu registered its functions (it is in the process).
func Registered() bool { return registered.Load() != nil }

// SetInterrupt calls gpu's SetInterrupt (see Controls).
func SetInterrupt(done <-chan struct{}) {
	if c := registered.Load(); c != nil {
		c.SetInterrupt(done)
	}
}

// SetWorld calls gpu's SetWorld (see Controls).
func SetWorld(w ranks.World) {
	if c := registered.Load(); c != nil {
		c.SetWorld(w)
	}
}

// Poisoned calls gpu's Poisoned (see Controls); nil without package gpu.
func Poisoned() error {
	if c := registered.Load(); c != nil {
		return c.Poisoned()
	}
	return nil
}
