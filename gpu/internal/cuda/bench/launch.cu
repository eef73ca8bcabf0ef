// Reference: kernel launch cost with the CUDA runtime, the same measurements as
// BenchmarkGPULaunchEmpty (launches queued on a stream, one wait at the end) and
// BenchmarkGPULaunchSync (launch, then wait, each time). The Go backend launches on
// non-blocking streams (cuStreamCreate(CU_STREAM_NON_BLOCKING)): c_launch_empty_us and
// c_launch_sync_us use one too, and are the figures to compare with; the blocking-stream
// and legacy-default-stream variants show what the stream kind costs.
#include "common.cuh"

__global__ void empty() {}

// queued times n launches on s and one wait at the end, in us per launch.
static double queued(cudaStream_t s, int n) {
  double t0 = now_s();
  for (int i = 0; i < n; i++) empty<<<1, 1, 0, s>>>();
  CHECK(cudaStreamSynchronize(s));
  CHECK(cudaGetLastError());
  return (now_s() - t0) / n * 1e6;
}

// waited times n launches on s, each waited for, in us per launch.
static double waited(cudaStream_t s, int n) {
  double t0 = now_s();
  for (int i = 0; i < n; i++) {
    empty<<<1, 1, 0, s>>>();
    CHECK(cudaStreamSynchronize(s));
  }
  return (now_s() - t0) / n * 1e6;
}

int main() {
  cudaStream_t nonblocking, blocking;
  CHECK(cudaStreamCreateWithFlags(&nonblocking, cudaStreamNonBlocking));
  CHECK(cudaStreamCreateWithFlags(&blocking, cudaStreamDefault));
  queued(nonblocking, 1000);  // warm-up: loads the kernel (lazy loading), wakes the GPU

  const int n = 200000, m = 50000;
  result("c_launch_empty_us", queued(nonblocking, n));
  result("c_launch_empty_blocking_us", queued(blocking, n));
  result("c_launch_empty_legacy_us", queued(0, n));
  result("c_launch_sync_us", waited(nonblocking, m));
  result("c_launch_sync_blocking_us", waited(blocking, m));
  result("c_launch_sync_legacy_us", waited(0, m));

  double t0 = now_s();
  for (int i = 0; i < m; i++) {
    empty<<<1, 1>>>();
    CHECK(cudaDeviceSynchronize());
  }
  result("c_launch_devsync_us", (now_s() - t0) / m * 1e6);
  return 0;
}
