package cudasrc

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/peerbook/peerbook/gpu/internal/backend"
)

// tracedSource has what a traced variant must keep working: __launch_bounds__, extern
// __shared__, early returns, a forward declaration, namespaces, extern "C", (void) and ()
// parameter lists, and a lambda of the user's own.
const tracedSource = `#define BLOCK 128
extern __shared__ float tile[];
__global__ void later(Slice<float> x, int n);
extern "C" __global__ void __launch_bounds__(BLOCK, 2) scale(Slice<float> x, float a, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  tile[threadIdx.x] = x[i];
  __syncthreads();
  auto twice = [&](float v) { return v * a; };
  x[i] = twice(tile[threadIdx.x]);
}
namespace ns {
__global__ void empty() {}
__global__ void voided(void) { return; }
}
__global__ void later(Slice<float> x, int n) {
  __shared__ int s[4];
  if (threadIdx.x == 0) s[0] = n;
  x[0] = s[0];
}
`

func TestTracedAddsSlotAndKeepsKernels(t *testing.T) {
	out, err := Traced(tracedSource)
	if err != nil {
		t.Fatal(err)
	}
	if strings.Count(out, "\n") != strings.Count(tracedSource, "\n") {
		t.Fatalf("the variant has %d lines, the source %d:\n%s", strings.Count(out, "\n"), strings.Count(tracedSource, "\n"), out)
	}
	before, err := Kernels(tracedSource)
	if err != nil {
		t.Fatal(err)
	}
	after, err := Kernels(out)
	if err != nil {
		t.Fatalf("the variant doesn't parse: %v\n%s", err, out)
	}
	if len(after) != len(before) || len(before) != 4 {
		t.Fatalf("%d kernels before, %d after:\n%s", len(before), len(after), out)
	}
	slot := backend.Param{Name: TraceSlotParam, Kind: backend.ParamBuffer, DType: backend.Uint64}
	for i, b := range before {
		a := after[i]
		if a.Signature.Name != b.Signature.Name || a.NameExpr != b.NameExpr || a.ExternC != b.ExternC || a.Line != b.Line {
			t.Errorf("kernel %d: %+v became %+v", i, b, a)
		}
		n := len(b.Signature.Params)
		if len(a.Signature.Params) != n+1 || a.Signature.Params[n] != slot || a.Layouts[n] != LayoutPointer {
			t.Errorf("%s: parameters %+v, want %+v then %+v", b.Signature.Name, a.Signature.Params, b.Signature.Params, slot)
			continue
		}
		for j := range n {
			if a.Signature.Params[j] != b.Signature.Params[j] || a.Layouts[j] != b.Layouts[j] {
				t.Errorf("%s: parameter %d %+v became %+v", b.Signature.Name, j, b.Signature.Params[j], a.Signature.Params[j])
			}
		}
	}
	lines := strings.Split(out, "\n")
	for _, want := range []struct {
		line int
		text string
	}{
		{3, "__global__ void later(Slice<float> x, int n, unsigned long long* peerbook_trace_slot);"},
		{4, `extern "C" __global__ void __launch_bounds__(BLOCK, 2) scale(Slice<float> x, float a, int n, unsigned long long* peerbook_trace_slot) { ::peerbook::trace_enter(peerbook_trace_slot); [&]() {`},
		{6, "  if (i >= n) return;"},
		{9, "  auto twice = [&](float v) { return v * a; };"},
		{11, "}(); ::peerbook::trace_exit(peerbook_trace_slot); }"},
		{13, "__global__ void empty(unsigned long long* peerbook_trace_slot) { ::peerbook::trace_enter(peerbook_trace_slot); [&]() {}(); ::peerbook::trace_exit(peerbook_trace_slot); }"},
		{14, "__global__ void voided(unsigned long long* peerbook_trace_slot) { ::peerbook::trace_enter(peerbook_trace_slot); [&]() { return; }(); ::peerbook::trace_exit(peerbook_trace_slot); }"},
		{2, "extern __shared__ float tile[];"},
	} {
		if got := lines[want.line-1]; got != want.text {
			t.Errorf("line %d:\n got %s\nwant %s", want.line, got, want.text)
		}
	}
	// The untraced source is its own variant's source minus the additions.
	undo := strings.NewReplacer(", unsigned long long* peerbook_trace_slot", "", "unsigned long long* peerbook_trace_slot", "",
		" ::peerbook::trace_enter(peerbook_trace_slot); [&]() {", "", "}(); ::peerbook::trace_exit(peerbook_trace_slot); ", "")
	if got := strings.Replace(undo.Replace(out), "voided()", "voided(void)", 1); got != tracedSource {
		t.Errorf("the variant changed more than it adds:\n%s", got)
	}
}

func TestTracedRefusesWhatKernelsRefuses(t *testing.T) {
	if _, err := Traced("template <class T> __global__ void k(T* x) {}"); err == nil || !strings.Contains(err.Error(), "template") {
		t.Fatalf("a template kernel: %v", err)
	}
	out, err := Traced("__device__ int f() { return 1; }\n")
	if err != nil || out != "__device__ int f() { return 1; }\n" {
		t.Fatalf("no kernel: %q, %v", out, err)
	}
}

func TestPreludeDefinesTraceStampsOnlyWhenAsked(t *testing.T) {
	i := strings.Index(Prelude, "#ifdef PEERBOOK_TRACE_STAMPS")
	j := strings.Index(Prelude, "trace_exit(unsigned long long* slot)")
	if i < 0 || j < i || "-D"+"PEERBOOK_TRACE_STAMPS" != TraceStampsDefine {
		t.Fatalf("the prelude's trace stamps are not behind %s", TraceStampsDefine)
	}
}

// TestTracedSyntaxWithGCC checks tracedSource's variant, with the prelude and its trace
// stamps, with g++ (the CUDA declarations stood in for by gokernel's shim): the lambda
// around a body with an early return, a barrier, extern __shared__ and a lambda of its own.
// NVRTC itself compiles it on a GPU (gpu/internal/cuda's TestGPULaunchStamped).
func TestTracedSyntaxWithGCC(t *testing.T) {
	gxx, err := exec.LookPath("g++")
	if err != nil {
		t.Skip("no g++ to check the traced variant's C++ with")
	}
	shim, err := filepath.Abs("../gokernel/testdata/cuda_shim.h")
	if err != nil {
		t.Fatal(err)
	}
	traced, err := Traced(tracedSource)
	if err != nil {
		t.Fatal(err)
	}
	file := filepath.Join(t.TempDir(), "traced.cpp")
	text := "#include \"" + shim + "\"\n#define PEERBOOK_TRACE_STAMPS 1\n" + Prelude + "\n" + traced
	if err := os.WriteFile(file, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	out, err := exec.Command(gxx, "-std=c++17", "-fsyntax-only", "-Wall", "-Wno-unused-variable", "-Wno-unused-function", file).CombinedOutput()
	if err != nil || len(out) > 0 {
		t.Errorf("g++: %v\n%s", err, out)
	}
}
