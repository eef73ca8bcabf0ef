package gpu

import "github.com/peerbook/peerbook/internal/gpuctl"

// The evaluator drives the package where cells must not: the running cell's interrupt
// (setInterrupt), the rank session's World (setWorld), and whether a GPU fault left the
// process unable to use its devices (poisoned). Cells see every exported name, so these
// are not exported: they are handed to internal/gpuctl, which the evaluator calls (see
// docs/ARCHITECTURE.md, "The API and the plumbing").
func init() {
	gpuctl.Register(gpuctl.Controls{SetInterrupt: setInterrupt, SetWorld: setWorld, Poisoned: poisoned})
}
