package gpu

import (
	_ "embed"

	"github.com/peerbook/peerbook/gpu/internal/gokernel"
)

// kernelAPISource is kernelapi.go, the one definition of the kernel API: the Go kernel
// checker type-checks kernels against it.
//
//go:embed kernelapi.go
var kernelAPISource string

func init() { gokernel.SetGPUAPI(kernelAPISource) }
