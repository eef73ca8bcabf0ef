package sim

import (
	"errors"
	"fmt"

	"github.com/peerbook/peerbook/gpu/internal/backend"
)

// GoKernel is a kernel the CPU can run (backend.GoKernel).
type GoKernel = backend.GoKernel

// kernel is a Go kernel loaded on the simulator.
type kernel struct {
	b  *Backend
	gk GoKernel
}

// LoadGoKernel returns a kernel that runs k on the simulated devices.
func (b *Backend) LoadGoKernel(k GoKernel) (backend.Kernel, error) {
	if k == nil {
		return nil, errors.New("load kernel: nil kernel")
	}
	return &kernel{b: b, gk: k}, nil
}

func (k *kernel) Signature() backend.Signature { return k.gk.Signature() }

// Launch runs the kernel on cfg.Device: on cfg.Stream's goroutine, or, without a stream, in
// the caller's goroutine, returning when every thread has finished. The error of a kernel
// on a stream comes from the stream's next Synchronize and names the kernel and device.
func (k *kernel) Launch(cfg backend.LaunchConfig, args []backend.Arg) error {
	name := k.gk.Signature().Name
	if err := k.b.checkDevice(cfg.Device, false); err != nil {
		return fmt.Errorf("launch %s: %w", name, err)
	}
	for i, a := range args {
		if a.Memory == nil {
			continue
		}
		m, err := k.b.memory(a.Memory)
		if err != nil {
			return fmt.Errorf("launch %s: argument %d: %w", name, i+1, err)
		}
		if _, err := m.Pointer(cfg.Device); err != nil {
			return fmt.Errorf("launch %s: argument %d (%s): %w", name, i+1, a.Param.Name, err)
		}
		if a.Offset < 0 || a.Offset+int64(a.Len)*int64(a.Param.DType.Size()) > m.size {
			return fmt.Errorf("launch %s: argument %d (%s): %d elements at byte %d overrun the %d-byte buffer",
				name, i+1, a.Param.Name, a.Len, a.Offset, m.size)
		}
	}
	args = append([]backend.Arg(nil), args...)
	run := func() error {
		a := k.b.intr.start()
		defer k.b.intr.finish(a)
		return runKernel(k.gk, cfg, args, a.ch)
	}
	if cfg.Stream == nil {
		k.b.awaitDispatch()
		return run()
	}
	s, err := k.b.stream(cfg.Stream)
	if err != nil {
		return fmt.Errorf("launch %s: %w", name, err)
	}
	if s.dev != cfg.Device {
		return fmt.Errorf("launch %s: the stream belongs to device %d, the launch is on device %d", name, s.dev, cfg.Device)
	}
	cfg.Stream = nil // the executor runs it here and now
	return s.enqueue(func() error {
		// Reported by a later Synchronize: say which kernel failed.
		if err := run(); err != nil {
			return fmt.Errorf("kernel %s on %s: %w", name, k.b.deviceName(cfg.Device), err)
		}
		return nil
	})
}

// runKernel runs gk, turning a panic the executor let through into an error. The error of
// a kernel stopped by an interrupt wraps backend.ErrInterrupted, whatever the executor's own
// error wraps.
func runKernel(gk GoKernel, cfg backend.LaunchConfig, args []backend.Arg, done <-chan struct{}) (err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("panic: %v", r)
		}
		if err != nil && !errors.Is(err, backend.ErrInterrupted) && closed(done) {
			err = interruptedError{err}
		}
	}()
	return gk.Run(cfg, args, done)
}

func closed(ch <-chan struct{}) bool {
	select {
	case <-ch:
		return true
	default:
		return false
	}
}

// interruptedError is a kernel's error after an interrupt: its text, and backend.ErrInterrupted
// for errors.Is.
type interruptedError struct{ err error }

func (e interruptedError) Error() string   { return e.err.Error() }
func (e interruptedError) Unwrap() []error { return []error{e.err, backend.ErrInterrupted} }
