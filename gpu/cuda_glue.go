package gpu

import (
	"github.com/peerbook/peerbook/gpu/backend"
	"github.com/peerbook/peerbook/gpu/cuda"
)

// openCUDA opens the CUDA backend (package gpu/cuda): the driver, NVRTC and NVML.
func openCUDA() (backend.Backend, error) {
	b, err := cuda.Open()
	if err != nil {
		return nil, err // not a typed nil
	}
	return b, nil
}
