package cudasrc

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// clangKernels use most of the prelude: Peer and Slice indexing, compound assignment,
// every atomic under every scope name, ordered loads and stores, flags.
const clangKernels = `
extern "C" __global__ void extra(Peer<const float> in, Peer<int64_t> i64, Peer<double> d, Peer<long> l,
                                 Slice<const int> s, Peer<unsigned> f, Slice<float> out) {
  float x = in[0] + in.load(1);
  d[0] += x; d[1] -= 1.0; d[2] *= 2.0; d[3] /= 2.0;
  ++d[4]; d[5]++;
  i64[0] = i64[1] + s[0];
  atomicAdd(&i64[0], (int64_t)1); atomicMax(&i64[1], (int64_t)2); atomicCAS(&i64[2], (int64_t)0, (int64_t)1);
  atomicExch(i64.at(3), (int64_t)5); atomicAnd(&i64[4], (int64_t)1); atomicOr(&i64[4], (int64_t)1); atomicXor(i64 + 4, (int64_t)1);
  atomicAdd(&l[0], 1L); atomicMin(&l[1], 3L); atomicExch(&l[2], 4L);
  atomicAdd_system(&d[0], 1.0); atomicExch_block(&f[0], 3u); atomicInc(&f[1], 10u); atomicDec_system(&f[2], 10u);
  atomicCAS_block(&f[3], 0u, 1u); atomicSub_system(&f[4], 1u); atomicSub(&i64[6], (int64_t)1);
  unsigned v = peer_load_acquire(&f[0]); peer_store_release(&f[1], v); peer_store(f + 2, peer_load(f.at(2)));
  flag_set(f, 0, 1u);
  bool ok = flag_wait(f, 1, 1u) && flag_wait_at_least(f, 2, 1u, 1000ull);
  f[5] = ok; f[6] = f[7]; f[8] <<= 1; f[9] |= 2u; f[10] %= 3u;
  d.store_release(6, 1.5); double dd = d.load_acquire(6); d.store(7, dd);
  long long n = in.len() + s.size() + global_thread_count();
  for (const int& e : s) n += e;
  i64[5] = n;
  out[global_thread_id()] = x;
  sync_device();
  sync_system();
}
namespace ns {
__global__ void mangled(Peer<unsigned> p, unsigned long long t) {
  unsigned long long t0 = peerbook_time_ns();
  while (peerbook_time_ns() - t0 < t && p[0] == 0u) {}
}
}
`

// TestPreludeCompilesWithClang compiles the prelude and sample kernels for sm_90 with
// clang's CUDA front end, where clang is installed (NVRTC itself is only on GPU machines):
// a guard against edits that break the prelude's C++. Stand-ins for what NVRTC declares
// implicitly are in testdata/clang_stub.h.
func TestPreludeCompilesWithClang(t *testing.T) {
	var clang string
	for _, c := range []string{"clang-16", "clang-17", "clang-18", "clang-15", "clang"} {
		if p, err := exec.LookPath(c); err == nil {
			clang = p
			break
		}
	}
	if clang == "" {
		t.Skip("no clang to check the prelude's C++ (apt-get install clang-16)")
	}
	stub, err := filepath.Abs("testdata/clang_stub.h")
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	src := filepath.Join(dir, "k.cu")
	if err := os.WriteFile(src, []byte(Assemble(clangKernels, "cell[1]", 1).Source), 0o644); err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(dir, "k.ptx")
	cmd := exec.Command(clang, "-x", "cuda", "--cuda-device-only", "--cuda-gpu-arch=sm_90", "-nocudainc", "-nocudalib",
		"-std=c++17", "-O2", "-include", stub, "-S", "-o", out, src)
	if msg, err := cmd.CombinedOutput(); err != nil {
		if strings.Contains(string(msg), "unsupported") && strings.Contains(string(msg), "sm_90") {
			t.Skipf("%s can't target sm_90: %s", clang, msg)
		}
		t.Fatalf("%s: %v\n%s", clang, err, msg)
	}
	ptx, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{".entry extra", "ld.acquire.sys.b32", "st.release.sys.b32", "ld.acquire.sys.b64",
		"ld.volatile", "st.volatile", "%globaltimer", "_ZN2ns7mangled"} {
		if !strings.Contains(string(ptx), want) {
			t.Errorf("the PTX lacks %q", want)
		}
	}
	if strings.Contains(string(ptx), "ld.global.nc") {
		t.Error("a Peer read compiled to ld.global.nc")
	}
}
