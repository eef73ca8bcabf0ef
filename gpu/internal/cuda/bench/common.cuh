// Shared helpers of the reference benchmarks: error checks, a wall clock, RESULT lines
// that run.sh reads ("RESULT key value").
#pragma once
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

#define CHECK(call)                                                                  \
  do {                                                                               \
    cudaError_t e_ = (call);                                                         \
    if (e_ != cudaSuccess) {                                                         \
      std::fprintf(stderr, "%s:%d: %s: %s (%s)\n", __FILE__, __LINE__, #call,        \
                   cudaGetErrorString(e_), cudaGetErrorName(e_));                    \
      std::exit(1);                                                                  \
    }                                                                                \
  } while (0)

static inline double now_s() {
  return std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch()).count();
}

static inline void result(const char* key, double value) { std::printf("RESULT %s %.4f\n", key, value); }

__device__ __forceinline__ unsigned long long global_ns() {
  unsigned long long t;
  asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(t));
  return t;
}
