package cuda

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/peerbook/peerbook/gpu/internal/backend"
	"github.com/peerbook/peerbook/gpu/internal/cudasrc"
)

// These tests need no GPU: they check the pieces around the driver.

func TestOpenReportsWhyWithoutCrashing(t *testing.T) {
	b, err := Open()
	if err != nil {
		if !strings.Contains(err.Error(), "cuda:") {
			t.Errorf("error %q should say it is about CUDA", err)
		}
		t.Logf("Open without a usable driver: %v", err)
		return
	}
	defer b.Close()
	t.Logf("Open succeeded:\n%s", b.Report())
}

func TestPuregoCallsAndCStrings(t *testing.T) {
	libc, err := openLibrary("libc", []string{"/nonexistent/libc.so", "libc.so.6"})
	if err != nil {
		t.Skipf("no libc.so.6 to call into: %v", err)
	}
	if libc.name != "libc.so.6" {
		t.Errorf("opened %q, want the second candidate", libc.name)
	}
	strlen, err := libc.sym("strlen")
	if err != nil {
		t.Fatal(err)
	}
	s := cString("peerbook")
	if n := ccallPtr(strlen, cptr(s)); n != 8 {
		t.Errorf("strlen = %d, want 8", n)
	}
	if got := goString(cptr(s)); got != "peerbook" {
		t.Errorf("goString = %q", got)
	}
	if goString(0) != "" {
		t.Error("goString(0) must be empty")
	}
	if _, err := libc.sym("no_such_symbol_peerbook"); err == nil || !strings.Contains(err.Error(), "no_such_symbol_peerbook") {
		t.Errorf("missing symbol error = %v", err)
	}
	var a, b uintptr
	err = resolve(libc, []symbolSpec{
		{fn: &a, names: []string{"no_such_v2", "strlen"}},
		{fn: &b, names: []string{"still_missing"}, optional: true},
	})
	if err != nil || a != strlen || b != 0 {
		t.Errorf("resolve: err=%v a=%#x (strlen %#x) b=%#x", err, a, strlen, b)
	}
	err = resolve(libc, []symbolSpec{{fn: &b, names: []string{"required_missing"}}})
	if err == nil || !strings.Contains(err.Error(), "required_missing") {
		t.Errorf("resolve of a missing required symbol: %v", err)
	}
}

func TestOpenLibraryListsAttempts(t *testing.T) {
	_, err := openLibrary("the thing", []string{"/nonexistent/a.so", "/nonexistent/b.so", "/nonexistent/a.so"})
	if err == nil {
		t.Fatal("no error")
	}
	msg := err.Error()
	if !strings.Contains(msg, "the thing not found") || strings.Count(msg, "/nonexistent/a.so, ") != 1 || !strings.Contains(msg, "/nonexistent/b.so") {
		t.Errorf("error = %q", msg)
	}
}

func TestLibraryCandidates(t *testing.T) {
	t.Setenv("PEERBOOK_LIBNVRTC", "/opt/x/libnvrtc.so.99")
	c := nvrtcLibraryCandidates()
	if c[0] != "/opt/x/libnvrtc.so.99" {
		t.Errorf("override not first: %v", c[:3])
	}
	for _, want := range []string{"libnvrtc.so", "libnvrtc.so.13", "libnvrtc.so.12"} {
		found := false
		for _, x := range c {
			found = found || x == want
		}
		if !found {
			t.Errorf("candidates lack %s", want)
		}
	}
	if cudaLibraryCandidates()[0] != "libcuda.so.1" {
		t.Error("libcuda.so.1 first")
	}
	dir := t.TempDir()
	inc := filepath.Join(dir, "include")
	os.MkdirAll(inc, 0o755)
	os.WriteFile(filepath.Join(inc, "cuda_fp16.h"), nil, 0o644)
	lib := filepath.Join(dir, "lib64", "libnvrtc.so.13")
	if got := cudaIncludeDir(lib); got != inc {
		t.Errorf("include dir = %q, want %q", got, inc)
	}
}

func TestMinimalPeriodAndFillBytes(t *testing.T) {
	cases := map[string]string{"\x00\x00\x00\x00": "\x00", "abab": "ab", "abc": "abc", "aaab": "aaab", "\x01\x02\x01\x02\x01\x02\x01\x02": "\x01\x02"}
	for in, want := range cases {
		if got := string(minimalPeriod([]byte(in))); got != want {
			t.Errorf("minimalPeriod(%q) = %q, want %q", in, got, want)
		}
	}
	dst := make([]byte, 12)
	fillBytes(dst, []byte("abc"))
	if string(dst) != "abcabcabcabc" {
		t.Errorf("fillBytes = %q", dst)
	}
}

func TestNormalizeBusID(t *testing.T) {
	for in, want := range map[string]string{"00000000:18:00.0": "0000:18:00.0", "0000:3B:00.0": "0000:3b:00.0", " 0001:01:00.0 ": "0001:01:00.0"} {
		if got := normalizeBusID(in); got != want {
			t.Errorf("normalizeBusID(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestPCIPathKind(t *testing.T) {
	root := "/sys/devices/pci0000:17/0000:17:01.0/0000:18:00.0/0000:19:00.0"
	a := root + "/0000:1a:00.0"
	b := "/sys/devices/pci0000:17/0000:17:01.0/0000:18:00.0/0000:19:01.0/0000:1b:00.0"
	if k := pciPathKind(a, b, 0, 0); k != backend.LinkPIX {
		t.Errorf("same switch = %s", k)
	}
	c := "/sys/devices/pci0000:17/0000:17:02.0/0000:20:00.0"
	if k := pciPathKind(a, c, 0, 0); k != backend.LinkPHB {
		t.Errorf("same root complex = %s", k)
	}
	d := "/sys/devices/pci0000:80/0000:80:01.0/0000:81:00.0"
	if k := pciPathKind(a, d, 0, 0); k != backend.LinkNODE {
		t.Errorf("other root, same NUMA node = %s", k)
	}
	if k := pciPathKind(a, d, 0, 1); k != backend.LinkSYS {
		t.Errorf("other NUMA node = %s", k)
	}
	e := "/sys/devices/pci0000:17/0000:17:01.0/0000:18:00.0/0000:19:02.0/0000:30:00.0/0000:31:00.0/0000:32:00.0"
	if k := pciPathKind(a, e, 0, 0); k != backend.LinkPXB {
		t.Errorf("switch behind switch = %s", k)
	}
}

func TestNVRTCTarget(t *testing.T) {
	n := &nvrtcAPI{major: 13, minor: 0, archs: []int{75, 80, 86, 89, 90, 100, 120}, cubin: 1}
	if arch, cubin, err := n.target(90); arch != "sm_90" || !cubin || err != nil {
		t.Errorf("target(90) = %s %v %v", arch, cubin, err)
	}
	if arch, cubin, err := n.target(121); arch != "compute_120" || cubin || err != nil {
		t.Errorf("target(121) = %s %v %v", arch, cubin, err)
	}
	if _, _, err := n.target(60); err == nil || !strings.Contains(err.Error(), "sm_75..sm_120") {
		t.Errorf("target(60) error = %v", err)
	}
	old := &nvrtcAPI{}
	if arch, cubin, _ := old.target(80); arch != "sm_80" || cubin {
		t.Errorf("no arch list, no cubin: %s %v", arch, cubin)
	}
}

func TestMatchSignature(t *testing.T) {
	ks, err := cudasrc.Kernels(`__global__ void k(Peer<float> p, const int* x, double a) {}`)
	if err != nil {
		t.Fatal(err)
	}
	sig := ks[0].Signature
	if err := matchSignature(ks[0], sig); err != nil {
		t.Errorf("own signature: %v", err)
	}
	bad := backend.Signature{Name: "k", Params: append([]backend.Param(nil), sig.Params...)}
	bad.Params[0].Kind = backend.ParamBuffer
	if err := matchSignature(ks[0], bad); err == nil || !strings.Contains(err.Error(), "Peer in the source") {
		t.Errorf("kind mismatch: %v", err)
	}
	bad.Params[0].Kind = backend.ParamPeer
	bad.Params[2].DType = backend.Float32
	if err := matchSignature(ks[0], bad); err == nil || !strings.Contains(err.Error(), "float64 in the source, float32") {
		t.Errorf("dtype mismatch: %v", err)
	}
	if err := matchSignature(ks[0], backend.Signature{Name: "k"}); err == nil {
		t.Error("count mismatch accepted")
	}
}

func TestErrorsText(t *testing.T) {
	e := &Error{Op: "cuMemAlloc", Device: 0, Code: int(cudaErrorOutOfMemory), Name: "CUDA_ERROR_OUT_OF_MEMORY", Text: "out of memory"}
	if e.Error() != "cuMemAlloc on device 0: out of memory (CUDA_ERROR_OUT_OF_MEMORY)" {
		t.Errorf("Error() = %q", e.Error())
	}
	if !errors.Is(e, backend.ErrOutOfMemory) {
		t.Error("out of memory must wrap backend.ErrOutOfMemory")
	}
	ill := &Error{Op: "cuStreamSynchronize", Device: 1, Code: int(cudaErrorIllegalAddress), Name: "CUDA_ERROR_ILLEGAL_ADDRESS", Text: "an illegal memory access was encountered"}
	if errors.Is(ill, backend.ErrOutOfMemory) {
		t.Error("an illegal address is not out of memory")
	}
	fe := &FaultError{Device: 1, DeviceName: "NVIDIA H200", Err: ill,
		Lost: []backend.Memory{&memory{addr: 0x7f0000000000, size: 4 << 20}}, LostBytes: 4 << 20}
	msg := fe.Error()
	for _, want := range []string{"device 1 (NVIDIA H200) faulted", "CUDA_ERROR_ILLEGAL_ADDRESS", "rebuilt", "1 allocation(s)", "0x7f0000000000 (4.0 MiB)"} {
		if !strings.Contains(msg, want) {
			t.Errorf("fault message lacks %q: %s", want, msg)
		}
	}
	var got *Error
	if !errors.As(fe, &got) || got != ill {
		t.Error("FaultError must unwrap to the driver error")
	}
	if !isSticky(cudaErrorIllegalAddress) || isSticky(cudaErrorOutOfMemory) {
		t.Error("isSticky")
	}
}

func TestMemoryStates(t *testing.T) {
	m := &memory{dev: 0, size: 16, addr: 0x1000}
	m.state.Store(memFreed)
	if _, err := m.Pointer(0); !errors.Is(err, backend.ErrFreed) {
		t.Errorf("freed pointer error = %v", err)
	}
	m.state.Store(memLive)
	m.markLost(0)
	if _, err := m.Pointer(0); !errors.Is(err, ErrLost) {
		t.Errorf("lost pointer error = %v", err)
	}
	if m.Free() != nil {
		t.Error("freeing lost memory frees nothing and is no error")
	}
	if err := m.Free(); !errors.Is(err, backend.ErrFreed) {
		t.Errorf("second free = %v", err)
	}
}

func TestModuleCacheDisk(t *testing.T) {
	t.Setenv("PEERBOOK_CUDA_CACHE", t.TempDir())
	c := newModuleCache()
	if c.load("k1") != nil {
		t.Fatal("empty cache hit")
	}
	img := &compiled{Image: []byte{1, 2, 0, 3}, Lowered: map[string]string{"k": "_Z1kv"}, Log: "cell[1]:2: warning: x", Options: []string{"-arch=sm_90"}}
	c.store("k1", img)
	got := c.load("k1")
	if got == nil || string(got.Image) != string(img.Image) || got.Lowered["k"] != "_Z1kv" || got.Log != img.Log {
		t.Fatalf("loaded %+v", got)
	}
	t.Setenv("PEERBOOK_CUDA_CACHE", "off")
	off := newModuleCache()
	off.store("k1", img)
	if off.load("k1") != nil || !strings.Contains(off.dirDescription(), "memory only") {
		t.Error("a disabled disk cache stores nothing")
	}
}

// BenchmarkCcall measures the cost of one purego call (strlen from libc): the floor under
// every driver call.
func BenchmarkCcall(b *testing.B) {
	libc, err := openLibrary("libc", []string{"libc.so.6"})
	if err != nil {
		b.Skip(err)
	}
	strlen, _ := libc.sym("strlen")
	s := cString("x")
	p := cptr(s)
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		ccallPtr(strlen, p)
	}
}

// TestTestSourcesParse parses the CUDA C the GPU tests and benchmarks compile: a source
// the signature parser rejects would only show on the GPU machine.
func TestTestSourcesParse(t *testing.T) {
	for name, src := range map[string]string{"launchSrc": launchSrc, "handoffSrc": handoffSrc, "timingSrc": timingSrc,
		"pingPongSrc": pingPongSrc, "pingPongRawSrc": pingPongRawSrc} {
		ks, err := cudasrc.Kernels(src)
		if err != nil || len(ks) == 0 {
			t.Errorf("%s: %d kernels, %v", name, len(ks), err)
		}
		for _, k := range ks {
			if len(k.Layouts) != len(k.Signature.Params) {
				t.Errorf("%s: kernel %s: %d layouts for %d parameters", name, k.Signature.Name, len(k.Layouts), len(k.Signature.Params))
			}
		}
	}
	ks, _ := cudasrc.Kernels(pingPongRawSrc)
	if len(ks) != 4 || ks[0].Signature.Params[0].Kind != backend.ParamBuffer || ks[0].Signature.Params[1].Kind != backend.ParamScalar {
		t.Errorf("raw ping-pong kernels: %+v", ks)
	}
}
