package cuda

import (
	"strings"
	"testing"
)

// DriverVersion finds the driver Open would use, without opening a device; where there is
// none it says what was tried. On a GPU machine it agrees with Open.
func TestDriverVersion(t *testing.T) {
	// It needs the driver, not a healthy device: it runs as well after a test that left the
	// process's device contexts faulted (TestGPUZFaultRecovery), so it only compares with
	// Open where Open works.
	v, lib, err := DriverVersion()
	if err != nil {
		if !strings.Contains(err.Error(), "libcuda.so.1") {
			t.Errorf("the error doesn't name the library it looked for: %v", err)
		}
		t.Skipf("no CUDA driver: %v", err)
	}
	if v < 11000 || v%10 != 0 || !strings.Contains(lib, "libcuda") {
		t.Errorf("DriverVersion() = %d, %q; want a CUDA version of 11.0 or later (major*1000 + minor*10) and libcuda", v, lib)
	}
	if v2, lib2, err := DriverVersion(); err != nil || v2 != v || lib2 != lib {
		t.Errorf("DriverVersion() again = %d, %q, %v; want %d, %q", v2, lib2, err, v, lib)
	}
	b, err := Open()
	if err != nil {
		t.Logf("not compared with Open's driver version: %v", err)
		return
	}
	defer b.Close()
	if b.DriverVersion() != v {
		t.Errorf("DriverVersion() = %d, Open's driver says %d", v, b.DriverVersion())
	}
}
