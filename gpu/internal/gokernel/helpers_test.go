package gokernel

import (
	"errors"
	"math"
	"strings"
	"testing"
	"unsafe"

	"github.com/peerbook/peerbook/gpu/internal/backend"
)

// hostMem is a backend.Memory over Go memory, as simulated buffers are.
type hostMem struct {
	b      []byte
	shared bool
}

func (m *hostMem) Device() int                  { return 0 }
func (m *hostMem) Size() int64                  { return int64(len(m.b)) }
func (m *hostMem) Shared() bool                 { return m.shared }
func (m *hostMem) Free() error                  { return nil }
func (m *hostMem) Pointer(int) (uintptr, error) { return uintptr(unsafe.Pointer(&m.b[0])), nil }
func (m *hostMem) Host() []byte                 { return m.b }
func (m *hostMem) bytes() []byte                { return m.b }

// buf is a typed test buffer.
type buf[T any] struct {
	mem *hostMem
	v   []T
}

// newBuf allocates a buffer holding a copy of vals (8-byte aligned memory).
func newBuf[T any](vals []T) *buf[T] {
	var z T
	size := int(unsafe.Sizeof(z))
	words := make([]uint64, (len(vals)*size+7)/8+1)
	b := unsafe.Slice((*byte)(unsafe.Pointer(&words[0])), len(words)*8)
	v := unsafe.Slice((*T)(unsafe.Pointer(&words[0])), len(vals))
	copy(v, vals)
	return &buf[T]{mem: &hostMem{b: b}, v: v}
}

func zeros[T any](n int) *buf[T] { return newBuf(make([]T, n)) }

// arg makes a launch argument of the kernel's i-th parameter.
func arg(k *Kernel, i int, x any) backend.Arg {
	p := k.Signature().Params[i]
	a := backend.Arg{Param: p}
	switch v := x.(type) {
	case interface{ launchArg() (backend.Memory, int) }:
		a.Memory, a.Len = v.launchArg()
	case int:
		a.Scalar = uint64(v)
	case int64:
		a.Scalar = uint64(v)
	case int32:
		a.Scalar = uint64(uint32(v))
	case int16:
		a.Scalar = uint64(uint16(v))
	case int8:
		a.Scalar = uint64(uint8(v))
	case uint:
		a.Scalar = uint64(v)
	case uint64:
		a.Scalar = v
	case uint32:
		a.Scalar = uint64(v)
	case uint16:
		a.Scalar = uint64(v)
	case uint8:
		a.Scalar = uint64(v)
	case float32:
		a.Scalar = uint64(math.Float32bits(v))
	case float64:
		a.Scalar = math.Float64bits(v)
	default:
		panic("arg: unsupported value")
	}
	return a
}

func (b *buf[T]) launchArg() (backend.Memory, int) { return b.mem, len(b.v) }

// define defines src and returns its kernels by name.
func define(t testing.TB, src string) map[string]*Kernel {
	t.Helper()
	ks, err := NewLibrary().Define(src, "cell[1]", 1)
	if err != nil {
		t.Fatalf("define: %v", err)
	}
	m := map[string]*Kernel{}
	for _, k := range ks {
		m[k.Name()] = k
	}
	return m
}

func kernel(t testing.TB, src string) *Kernel {
	t.Helper()
	ks := define(t, src)
	if len(ks) != 1 {
		t.Fatalf("want 1 kernel, got %d", len(ks))
	}
	for _, k := range ks {
		return k
	}
	return nil
}

// launch runs k with grid and block sizes along X.
func run1(t testing.TB, k *Kernel, grid, block int, args ...any) error {
	t.Helper()
	return runDims(k, backend.Dim3{X: grid, Y: 1, Z: 1}, backend.Dim3{X: block, Y: 1, Z: 1}, 0, args...)
}

func runDims(k *Kernel, grid, block backend.Dim3, shared int, args ...any) error {
	bargs := make([]backend.Arg, len(args))
	for i, a := range args {
		bargs[i] = arg(k, i, a)
	}
	return k.Run(backend.LaunchConfig{Grid: grid, Block: block, SharedBytes: shared}, bargs, nil)
}

func mustLaunch(t testing.TB, k *Kernel, grid, block int, args ...any) {
	t.Helper()
	if err := run1(t, k, grid, block, args...); err != nil {
		t.Fatalf("launch %s: %v", k.Name(), err)
	}
}

// defineErr defines src, which must fail, and returns the error text.
func defineErr(t *testing.T, src string) string {
	t.Helper()
	_, err := NewLibrary().Define(src, "cell[2]", 10)
	if err == nil {
		t.Fatalf("define succeeded, want an error:\n%s", src)
	}
	var list ErrorList
	if !errors.As(err, &list) {
		t.Fatalf("error is %T, not an ErrorList: %v", err, err)
	}
	return err.Error()
}

func wantContains(t *testing.T, got string, parts ...string) {
	t.Helper()
	for _, p := range parts {
		if !strings.Contains(got, p) {
			t.Errorf("%q\ndoes not contain %q", got, p)
		}
	}
}
