package gpu

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"math"
	"strings"
	"testing"
	"time"

	"github.com/peerbook/peerbook/gpu/internal/gokernel"
	"github.com/peerbook/peerbook/gpu/internal/gokernel/suite"
)

// The cross-device suite (package gpu/internal/gokernel/suite) through the gpu API: every case runs
// on simulated devices and on the CUDA device in one process (gpu.Use switches), and the
// checked buffers must be identical (floats within the case's tolerance where it has one).

// suiteTimeout bounds one case; a hand-off that never completes would otherwise hang.
const suiteTimeout = 60 * time.Second

// suiteResult is what one run of a case gave: the bytes of each checked buffer, in case
// order, and how long the run took (compile included on CUDA).
type suiteResult struct {
	checked [][]byte
	dtypes  []DType
	took    time.Duration
}

// runSuiteCase runs c on the current devices. Launch l runs on device l.Device modulo the
// number of devices, every launch on its own stream, all at once (a hand-off needs its
// producer and consumer running together: on one GPU they share it). Peer buffers are
// allocated shared on device 0; other buffers on the device of the first launch using them.
func runSuiteCase(c suite.Case) (suiteResult, error) {
	start := time.Now()
	var res suiteResult
	lib := gokernel.NewLibrary()
	gks, err := lib.Define(c.Src, "cell[1]", 1)
	if err != nil {
		return res, fmt.Errorf("define: %w", err)
	}
	kernels := map[string]*Kernel{}
	var list []*Kernel
	for _, gk := range gks {
		kernels[gk.Name()] = newKernel(gk.Signature(), gk, nil)
		list = append(list, kernels[gk.Name()])
	}
	// As DefineGo does: compiled and loaded before any launch, so that a consumer spinning
	// on a flag doesn't wait for its producer's compilation.
	if err := preloadCUDA(list); err != nil {
		return res, fmt.Errorf("compile: %w", err)
	}
	ndev := NumDevices()
	if ndev == 0 {
		return res, fmt.Errorf("no devices: %s", Runtime())
	}
	devOf := func(i int) *Device { return Dev(i % ndev) }
	home := make([]int, len(c.Buffers))
	for i := range home {
		home[i] = -1
	}
	for _, l := range c.Launches {
		for _, a := range l.Args {
			if a.Buffer >= 0 && home[a.Buffer] < 0 {
				home[a.Buffer] = l.Device
			}
		}
	}
	bufs := make([]*Buffer, len(c.Buffers))
	for i, b := range c.Buffers {
		n := suite.Len(b.Values)
		var buf *Buffer
		if b.Peer {
			buf, err = Dev(0).AllocShared(dtypeOf(b.DType), n)
		} else {
			buf, err = devOf(max(home[i], 0)).Alloc(dtypeOf(b.DType), n)
		}
		if err != nil {
			return res, fmt.Errorf("buffer %d: %w", i, err)
		}
		if err := writeRaw(buf, suite.Bytes(b.Values)); err != nil {
			return res, fmt.Errorf("buffer %d: %w", i, err)
		}
		bufs[i] = buf
	}
	streams := make([]*Stream, len(c.Launches))
	for i, l := range c.Launches {
		k := kernels[l.Kernel]
		if k == nil {
			return res, fmt.Errorf("launch %d: no kernel %s", i, l.Kernel)
		}
		dev := devOf(l.Device)
		if streams[i], err = dev.NewStream(); err != nil {
			return res, fmt.Errorf("launch %d: %w", i, err)
		}
		args := []any{OnStream(streams[i])}
		if l.SharedBytes > 0 {
			args = append(args, SharedMem(l.SharedBytes))
		}
		for _, a := range l.Args {
			if a.Buffer >= 0 {
				args = append(args, bufs[a.Buffer])
			} else {
				args = append(args, a.Scalar)
			}
		}
		if err := k.Launch(dev, Dim3(l.Grid), Dim3(l.Block), args...); err != nil {
			return res, fmt.Errorf("launch %d: %w", i, err)
		}
	}
	done := make(chan error, 1)
	go func() {
		var first error
		for i, s := range streams {
			if err := s.Synchronize(); err != nil && first == nil {
				first = fmt.Errorf("launch %d: %w", i, err)
			}
		}
		done <- first
	}()
	select {
	case err := <-done:
		if err != nil {
			return res, err
		}
	case <-time.After(suiteTimeout):
		return res, fmt.Errorf("the launches did not finish in %v", suiteTimeout)
	}
	for i, b := range c.Buffers {
		if !b.Check {
			continue
		}
		raw, err := readRaw(bufs[i])
		if err != nil {
			return res, fmt.Errorf("buffer %d: %w", i, err)
		}
		res.checked = append(res.checked, raw)
		res.dtypes = append(res.dtypes, dtypeOf(b.DType))
	}
	res.took = time.Since(start)
	return res, nil
}

// writeRaw writes little-endian element bytes into a buffer.
func writeRaw(b *Buffer, raw []byte) error {
	mem, err := b.live("write")
	if err != nil {
		return err
	}
	if int64(len(raw)) != b.Bytes() {
		return fmt.Errorf("%d bytes for %s", len(raw), b.describe())
	}
	return b.a.m.b.Write(mem, b.off, raw)
}

// readRaw reads a buffer's bytes.
func readRaw(b *Buffer) ([]byte, error) {
	mem, err := b.live("read")
	if err != nil {
		return nil, err
	}
	raw := make([]byte, b.Bytes())
	return raw, b.a.m.b.Read(mem, b.off, raw)
}

// compareSuite compares two runs of c: bit for bit, or floats within c.Tolerance
// (relative). Any NaN equals any NaN, whatever its sign and payload: Go doesn't define
// the bits of a NaN an operation makes (CUDA makes 0x7fffffff, Go on amd64 0x7fc00000 or
// 0xffc00000). It returns one line per differing buffer, with the first differences.
func compareSuite(c suite.Case, want, got suiteResult) []string {
	var out []string
	if len(want.checked) != len(got.checked) {
		return []string{fmt.Sprintf("%d checked buffers, want %d", len(got.checked), len(want.checked))}
	}
	for i := range want.checked {
		w, g, dt := want.checked[i], got.checked[i], want.dtypes[i]
		if len(w) != len(g) {
			out = append(out, fmt.Sprintf("checked buffer %d: %d bytes, want %d", i, len(g), len(w)))
			continue
		}
		if bytes.Equal(w, g) {
			continue
		}
		size := dt.Size()
		var diffs []string
		count := 0
		for e := 0; e < len(w)/size; e++ {
			we, ge := w[e*size:(e+1)*size], g[e*size:(e+1)*size]
			if bytes.Equal(we, ge) || bothNaN(we, ge, dt) || (c.Tolerance > 0 && closeEnough(we, ge, dt, c.Tolerance)) {
				continue
			}
			count++
			if len(diffs) < 6 {
				diffs = append(diffs, fmt.Sprintf("[%d] %s, want %s", e, elementString(ge, dt), elementString(we, dt)))
			}
		}
		if count > 0 {
			out = append(out, fmt.Sprintf("checked buffer %d (%s): %d of %d elements differ: %s", i, dt, count, len(w)/size, strings.Join(diffs, "; ")))
		}
	}
	return out
}

// bothNaN reports whether two elements of a float dtype are both NaN.
func bothNaN(a, b []byte, dt DType) bool {
	isNaN := func(e []byte) bool {
		switch dt {
		case Float16:
			h := binary.LittleEndian.Uint16(e)
			return h&0x7c00 == 0x7c00 && h&0x03ff != 0
		case BFloat16:
			h := binary.LittleEndian.Uint16(e)
			return h&0x7f80 == 0x7f80 && h&0x007f != 0
		case Float32:
			return math.IsNaN(float64(math.Float32frombits(binary.LittleEndian.Uint32(e))))
		case Float64:
			return math.IsNaN(math.Float64frombits(binary.LittleEndian.Uint64(e)))
		}
		return false
	}
	return isNaN(a) && isNaN(b)
}

// closeEnough compares two float elements within a relative tolerance.
func closeEnough(a, b []byte, dt DType, tol float64) bool {
	var x, y float64
	switch dt {
	case Float32:
		x, y = float64(math.Float32frombits(binary.LittleEndian.Uint32(a))), float64(math.Float32frombits(binary.LittleEndian.Uint32(b)))
	case Float64:
		x, y = math.Float64frombits(binary.LittleEndian.Uint64(a)), math.Float64frombits(binary.LittleEndian.Uint64(b))
	default:
		return false
	}
	if math.IsNaN(x) && math.IsNaN(y) {
		return true
	}
	if math.IsInf(x, 0) || math.IsInf(y, 0) {
		return x == y
	}
	return math.Abs(x-y) <= tol*math.Max(math.Abs(x), math.Abs(y))
}

// elementString shows one element and its bits.
func elementString(e []byte, dt DType) string {
	v := valueAt(e, dt, 0)
	var bits uint64
	for i := len(e) - 1; i >= 0; i-- {
		bits = bits<<8 | uint64(e[i])
	}
	return fmt.Sprintf("%v (%#0*x)", v, 2+2*len(e), bits)
}

// runSuiteOn runs every case on the devices spec names; cases that fail to run are
// reported through t and left out of the result.
func runSuiteOn(t *testing.T, spec string) map[string]suiteResult {
	t.Helper()
	if err := Use(spec); err != nil {
		t.Fatalf("Use(%q): %v", spec, err)
	}
	out := map[string]suiteResult{}
	for _, c := range suite.Cases() {
		r, err := runSuiteCaseWatched(t, c, spec)
		if err != nil {
			t.Errorf("%s on %s: %v", c.Name, spec, err)
			if p := poisoned(); p != nil {
				t.Fatalf("the devices are unusable now, the other cases can't run: %v", p)
			}
			continue
		}
		out[c.Name] = r
	}
	return out
}

// suiteCaseTimeout bounds one case of the suite (compiling included): a hand-off that
// never completes fails the test naming the case instead of blocking the test binary.
const suiteCaseTimeout = time.Minute

// runSuiteCaseWatched runs c under a watchdog: past suiteCaseTimeout the test fails,
// naming the case and the devices (the hung case's goroutine is left behind).
func runSuiteCaseWatched(t *testing.T, c suite.Case, spec string) (suiteResult, error) {
	t.Helper()
	type result struct {
		r   suiteResult
		err error
	}
	done := make(chan result, 1)
	go func() {
		defer func() {
			if p := recover(); p != nil {
				done <- result{err: fmt.Errorf("panic: %v", p)}
			}
		}()
		r, err := runSuiteCase(c)
		done <- result{r, err}
	}()
	select {
	case res := <-done:
		return res.r, res.err
	case <-time.After(suiteCaseTimeout):
		t.Fatalf("WATCHDOG: case %s on %s did not finish within %v (a hand-off that never completed?); the remaining cases were not run", c.Name, spec, suiteCaseTimeout)
		return suiteResult{}, nil
	}
}

// compareSuiteRuns checks that two device sets gave the same results for every case and
// logs one line per case.
func compareSuiteRuns(t *testing.T, refName string, ref map[string]suiteResult, gotName string, got map[string]suiteResult) {
	t.Helper()
	same := 0
	for _, c := range suite.Cases() {
		r, ok1 := ref[c.Name]
		g, ok2 := got[c.Name]
		if !ok1 || !ok2 {
			t.Logf("%-16s not compared (it failed to run; see above)", c.Name)
			continue
		}
		n := 0
		for _, b := range r.checked {
			n += len(b)
		}
		tol := "bit for bit"
		if c.Tolerance > 0 {
			tol = fmt.Sprintf("within %g", c.Tolerance)
		}
		if diffs := compareSuite(c, r, g); len(diffs) > 0 {
			t.Errorf("%-16s %s and %s differ (%s):\n  %s", c.Name, refName, gotName, tol, strings.Join(diffs, "\n  "))
			continue
		}
		same++
		t.Logf("%-16s identical %s (%d launches, %d checked buffers, %d bytes); %s %v, %s %v",
			c.Name, tol, len(c.Launches), len(r.checked), n, refName, r.took.Round(time.Microsecond), gotName, g.took.Round(time.Microsecond))
	}
	t.Logf("SUITE: %d of %d cases identical on %s and %s", same, len(suite.Cases()), refName, gotName)
}

// TestGoKernelSuiteHarness checks the harness itself on simulated devices: one GPU (every
// launch on device 0, the hand-off on two streams of it, as on a one-GPU machine) must give
// what two GPUs give.
func TestGoKernelSuiteHarness(t *testing.T) {
	if testing.Short() {
		t.Skip("the whole suite twice on simulated devices (-short)")
	}
	ref := runSuiteOn(t, "sim:2")
	one := runSuiteOn(t, "sim:1")
	compareSuiteRuns(t, "sim:2", ref, "sim:1", one)
}

// TestCUDAGoKernelSuite runs the suite on simulated devices and on the CUDA devices in one
// process and requires identical results. Each case's line gives its time on both (on CUDA
// it includes translating and compiling the kernels).
func TestCUDAGoKernelSuite(t *testing.T) {
	useCUDA(t)
	t.Logf("CUDA: %s", describeDevices())
	gpu := runSuiteOn(t, "cuda")
	ref := runSuiteOn(t, "sim:2")
	compareSuiteRuns(t, "sim:2", ref, "cuda", gpu)
	if err := Use("cuda"); err != nil {
		t.Fatalf("back to CUDA: %v", err)
	}
	if p := poisoned(); p != nil {
		t.Errorf("the suite left CUDA unusable: %v", p)
	}
}

// describeDevices lists the current devices in one line.
func describeDevices() string {
	var parts []string
	for _, d := range Devices() {
		parts = append(parts, fmt.Sprintf("%s (%s, %d SMs)", d.label(), d.info.Arch, d.SMs()))
	}
	return strings.Join(parts, ", ")
}

// The harness's comparison: a difference is found and shown with its element.
func TestCompareSuite(t *testing.T) {
	c := suite.Case{Name: "x"}
	f := func(vs ...float32) suiteResult {
		raw := make([]byte, 4*len(vs))
		for i, v := range vs {
			binary.LittleEndian.PutUint32(raw[4*i:], math.Float32bits(v))
		}
		return suiteResult{checked: [][]byte{raw}, dtypes: []DType{Float32}}
	}
	if d := compareSuite(c, f(1, 2, 3), f(1, 2, 3)); len(d) != 0 {
		t.Errorf("equal runs differ: %v", d)
	}
	d := compareSuite(c, f(1, 2, 3), f(1, 2.0000002, 3))
	if len(d) != 1 || !strings.Contains(d[0], "1 of 3 elements differ: [1] 2.0000002") {
		t.Errorf("difference: %v", d)
	}
	c.Tolerance = 1e-6
	if d := compareSuite(c, f(1, 2, float32(math.NaN())), f(1, 2.0000002, float32(math.NaN()))); len(d) != 0 {
		t.Errorf("within tolerance: %v", d)
	}
	if d := compareSuite(c, f(1, 2, 3), f(1, 2.1, 3)); len(d) != 1 {
		t.Errorf("beyond tolerance: %v", d)
	}
	// Bit for bit: NaNs of any sign and payload are equal, signed zeros are not.
	c.Tolerance = 0
	nan := func(bits uint32) float32 { return math.Float32frombits(bits) }
	if d := compareSuite(c, f(nan(0x7fc00000), nan(0xffc00000)), f(nan(0x7fffffff), nan(0x7fffffff))); len(d) != 0 {
		t.Errorf("NaNs with other bits differ: %v", d)
	}
	if d := compareSuite(c, f(float32(math.Copysign(0, -1)), nan(0x7fc00000)), f(0, 1)); len(d) != 1 || !strings.Contains(d[0], "2 of 2 elements differ") {
		t.Errorf("-0 against 0 and NaN against 1: %v", d)
	}
	h := suiteResult{checked: [][]byte{{0x01, 0x7c, 0x00, 0x7c}}, dtypes: []DType{Float16}}
	if d := compareSuite(c, h, suiteResult{checked: [][]byte{{0xff, 0xff, 0x00, 0xfc}}, dtypes: []DType{Float16}}); len(d) != 1 || !strings.Contains(d[0], "1 of 2 elements differ: [1]") {
		t.Errorf("float16 NaNs equal, +Inf and -Inf not: %v", d)
	}
}
