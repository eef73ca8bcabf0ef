package cuda

import (
	"strings"
	"testing"
)

// DriverVersion finds the driver Open would use, without opening a device; where there is
// none it says what was tried. On a GPU machine it agrees with Open.
func TestDriverVersion(t *testing.T) {
	v, lib, err := DriverVersion()
	if err != nil {
		if !strings.Contains(err.Error(), "libcuda.so.1") {
			t.Errorf("the error doesn't name the library it looked for: %v", err)
		}
		t.Skipf("no CUDA driver: %v", err)
	}
	if v < 11000 || !strings.Contains(lib, "libcuda") {
		t.Errorf("DriverVersion() = %d, %q", v, lib)
	}
	b, err := Open()
	if err != nil {
		t.Skipf("no CUDA device: %v", err)
	}
	defer b.Close()
	if b.DriverVersion() != v {
		t.Errorf("DriverVersion() = %d, Open's driver says %d", v, b.DriverVersion())
	}
}
