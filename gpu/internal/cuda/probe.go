package cuda

import (
	"fmt"
	"unsafe"
)

// DriverVersion loads the CUDA driver, as Open does, without opening a device, and returns
// the CUDA version it supports (13000 for 13.0) and which library it is; the error says
// what was tried where there is none or it fails to initialise.
func DriverVersion() (version int, lib string, err error) {
	drv, err := loadDriver()
	if err != nil {
		return 0, "", err
	}
	if r := ccall(drv.cuInit, 0); r != 0 {
		return 0, drv.lib.describe(), fmt.Errorf("cuInit failed with CUresult %d (driver %s)", r, drv.lib.describe())
	}
	var v int32
	if r := ccall(drv.cuDriverGetVersion, uintptr(unsafe.Pointer(&v))); r != 0 {
		return 0, drv.lib.describe(), fmt.Errorf("cuDriverGetVersion failed with CUresult %d (driver %s)", r, drv.lib.describe())
	}
	return int(v), drv.lib.describe(), nil
}
