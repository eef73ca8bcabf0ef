// Reference: flag ping-pong between two kernels running at the same time on two streams of
// one device, with cuda::atomic_ref (store release / load acquire), system scope as the
// Peer contract requires and device scope for comparison; and between a kernel and a host
// thread through mapped pinned memory. The protocol is BenchmarkGPUPingPong's.
//
// Lazy loading (the default since CUDA 12.2) loads a kernel at its first launch, and the
// load may wait for the device to be idle: a pong already spinning for ping's flag then
// keeps ping from ever loading, and the pair deadlocks (until the 5 s bailout: the first
// version of this file failed that way). Every kernel is loaded before the first launch
// (cudaFuncGetAttributes), as the Go backend's cuModuleGetFunction does.
#include <cuda/atomic>
#include "common.cuh"

template <cuda::thread_scope Scope>
__device__ bool wait_for(cuda::atomic_ref<unsigned, Scope>& f, unsigned v, unsigned* err) {
  unsigned long long start = global_ns();
  for (unsigned n = 0; f.load(cuda::memory_order_acquire) != v; n++) {
    if ((n & 4095u) == 4095u && global_ns() - start > 5000000000ull) {
      *err = v;
      return false;
    }
  }
  return true;
}

// err[0]: the value ping gave up waiting for, err[1]: pong's.
template <cuda::thread_scope Scope>
__global__ void ping(unsigned* f, unsigned base, unsigned rounds, unsigned* err) {
  cuda::atomic_ref<unsigned, Scope> mine(f[0]), theirs(f[1]);
  for (unsigned i = base + 1; i <= base + rounds; i++) {
    mine.store(i, cuda::memory_order_release);
    if (!wait_for(theirs, i, &err[0])) return;
  }
}

template <cuda::thread_scope Scope>
__global__ void pong(unsigned* f, unsigned base, unsigned rounds, unsigned* err) {
  cuda::atomic_ref<unsigned, Scope> mine(f[1]), theirs(f[0]);
  for (unsigned i = base + 1; i <= base + rounds; i++) {
    if (!wait_for(theirs, i, &err[1])) return;
    mine.store(i, cuda::memory_order_release);
  }
}

static bool check_err(const char* what, unsigned* err) {
  unsigned e[2];
  CHECK(cudaMemcpy(e, err, sizeof e, cudaMemcpyDeviceToHost));
  if (e[0] != 0 || e[1] != 0) {
    std::fprintf(stderr, "%s: timed out (ping waiting for %u, pong waiting for %u; 0: did not time out)\n", what, e[0], e[1]);
    return false;
  }
  return true;
}

// device_pingpong returns us per round trip, or -1 where a kernel timed out.
template <cuda::thread_scope Scope>
static double device_pingpong(const char* what, unsigned* f, unsigned* err, cudaStream_t s1, cudaStream_t s2,
                              unsigned rounds, int reps) {
  CHECK(cudaMemsetAsync(f, 0, 8, s1));
  CHECK(cudaMemsetAsync(err, 0, 8, s1));
  CHECK(cudaStreamSynchronize(s1));
  unsigned base = 0;
  double total = 0;
  for (int r = 0; r <= reps; r++) {  // r == 0 warms up
    double t0 = now_s();
    pong<Scope><<<1, 1, 0, s2>>>(f, base, rounds, err);
    ping<Scope><<<1, 1, 0, s1>>>(f, base, rounds, err);
    CHECK(cudaStreamSynchronize(s1));
    CHECK(cudaStreamSynchronize(s2));
    if (r > 0) total += now_s() - t0;
    base += rounds;
    if (!check_err(what, err)) return -1;
  }
  return total / (double(reps) * rounds) * 1e6;
}

template <cuda::thread_scope Scope>
static void preload() {
  cudaFuncAttributes a;
  CHECK(cudaFuncGetAttributes(&a, (const void*)ping<Scope>));
  CHECK(cudaFuncGetAttributes(&a, (const void*)pong<Scope>));
}

int main() {
  const unsigned rounds = 20000;
  const int reps = 20;
  preload<cuda::thread_scope_system>();
  preload<cuda::thread_scope_device>();
  unsigned *f, *err;
  CHECK(cudaMalloc(&f, 8));
  CHECK(cudaMalloc(&err, 8));
  cudaStream_t s1, s2;
  CHECK(cudaStreamCreateWithFlags(&s1, cudaStreamNonBlocking));
  CHECK(cudaStreamCreateWithFlags(&s2, cudaStreamNonBlocking));
  int failed = 0;
  double us = device_pingpong<cuda::thread_scope_system>("system scope", f, err, s1, s2, rounds, reps);
  if (us >= 0) result("c_pingpong_sys_us", us); else failed++;
  us = device_pingpong<cuda::thread_scope_device>("device scope", f, err, s1, s2, rounds, reps);
  if (us >= 0) result("c_pingpong_dev_us", us); else failed++;

  // GPU <-> host: the kernel pings, a host thread pongs, through mapped pinned memory.
  unsigned* hf;
  CHECK(cudaHostAlloc(&hf, 8, cudaHostAllocMapped | cudaHostAllocPortable));
  hf[0] = hf[1] = 0;
  unsigned* df;
  CHECK(cudaHostGetDevicePointer(&df, hf, 0));
  CHECK(cudaMemsetAsync(err, 0, 8, s1));
  CHECK(cudaStreamSynchronize(s1));
  double total = 0;
  unsigned base = 0;
  bool host_ok = true;
  for (int r = 0; r <= reps && host_ok; r++) {
    double t0 = now_s();
    ping<cuda::thread_scope_system><<<1, 1, 0, s1>>>(df, base, rounds, err);
    cuda::atomic_ref<unsigned, cuda::thread_scope_system> theirs(hf[0]), mine(hf[1]);
    for (unsigned i = base + 1; i <= base + rounds; i++) {
      double deadline = now_s() + 10;
      unsigned n = 0;
      while (theirs.load(cuda::memory_order_acquire) != i) {
        if ((++n & 4095u) == 0 && now_s() > deadline) {
          std::fprintf(stderr, "host ping-pong: the kernel never sent %u\n", i);
          host_ok = false;
          break;
        }
      }
      if (!host_ok) break;
      mine.store(i, cuda::memory_order_release);
    }
    CHECK(cudaStreamSynchronize(s1));
    if (r > 0) total += now_s() - t0;
    base += rounds;
  }
  if (host_ok && check_err("host", err)) {
    result("c_pingpong_host_us", total / (double(reps) * rounds) * 1e6);
  } else {
    failed++;
  }
  return failed ? 1 : 0;
}
