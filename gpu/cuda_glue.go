package gpu

import (
	"encoding/binary"
	"errors"
	"fmt"
	"math"
	"strings"
	"sync"
	"sync/atomic"

	"github.com/peerbook/peerbook/display"
	"github.com/peerbook/peerbook/gpu/internal/backend"
	"github.com/peerbook/peerbook/gpu/internal/cuda"
	"github.com/peerbook/peerbook/gpu/internal/cudasrc"
)

// openCUDA opens the CUDA backend (package gpu/internal/cuda): the driver, NVRTC and NVML.
func openCUDA() (backend.Backend, error) {
	b, err := cuda.Open()
	if err != nil {
		return nil, err // not a typed nil
	}
	return b, nil
}

// openCUDARank opens the CUDA backend of a rank: device rank mod the driver's devices.
func openCUDARank(rank int) (backend.Backend, error) {
	b, err := cuda.OpenRank(rank)
	if err != nil {
		return nil, err // not a typed nil
	}
	return b, nil
}

// ErrNeedsRestart is wrapped by the errors of devices that a fault left unusable for the
// rest of the process. The evaluator that sees it after a cell exits, so that the kernel
// starts a fresh process with working devices.
var ErrNeedsRestart = backend.ErrNeedsRestart

// poisoned returns nil while the current devices can be used, and otherwise the error that
// left them unusable for the rest of the process, which wraps ErrNeedsRestart: on CUDA, a
// kernel that trapped or touched an illegal address (a Go kernel's failed bounds check
// does not: its thread records the fault and ends), where the driver can't rebuild the
// context in the same process. The evaluator asks after each cell (internal/gpuctl:
// plumbing, not API), reports the error and exits, so that a fresh process gets working
// devices. It never chooses the devices itself: before their first use it returns nil.
func poisoned() error {
	state.mu.Lock()
	m := state.m
	state.mu.Unlock()
	if m == nil {
		return nil
	}
	p, ok := m.b.(backend.Poisonable)
	if !ok {
		return nil
	}
	err := p.Poisoned()
	if err == nil {
		return nil
	}
	if !errors.Is(err, ErrNeedsRestart) {
		err = fmt.Errorf("%w: %w", ErrNeedsRestart, err)
	}
	return fmt.Errorf("gpu: the %s devices can't be used again in this process (restart it): %w", m.b.Name(), err)
}

// loadCompiled returns c's kernel on dev, a device of a backend that compiles CUDA C,
// compiling c there on first use (c.mu held). A Go kernel is translated to CUDA C (see
// compileFor), its module gets a fault record (attachFaultRecord, kept in c.faults), and it
// is loaded with
// the signature its translation declares (translatedSignature).
func (c *kernelCode) loadCompiled(dev *Device, key loadKey) (backend.Kernel, error) {
	mod := c.modules[key]
	if mod == nil {
		var err error
		if mod, err = compileFor(c, dev); err != nil {
			return nil, err
		}
		c.modules[key] = mod
	}
	sig := c.sig
	if c.goK != nil {
		r, err := attachFaultRecord(c.goK, dev, mod)
		if err != nil {
			return nil, err
		}
		if c.faults == nil {
			c.faults = map[loadKey]*faultRecord{}
		}
		c.faults[key] = r
		sig = translatedSignature(c.sig)
	}
	return mod.Kernel(c.sig.Name, sig)
}

// Statistics for display, computed on a CUDA device: a large buffer in device memory is
// reduced there, to the bins (1-D) or grid cells (2-D and more) that display.BufferView
// shows, and only those partials (64 bytes each) come back to the host, instead of the
// whole buffer. One kernel per dtype, compiled once per device.

// deviceStats turns the device path on (tests compare it with the host path).
var deviceStats = true

// statsBlock is the block size of the statistics kernels.
const statsBlock = 256

// statsSrc is the statistics module: statsCore and one kernel per dtype, written out (not
// through a preprocessor macro) so that cudasrc.Signatures finds every entry point.
var statsSrc = statsCore + statsEntries()

// statsTypes is the CUDA element type and the converter of each dtype's statistics kernel.
var statsTypes = []struct {
	dt         DType
	cType, cvt string
}{
	{Int8, "signed char", "pb_plain"}, {Int16, "short", "pb_plain"}, {Int32, "int", "pb_plain"},
	{Int64, "long long", "pb_plain"}, {Uint8, "unsigned char", "pb_plain"},
	{Uint16, "unsigned short", "pb_plain"}, {Uint32, "unsigned int", "pb_plain"},
	{Uint64, "unsigned long long", "pb_plain"}, {Float16, "unsigned short", "pb_half"},
	{BFloat16, "unsigned short", "pb_bhalf"}, {Float32, "float", "pb_plain"},
	{Float64, "double", "pb_plain"},
}

// statsEntries writes the kernel of every dtype in statsTypes: pb_stats_<dtype>.
func statsEntries() string {
	var sb strings.Builder
	for _, st := range statsTypes {
		fmt.Fprintf(&sb, "extern \"C\" __global__ void pb_stats_%s(const %s* x, long long rows, long long cols, long long gridRows, long long gridCols, double* out) {\n  pb_stats<%s, %s>(x, rows, cols, gridRows, gridCols, out);\n}\n",
			st.dt, st.cType, st.cType, st.cvt)
	}
	return sb.String()
}

// statsCore reduces a rows x cols row-major matrix to gridRows x gridCols cells (a 1-D
// buffer is 1 x n): block k does cell k, whose rows are [gr*rows/gridRows,
// (gr+1)*rows/gridRows) and columns [gc*cols/gridCols, (gc+1)*cols/gridCols), as
// display.Reduction bins them. For its cell it writes 8 doubles: the finite elements'
// count, min, max, sum and sum of squared deviations from their mean, the NaN and Inf
// counts, and 0.
const statsCore = `
__device__ __forceinline__ double pb_f16(unsigned short h) { float f; asm("cvt.f32.f16 %0, %1;" : "=f"(f) : "h"(h)); return (double)f; }
__device__ __forceinline__ double pb_bf16(unsigned short b) { return (double)__uint_as_float((unsigned)b << 16); }

struct pb_plain { template <class T> __device__ __forceinline__ static double get(T v) { return (double)v; } };
struct pb_half { __device__ __forceinline__ static double get(unsigned short v) { return pb_f16(v); } };
struct pb_bhalf { __device__ __forceinline__ static double get(unsigned short v) { return pb_bf16(v); } };

template <class T, class C, class F>
__device__ __forceinline__ void pb_cell(const T* x, long long cols, long long r0, long long r1, long long c0, long long c1, F f) {
  long long cw = c1 - c0, rh = r1 - r0;
  if (cw >= (long long)blockDim.x || rh == 1) {
    for (long long r = r0; r < r1; r++)
      for (long long c = c0 + threadIdx.x; c < c1; c += blockDim.x) f(C::get(x[r * cols + c]));
  } else if (cw > 0) {
    unsigned long long total = (unsigned long long)(cw * rh);
    for (unsigned long long j = threadIdx.x; j < total; j += blockDim.x) {
      long long r = r0 + (long long)(j / (unsigned long long)cw), c = c0 + (long long)(j % (unsigned long long)cw);
      f(C::get(x[r * cols + c]));
    }
  }
}

template <class T, class C>
__device__ void pb_stats(const T* x, long long rows, long long cols, long long gridRows, long long gridCols, double* out) {
  __shared__ double sh[6][256];
  const double inf = __longlong_as_double(0x7ff0000000000000LL);
  long long k = blockIdx.x, gr = k / gridCols, gc = k % gridCols;
  long long r0 = gr * rows / gridRows, r1 = (gr + 1) * rows / gridRows;
  long long c0 = gc * cols / gridCols, c1 = (gc + 1) * cols / gridCols;
  int t = threadIdx.x;
  double cnt = 0, mn = inf, mx = -inf, sum = 0, nans = 0, infs = 0;
  pb_cell<T, C>(x, cols, r0, r1, c0, c1, [&](double v) {
    if (v != v) { nans += 1; return; }
    if (fabs(v) == inf) { infs += 1; return; }
    cnt += 1; sum += v; mn = fmin(mn, v); mx = fmax(mx, v);
  });
  sh[0][t] = cnt; sh[1][t] = mn; sh[2][t] = mx; sh[3][t] = sum; sh[4][t] = nans; sh[5][t] = infs;
  __syncthreads();
  for (int s = blockDim.x / 2; s > 0; s >>= 1) {
    if (t < s) {
      sh[0][t] += sh[0][t + s]; sh[1][t] = fmin(sh[1][t], sh[1][t + s]); sh[2][t] = fmax(sh[2][t], sh[2][t + s]);
      sh[3][t] += sh[3][t + s]; sh[4][t] += sh[4][t + s]; sh[5][t] += sh[5][t + s];
    }
    __syncthreads();
  }
  double total = sh[0][0], bmin = sh[1][0], bmax = sh[2][0], bsum = sh[3][0], bnan = sh[4][0], binf = sh[5][0];
  double mean = total > 0 ? bsum / total : 0;
  __syncthreads();
  // The second pass, over the same elements: squared deviations from the cell's mean.
  double m2 = 0;
  pb_cell<T, C>(x, cols, r0, r1, c0, c1, [&](double v) {
    if (v != v || fabs(v) == inf) return;
    double d = v - mean;
    m2 += d * d;
  });
  sh[0][t] = m2;
  __syncthreads();
  for (int s = blockDim.x / 2; s > 0; s >>= 1) {
    if (t < s) sh[0][t] += sh[0][t + s];
    __syncthreads();
  }
  if (t == 0) {
    double* o = out + 8 * k;
    o[0] = total; o[1] = bmin; o[2] = bmax; o[3] = bsum; o[4] = sh[0][0]; o[5] = bnan; o[6] = binf; o[7] = 0;
  }
}

`

// statsKernels is the statistics module loaded on one device: a kernel per dtype.
type statsKernels struct {
	kernels map[DType]backend.Kernel
	sigs    map[DType]backend.Signature
}

// statsModules caches the statistics kernels by device, and why they failed to load.
var statsModules struct {
	mu   sync.Mutex
	byID map[loadKey]*statsKernels
	errs map[loadKey]error
}

// statsKernelsOn compiles and loads the statistics kernels on dev, once.
func statsKernelsOn(dev *Device) (*statsKernels, error) {
	key := loadKey{dev.m, dev.info.Index}
	sm := &statsModules
	sm.mu.Lock()
	defer sm.mu.Unlock()
	if sk := sm.byID[key]; sk != nil {
		return sk, nil
	}
	if err := sm.errs[key]; err != nil {
		return nil, err
	}
	sk, err := loadStatsKernels(dev)
	if sm.byID == nil {
		sm.byID, sm.errs = map[loadKey]*statsKernels{}, map[loadKey]error{}
	}
	if err != nil {
		sm.errs[key] = err
		return nil, err
	}
	sm.byID[key] = sk
	return sk, nil
}

func loadStatsKernels(dev *Device) (*statsKernels, error) {
	cc, ok := dev.m.b.(backend.CUDACompiler)
	if !ok {
		return nil, fmt.Errorf("the %s backend can't compile CUDA C", dev.m.b.Name())
	}
	mod, err := cc.CompileCUDA(dev.info.Index, statsSrc, backend.CompileOptions{File: "peerbook-stats"})
	if err != nil {
		return nil, fmt.Errorf("compile the statistics kernels for %s: %w", dev.label(), err)
	}
	sigs, err := statsSignatures()
	if err != nil {
		return nil, err
	}
	sk := &statsKernels{kernels: map[DType]backend.Kernel{}, sigs: sigs}
	for dt, sig := range sigs {
		k, err := mod.Kernel(sig.Name, sig)
		if err != nil {
			return nil, fmt.Errorf("load %s on %s: %w", sig.Name, dev.label(), err)
		}
		sk.kernels[dt] = k
	}
	return sk, nil
}

// statsSignatures returns the signature of every dtype's statistics kernel, exactly as its
// source declares it (the CUDA backend loads a kernel only with its source's signature), an
// error where one is missing. The half-precision kernels read raw 16-bit words (unsigned
// short in C), so their buffer parameter is uint16, the way translatedSignature gives a
// translated Go kernel's float16 and bfloat16 buffers; a buffer parameter is checked to
// have elements of the size of the dtype its kernel reduces.
func statsSignatures() (map[DType]backend.Signature, error) {
	sigs, err := cudasrc.Signatures(statsSrc)
	if err != nil {
		return nil, fmt.Errorf("the statistics kernels' signatures: %w", err)
	}
	byType := map[DType]backend.Signature{}
	for _, sig := range sigs {
		dt, err := backend.ParseDType(strings.TrimPrefix(sig.Name, "pb_stats_"))
		if err != nil {
			return nil, fmt.Errorf("statistics kernel %s: %w", sig.Name, err)
		}
		if len(sig.Params) != 6 || sig.Params[0].Kind != backend.ParamBuffer || sig.Params[0].DType.Size() != dt.Size() {
			return nil, fmt.Errorf("statistics kernel %s: parameters %+v, want a buffer of %d-byte elements and 5 more", sig.Name, sig.Params, dt.Size())
		}
		byType[dtypeOf(dt)] = sig
	}
	for dt := Int8; dt <= Float64; dt++ {
		if _, ok := byType[dt]; !ok {
			return nil, fmt.Errorf("the statistics module has no kernel for %s (%d kernels)", dt, len(sigs))
		}
	}
	return byType, nil
}

// cellPartial is what the statistics kernel writes for one cell.
type cellPartial struct {
	cnt, min, max, sum, m2, nan, inf float64
}

// stats returns the statistics of the cell's elements.
func (p cellPartial) stats() display.Stats {
	s := display.Stats{Count: int64(p.cnt + p.nan + p.inf), NaN: int64(p.nan), Inf: int64(p.inf)}
	if p.cnt == 0 {
		s.Min, s.Max, s.Mean, s.Std = math.NaN(), math.NaN(), math.NaN(), math.NaN()
		return s
	}
	s.Min, s.Max, s.Mean, s.Std = p.min, p.max, p.sum/p.cnt, math.Sqrt(p.m2/p.cnt)
	return s
}

// mean is the mean of the cell's finite elements, NaN where there are none.
func (p cellPartial) mean() float64 {
	if p.cnt == 0 {
		return math.NaN()
	}
	return p.sum / p.cnt
}

// mergeCells returns the statistics of all the cells' elements.
func mergeCells(parts []cellPartial) display.Stats {
	var s display.Stats
	for _, p := range parts {
		s = s.Merge(p.stats())
	}
	if s.Finite() == 0 {
		s.Min, s.Max, s.Mean, s.Std = math.NaN(), math.NaN(), math.NaN(), math.NaN()
	}
	return s
}

// onCUDADevice reports whether the buffer is large device memory of a backend that
// compiles CUDA C, whose statistics are worth computing where it lives.
func (b *Buffer) onCUDADevice() (backend.Memory, bool) {
	if !deviceStats || b.n <= display.MaxTableValues || b.a.dev.IsHost() {
		return nil, false
	}
	if _, ok := b.a.m.b.(backend.CUDACompiler); !ok {
		return nil, false
	}
	mem, err := b.live("stats")
	if err != nil || mem.Host() != nil {
		return nil, false
	}
	return mem, true
}

// reduceOnDevice reduces the buffer, seen as a rows x cols matrix, to gridRows x gridCols
// cells on its device and returns the cells' partials, row-major.
func (b *Buffer) reduceOnDevice(mem backend.Memory, rows, cols, gridRows, gridCols int64) ([]cellPartial, error) {
	dev := b.a.dev
	sk, err := statsKernelsOn(dev)
	if err != nil {
		return nil, err
	}
	k, sig := sk.kernels[b.dtype], sk.sigs[b.dtype]
	if k == nil {
		return nil, fmt.Errorf("no statistics kernel for %s", b.dtype)
	}
	cells := gridRows * gridCols
	out, err := b.a.m.b.Alloc(dev.info.Index, cells*64, backend.AllocOptions{})
	if err != nil {
		return nil, err
	}
	defer out.Free()
	args := []backend.Arg{
		{Param: sig.Params[0], Memory: mem, Offset: b.off, Len: b.n},
		{Param: sig.Params[1], Scalar: uint64(rows)},
		{Param: sig.Params[2], Scalar: uint64(cols)},
		{Param: sig.Params[3], Scalar: uint64(gridRows)},
		{Param: sig.Params[4], Scalar: uint64(gridCols)},
		{Param: sig.Params[5], Memory: out, Len: int(cells * 8)},
	}
	cfg := backend.LaunchConfig{Device: dev.info.Index, Grid: backend.Dim3{X: int(cells), Y: 1, Z: 1}, Block: backend.Dim3{X: statsBlock, Y: 1, Z: 1}}
	if err := k.Launch(cfg, args); err != nil {
		return nil, err
	}
	raw := make([]byte, cells*64)
	if err := b.a.m.b.Read(out, 0, raw); err != nil {
		return nil, err
	}
	parts := make([]cellPartial, cells)
	for i := range parts {
		f := func(j int) float64 { return math.Float64frombits(binary.LittleEndian.Uint64(raw[64*i+8*j:])) }
		parts[i] = cellPartial{cnt: f(0), min: f(1), max: f(2), sum: f(3), m2: f(4), nan: f(5), inf: f(6)}
	}
	return parts, nil
}

// deviceStatsErr is the last error of the device path that the host path then replaced
// (tests read it).
var deviceStatsErr struct {
	mu  sync.Mutex
	err error
}

// fallBack decides what to do with an error of the device path: an error of devices that
// can't be used any more is the answer (handled); any other lets the host path try.
func fallBack(err error) (handled bool, _ error) {
	if errors.Is(err, ErrNeedsRestart) {
		return true, err
	}
	deviceStatsErr.mu.Lock()
	deviceStatsErr.err = err
	deviceStatsErr.mu.Unlock()
	return false, nil
}

// statsOnDevice computes the statistics of a large buffer of a CUDA device there. It
// returns handled == false where the host path should do it.
func (b *Buffer) statsOnDevice() (s display.Stats, handled bool, err error) {
	mem, ok := b.onCUDADevice()
	if !ok {
		return s, false, nil
	}
	parts, err := b.reduceOnDevice(mem, 1, int64(b.n), 1, min(int64(b.n), 1024))
	if err != nil {
		handled, err = fallBack(fmt.Errorf("stats of %s on the device: %w", b.describe(), err))
		return s, handled, err
	}
	s = mergeCells(parts)
	s.Count = int64(b.n)
	deviceStatsRuns.Add(1)
	return s, true, nil
}

// viewOnDevice fills v's statistics and its envelope (1-D) or grid (more dimensions) for
// a large buffer of a CUDA device, reduced there exactly as display.Reduction reduces on
// the host. It returns handled == false where the host path should do it.
func (b *Buffer) viewOnDevice(v *display.BufferView) (handled bool, err error) {
	mem, ok := b.onCUDADevice()
	if !ok {
		return false, nil
	}
	n := int64(b.n)
	rows, cols := int64(1), n
	gridRows, gridCols := int64(1), int64(display.EnvelopeBins)
	matrix := len(b.shape) >= 2
	if matrix {
		cols = int64(b.shape[len(b.shape)-1])
		if cols == 0 {
			return false, nil
		}
		rows = n / cols
		gridRows, gridCols = min(rows, display.GridSize), min(cols, display.GridSize)
	}
	parts, err := b.reduceOnDevice(mem, rows, cols, gridRows, gridCols)
	if err != nil {
		return fallBack(fmt.Errorf("view of %s on the device: %w", b.describe(), err))
	}
	fillFromCells(v, parts, n, matrix, int(gridRows), int(gridCols))
	deviceStatsRuns.Add(1)
	return true, nil
}

// deviceStatsRuns counts the views and statistics computed on a device (tests read it).
var deviceStatsRuns atomic.Int64

// fillFromCells sets v's statistics of n elements, and its grid (matrix) or envelope,
// from the cells' partials, as display.Reduction.Fill does from its own.
func fillFromCells(v *display.BufferView, parts []cellPartial, n int64, matrix bool, gridRows, gridCols int) {
	v.Stats = mergeCells(parts)
	v.Stats.Count = n
	v.Values, v.Envelope, v.Grid = nil, nil, nil
	if matrix {
		g := &display.Grid{Rows: gridRows, Cols: gridCols, Values: make([]float64, len(parts)), Method: "mean"}
		for i, p := range parts {
			g.Values[i] = p.mean()
		}
		v.Grid = g
		return
	}
	e := &display.Envelope{Min: make([]float64, len(parts)), Max: make([]float64, len(parts)), Mean: make([]float64, len(parts))}
	for i, p := range parts {
		e.Min[i], e.Max[i], e.Mean[i] = p.min, p.max, p.mean()
		if p.cnt == 0 {
			e.Min[i], e.Max[i] = math.NaN(), math.NaN()
		}
	}
	v.Envelope = e
}
