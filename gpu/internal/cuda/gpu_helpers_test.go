package cuda

import (
	"encoding/binary"
	"fmt"
	"math"
	"os"
	"sync"
	"testing"
	"time"
	"unsafe"

	"github.com/peerbook/peerbook/gpu/internal/backend"
	"github.com/peerbook/peerbook/gpu/internal/cudasrc"
)

// TestMain gives the test binary a module cache of its own, so that disk-cache tests start
// empty and leave nothing behind.
func TestMain(m *testing.M) {
	var dir string
	if os.Getenv("PEERBOOK_CUDA_CACHE") == "" {
		dir, _ = os.MkdirTemp("", "peerbook-cuda-cache-")
		os.Setenv("PEERBOOK_CUDA_CACHE", dir)
	}
	code := m.Run()
	if dir != "" {
		os.RemoveAll(dir)
	}
	os.Exit(code)
}

var (
	gpuOnce    sync.Once
	gpuBackend *Backend
	gpuErr     error
)

// gpu returns the shared CUDA backend, or skips the test saying why there is none. The
// first call prints what was loaded from where.
func gpu(t testing.TB) *Backend {
	t.Helper()
	gpuOnce.Do(func() {
		gpuBackend, gpuErr = Open()
		if gpuErr == nil {
			fmt.Fprintf(os.Stderr, "--- CUDA backend ---\n%s--------------------\n", gpuBackend.Report())
		}
	})
	if gpuErr != nil {
		t.Skipf("no CUDA GPU here: %v", gpuErr)
	}
	if err := gpuBackend.Poisoned(); err != nil {
		t.Skipf("CUDA is unusable in this process after TestGPUZFaultRecovery's fault (run benchmarks with -test.run '^$'): %v", err)
	}
	return gpuBackend
}

// within runs call and waits at most d for it: a call into a broken driver must fail, not
// hang the test binary. ok is false where it did not return in time (it keeps running).
func within(d time.Duration, call func() error) (err error, took time.Duration, ok bool) {
	done := make(chan error, 1)
	start := time.Now()
	go func() { done <- call() }()
	select {
	case err := <-done:
		return err, time.Since(start), true
	case <-time.After(d):
		return nil, d, false
	}
}

// gpuRTC is gpu for tests that compile CUDA C.
func gpuRTC(t testing.TB) *Backend {
	t.Helper()
	b := gpu(t)
	if b.rtc == nil {
		t.Skipf("NVRTC not available: %v", b.rtcErr)
	}
	return b
}

// build compiles src for device dev and returns its kernels by name.
func build(t testing.TB, b *Backend, dev int, src string) map[string]backend.Kernel {
	t.Helper()
	m, err := b.CompileCUDA(dev, src, backend.CompileOptions{File: "test"})
	if err != nil {
		t.Fatalf("compile: %v", err)
	}
	if log := m.Log(); log != "" {
		t.Logf("compiler log:\n%s", log)
	}
	sigs, err := cudasrc.Signatures(src)
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]backend.Kernel{}
	for _, sig := range sigs {
		k, err := m.Kernel(sig.Name, sig)
		if err != nil {
			t.Fatalf("kernel %s: %v", sig.Name, err)
		}
		out[sig.Name] = k
	}
	return out
}

// args builds launch arguments: backend.Memory values for buffers (the whole buffer),
// numbers for scalars (converted to the parameter's dtype).
func args(t testing.TB, k backend.Kernel, vals ...any) []backend.Arg {
	t.Helper()
	sig := k.Signature()
	if len(vals) != len(sig.Params) {
		t.Fatalf("%s: %d values for %d parameters", sig.Name, len(vals), len(sig.Params))
	}
	out := make([]backend.Arg, len(vals))
	for i, p := range sig.Params {
		a := backend.Arg{Param: p}
		switch v := vals[i].(type) {
		case backend.Memory:
			a.Memory = v
			a.Len = int(v.Size()) / p.DType.Size()
		case int:
			a.Scalar = uint64(int64(v))
		case uint64:
			a.Scalar = v
		case float64:
			switch p.DType {
			case backend.Float32:
				a.Scalar = uint64(math.Float32bits(float32(v)))
			case backend.Float64:
				a.Scalar = math.Float64bits(v)
			default:
				t.Fatalf("%s param %s: float for %s", sig.Name, p.Name, p.DType)
			}
		default:
			t.Fatalf("%s param %s: value %T", sig.Name, p.Name, v)
		}
		out[i] = a
	}
	return out
}

func alloc(t testing.TB, b *Backend, dev int, size int64, shared bool) backend.Memory {
	t.Helper()
	m, err := b.Alloc(dev, size, backend.AllocOptions{Shared: shared})
	if err != nil {
		t.Fatalf("alloc %d bytes on %d: %v", size, dev, err)
	}
	t.Cleanup(func() { m.Free() })
	return m
}

func launch(t testing.TB, k backend.Kernel, dev, grid, block int, s backend.Stream, a []backend.Arg) {
	t.Helper()
	cfg := backend.LaunchConfig{Device: dev, Grid: backend.Dim3{X: grid}, Block: backend.Dim3{X: block}, Stream: s}
	if err := k.Launch(cfg, a); err != nil {
		t.Fatalf("launch %s: %v", k.Signature().Name, err)
	}
}

func readBytes(t testing.TB, b *Backend, m backend.Memory) []byte {
	t.Helper()
	out := make([]byte, m.Size())
	if err := b.Read(m, 0, out); err != nil {
		t.Fatalf("read: %v", err)
	}
	return out
}

func float32s(p []byte) []float32 {
	out := make([]float32, len(p)/4)
	for i := range out {
		out[i] = math.Float32frombits(binary.LittleEndian.Uint32(p[4*i:]))
	}
	return out
}

func uint32Bytes(v []uint32) []byte {
	out := make([]byte, 4*len(v))
	for i, x := range v {
		binary.LittleEndian.PutUint32(out[4*i:], x)
	}
	return out
}

// words views host-resident memory as uint32 words, for atomics from Go.
func words(m backend.Memory) []uint32 {
	h := m.Host()
	return unsafe.Slice((*uint32)(unsafe.Pointer(&h[0])), len(h)/4)
}
