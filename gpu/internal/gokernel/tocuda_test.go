package gokernel

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"testing"
	"unsafe"

	"github.com/peerbook/peerbook/gpu/internal/backend"
	"github.com/peerbook/peerbook/gpu/internal/cudasrc"
	"github.com/peerbook/peerbook/gpu/internal/gokernel/suite"
)

// runCase runs a suite case on the simulator and returns the checked buffers' bytes.
func runCase(t *testing.T, c suite.Case) [][]byte {
	t.Helper()
	ks := define(t, c.Src)
	mems := make([]*hostMem, len(c.Buffers))
	for i, b := range c.Buffers {
		raw := suite.Bytes(b.Values)
		words := make([]uint64, (len(raw)+7)/8+1)
		m := unsafe.Slice((*byte)(unsafe.Pointer(&words[0])), len(words)*8)
		copy(m, raw)
		mems[i] = &hostMem{b: m, shared: b.Peer}
	}
	var wg sync.WaitGroup
	errs := make([]error, len(c.Launches))
	for li, l := range c.Launches {
		k := ks[l.Kernel]
		if k == nil {
			t.Fatalf("%s: no kernel %s", c.Name, l.Kernel)
		}
		args := make([]backend.Arg, len(l.Args))
		for i, a := range l.Args {
			p := k.Signature().Params[i]
			args[i].Param = p
			if a.Buffer >= 0 {
				b := c.Buffers[a.Buffer]
				args[i].Memory, args[i].Len = mems[a.Buffer], suite.Len(b.Values)
			} else {
				args[i].Scalar = suite.ScalarBits(a.Scalar)
			}
		}
		wg.Add(1)
		go func() {
			defer wg.Done()
			errs[li] = k.Run(backend.LaunchConfig{Grid: l.Grid, Block: l.Block, SharedBytes: l.SharedBytes}, args, nil)
		}()
	}
	wg.Wait()
	for i, err := range errs {
		if err != nil {
			t.Fatalf("%s: launch %d: %v", c.Name, i, err)
		}
	}
	var out [][]byte
	for i, b := range c.Buffers {
		if b.Check {
			n := len(suite.Bytes(b.Values))
			out = append(out, append([]byte(nil), mems[i].b[:n]...))
		}
	}
	return out
}

// TestSuiteOnSimulator runs the cross-device suite twice: its results must not depend on
// scheduling, or comparing them with a GPU's would mean nothing.
func TestSuiteOnSimulator(t *testing.T) {
	for _, c := range suite.Cases() {
		t.Run(c.Name, func(t *testing.T) {
			a, b := runCase(t, c), runCase(t, c)
			for i := range a {
				if !bytes.Equal(a[i], b[i]) {
					t.Errorf("checked buffer %d differs between two runs", i)
				}
			}
		})
	}
}

// translations returns every suite kernel's CUDA source, by "case.kernel".
func translations(t *testing.T) map[string]string {
	t.Helper()
	out := map[string]string{}
	for _, c := range suite.Cases() {
		for name, k := range define(t, c.Src) {
			src, err := k.CUDA()
			if err != nil {
				t.Fatalf("%s.%s: %v", c.Name, name, err)
			}
			out[c.Name+"."+name] = src
		}
	}
	return out
}

func TestCUDAPeerRules(t *testing.T) {
	k := define(t, suite.HandoffSrc)["consume"]
	src, err := k.CUDA()
	if err != nil {
		t.Fatal(err)
	}
	body := src[strings.Index(src, "// kernel consume"):]
	sig := body[:strings.Index(body, "\n")+strings.Index(body[strings.Index(body, "\n")+1:], "\n")+1]
	// Peer parameters: plain pointers, never __restrict__; other buffers are.
	for _, want := range []string{"const int32_t* data,", "int32_t* flag,", "int32_t* __restrict__ bad"} {
		if !strings.Contains(sig, want) {
			t.Errorf("body signature lacks %q:\n%s", want, sig)
		}
	}
	if regexp.MustCompile(`(data|flag)[^,]*__restrict__`).MatchString(sig) {
		t.Errorf("a Peer parameter is __restrict__:\n%s", sig)
	}
	for _, want := range []string{
		"peerbook::load_volatile(data + ",    // coherent reads of Peer data
		"gk::atomic_load((int32_t*)(flag + ", // atomics on the flag
		"sync_system();",                     // the fence
		"extern \"C\" __global__ void consume(int32_t gk_arg_rounds, Peer<const int32_t> gk_arg_data, Peer<int32_t> gk_arg_flag, Slice<int32_t> gk_arg_bad)",
		"// cell[1]:",
	} {
		if !strings.Contains(src, want) {
			t.Errorf("translation lacks %q", want)
		}
	}
	if strings.Contains(body, "__ldg") || strings.Contains(body, "ld.global.nc") {
		t.Error("translation reads through the non-coherent cache")
	}
	// atomics on Peer buffers are system scope, on others device scope
	ka := kernel(t, `
func at(t gpu.Thread, p gpu.Peer[uint64], q []uint64) {
	gpu.AtomicAdd(&p[0], 1)
	gpu.AtomicMax(&q[0], 1)
}`)
	asrc, _ := ka.CUDA()
	if !strings.Contains(asrc, "gk::sys_add((uint64_t*)(p + ") || !strings.Contains(asrc, "gk::dev_max((uint64_t*)(q + ") {
		t.Errorf("atomic scopes wrong:\n%s", asrc[strings.Index(asrc, "// kernel at"):])
	}
	// the runtime's system-scope atomics call the _system intrinsics
	if !strings.Contains(cudaRuntime, "GK_ATOMICS(sys_, _system)") || !strings.Contains(cudaRuntime, "atomicAdd##SFX") {
		t.Error("runtime atomics lost their scope suffix")
	}
}

func TestCUDABoundsChecksAndDirectives(t *testing.T) {
	src := `
func checked(t gpu.Thread, x []float32) { x[t.GlobalX()] = 1 }

//gpu:nobounds
func unchecked(t gpu.Thread, x []float32) { x[t.GlobalX()] = 1 }`
	ks := define(t, src)
	c, _ := ks["checked"].CUDA()
	u, _ := ks["unchecked"].CUDA()
	if !strings.Contains(c, "x[gk::idx(((long long)blockIdx.x * blockDim.x + threadIdx.x), x_len, 0)] = 1.0f;") ||
		!strings.Contains(c, "Bounds checks: on") {
		t.Errorf("checked kernel:\n%s", c[strings.Index(c, "// kernel"):])
	}
	if !strings.Contains(u, "x[((long long)blockIdx.x * blockDim.x + threadIdx.x)] = 1.0f;") || strings.Contains(u[strings.Index(u, "// kernel"):], "gk::idx") {
		t.Errorf("unchecked kernel:\n%s", u[strings.Index(u, "// kernel"):])
	}
	if ks["checked"].FaultPos(0) != "cell[1]:2:43" {
		t.Errorf("fault site 0 is %q", ks["checked"].FaultPos(0))
	}
}

// TestCUDASyntaxWithGCC compiles every suite translation with g++ against the prelude and a
// shim of CUDA's declarations: syntax, types and overloads, not device code generation (the
// GPU machine compiles them with NVRTC: see TestDumpCUDA).
func TestCUDASyntaxWithGCC(t *testing.T) {
	gxx := needGCC(t)
	srcs := translations(t)
	for name, src := range srcs {
		srcs[name] = cudasrc.Prelude + "\n" + src
	}
	checkWithGCC(t, gxx, srcs)
}

// TestCUDATracedSyntaxWithGCC checks the traced variant of every translated suite kernel
// (cudasrc.Traced, with the prelude's trace stamps on), as TestCUDASyntaxWithGCC checks the
// kernels: what a timeline compiles in their place must be C++ too.
func TestCUDATracedSyntaxWithGCC(t *testing.T) {
	gxx := needGCC(t)
	srcs := map[string]string{}
	for name, src := range translations(t) {
		traced, err := cudasrc.Traced(src)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		ks, err := cudasrc.Kernels(traced)
		if err != nil || len(ks) == 0 {
			t.Fatalf("%s: the traced variant's kernels %+v, %v", name, ks, err)
		}
		for _, k := range ks {
			if ps := k.Signature.Params; len(ps) == 0 || ps[len(ps)-1].Name != cudasrc.TraceSlotParam {
				t.Fatalf("%s: kernel %s of the traced variant has no slot parameter: %+v", name, k.Signature.Name, ps)
			}
		}
		srcs[name] = "#define PEERBOOK_TRACE_STAMPS 1\n" + cudasrc.Prelude + "\n" + traced
	}
	checkWithGCC(t, gxx, srcs)
}

// needGCC returns the g++ command, or skips the test without one.
func needGCC(t *testing.T) string {
	t.Helper()
	gxx, err := exec.LookPath("g++")
	if err != nil {
		t.Skip("no g++ to check the translated C++ with")
	}
	return gxx
}

// checkWithGCC checks each of srcs (name -> C++ source) with g++ -fsyntax-only, after the
// shim of CUDA's declarations (testdata/cuda_shim.h), two at a time: each must compile
// without a warning.
func checkWithGCC(t *testing.T, gxx string, srcs map[string]string) {
	t.Helper()
	shim, err := filepath.Abs("testdata/cuda_shim.h")
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	var wg sync.WaitGroup
	sem := make(chan struct{}, 2)
	var mu sync.Mutex
	for name, src := range srcs {
		wg.Add(1)
		go func() {
			defer wg.Done()
			sem <- struct{}{}
			defer func() { <-sem }()
			file := filepath.Join(dir, name+".cpp")
			text := "#include \"" + shim + "\"\n" + src
			if err := os.WriteFile(file, []byte(text), 0o644); err != nil {
				t.Error(err)
				return
			}
			out, err := exec.Command(gxx, "-std=c++17", "-fsyntax-only", "-Wall", "-Wno-unused-variable",
				"-Wno-unused-label", "-Wno-unused-but-set-variable", "-Wno-unused-function", "-Werror=return-type", file).CombinedOutput()
			if err != nil || len(out) > 0 {
				mu.Lock()
				defer mu.Unlock()
				t.Errorf("%s: g++: %v\n%s", name, err, firstLines(string(out), 30))
			}
		}()
	}
	wg.Wait()
}

func firstLines(s string, n int) string {
	lines := strings.SplitN(s, "\n", n+1)
	if len(lines) > n {
		lines = lines[:n]
	}
	return strings.Join(lines, "\n")
}

// TestDumpCUDA writes the suite's translations, each with the prelude, as NAME.cu files in
// $PEERBOOK_CUDA_DUMP, for compiling with NVRTC or nvcc on a GPU machine.
func TestDumpCUDA(t *testing.T) {
	dir := os.Getenv("PEERBOOK_CUDA_DUMP")
	if dir == "" {
		t.Skip("set PEERBOOK_CUDA_DUMP=dir to write the translated suite there")
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	var manifest strings.Builder
	for name, src := range translations(t) {
		p := cudasrc.Assemble(src, name, 1)
		if err := os.WriteFile(filepath.Join(dir, name+".cu"), []byte(p.Source), 0o644); err != nil {
			t.Fatal(err)
		}
		fmt.Fprintf(&manifest, "%s.cu\n", name)
	}
	if err := os.WriteFile(filepath.Join(dir, "MANIFEST"), []byte(manifest.String()), 0o644); err != nil {
		t.Fatal(err)
	}
}

func TestDecodeFault(t *testing.T) {
	k := kernel(t, `
func f(t gpu.Thread, x []float32, d int) {
	x[t.GlobalX()] = float32(10 / d)
}`)
	if _, err := k.CUDA(); err != nil {
		t.Fatal(err)
	}
	rec := make([]byte, FaultRecordSize)
	if err := k.DecodeFault(rec); err != nil {
		t.Errorf("empty record: %v", err)
	}
	put32 := func(off int, v uint32) { binary.LittleEndian.PutUint32(rec[off:], v) }
	put32(0, FaultIndex)
	put32(4, 1) // the second check site: the buffer index
	binary.LittleEndian.PutUint64(rec[8:], 1000)
	binary.LittleEndian.PutUint64(rec[16:], 10)
	put32(24, 3)
	put32(36, 17)
	err := k.DecodeFault(rec)
	wantContains(t, errString(err), "kernel f", "block (3,0,0)", "thread (17,0,0)", "index out of range [1000] with length 10", "cell[1]:3:2")
	put32(0, FaultDivide)
	put32(4, 0)
	wantContains(t, errString(k.DecodeFault(rec)), "integer divide by zero", "cell[1]:3:27")
}

// TestCUDACountedLoops checks which loops of suite.CountedLoopsSrc the translation writes
// twice (in plain arithmetic under a guard, and wrapping): the grid-stride loop, the
// down-counting and near-overflow ones, the nest down to maxCountedNesting, and not the
// loops whose counter or bound the body changes. Their results are compared with the
// simulator's in the suite.
func TestCUDACountedLoops(t *testing.T) {
	src, err := define(t, suite.CountedLoopsSrc)["countedLoops"].CUDA()
	if err != nil {
		t.Fatal(err)
	}
	const mark = "a loop the compiler can count"
	// 1 grid-stride + 1 down + 4 near the ends + nest (a: 1, b: 2, c: none) + 1 with break
	if got := strings.Count(src, mark); got != 10 {
		t.Errorf("%d counted loops, want 10:\n%s", got, src)
	}
	for _, want := range []string{
		"i += (int64_t)((long long)gridDim.x * blockDim.x)", // the grid-stride loop, plain
		"--i",                        // i-- of the down-counting loop
		"m = gk::sub<int64_t>(m, 1)", // the moving bound stays as it was
	} {
		if !strings.Contains(src, want) {
			t.Errorf("no %q in:\n%s", want, src)
		}
	}
	// The loops whose body changes the counter or the bound keep only the wrapping form.
	for _, line := range strings.Split(src, "\n") {
		if strings.Contains(line, "m--") || strings.Contains(line, "(i < m)") {
			if strings.Contains(line, "++i") {
				t.Errorf("a loop with a moving bound is counted: %s", line)
			}
		}
	}
}

// TestCUDACountedIndexChecks checks that a counted loop's copy under the guard indexes
// buffers by the counter unchecked (the guard proves the range) and keeps every other
// check, and that the other copy keeps them all.
func TestCUDACountedIndexChecks(t *testing.T) {
	src, err := define(t, suite.CountedIndexSrc)["countedIndex"].CUDA()
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{
		"i >= 0 && (long long)n <= y_len && (long long)n <= x_len", // the grid-stride loop's range
		"y[i] = (__fmul_rn(2.0f, x[i]) + y[i]);",                   // unchecked under the guard
		"y[gk::idx(i, y_len,",                                      // checked in the other copy
		"(long long)i_2 < rev_len",                                 // the down loop (its i is i_2 in C++)'s range
		"rev[gk::idx(gk::add<int64_t>(i_2, 1LL), rev_len,",         // i+1 stays checked
	} {
		if !strings.Contains(src, want) {
			t.Errorf("no %q in:\n%s", want, src)
		}
	}
}
