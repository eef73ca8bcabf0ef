package cudatogo

import "testing"

// benchSource is a typical tutorial cell: a tiled matrix multiply and a hand-off pair.
const benchSource = `#define TS 16
__device__ float fma2(float a, float b, float c) { return a * b + c; }
__global__ void matmul(const float* A, const float* B, float* C, int N) {
    __shared__ float As[TS][TS], Bs[TS][TS];
    int row = blockIdx.y * TS + threadIdx.y, col = blockIdx.x * TS + threadIdx.x;
    float acc = 0.f;
    for (int t = 0; t < (N + TS - 1) / TS; ++t) {
        As[threadIdx.y][threadIdx.x] = (row < N && t * TS + threadIdx.x < N) ? A[row * N + t * TS + threadIdx.x] : 0.f;
        Bs[threadIdx.y][threadIdx.x] = (col < N && t * TS + threadIdx.y < N) ? B[(t * TS + threadIdx.y) * N + col] : 0.f;
        __syncthreads();
        for (int k = 0; k < TS; ++k) acc = fma2(As[threadIdx.y][k], Bs[k][threadIdx.x], acc);
        __syncthreads();
    }
    if (row < N && col < N) C[row * N + col] = acc;
}
extern "C" __global__ void producer(Peer<float> data, Peer<unsigned> flag) {
    for (long long i = threadIdx.x; i < data.len(); i += blockDim.x) data[i] = 2.0f * i;
    __syncthreads();
    if (threadIdx.x == 0) flag_set(flag, 0, 1u);
}
extern "C" __global__ void consumer(Peer<float> data, Peer<unsigned> flag, Slice<float> out) {
    if (threadIdx.x == 0) flag_wait(flag, 0, 1u);
    __syncthreads();
    for (long long i = threadIdx.x; i < data.len(); i += blockDim.x) out[i] = data[i];
}`

// BenchmarkTranslate measures what a %%cuda cell costs at definition on simulated devices:
// translation to Go and gokernel's check and compile of every kernel.
func BenchmarkTranslate(b *testing.B) {
	for b.Loop() {
		p := Translate(benchSource, "cell[1]", 1)
		if _, err := p.Kernel("matmul"); err != nil {
			b.Fatal(err)
		}
	}
}
