package gokernel

import (
	"errors"
	"math"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/peerbook/peerbook/gpu/internal/gokernel/suite"
	"github.com/peerbook/peerbook/gpu/internal/half"
)

// vector4Case returns the suite's Load4/Store4 case (bounds checks on).
func vector4Case(t *testing.T) suite.Case {
	t.Helper()
	for _, c := range suite.Cases() {
		if c.Name == "vector4" {
			return c
		}
	}
	t.Fatal("no vector4 case in the suite")
	return suite.Case{}
}

// TestVector4Results compares the simulator's results of the suite's Load4/Store4 case with
// the same steps written in plain Go, element by element.
func TestVector4Results(t *testing.T) {
	c := vector4Case(t)
	out := runCase(t, c) // fo, w, h, b, p, so
	f := c.Buffers[0].Values.([]float32)
	fo := append([]float32(nil), c.Buffers[1].Values.([]float32)...)
	w := append([]int64(nil), c.Buffers[2].Values.([]int64)...)
	h := append([]uint16(nil), c.Buffers[3].Values.([]uint16)...)
	b := append([]int8(nil), c.Buffers[4].Values.([]int8)...)
	p := append([]int32(nil), c.Buffers[5].Values.([]int32)...)
	so := make([]float32, 3*64)
	for i := range fo {
		fo[i] = 2*f[i] + fo[i]
	}
	for g := 0; g < 3*32; g++ {
		k := 8 * g
		if k+8 <= len(w) {
			v := [4]int64(w[k+1 : k+5])
			copy(w[k+4:], []int64{v[3] + int64(g), v[2], v[1], v[0]})
			r := [4]int64(w[k+2 : k+6])
			copy(w[k+2:], []int64{r[1], r[2], r[3], r[0]})
			w[k] = w[k] + w[k+1]*3 + w[k+2]*5 + w[k+3]*7
		}
		v := [4]uint16(h[k+3 : k+7])
		for j := range 4 {
			h[k+j] = half.F32ToF16(half.F16ToF32(v[j])*1.5 + float32(j))
		}
		bv := [4]int8(b[k+2 : k+6])
		copy(b[k+4:], []int8{bv[0] * 3, bv[1] - 100, -bv[2], bv[3] ^ 0x55})
		bu := [4]int8(b[k : k+4])
		copy(b[k+1:], []int8{bu[3], bu[2], bu[1], bu[0]})
		pv := [4]int32(p[k+1 : k+5])
		copy(p[k+4:], []int32{pv[0] + 1, pv[1] + 2, pv[2] + 3, pv[3] + 4})
		pu := [4]int32(p[k+2 : k+6])
		copy(p[k:], []int32{pu[3], pu[2], pu[1], pu[0]})
	}
	var s [64]float32
	for tid := range 32 {
		s[tid] = float32(tid*tid) + 0.5
	}
	for blk := range 3 {
		for tid := 1; tid < 32; tid += 4 { // the kernel's tid+3 < 64 holds for every thread
			for j := range 4 {
				so[blk*64+tid-1+j] = s[tid-1+j] - s[tid+j]
			}
		}
	}
	check := func(name string, got, want []byte) {
		t.Helper()
		if string(got) != string(want) {
			t.Errorf("%s differs from the plain Go steps", name)
		}
	}
	check("fo", out[0], suite.Bytes(fo))
	check("w", out[1], suite.Bytes(w))
	check("h", out[2], suite.Bytes(h))
	check("b", out[3], suite.Bytes(b))
	check("p", out[4], suite.Bytes(p))
	check("so", out[5], suite.Bytes(so))
	if got := fromBytes[float32](out[0]); got[999] != 2*999*0.25+float32(999%7)-3 {
		t.Errorf("fo[999] = %v", got[999])
	}
}

// TestVector4Faults checks the simulator's bounds checks of Load4 and Store4: the fault
// names the first index out of range (i below 0, else max(i, len)) at the call, and a
// faulting Store4 writes nothing.
func TestVector4Faults(t *testing.T) {
	src := `
func vload(t gpu.Thread, i int, x []float32, out []float32) {
	v := gpu.Load4(x, i)
	out[0] = v[3]
}

func vstore(t gpu.Thread, i int, x gpu.Peer[int8]) {
	gpu.Store4(x, i, [4]int8{1, 2, 3, 4})
}`
	ks := define(t, src)
	for _, c := range []struct {
		kernel string
		i      int
		msg    string // "" for no fault
		pos    string
	}{
		{"vload", 0, "", ""},
		{"vload", 6, "", ""},
		{"vload", -1, "index out of range [-1] with length 10", "cell[1]:3:7"},
		{"vload", 7, "index out of range [10] with length 10", "cell[1]:3:7"},
		{"vload", 9, "index out of range [10] with length 10", "cell[1]:3:7"},
		{"vload", 12, "index out of range [12] with length 10", "cell[1]:3:7"},
		{"vload", math.MaxInt64 - 1, "index out of range [9223372036854775806] with length 10", "cell[1]:3:7"},
		{"vstore", 6, "", ""},
		{"vstore", 8, "index out of range [10] with length 10", "cell[1]:8:2"},
		{"vstore", math.MinInt64, "index out of range [-9223372036854775808] with length 10", "cell[1]:8:2"},
	} {
		x := newBuf(make([]float32, 10))
		bx := newBuf(make([]int8, 10))
		bx.mem.shared = true
		var err error
		if c.kernel == "vload" {
			err = run1(t, ks["vload"], 1, 1, c.i, x, zeros[float32](1))
		} else {
			err = run1(t, ks["vstore"], 1, 1, c.i, bx)
		}
		if c.msg == "" {
			if err != nil {
				t.Errorf("%s(%d): %v", c.kernel, c.i, err)
			}
			continue
		}
		var pe *PanicError
		if !errors.As(err, &pe) || pe.Msg != c.msg || pe.Pos != c.pos {
			t.Errorf("%s(%d): got %v; want %q at %s", c.kernel, c.i, err, c.msg, c.pos)
		}
		for _, v := range bx.v {
			if v != 0 {
				t.Errorf("%s(%d): a faulting Store4 wrote %v", c.kernel, c.i, bx.v)
				break
			}
		}
	}
	bx := newBuf(make([]int8, 10))
	bx.mem.shared = true
	mustLaunch(t, ks["vstore"], 1, 1, 6, bx)
	if want := []int8{0, 0, 0, 0, 0, 0, 1, 2, 3, 4}; !slices.Equal(bx.v, want) {
		t.Errorf("Store4 at 6 wrote %v, want %v", bx.v, want)
	}
}

// TestCUDAVectorAccess checks the translation of Load4 and Store4: one vector access where
// the address is aligned and four scalar ones where it isn't (in the runtime), no __ldg or
// inline asm on that path, volatile element accesses on Peer buffers, checks at the call's
// position with bounds checks on and none without, __restrict__ kept on other buffers, and
// Const only for buffers never stored to.
func TestCUDAVectorAccess(t *testing.T) {
	src := `
func vec(t gpu.Thread, x []float32, y []float32, p gpu.Peer[float64], q gpu.Peer[float64]) {
	i := 4 * t.GlobalX()
	v := gpu.Load4(x, i)
	gpu.Store4(y, i+1, v)
	gpu.Store4(q, i, gpu.Load4(p, i))
}

//gpu:nobounds
func vecFast(t gpu.Thread, x []float32, y []float32) {
	i := 4 * t.GlobalX()
	gpu.Store4(y, i, gpu.Load4(x, i))
}`
	ks := define(t, src)
	checked, err := ks["vec"].CUDA()
	if err != nil {
		t.Fatal(err)
	}
	fast, err := ks["vecFast"].CUDA()
	if err != nil {
		t.Fatal(err)
	}
	body := checked[strings.Index(checked, "// kernel vec"):]
	for _, want := range []string{
		"const float* __restrict__ x, long long x_len, float* __restrict__ y,",
		"const double* p, long long p_len, double* q,",
		"gk::Array<float, 4> v = gk::load4(x, x_len, i, 0);  // cell[1]:4",
		"gk::store4(y, y_len, gk::add<int64_t>(i, 1LL), v, 1);  // cell[1]:5",
		"gk::store4_volatile(q, q_len, i, gk::load4_volatile(p, p_len, i, 2), 3);  // cell[1]:6",
	} {
		if !strings.Contains(body, want) {
			t.Errorf("checked translation lacks %q:\n%s", want, body)
		}
	}
	for site, want := range map[int]string{0: "cell[1]:4:7", 2: "cell[1]:6:19", 3: "cell[1]:6:2"} {
		if got := ks["vec"].FaultPos(site); got != want {
			t.Errorf("fault site %d at %q, want %q", site, got, want)
		}
	}
	fbody := fast[strings.Index(fast, "// kernel vecFast"):]
	if !strings.Contains(fbody, "gk::store4(y + i, gk::load4(x + i));") || strings.Contains(fbody, "gk::idx") {
		t.Errorf("unchecked translation:\n%s", fbody)
	}
	// The runtime: per element size, the aligned vector access and the scalar fallback.
	rt := cudaRuntime[strings.Index(cudaRuntime, "#define GK_VEC4"):strings.Index(cudaRuntime, "// Peer buffers: four")]
	for _, want := range []string{
		"if (((unsigned long long)p & (sizeof(V) - 1)) == 0) {",
		"V a = *reinterpret_cast<const V*>(p);",
		"*reinterpret_cast<V*>(p) = a;",
		"r.v[0] = p[0]; r.v[1] = p[1]; r.v[2] = p[2]; r.v[3] = p[3];",
		"p[0] = v.v[0]; p[1] = v.v[1]; p[2] = v.v[2]; p[3] = v.v[3];",
		"V a = reinterpret_cast<const V*>(p)[0], b = reinterpret_cast<const V*>(p)[1];",
		"GK_VEC4(float, float4)", "GK_VEC4(int32_t, int4)", "GK_VEC4(uint16_t, ushort4)", "GK_VEC4(int8_t, char4)",
		"GK_VEC2X2(double, double2)", "GK_VEC2X2(int64_t, longlong2)",
	} {
		if !strings.Contains(rt, want) {
			t.Errorf("runtime vector access lacks %q", want)
		}
	}
	if strings.Contains(rt, "__ldg") || strings.Contains(rt, "asm") || strings.Contains(rt, "volatile") {
		t.Error("the non-Peer vector access uses __ldg, inline asm or volatile")
	}
	peer := cudaRuntime[strings.Index(cudaRuntime, "// Peer buffers: four"):strings.Index(cudaRuntime, "// With bounds checks on: Go's check of x[i..i+3]")]
	if strings.Count(peer, "peerbook::load_volatile(") != 4 || strings.Count(peer, "peerbook::store_volatile(") != 4 ||
		regexp.MustCompile(`reinterpret_cast|__ldg|ld\.global\.nc`).MatchString(peer) {
		t.Errorf("Peer vector access is not four volatile element accesses:\n%s", peer)
	}
	// In a counted loop, the guard proves y[i] in range but not Load4/Store4's x[i..i+3]:
	// they stay checked in both copies of the loop.
	loop, err := kernel(t, `
func vecLoop(t gpu.Thread, n int, x []float32, y []float32) {
	for i := 0; i < n; i += 4 {
		gpu.Store4(y, i, gpu.Load4(x, i))
		y[i] = 1
	}
}`).CUDA()
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(loop, "(long long)n <= y_len) {") || strings.Contains(loop, "<= x_len") ||
		strings.Count(loop, "gk::store4(y, y_len, i, gk::load4(x, x_len, i, ") != 2 || !strings.Contains(loop, "y[i] = 1.0f;") {
		t.Errorf("counted loop with Load4/Store4:\n%s", loop[strings.Index(loop, "// kernel"):])
	}
	sig := ks["vec"].Signature()
	for i, want := range []bool{true, false, true, false} {
		if sig.Params[i].Const != want {
			t.Errorf("parameter %s: Const %v, want %v", sig.Params[i].Name, sig.Params[i].Const, want)
		}
	}
}

// TestVector4Misuse checks that wrong uses of Load4 and Store4 fail at the cell position
// of the offending argument, with a message that says what they take.
func TestVector4Misuse(t *testing.T) {
	const takes = "gpu.Load4(x, i) and gpu.Store4(x, i, v) take a buffer x"
	for _, c := range []struct{ name, src, pos, msg string }{
		{"array as buffer", `func k(t gpu.Thread, x []float32) {
	var a [8]float32
	v := gpu.Load4(a, 0)
	x[0] = v[0]
}`, "cell[2]:12:17", takes},
		{"scalar as buffer", `func k(t gpu.Thread, x []float32) {
	v := gpu.Load4(x[0], 0)
	x[0] = v[0]
}`, "cell[2]:11:17", "float32 of x[0] does not match []T"},
		{"wrong element type", `func k(t gpu.Thread, x []float32, y []int32) {
	gpu.Store4(y, 0, gpu.Load4(x, 0))
}`, "cell[2]:11:19", "does not match inferred type [4]int32"},
		{"int32 index", `func k(t gpu.Thread, x []float32, j int32) {
	v := gpu.Load4(x, j)
	x[0] = v[0]
}`, "cell[2]:11:20", "as int value in argument to gpu.Load4"},
		{"not four", `func k(t gpu.Thread, x []float32) {
	gpu.Store4(x, 0, [3]float32{})
}`, "cell[2]:11:19", takes},
		{"effects out of order", `//gpu:device
func put(x []int32, i int) int32 {
	gpu.Store4(x, i, [4]int32{1, 2, 3, 4})
	return 1
}

func k(t gpu.Thread, x []int32, y []int32) {
	x[0] = put(x, 4) + put(y, 0)
}`, "cell[2]:17:2", "separate statements"},
	} {
		t.Run(c.name, func(t *testing.T) {
			msg := defineErr(t, c.src)
			first := strings.SplitN(msg, "\n", 2)[0]
			if !strings.HasPrefix(first, c.pos+": ") || !strings.Contains(msg, c.msg) {
				t.Errorf("error:\n%s\nwant at %s containing %q", msg, c.pos, c.msg)
			}
		})
	}
}
