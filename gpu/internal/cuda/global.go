package cuda

import (
	"errors"
	"fmt"
	"runtime"
	"unsafe"

	"github.com/peerbook/peerbook/gpu/internal/backend"
)

var _ backend.GlobalSetter = (*module)(nil)

// SetGlobal writes value to the module's device variable name (a __device__ variable
// declared extern "C", or one whose name is its symbol), whose size must be len(value). The
// module keeps the value and writes it again whenever it is loaded again (after a device
// reset), so that the variable never falls back to its initial value unnoticed.
func (m *module) SetGlobal(name string, value []byte) error {
	if err := m.setGlobal(name, value); err != nil {
		return err
	}
	// The traced variant (LaunchStamped's) has the same variables, which hold the same values.
	m.tracedMu.Lock()
	tm := m.traced
	m.tracedMu.Unlock()
	if tm != nil {
		if err := tm.SetGlobal(name, value); err != nil {
			return fmt.Errorf("the traced variant: %w", err)
		}
	}
	return nil
}

// setGlobal is SetGlobal on m alone.
func (m *module) setGlobal(name string, value []byte) error {
	if m.b.drv.cuModuleGetGlobal == 0 {
		return errors.New("set device variable: the CUDA driver lacks cuModuleGetGlobal")
	}
	if len(value) == 0 {
		return fmt.Errorf("set device variable %s: no bytes to write", name)
	}
	if err := m.b.poisoned(); err != nil {
		return fmt.Errorf("set device variable %s: %w", name, err)
	}
	v := make([]byte, len(value)) // on the heap, where cuMemcpyHtoDAsync may read it
	copy(v, value)
	gen, err := m.b.enter(m.d)
	if err != nil {
		return fmt.Errorf("set device variable %s: %w", name, err)
	}
	defer leave()
	m.mu.Lock()
	op, r := "cuModuleLoadData", m.loadLocked(gen)
	var sizeErr error
	if r == cudaSuccess {
		op = "cuModuleGetGlobal"
		if r, sizeErr = m.writeGlobal(name, v); r == cudaSuccess && sizeErr == nil {
			if m.globals == nil {
				m.globals = map[string][]byte{}
			}
			m.globals[name] = v
		}
	}
	m.mu.Unlock()
	// Checked without m.mu: a sticky fault's recovery unloads modules, this one too.
	if err := m.b.check(m.d, gen, op, r); err != nil {
		return fmt.Errorf("set device variable %s: %w", name, err)
	}
	if sizeErr != nil {
		return fmt.Errorf("set device variable %s: %w", name, sizeErr)
	}
	return nil
}

// writeGlobal copies value to the device variable name of the loaded module (m.mu held, the
// context current) and waits for the copy. A variable of another size is an error.
func (m *module) writeGlobal(name string, value []byte) (cuResult, error) {
	drv := m.b.drv
	cname := cString(name)
	var addr, size uintptr
	r := ccall(drv.cuModuleGetGlobal, uintptr(unsafe.Pointer(&addr)), uintptr(unsafe.Pointer(&size)), m.handle, cptr(cname))
	runtime.KeepAlive(cname)
	if r != cudaSuccess {
		return r, nil
	}
	if int(size) != len(value) {
		return cudaSuccess, fmt.Errorf("the variable has %d bytes, the value %d", size, len(value))
	}
	// The legacy stream: the backend's streams are non-blocking, so this waits for nothing
	// that runs on them.
	if r = ccall(drv.cuMemcpyHtoDAsync, addr, cptr(value), uintptr(len(value)), 0); r != cudaSuccess {
		return r, nil
	}
	return ccall(drv.cuStreamSynchronize, 0), nil
}
