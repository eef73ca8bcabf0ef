package gpu

import (
	"encoding/binary"
	"errors"
	"fmt"
	"sync"

	"github.com/peerbook/peerbook/gpu/internal/backend"
	"github.com/peerbook/peerbook/gpu/internal/cudasrc"
	"github.com/peerbook/peerbook/gpu/internal/gokernel"
)

// goLibrary holds the session's Go kernels and device functions, so that a kernel of one
// cell can call a device function of an earlier one.
var goLibrary struct {
	once sync.Once
	lib  *gokernel.Library
}

// defineGoKernels parses and checks a cell's Go kernels (package gpu/internal/gokernel).
func defineGoKernels(src, file string, line int) ([]goKernel, error) {
	goLibrary.once.Do(func() { goLibrary.lib = gokernel.NewLibrary() })
	ks, err := goLibrary.lib.Define(src, file, line)
	if err != nil {
		return nil, err
	}
	out := make([]goKernel, len(ks))
	for i, k := range ks {
		out[i] = k
	}
	return out, nil
}

// cudaSignatures reads the __global__ kernels' signatures of CUDA C source (package
// gpu/internal/cudasrc); errors point at the cell's lines ("cell[2]:4: ...").
func cudaSignatures(src, file string, line int) ([]backend.Signature, error) {
	sigs, err := cudasrc.Signatures(src)
	var se *cudasrc.SourceError
	if errors.As(err, &se) {
		return nil, errors.New(se.At(file, line-1))
	}
	if err != nil {
		return nil, fmt.Errorf("%s: %w", file, err)
	}
	return sigs, nil
}

// errNoTranslation is the error of a Go kernel whose package can't translate to CUDA C yet.
var errNoTranslation = errors.New("this build can't translate Go kernels to CUDA C yet")

// translatedSignature is the signature of a Go kernel's CUDA translation: float16 and
// bfloat16 buffer elements and scalars are their bits there (uint16_t). Arguments are checked against the Go
// signature before launch; this one only matches the translation's parameters.
func translatedSignature(sig backend.Signature) backend.Signature {
	out := backend.Signature{Name: sig.Name, Params: append([]backend.Param(nil), sig.Params...)}
	for i, p := range out.Params {
		if p.DType == backend.Float16 || p.DType == backend.BFloat16 {
			out.Params[i].DType = backend.Uint16
		}
	}
	return out
}

// faultDecoder is a Go kernel that reads the fault record of its CUDA translation
// (*gokernel.Kernel is one).
type faultDecoder interface {
	DecodeFault(rec []byte) error
}

// faultRecord is the host-mapped memory where a translated Go kernel's module writes what
// failed (index out of range, divide by zero, negative shift) before the failing thread
// ends.
type faultRecord struct {
	m   *machine
	dev int
	k   faultDecoder
	mem backend.Memory
}

// faultRecords holds the record of every module of a translated Go kernel, by module.
// Its mutex also guards reading and clearing the records.
var faultRecords struct {
	mu       sync.Mutex
	byModule map[backend.Module]*faultRecord
}

// attachFaultRecord points the fault record variable of mod, a Go kernel's compiled
// translation on dev, at zeroed host-mapped memory (once per module), so that a failing
// thread can say where it failed, end, and leave the context usable. It returns the record,
// or nil for modules that can't set device variables and kernels that can't decode a
// record: their failing threads trap.
func attachFaultRecord(k goKernel, dev *Device, mod backend.Module) (*faultRecord, error) {
	dec, ok := k.(faultDecoder)
	setter, ok2 := mod.(backend.GlobalSetter)
	if !ok || !ok2 {
		return nil, nil
	}
	faultRecords.mu.Lock()
	defer faultRecords.mu.Unlock()
	if r := faultRecords.byModule[mod]; r != nil {
		return r, nil
	}
	mem, err := dev.m.b.Alloc(backend.HostDevice, gokernel.FaultRecordSize, backend.AllocOptions{Shared: true})
	if err != nil {
		return nil, fmt.Errorf("fault record of %s on %s: %w", k.Name(), dev.label(), err)
	}
	p, err := mem.Pointer(dev.info.Index)
	if err == nil {
		var addr [8]byte
		binary.LittleEndian.PutUint64(addr[:], uint64(p))
		err = setter.SetGlobal(gokernel.FaultSymbol, addr[:])
	}
	if err != nil {
		mem.Free()
		return nil, fmt.Errorf("fault record of %s on %s: %w", k.Name(), dev.label(), err)
	}
	if faultRecords.byModule == nil {
		faultRecords.byModule = map[backend.Module]*faultRecord{}
	}
	r := &faultRecord{m: dev.m, dev: dev.info.Index, k: dec, mem: mem}
	faultRecords.byModule[mod] = r
	return r, nil
}

// PanicError is a Go kernel thread's run-time failure (index out of range, integer
// division by zero, negative shift count, ...) on a simulated or a CUDA device: it names the
// kernel, the block and thread, the cell position of the failing expression and the message.
// A launch or Synchronize error wraps it: errors.As(err, &pe) with pe a *gpu.PanicError
// finds it.
type PanicError struct {
	Kernel string
	Block  [3]int // blockIdx
	Thread [3]int // threadIdx
	Pos    string // "cell[3]:12:5", the expression that failed
	Msg    string // "index out of range [10] with length 10"
}

// Error names the kernel, block, thread, cell position and what failed.
func (e *PanicError) Error() string { return (*gokernel.PanicError)(e).Error() }

// take returns the fault the record holds, as a *PanicError, and clears it; nil
// where it holds none (faultRecords.mu held).
func (r *faultRecord) take() error {
	host := r.mem.Host()
	if len(host) < gokernel.FaultRecordSize || binary.LittleEndian.Uint32(host) == 0 {
		return nil
	}
	rec := append([]byte(nil), host[:gokernel.FaultRecordSize]...)
	clear(host[:gokernel.FaultRecordSize])
	return backendError(r.k.DecodeFault(rec))
}

// takeFault returns the fault recorded by one Go kernel's translation, r (nil: none), and
// clears it: read after a launch that completed without a CUDA error. It is a load from
// host-mapped memory.
func takeFault(r *faultRecord) error {
	if r == nil {
		return nil
	}
	faultRecords.mu.Lock()
	defer faultRecords.mu.Unlock()
	return r.take()
}

// takeDeviceFault returns the first fault recorded by any Go kernel's translation on dev
// (a *PanicError) and clears every record there: read at a synchronization that
// completed without a CUDA error, where asynchronous launches report their faults.
func takeDeviceFault(dev *Device) error {
	if dev == nil {
		return nil
	}
	faultRecords.mu.Lock()
	defer faultRecords.mu.Unlock()
	var first error
	for _, r := range faultRecords.byModule {
		if r.m != dev.m || r.dev != dev.info.Index {
			continue
		}
		if pe := r.take(); pe != nil && first == nil {
			first = pe
		}
	}
	return first
}

// explainFault returns err, the error of a launch or a synchronization on dev, with what a
// translated Go kernel on dev wrote in its fault record: a *goKernelFault whose Panic is the
// *PanicError (kernel, block, thread, cell position, index), as on simulated
// devices. The records are cleared once read. Without a fault, err with the API's types
// (backendError: a simulated kernel's failure is a *PanicError).
func explainFault(dev *Device, err error) error {
	if err == nil {
		return nil
	}
	err = backendError(err)
	if dev == nil {
		return err
	}
	if pe := takeDeviceFault(dev); pe != nil {
		return &goKernelFault{Panic: pe, Err: err}
	}
	return err
}

// goKernelFault is the error of a Go kernel that failed on a GPU as Go code fails (an index
// out of range, ...) together with a CUDA error of the same launch or synchronization:
// Panic says where, Err is the device's error (which may have left the devices unusable:
// see poisoned).
type goKernelFault struct {
	Panic error // a *PanicError
	Err   error
}

func (e *goKernelFault) Error() string {
	return fmt.Sprintf("%v (on the GPU: %v)", e.Panic, e.Err)
}

// Unwrap returns both errors: errors.As finds the *PanicError, errors.Is finds
// ErrNeedsRestart.
func (e *goKernelFault) Unwrap() []error { return []error{e.Panic, e.Err} }
