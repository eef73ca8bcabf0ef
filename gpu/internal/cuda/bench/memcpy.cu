// Reference: cudaMemcpy bandwidth of 1 GiB, pinned (cudaMallocHost) and pageable (malloc)
// host memory, and device to device; each copy waited for, as the Go benchmarks do.
// GB/s = 1e9 bytes per second, bytes copied once.
#include <cstring>
#include "common.cuh"

static double bandwidth(size_t n, int reps, void* dst, const void* src, cudaMemcpyKind kind) {
  CHECK(cudaMemcpy(dst, src, n, kind));
  CHECK(cudaDeviceSynchronize());
  double t0 = now_s();
  for (int i = 0; i < reps; i++) {
    CHECK(cudaMemcpy(dst, src, n, kind));
    CHECK(cudaStreamSynchronize(0));
  }
  return double(n) * reps / (now_s() - t0) / 1e9;
}

int main() {
  const size_t n = size_t(1) << 30;
  void *pinned, *d1, *d2;
  CHECK(cudaMallocHost(&pinned, n));
  CHECK(cudaMalloc(&d1, n));
  CHECK(cudaMalloc(&d2, n));
  void* pageable = std::malloc(n);
  std::memset(pageable, 1, n);
  std::memset(pinned, 1, n);
  result("c_h2d_pinned_gbps", bandwidth(n, 10, d1, pinned, cudaMemcpyHostToDevice));
  result("c_d2h_pinned_gbps", bandwidth(n, 10, pinned, d1, cudaMemcpyDeviceToHost));
  result("c_d2d_gbps", bandwidth(n, 50, d2, d1, cudaMemcpyDeviceToDevice));
  result("c_h2d_pageable_gbps", bandwidth(n, 5, d1, pageable, cudaMemcpyHostToDevice));
  result("c_d2h_pageable_gbps", bandwidth(n, 5, pageable, d1, cudaMemcpyDeviceToHost));
  return 0;
}
