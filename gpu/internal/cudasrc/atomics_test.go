package cudasrc

import (
	"reflect"
	"strings"
	"testing"
)

func TestAtomicUses(t *testing.T) {
	cases := []struct {
		name, src    string
		kernel       string
		want         []bool
		conservative string // part of the reason; "" for an exact answer
	}{
		{"none", `__global__ void k(Peer<unsigned> f, int n) { f[0] = n; while (f[1] == 0) {} }`, "k", []bool{false, false}, ""},
		{"direct", `__global__ void k(Peer<unsigned> a, Peer<unsigned> b, unsigned* c) { atomicAdd(&a[0], 1u); b[0] = 2; atomicCAS_system(c + 1, 0u, 1u); }`,
			"k", []bool{true, false, true}, ""},
		{"prelude helper and cast", `__global__ void k(Peer<long long> a, Peer<int> b) { atomic_add((unsigned long long*)&a[0], 1ull); }`,
			"k", []bool{true, false}, ""},
		{"loads are not updates", `__global__ void k(Peer<unsigned> a) { unsigned v = peer_load_acquire(&a[0]); flag_set(&a[1], v); }`,
			"k", []bool{false}, ""},
		{"shared memory", `__global__ void k(Peer<unsigned> a) { __shared__ unsigned s[4]; atomicAdd(&s[0], 1u); a[0] = s[0]; }`,
			"k", []bool{false}, ""},
		{"through a pointer", `__global__ void k(Peer<unsigned> a, int n) { unsigned* q = (unsigned*)0; atomicAdd(q, 1u); }`,
			"k", []bool{true, false}, "'q'"},
		{"inline ptx", `__global__ void k(Peer<unsigned> a) { asm volatile("red.global.add.u32 [%0], 1;" :: "l"(0)); }`,
			"k", []bool{true}, "inline PTX"},
		{"atomic_ref", `__global__ void k(Peer<unsigned> a) { cuda::atomic_ref<unsigned, cuda::thread_scope_system> r(*(unsigned*)0); r.fetch_add(1); }`,
			"k", []bool{true}, "atomic_ref"},
		{"device function", "__device__ void bump(unsigned* p) { atomicAdd(p, 1u); }\n__global__ void k(Peer<unsigned> a, unsigned* b) { b[0] = 1; }",
			"k", []bool{true, true}, "outside kernel bodies"},
		{"macro", "#define BUMP(p) atomicAdd(p, 1u)\n__global__ void k(Peer<unsigned> a) { a[0] = 1; }",
			"k", []bool{true}, "macro"},
		{"other kernel", `__global__ void k(Peer<unsigned> a) { a[0] = 1; } __global__ void j(Peer<unsigned> a) { atomicAdd(&a[0], 1u); }`,
			"k", []bool{false}, ""},
	}
	for _, c := range cases {
		uses, err := AtomicUses(c.src)
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		u, ok := uses[c.kernel]
		if !ok {
			t.Fatalf("%s: no kernel %s in %v", c.name, c.kernel, uses)
		}
		if !reflect.DeepEqual(u.Params, c.want) {
			t.Errorf("%s: params %v, want %v", c.name, u.Params, c.want)
		}
		if c.conservative == "" && u.Conservative != "" || !strings.Contains(u.Conservative, c.conservative) {
			t.Errorf("%s: conservative %q, want %q", c.name, u.Conservative, c.conservative)
		}
	}
}
