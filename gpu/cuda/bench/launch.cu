// Reference: kernel launch cost with the CUDA runtime, the same measurements as
// BenchmarkGPULaunchEmpty (launches queued on a non-blocking stream, one sync at the end)
// and BenchmarkGPULaunchSync (launch, then wait, each time).
#include "common.cuh"

__global__ void empty() {}

int main() {
  cudaStream_t s;
  CHECK(cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking));
  for (int i = 0; i < 1000; i++) empty<<<1, 1, 0, s>>>();
  CHECK(cudaStreamSynchronize(s));

  const int n = 200000;
  double t0 = now_s();
  for (int i = 0; i < n; i++) empty<<<1, 1, 0, s>>>();
  CHECK(cudaStreamSynchronize(s));
  CHECK(cudaGetLastError());
  result("c_launch_empty_us", (now_s() - t0) / n * 1e6);

  const int m = 50000;
  t0 = now_s();
  for (int i = 0; i < m; i++) {
    empty<<<1, 1, 0, s>>>();
    CHECK(cudaStreamSynchronize(s));
  }
  result("c_launch_sync_us", (now_s() - t0) / m * 1e6);

  t0 = now_s();
  for (int i = 0; i < m; i++) {
    empty<<<1, 1>>>();
    CHECK(cudaDeviceSynchronize());
  }
  result("c_launch_devsync_us", (now_s() - t0) / m * 1e6);
  return 0;
}
