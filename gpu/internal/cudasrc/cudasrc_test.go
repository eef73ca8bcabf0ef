package cudasrc

import (
	"errors"
	"strings"
	"testing"

	"github.com/peerbook/peerbook/gpu/internal/backend"
)

func TestSignaturesKinds(t *testing.T) {
	src := `
// a comment with __global__ void fake(int x) in it
/* and __global__ void fake2() here */
#define KERNEL __global__ void from_macro(int)
#include <cuda_fp16.h>

__device__ float helper(float x) { return x * 2; }

extern "C" __global__ void saxpy(int n, float a, const float* __restrict__ x, float* y) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) y[i] = a * x[i] + y[i];
}

__global__ void __launch_bounds__(256, 2) mixed(Peer<unsigned> flags, Peer<const float> in,
    Slice<double> out, Slice<const int64_t> idx, unsigned long long seed, __half h,
    __nv_bfloat16 b, size_t n, signed char c, unsigned short us, long long ll, bool on,
    uint8_t u8, float arr[]) {
  const char* s = "__global__ void in_string()";
  (void)s;
}

namespace ops {
__global__ void scale(Slice<float> x, float f) {}
namespace inner { __global__ void deep(void) {} }
}

extern "C" {
__global__ void in_block(int* p) {}
}
`
	ks, err := Kernels(src)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, k := range ks {
		names = append(names, k.Signature.Name)
	}
	if got := strings.Join(names, ","); got != "saxpy,mixed,scale,deep,in_block" {
		t.Fatalf("kernels = %s", got)
	}
	saxpy := ks[0]
	if !saxpy.ExternC || saxpy.NameExpr != "&saxpy" || saxpy.Line != 9 {
		t.Errorf("saxpy: externC=%v nameExpr=%q line=%d", saxpy.ExternC, saxpy.NameExpr, saxpy.Line)
	}
	want := []backend.Param{
		{Name: "n", Kind: backend.ParamScalar, DType: backend.Int32},
		{Name: "a", Kind: backend.ParamScalar, DType: backend.Float32},
		{Name: "x", Kind: backend.ParamBuffer, DType: backend.Float32, Const: true},
		{Name: "y", Kind: backend.ParamBuffer, DType: backend.Float32},
	}
	checkParams(t, saxpy, want, []ArgLayout{LayoutScalar, LayoutScalar, LayoutPointer, LayoutPointer})

	mixed := ks[1]
	if mixed.ExternC || mixed.NameExpr != "&mixed" {
		t.Errorf("mixed: externC=%v nameExpr=%q", mixed.ExternC, mixed.NameExpr)
	}
	want = []backend.Param{
		{Name: "flags", Kind: backend.ParamPeer, DType: backend.Uint32},
		{Name: "in", Kind: backend.ParamPeer, DType: backend.Float32, Const: true},
		{Name: "out", Kind: backend.ParamBuffer, DType: backend.Float64},
		{Name: "idx", Kind: backend.ParamBuffer, DType: backend.Int64, Const: true},
		{Name: "seed", Kind: backend.ParamScalar, DType: backend.Uint64},
		{Name: "h", Kind: backend.ParamScalar, DType: backend.Float16},
		{Name: "b", Kind: backend.ParamScalar, DType: backend.BFloat16},
		{Name: "n", Kind: backend.ParamScalar, DType: backend.Uint64},
		{Name: "c", Kind: backend.ParamScalar, DType: backend.Int8},
		{Name: "us", Kind: backend.ParamScalar, DType: backend.Uint16},
		{Name: "ll", Kind: backend.ParamScalar, DType: backend.Int64},
		{Name: "on", Kind: backend.ParamScalar, DType: backend.Uint8},
		{Name: "u8", Kind: backend.ParamScalar, DType: backend.Uint8},
		{Name: "arr", Kind: backend.ParamBuffer, DType: backend.Float32},
	}
	checkParams(t, mixed, want, []ArgLayout{LayoutSlice, LayoutSlice, LayoutSlice, LayoutSlice,
		LayoutScalar, LayoutScalar, LayoutScalar, LayoutScalar, LayoutScalar, LayoutScalar,
		LayoutScalar, LayoutScalar, LayoutScalar, LayoutPointer})

	if ks[2].NameExpr != "&ops::scale" || ks[3].NameExpr != "&ops::inner::deep" || len(ks[3].Signature.Params) != 0 {
		t.Errorf("namespaced: %q %q %d params", ks[2].NameExpr, ks[3].NameExpr, len(ks[3].Signature.Params))
	}
	if !ks[4].ExternC {
		t.Error("a kernel inside an extern \"C\" block is extern C")
	}
}

func checkParams(t *testing.T, k Kernel, want []backend.Param, layouts []ArgLayout) {
	t.Helper()
	got := k.Signature.Params
	if len(got) != len(want) {
		t.Fatalf("%s: %d params, want %d: %+v", k.Signature.Name, len(got), len(want), got)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Errorf("%s param %d = %+v, want %+v", k.Signature.Name, i, got[i], want[i])
		}
		if k.Layouts[i] != layouts[i] {
			t.Errorf("%s param %d layout = %v, want %v", k.Signature.Name, i, k.Layouts[i], layouts[i])
		}
	}
}

func TestSignaturesUnnamedAndScalars(t *testing.T) {
	sigs, err := Signatures(`__global__ void k(unsigned, unsigned int, long, unsigned long, short, int32_t, std::uint16_t, float*, const double *, double const* p) {}`)
	if err != nil {
		t.Fatal(err)
	}
	p := sigs[0].Params
	wantTypes := []backend.DType{backend.Uint32, backend.Uint32, backend.Int64, backend.Uint64, backend.Int16,
		backend.Int32, backend.Uint16, backend.Float32, backend.Float64, backend.Float64}
	for i, dt := range wantTypes {
		if p[i].DType != dt {
			t.Errorf("param %d dtype %v, want %v", i, p[i].DType, dt)
		}
	}
	if p[0].Name != "arg0" || p[7].Name != "arg7" || p[9].Name != "p" {
		t.Errorf("names: %q %q %q", p[0].Name, p[7].Name, p[9].Name)
	}
	if p[7].Const || !p[8].Const || !p[9].Const {
		t.Errorf("const: %v %v %v", p[7].Const, p[8].Const, p[9].Const)
	}
}

func TestSignaturesDeclarationThenDefinition(t *testing.T) {
	sigs, err := Signatures("__global__ void k(int n);\n__global__ void k(int n) {}\n")
	if err != nil {
		t.Fatal(err)
	}
	if len(sigs) != 1 {
		t.Fatalf("got %d signatures, want 1", len(sigs))
	}
}

func TestSignaturesErrors(t *testing.T) {
	cases := []struct {
		src, want string
		line      int
	}{
		{"\ntemplate <typename T>\n__global__ void k(T* x) {}", "template kernels are not supported", 3},
		{"__global__ void k(float4 v) {}", `unsupported type "float4"`, 1},
		{"__global__ void k(int& r) {}", "reference parameters", 1},
		{"__global__ void k(float** pp) {}", "pointers to pointers", 1},
		{"__global__ void k(void* p) {}", "void* has no element type", 1},
		{"__global__ int k(int n) {}", "must return void, not int", 1},
		{"__global__ void k(int n) {}\n__global__ void k(float n) {}", "overloaded kernels", 2},
		{"__global__ void k(Peer<float4> p) {}", "Peer<float4>", 1},
		{"__global__ void k(Peer<float>* p) {}", "passed by value", 1},
		{"__global__ void k(long double d) {}", "long double", 1},
		{"__global__ void k(signed unsigned x) {}", "unsupported type", 1},
	}
	for _, c := range cases {
		_, err := Signatures(c.src)
		if err == nil {
			t.Errorf("%q: no error, want %q", c.src, c.want)
			continue
		}
		var se *SourceError
		if !errors.As(err, &se) {
			t.Errorf("%q: error %T, want *SourceError", c.src, err)
			continue
		}
		if !strings.Contains(se.Msg, c.want) || se.Line != c.line {
			t.Errorf("%q: error %q at line %d, want %q at line %d", c.src, se.Msg, se.Line, c.want, c.line)
		}
	}
}

func TestSourceErrorAt(t *testing.T) {
	e := &SourceError{Line: 3, Msg: "bad"}
	if got := e.At("cell[2]", 1); got != "cell[2]:4: bad" {
		t.Errorf("At = %q", got)
	}
}

func TestSignaturesIgnoresBodiesAndStrings(t *testing.T) {
	src := `
struct S { int x; };
__device__ void f() { const char* s = "__global__ void no()"; }
__global__ void real(Slice<float> x) { if (x.len() > 0) { x[0] = 1; } }
auto lambda = [] { return 1; };
`
	sigs, err := Signatures(src)
	if err != nil {
		t.Fatal(err)
	}
	if len(sigs) != 1 || sigs[0].Name != "real" {
		t.Fatalf("sigs = %+v", sigs)
	}
}

func TestTokenizeLines(t *testing.T) {
	src := "a /* x\ny */ b\n#define M \\\n  continued\nc // d\n\"s\\\"t\" 'c' 1.5e-3f ::"
	toks := tokenize(src)
	want := []struct {
		text string
		line int
	}{{"a", 1}, {"b", 2}, {"c", 5}, {`s\"t`, 6}, {"c", 6}, {"1.5e-3f", 6}, {"::", 6}}
	if len(toks) != len(want) {
		t.Fatalf("tokens = %+v", toks)
	}
	for i, w := range want {
		if toks[i].text != w.text || toks[i].line != w.line {
			t.Errorf("token %d = %q line %d, want %q line %d", i, toks[i].text, toks[i].line, w.text, w.line)
		}
	}
}

func TestAssembleLineDirective(t *testing.T) {
	p := Assemble("__global__ void k() {}", "cell[3]", 5)
	if !strings.HasPrefix(p.Source, Prelude) {
		t.Fatal("the source must start with the prelude")
	}
	rest := p.Source[len(Prelude):]
	if !strings.HasPrefix(rest, "#line 5 \"cell[3]\"\n__global__ void k() {}\n") {
		t.Errorf("after the prelude: %q", rest)
	}
	if strings.Contains(rest, "cuda_fp16.h") {
		t.Error("no fp16 header without __half")
	}
	p = Assemble("__global__ void k(__half h) {}", "c\"x", 0)
	rest = p.Source[len(Prelude):]
	if !strings.HasPrefix(rest, "#include <cuda_fp16.h>\n#line 1 \"c_x\"\n") {
		t.Errorf("fp16: %q", rest)
	}
	p = Assemble("#include <cuda_bf16.h>\n__global__ void k(__nv_bfloat16 h) {}", "", 1)
	if strings.Count(p.Source, "cuda_bf16.h") != 1 || p.File != "cuda" {
		t.Errorf("bf16 header included twice or file %q", p.File)
	}
}

func TestPreludeIsSelfContained(t *testing.T) {
	if strings.Contains(Prelude, "#include") {
		t.Error("the prelude must not include headers (NVRTC has no standard library)")
	}
	for _, forbidden := range []string{"__ldg", "ld.global.nc", "__restrict__"} {
		if strings.Contains(Prelude, forbidden) {
			t.Errorf("the prelude uses %s, which the Peer contract forbids", forbidden)
		}
	}
	for _, want := range []string{"struct Peer", "struct Slice", "sync_system()", "__threadfence_system()",
		"atomicAdd_system", "st.release.sys", "ld.acquire.sys", "flag_wait", "flag_set"} {
		if !strings.Contains(Prelude, want) {
			t.Errorf("the prelude lacks %s", want)
		}
	}
	// Balanced braces and parentheses: a cheap guard against a broken edit.
	toks := tokenize(Prelude)
	depth := map[string]int{}
	for _, tk := range toks {
		switch tk.text {
		case "{", "(", "[":
			depth[tk.text]++
		case "}":
			depth["{"]--
		case ")":
			depth["("]--
		case "]":
			depth["["]--
		}
	}
	for k, v := range depth {
		if v != 0 {
			t.Errorf("unbalanced %s in the prelude: %d", k, v)
		}
	}
	// The prelude has no kernels of its own.
	ks, err := Kernels(Prelude)
	if err != nil || len(ks) != 0 {
		t.Errorf("prelude kernels = %v, %v", ks, err)
	}
	if preludeLines < 50 {
		t.Errorf("prelude has %d lines", preludeLines)
	}
}

func TestMapLog(t *testing.T) {
	p := Assemble("x", "cell[3]", 7)
	raw := `cell[3](9): error: identifier "y" is undefined
      y = 1;
      ^

cell[3](8): warning #177-D: variable "z" was declared but never referenced
peerbook_prelude.cuh(120): error: no instance of overloaded function "peerbook::atomic_add" matches the argument list
cell[3].cu(3): error: something before the line directive

3 errors detected in the compilation of "cell[3].cu".
`
	mapped := p.MapLog(raw)
	for _, want := range []string{
		`cell[3]:9: error: identifier "y" is undefined`,
		`cell[3]:8: warning #177-D: variable "z" was declared but never referenced`,
		`peerbook_prelude.cuh:120: error: no instance`,
		`peerbook_prelude.cuh:3: error: something before`,
		`in the compilation of "cell[3]".`,
		"      ^",
	} {
		if !strings.Contains(mapped, want) {
			t.Errorf("mapped log lacks %q:\n%s", want, mapped)
		}
	}
	ce := p.NewCompileError(raw)
	if len(ce.Diagnostics) != 4 {
		t.Fatalf("diagnostics = %+v", ce.Diagnostics)
	}
	d := ce.Diagnostics[0]
	if d.File != "cell[3]" || d.Line != 9 || d.Severity != "error" || d.Message != `identifier "y" is undefined` {
		t.Errorf("first diagnostic = %+v", d)
	}
	if ce.Diagnostics[1].Severity != "warning" {
		t.Errorf("severity = %q", ce.Diagnostics[1].Severity)
	}
	msg := ce.Error()
	if !strings.HasPrefix(msg, "compiling cell[3] failed:\ncell[3]:9: error: identifier") {
		t.Errorf("Error() = %q", msg)
	}
}

func TestParseDiagnosticsUnpositioned(t *testing.T) {
	ds := ParseDiagnostics("nvrtc: error: invalid value for --gpu-architecture (-arch)\n")
	if len(ds) != 1 || ds[0].Severity != "error" || ds[0].File != "" {
		t.Fatalf("diagnostics = %+v", ds)
	}
	ce := &CompileError{File: "cell[1]", Log: "", Diagnostics: nil}
	if !strings.Contains(ce.Error(), "no reason") {
		t.Errorf("empty log error = %q", ce.Error())
	}
}

func TestArgLayoutSize(t *testing.T) {
	if LayoutSlice.Size(backend.Float32) != 16 || LayoutPointer.Size(backend.Int8) != 8 || LayoutScalar.Size(backend.Float16) != 2 {
		t.Error("layout sizes")
	}
}

func TestCleanLog(t *testing.T) {
	log := "cell[7]:5: error: identifier \"x\" is undefined\n    y = x;\n        ^\n\n" +
		"Remark: The warnings can be suppressed with \"-diag-suppress <warning-number>\"\n\n" +
		"1 error detected in the compilation of \"cell[7]\".\n"
	want := "cell[7]:5: error: identifier \"x\" is undefined\n    y = x;\n        ^"
	if got := CleanLog(log); got != want {
		t.Errorf("CleanLog = %q, want %q", got, want)
	}
	ce := &CompileError{File: "cell[7]", Log: log, Diagnostics: ParseDiagnostics(log)}
	msg := ce.Error()
	if strings.Contains(msg, "Remark") || strings.Contains(msg, "detected in the compilation") || strings.Count(msg, "is undefined") != 2 {
		t.Errorf("Error() = %q", msg)
	}
	if CleanLog("3 errors detected in the compilation of \"a\".") != "" {
		t.Error("a log of boilerplate only cleans to nothing")
	}
}
