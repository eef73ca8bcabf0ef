package gpu

import "github.com/peerbook/peerbook/gpu/internal/cuda"

// CUDALibraries is what this machine has of CUDA, as `peerbook version` reports it.
type CUDALibraries struct {
	DriverVersion int    // the CUDA version the driver supports: 13000 for 13.0
	Driver        string // the driver library found ("libcuda.so.1 (/usr/lib/...)")
	DriverErr     error  // why there is no usable driver, or nil
	NVRTC         string // NVRTC's version and library ("13.0, libnvrtc.so.13 (...)")
	NVRTCErr      error  // why there is no NVRTC, or nil
}

// FindCUDA looks for the CUDA driver and NVRTC as the CUDA backend does, loading them
// without opening a device.
func FindCUDA() CUDALibraries {
	var c CUDALibraries
	c.DriverVersion, c.Driver, c.DriverErr = cuda.DriverVersion()
	c.NVRTC, c.NVRTCErr = cuda.NVRTCVersion()
	return c
}
