package cudatogo

import (
	"errors"
	"strings"
	"testing"

	"github.com/peerbook/peerbook/gpu/internal/backend"
	"github.com/peerbook/peerbook/gpu/internal/cudasrc"
)

// kernelErr translates src (a cell starting at line 10 of cell[5]) and returns kernel k's
// error text.
func kernelErr(t *testing.T, src, k string) (string, *Program) {
	t.Helper()
	p := Translate(src, "cell[5]", 10)
	_, err := p.Kernel(k)
	if err == nil {
		return "", p
	}
	return err.Error(), p
}

func TestUnsupportedConstructsNameTheirPosition(t *testing.T) {
	const sfx = " is not supported on simulated devices (it runs on a GPU)"
	cases := []struct{ src, want string }{
		{"__global__ void k(int* x) {\n  printf(\"%d\\n\", x[0]);\n}", "cell[5]:11:3: printf" + sfx},
		{"__global__ void k(int* x) {\n  goto end;\n  end: x[0] = 1;\n}", "cell[5]:11:3: goto" + sfx},
		{"template <class T> __device__ T twice(T v) { return v + v; }\n__global__ void k(int* x) {\n  x[0] = twice(x[0]);\n}",
			"cell[5]:12:10: twice (a template, line 10)" + sfx},
		{"__global__ void k(float* x) {\n  float4 v;\n}", "cell[5]:11:3: the vector type float4" + sfx},
		{"__device__ void bar() { __syncthreads(); }\n__global__ void k(float* x) {\n  bar();\n}",
			"cell[5]:10:25: __syncthreads() in a __device__ function (call it in the kernel)" + sfx},
		{"__global__ void k(int* x) {\n  int c = 0;\n  atomicAdd(&c, 1);\n}", "cell[5]:12:13: taking the address of local variable c" + sfx},
		{"__global__ void k(int* x, int* y) {\n  int* p = x;\n  p = y;\n}", "cell[5]:12:5: pointing p into another buffer" + sfx},
		{"__global__ void k(int* x) {\n  static int c = 0;\n}", "cell[5]:11:14: a static local variable" + sfx},
		{"__constant__ float coef[4];\n__global__ void k(float* x) {\n  x[0] = coef[1];\n}", "cell[5]:12:10: coef (__constant__ memory, line 10)" + sfx},
		{"#define SQ(a) ((a)*(a))\n__global__ void k(float* x) {\n  x[0] = SQ(x[1]);\n}", "cell[5]:12:10: the function-like macro SQ" + sfx},
		{"__global__ void k(int* x) {\n  auto f = [](int v) { return v; };\n}", "cell[5]:11:12: a lambda" + sfx},
		{"__global__ void k(int* x) {\n  int v = x[0];\n  v += __shfl_down_sync(0xffffffff, v, 1);\n}", "cell[5]:12:8: __shfl_down_sync" + sfx},
		{"__global__ void k(__half* x) {\n}", "cell[5]:10:19: the __half type" + sfx},
		{"__global__ void k(int* x) {\n  __shared__ int s[4];\n  int* p = &s[1];\n  x[0] = *(p + 1) + s[0];\n  float* q = (float*)x;\n}",
			"cell[5]:14:14: a cast to float*" + sfx},
		{"__global__ void k(int* x) {\n  x[0] = 1 / 0;\n}", "cell[5]:11:12: integer division by a constant zero" + sfx},
		{"struct P { int a; };\n__global__ void k(int* x) {\n  P p;\n}", "cell[5]:12:3: the type P" + sfx},
		{"__global__ void k(short* x) {\n  atomicAdd(&x[0], (short)1);\n}", "cell[5]:11:3: atomicAdd on short" + sfx},
		{"__global__ void k(int* x) {\n  x[0] = clock64();\n}", "cell[5]:11:10: clock64" + sfx},
	}
	for _, c := range cases {
		got, p := kernelErr(t, c.src, "k")
		if got != c.want {
			t.Errorf("%s\n  got  %s\n  want %s", c.src, got, c.want)
		}
		if err := p.Err(); err != nil {
			t.Errorf("%s: valid CUDA reported invalid: %v", c.src, err)
		}
		var list ErrorList
		if _, err := p.Kernel("k"); errors.As(err, &list) && !list[0].Unsupported {
			t.Errorf("%s: error not marked unsupported", c.src)
		}
	}
}

func TestInvalidSourceIsAnError(t *testing.T) {
	cases := []struct{ src, want string }{
		{"__global__ void k(float* x) {\n  x[0] = undefined_name + 1;\n}", `cell[5]:11:10: identifier "undefined_name" is undefined`},
		{"__global__ void k(float* x) {\n  x[0] = 1\n}", `cell[5]:12:1: expected ";", found "}"`},
		{"__global__ void k(const float* x) {\n  x[0] = 1;\n}", "cell[5]:11:3: can't assign to a read-only (const) value"},
		{"__device__ int f(int a, int b) { return a + b; }\n__global__ void k(int* x) {\n  x[0] = f(1);\n}", "cell[5]:12:10: too few arguments to f (it takes 2)"},
		{"__global__ void k(int* x) {\n  switch (x[0]) { case 1: break; case 1: break; }\n}", "cell[5]:11:39: duplicate case value (first at line 11)"},
		{"__global__ void k(int* x) {\n  break;\n}", "cell[5]:11:3: break statement not within a loop or switch"},
		{"__global__ void k(float* x) {\n  x[0] = x[1] % 2.0f;\n}", "cell[5]:11:15: invalid operands to % (float and float)"},
		{"__global__ void k(int* x) {\n  int a[2], b[2];\n  a = b;\n}", "cell[5]:12:3: an array can't be assigned"},
		{"#if FOO\n#else\n__global__ void k(int* x) {}\n", "cell[5]:10:1: #if without #endif"},
		// An unused device function's errors are errors too (NVRTC compiles it).
		{"__device__ int unused() { return nope; }\n__global__ void k(int* x) { x[0] = 1; }", `cell[5]:10:34: identifier "nope" is undefined`},
	}
	for _, c := range cases {
		p := Translate(c.src, "cell[5]", 10)
		err := p.Err()
		if err == nil || err.Error() != c.want {
			t.Errorf("%s\n  got  %v\n  want %s", c.src, err, c.want)
		}
	}
}

// A kernel outside the subset doesn't keep the cell's other kernels off the simulator.
func TestKernelsTranslateIndependently(t *testing.T) {
	src := `__device__ int helper(int v) { return v * 2; }
template <int N> __device__ int g() { return N; }
__global__ void a(int* x) { x[0] = helper(3); }
__global__ void b(int* x) { x[0] = g<3>(); }
__global__ void c(int* x) { printf("no"); }`
	p := Translate(src, "cell[1]", 1)
	if err := p.Err(); err != nil {
		t.Fatal(err)
	}
	if k, err := p.Kernel("a"); err != nil || !strings.Contains(k.GoSource(), "helper(cs_thr gpu.Thread, v int32) int32") {
		t.Errorf("a: %v", err)
	}
	for _, n := range []string{"b", "c"} {
		if _, err := p.Kernel(n); err == nil {
			t.Errorf("%s translated", n)
		}
	}
	if _, err := p.Kernel("nope"); err == nil || !strings.Contains(err.Error(), "no __global__ function nope") {
		t.Errorf("missing kernel: %v", err)
	}
}

// The translated kernel's signature is cudasrc's, parameter for parameter.
func TestSignaturesMatchCudasrc(t *testing.T) {
	src := `#include <stdint.h>
extern "C" {
__global__ void scalars(char a, signed char b, unsigned char c, short d, unsigned short e, int f,
    unsigned g, long h, unsigned long i, long long j, unsigned long long k, float l, double m,
    bool n, size_t o, int8_t p, uint16_t q, int64_t r, const int s, uint32_t) {}
}
__global__ void buffers(float* a, const double* b, Slice<int> c, Slice<const unsigned> d,
    Peer<float> e, Peer<const long long> f, unsigned char g[], const int8_t* __restrict__ h) {}
__global__ void unused(int len, int type, float* range) { range[0] = len + type; }`
	want, err := cudasrc.Signatures(src)
	if err != nil {
		t.Fatal(err)
	}
	p := Translate(src, "cell[1]", 1)
	for _, sig := range want {
		k, err := p.Kernel(sig.Name)
		if err != nil {
			t.Errorf("%s: %v", sig.Name, err)
			continue
		}
		if got := k.Signature(); !equalSignatures(got, sig) {
			t.Errorf("%s: %v, cudasrc %v", sig.Name, got, sig)
		}
		if gs := k.gk.Signature(); !sameSignature(gs, sig) {
			t.Errorf("%s: the Go kernel's signature %v, cudasrc %v", sig.Name, gs, sig)
		}
	}
}

func equalSignatures(a, b backend.Signature) bool {
	if a.Name != b.Name || len(a.Params) != len(b.Params) {
		return false
	}
	for i := range a.Params {
		if a.Params[i] != b.Params[i] {
			return false
		}
	}
	return true
}

func TestPreprocessor(t *testing.T) {
	src := `#define A 1
#define B (A + 1)
#if B == 2 && defined(A) && !defined(C)
#define OK 1
#elif 1
#define OK 2
#else
#error not here
#endif
#ifdef __CUDA_ARCH__
#define ARCH __CUDA_ARCH__
#endif
#undef A
#ifndef A
#define A 7
#endif
#if 0
__global__ void gone(int* x) { x[0] = nope; }
#endif
__global__ void k(int* x) { x[0] = OK * 1000 + A * 10 + (ARCH >= 700); }`
	p := Translate(src, "cell[1]", 1)
	if err := p.Err(); err != nil {
		t.Fatal(err)
	}
	k, err := p.Kernel("k")
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(k.GoSource(), "x[0] = int32(1071)") {
		t.Errorf("macros: %s", k.GoSource())
	}
	if _, err := p.Kernel("gone"); err == nil {
		t.Error("a kernel inside #if 0 translated")
	}
}

func TestLexerAndLiterals(t *testing.T) {
	cases := []struct {
		text string
		want *ctype
		v    uint64
	}{
		{"42", tInt, 42}, {"2147483648", tLong, 1 << 31}, {"0x80000000", tUInt, 1 << 31},
		{"42u", tUInt, 42}, {"42UL", tULong, 42}, {"42ll", tLLong, 42}, {"0xFFull", tULLong, 255},
		{"010", tInt, 8}, {"0b101", tInt, 5}, {"1'000", tInt, 1000}, {"4294967296", tLong, 1 << 32},
	}
	for _, c := range cases {
		v, typ, d := parseIntLit(c.text, Pos{})
		if d != nil || typ != c.want || v != c.v {
			t.Errorf("%s: %v %v %v", c.text, v, typ, d)
		}
	}
	if _, _, d := parseIntLit("42lul", Pos{}); d == nil {
		t.Error("bad suffix accepted")
	}
	if v, typ, _ := parseFloatLit("0.1f", Pos{}); typ != tFloat || float32(v) != float32(0.1) || v != float64(float32(0.1)) {
		t.Errorf("0.1f: %v %v", v, typ)
	}
	if v, typ, _ := parseFloatLit("1e3", Pos{}); typ != tDouble || v != 1000 {
		t.Errorf("1e3: %v %v", v, typ)
	}
	for text, want := range map[string]int64{`'a'`: 97, `'\n'`: 10, `'\0'`: 0, `'\x41'`: 65, `'\''`: 39, `'\377'`: -1} {
		if v, d := parseCharLit(text, Pos{}); d != nil || v != want {
			t.Errorf("%s: %d %v", text, v, d)
		}
	}
	if _, err := lex("int x = 1; /* open"); err == nil {
		t.Error("unterminated comment accepted")
	}
	toks, err := lex("a<<=b->c ... 1.5e-3f x\\\ny")
	if err != nil {
		t.Fatal(err)
	}
	var texts []string
	for _, tk := range toks[:len(toks)-1] {
		texts = append(texts, tk.text)
	}
	if got := strings.Join(texts, " "); got != "a <<= b -> c ... 1.5e-3f x y" || toks[len(toks)-2].bol {
		t.Errorf("tokens %q", got)
	}
}

// The usual arithmetic conversions, checked against the C standard's rules.
func TestUsualArithmeticConversions(t *testing.T) {
	cases := []struct{ a, b, want *ctype }{
		{tChar, tChar, tInt}, {tUShort, tShort, tInt}, {tInt, tUInt, tUInt}, {tLong, tUInt, tLong},
		{tLLong, tULong, tULLong}, {tULLong, tLLong, tULLong}, {tUInt, tLLong, tLLong}, {tFloat, tLLong, tFloat},
		{tDouble, tFloat, tDouble}, {tBool, tBool, tInt}, {tUChar, tUInt, tUInt},
	}
	for _, c := range cases {
		if got := common(c.a, c.b); got != c.want {
			t.Errorf("%s, %s: %s, want %s", c.a, c.b, got, c.want)
		}
	}
}

// Identifiers that Go reserves get another name; everything still translates.
func TestGoReservedNames(t *testing.T) {
	src := `__device__ int len(int range) { return range + 1; }
__global__ void func(int* map, int type, int cs_thr) {
    int go = len(type), chan = 2, var = cs_thr;
    map[0] = go + chan + var;
}`
	p := Translate(src, "cell[1]", 1)
	k, err := p.Kernel("func")
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(k.GoSource(), "len_(cs1_thr gpu.Thread, range_ int32)") || !strings.Contains(k.GoSource(), "var_ int32 = cs_thr") {
		t.Errorf("source:\n%s", k.GoSource())
	}
}

func TestDeepNestingIsAnError(t *testing.T) {
	src := "__global__ void k(int* x) { x[0] = " + strings.Repeat("(", 5000) + "1" + strings.Repeat(")", 5000) + "; }"
	if err := Translate(src, "cell[1]", 1).Err(); err == nil || !strings.Contains(err.Error(), "nested more than") {
		t.Errorf("error %v", err)
	}
}

// hostMem is backend.Memory over a byte slice, for running kernels without package gpu.
type hostMem struct{ b []byte }

func (m hostMem) Device() int                  { return 0 }
func (m hostMem) Size() int64                  { return int64(len(m.b)) }
func (m hostMem) Shared() bool                 { return true }
func (m hostMem) Free() error                  { return nil }
func (m hostMem) Pointer(int) (uintptr, error) { return 0, errors.New("no pointer") }
func (m hostMem) Host() []byte                 { return m.b }

// flag_wait gives up on the simulator too (after at least its timeout).
func TestFlagWaitGivesUp(t *testing.T) {
	p := Translate(`__global__ void waiter(Peer<unsigned> f) {
  f[1] = flag_wait(f, 0, 1u, 200000ull) ? 1 : 2;
  f[2] = flag_wait_at_least(f, 3, 5u, 200000ull) ? 1 : 2;
}`, "cell[1]", 1)
	k, err := p.Kernel("waiter")
	if err != nil {
		t.Fatal(err)
	}
	mem := hostMem{make([]byte, 16)}
	mem.b[12] = 6 // f[3] = 6: already at least 5
	args := []backend.Arg{{Param: k.Signature().Params[0], Memory: mem, Len: 4}}
	one := backend.Dim3{X: 1, Y: 1, Z: 1}
	if err := k.Run(backend.LaunchConfig{Grid: one, Block: one}, args, nil); err != nil {
		t.Fatal(err)
	}
	if mem.b[4] != 2 || mem.b[8] != 1 {
		t.Errorf("flag_wait returned %d, flag_wait_at_least %d (1 true, 2 false)", mem.b[4], mem.b[8])
	}
}

func TestEnumsAndConstants(t *testing.T) {
	src := `enum { A, B = 5, C };
enum Color { RED = 1 << 2, GREEN };
const int K = C * 2;
constexpr unsigned M = 0u - 1u;
__device__ float proto(float v);
__global__ void k(int* x, unsigned* y) {
    const int local = K + 1;
    x[0] = A + B * 10 + C * 100 + GREEN * 1000 + local * 10000;
    y[0] = M;
}`
	p := Translate(src, "cell[1]", 1)
	if err := p.Err(); err != nil {
		t.Fatal(err)
	}
	k, err := p.Kernel("k")
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"x[0] = int32(135650)", "y[0] = uint32(4294967295)"} {
		if !strings.Contains(k.GoSource(), want) {
			t.Errorf("no %q in\n%s", want, k.GoSource())
		}
	}
}
