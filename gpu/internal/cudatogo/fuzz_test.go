package cudatogo

import (
	"errors"
	"testing"
)

// FuzzTranslate checks that no source makes the translator fail inside (go test -fuzz).
func FuzzTranslate(f *testing.F) {
	seeds := []string{
		"__global__ void k(int* x) { x[threadIdx.x] = x[0] ? 1 : 2; }",
		"#define N 4\n__global__ void k(Peer<float> p, Slice<int> s) { __shared__ float t[N][N]; for (int i = 0; i < N; i++) { t[i][0] = p[i]; } s[0] = (int)t[1][0]; }",
		"__device__ int f(int a, int b = 2) { switch (a) { case 1: return b; default: break; } return 0; }\n__global__ void k(int* x) { do { x[0] += f(1); } while (x[0] < 10); }",
		"__global__ void k(unsigned* x) { atomicInc(&x[0], 5u); unsigned v = x[1]--; x[2] = v << 3 | ~v; }",
		"__global__ void k(Peer<unsigned> f) { flag_set(f, 0, 1u); flag_wait(f, 1, 2u); }",
		"extern \"C\" { __global__ void k(float* x) { const float* p = x + 1; x[0] = *p + p[1]; } }",
	}
	for _, s := range seeds {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, src string) {
		p := Translate(src, "cell[1]", 1)
		if err := p.Err(); errors.Is(err, errInternal) {
			t.Fatalf("%q: %v", src, err)
		}
		for _, n := range p.Kernels() {
			if _, err := p.Kernel(n); errors.Is(err, errInternal) {
				t.Fatalf("%q: %v", src, err)
			}
		}
	})
}
